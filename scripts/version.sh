#!/bin/sh
# Prints the version of the checked-out tree that release builds stamp into
# the programs: `git describe --tags` (v0.1.0, v0.1.0-12-gabcdef0 twelve
# commits after v0.1.0, "-dirty" with uncommitted changes), or before the
# first tag v0.0.0-N-gHASH with N the number of commits.
set -eu
cd "$(dirname "$0")/.."
if v=$(git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null); then
	echo "$v"
	exit 0
fi
dirty=""
git diff --quiet HEAD -- 2>/dev/null || dirty="-dirty"
echo "v0.0.0-$(git rev-list --count HEAD)-g$(git rev-parse --short=7 HEAD)$dirty"
