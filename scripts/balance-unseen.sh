#!/usr/bin/env bash
# The unseen-set benchmark of the balance assistant (docs/balance.md):
# builds the set from the shared folder (documents made unfair on purpose
# from the original games' files and the samples, balance/unseen), runs
# `shapan balance` at its defaults on each, one at a time and niced,
# measures the CPU time it takes, and confirms every fair proposal with two
# independent simulations of GAMES games under seeds no search used (99 and
# 1234). It prints a Markdown table, and keeps every output in DIR.
#
#   scripts/balance-unseen.sh [DIR] [CASE...]
#
# SHAPAN_SHARED: the shared folder (default ../shared); SHAPAN: a shapan
# binary to use (default: built from this tree into DIR); GAMES: the games
# of each confirmation (default 2000). CASE names select cases, in order.
#
# It nices its runs itself (nice -n 19) and measures each search's CPU
# time (user and system) with /usr/bin/time. Without
# the shared folder it says so and does nothing. Minutes to an
# hour of CPU: run it by hand, not in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${SHAPAN_SHARED:-../shared}
if [ ! -d "$shared/legacy" ]; then
	echo "balance-unseen: no shared folder at $shared (set SHAPAN_SHARED): skipping"
	exit 0
fi
dir=${1:-$(mktemp -d)}
shift || true
games=${GAMES:-2000}
mkdir -p "$dir"
if [ -n "${SHAPAN:-}" ]; then
	cp "$SHAPAN" "$dir/shapan"
else
	go build -o "$dir/shapan" ./cmd/shapan
fi
go run ./scripts/balance-unseen -shared "$shared" -out "$dir/docs" >"$dir/cases.tsv"
echo "| document | family | set | baseline | headline | games | CPU | seed 99 | seed 1234 |"
echo "|---|---|---|---|---|---|---|---|---|"
if [ $# -gt 0 ]; then
	for want in "$@"; do grep -P "/\Q$want\E\.yaml\t" "$dir/cases.tsv" || echo "balance-unseen: no case $want" >&2; done >"$dir/run.tsv"
else
	cp "$dir/cases.tsv" "$dir/run.tsv"
fi
while IFS=$'\t' read -r path family tuned source change; do
	name=$(basename "$path" .yaml)
	out="$dir/$name"
	rm -f "$out.proposal.yaml"
	/usr/bin/time -f "%U %S" -o "$out.time" nice -n 19 "$dir/shapan" balance "$path" --json --quiet -o "$out.proposal.yaml" >"$out.json" 2>"$out.err" || true
	cpu=$(tail -1 "$out.time")
	confirm=("–" "–")
	# a document found fair already is its own proposal: confirm it too
	if [ ! -f "$out.proposal.yaml" ] && grep -q '"outcome": *"fair_already"' "$out.json"; then
		cp "$path" "$out.proposal.yaml"
	fi
	if [ -f "$out.proposal.yaml" ]; then
		i=0
		for seed in 99 1234; do
			nice -n 19 "$dir/shapan" sim "$out.proposal.yaml" --games "$games" --seed "$seed" --json --quiet >"$out.sim$seed.json" 2>/dev/null || true
			confirm[$i]=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
sides = [s for s in r["sides"] if not s.get("absent")]
share = (1 - r["draws"]["rate"]) / len(sides)
worst = max(abs(s["wins"]["rate"] - share) for s in sides)
rates = ", ".join("%s %.1f%%" % (s["name"].split(" (")[0], 100 * s["wins"]["rate"]) for s in sides)
print("%s (%s, ±%.1f)" % ("fair" if worst <= 0.03 else "**off**", rates, 100 * worst))
' "$out.sim$seed.json")
			i=$((i + 1))
		done
	fi
	python3 - "$out.json" "$name" "$family" "$tuned" "$cpu" "${confirm[0]}" "${confirm[1]}" <<'EOF'
import json, sys
path, name, family, tuned, cpu, c99, c1234 = sys.argv[1:]
try:
    r = json.load(open(path))
except Exception as e:
    print("| %s | %s | %s | (no result: %s) | | | | | |" % (name, family, tuned, e))
    sys.exit()
b = r["baseline"]["measure"]
base = ", ".join("%s %.1f%%" % (s["name"].split(" (")[0], 100 * s["wins"]["rate"]) for s in b["sides"] if not s.get("absent"))
user, system = (float(x) for x in cpu.split())
print("| %s | %s | %s | %s (%d games) | %s | %d | %.0f s | %s | %s |" % (
    name, family, tuned, base, b["games"], r["headline"], r["spent"], user + system, c99, c1234))
EOF
done <"$dir/run.tsv"
