#!/usr/bin/env bash
# pytest-tools.sh — install what `make pytest` runs, idempotently, into a
# small venv under .cache/pytest (git-ignored): pytest and pytest-cov (coverage)
# for the Python runtime's unit tests (pyspark/runtime/tests). No pyspark: the
# tests put fakes of their own in its place. Versions are pinned below; pip
# downloads are cached in .cache/pip.
set -euo pipefail

PYTEST_VERSION=8.4.2
PYTEST_COV_VERSION=7.0.0

root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.cache/pytest"
want="pytest==$PYTEST_VERSION pytest-cov==$PYTEST_COV_VERSION"
stamp="$venv/.versions"
# A venv made under another checkout's path (a shared .cache) keeps that path in
# its scripts: run pytest through the venv's python, and make the venv again
# when that does not work.
if ! "$venv/bin/python" -m pytest --version >/dev/null 2>&1 || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
	echo "pytest-tools: installing $want into .cache/pytest (pip)"
	python3 -m venv --clear "$venv"
	# shellcheck disable=SC2086 # $want is a list of requirements
	"$venv/bin/pip" install --quiet --disable-pip-version-check --cache-dir "$root/.cache/pip" $want
	echo "$want" >"$stamp"
fi
echo "pytest-tools: $("$venv/bin/python" -m pytest --version)"
