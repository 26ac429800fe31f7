#!/bin/sh
# Installs the npm programs that some tests run as real clients of Shapan's
# output — yaml-language-server (the YAML support of VS Code, Vim's and
# Emacs' LSP clients), ajv and the official SARIF 2.1.0 schema (shipped in
# @microsoft/jest-sarif) — outside the repository, in $SHAPAN_NODE_TOOLS
# (default ~/.cache/shapan-npm). Without them those tests are skipped with
# a message. Needs node and npm (Debian: apt-get install nodejs npm).
set -eu
dir="${SHAPAN_NODE_TOOLS:-$HOME/.cache/shapan-npm}"
if ! command -v npm >/dev/null 2>&1; then
	echo "node-tools: npm is not installed (apt-get install nodejs npm); the tests that need these tools will be skipped" >&2
	exit 1
fi
mkdir -p "$dir"
# yaml-language-server 1.x runs on the node of Debian 12 (2.x needs node 22).
npm install --prefix "$dir" --no-audit --no-fund --loglevel=error \
	yaml-language-server@1 ajv@8 ajv-draft-04@1 ajv-formats@3 @microsoft/jest-sarif@1.0.0-beta.0 >&2
echo "$dir"
