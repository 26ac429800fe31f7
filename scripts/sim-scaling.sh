#!/bin/sh
# Measures how `shapan sim` scales from one worker to two: engine/sim's
# benchmarks play the same games of 赤壁 (mbg), 九州 (planets) and 小沛
# (battle, two tacticians, as shapan sim plays it by default) with
# --jobs 1 and 2, alternately, COUNT times each (default 6), with the
# collector set as shapan sim sets it (GOGC=400); benchstat compares the
# two columns. On two idle cores the games/s of jobs=2 should be ≥ 1.8×
# those of jobs=1 (+80 %), and cpu-sec/game the same in both columns;
# gc-cpu-sec/game (the runtime's estimate, which a loaded machine
# inflates) and B/op tell the collector's share. The load average is
# printed before and after: run it on an idle machine, not niced.
# Usage: scripts/sim-scaling.sh [COUNT]; raw results in
# $TMPDIR/sim-scaling.txt (benchstat: go install
# golang.org/x/perf/cmd/benchstat@latest).
set -eu
count=${1:-6}
cd "$(dirname "$0")/../engine/sim"
tmp=${TMPDIR:-/tmp}
out=$tmp/sim-scaling.txt
go test -c -o "$tmp/sim-scaling.test" .
echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2
: >"$out"
i=0
while [ "$i" -lt "$count" ]; do
	GOGC=400 "$tmp/sim-scaling.test" -test.run '^$' -test.bench 'SimMBG|SimPlanets/九州|SimBattle/小沛-tactician' \
		-test.benchtime 60x -test.timeout 0 | tee -a "$out"
	i=$((i + 1))
done
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2
benchstat -col /jobs "$out"
