#!/usr/bin/env bash
# docs-tools.sh — install the tools the docs tests use, idempotently:
#   chromium  (Debian)  opens the generated HTML headless: renders, no errors, no network
#   graphviz  (Debian)  renders the generated DOT to SVG (dot -Tsvg)
#   mermaid   (npm)     parses the generated Mermaid flowchart; jsdom is its DOM shim
#   nodejs, npm (Debian) run mermaid's parser, when missing
# npm packages go to .cache/node (git-ignored); versions are pinned below.
# apt-get update runs only when a Debian package is missing.
set -euo pipefail

MERMAID_VERSION=11.12.0
JSDOM_VERSION=26.1.0

root=$(cd "$(dirname "$0")/.." && pwd)
node_dir="$root/.cache/node"

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v dot >/dev/null 2>&1 || missing+=(graphviz)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
	echo "docs-tools: installing ${missing[*]} (apt-get)"
	$sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" fonts-dejavu-core >/dev/null
fi

stamp="$node_dir/.versions"
want="mermaid@$MERMAID_VERSION jsdom@$JSDOM_VERSION"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] || [ ! -d "$node_dir/node_modules/mermaid" ]; then
	echo "docs-tools: installing $want into .cache/node (npm)"
	mkdir -p "$node_dir"
	[ -f "$node_dir/package.json" ] || echo '{"name":"etlgen-docs-tools","private":true}' >"$node_dir/package.json"
	npm install --prefix "$node_dir" --no-audit --no-fund --loglevel=error --save-exact "mermaid@$MERMAID_VERSION" "jsdom@$JSDOM_VERSION" >/dev/null
	echo "$want" >"$stamp"
fi
echo "docs-tools: chromium $(chromium --version 2>/dev/null | awk '{print $2}'), $(dot -V 2>&1), $want"
