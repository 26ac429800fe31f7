#!/bin/sh
# Rewrites the console examples of README.md, docs/cli.md and docs/ci.md (the blocks
# marked <!-- example: in DIR -->) with what the commands print today, so
# that no example is typed by hand. `go test ./cmd/shapan -run
# DocumentedExamples` (part of make test) fails when one is out of date.
set -eu
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
go test ./cmd/shapan -count=1 -run 'TestDocumentedExamples|TestCIDocument' -update-examples
