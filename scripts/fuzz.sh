#!/bin/sh
# Runs every fuzz target of the repository for the given time each
# (default 10m) and prints the execution count of each.
set -eu
time=${1:-10m}
cd "$(dirname "$0")/.."
for pkg in $(go list ./...); do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //'); do
		echo "== $pkg $target ($time)"
		go test -timeout 0 -run '^$' -fuzz "^$target\$" -fuzztime "$time" -fuzzminimizetime 5s "$pkg" 2>&1 |
			grep -E '^fuzz: elapsed: .*execs|FAIL|Failing input|panic' | tail -2
	done
done
