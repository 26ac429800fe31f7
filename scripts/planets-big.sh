#!/bin/sh
# Writes a big planets map for memory and time measurements: the game's
# map FILE (default ../shared/legacy/planets/fight_here.yml) with its
# planets and routes repeated COPIES times, copy n's tokens suffixed with
# n (copy 0 keeps the original tokens). The file is the game's `.yml`;
# `shapan convert big.yml big.yaml` makes the YAML form.
#   scripts/planets-big.sh COPIES [FILE] > big.yml
set -eu
copies=$1
file=${2:-$(dirname "$0")/../../shared/legacy/planets/fight_here.yml}
awk -v copies="$copies" '
/^planets:/ { sect = "p"; print; next }
/^routes:/ { sect = "r"; next }
sect == "" { print; next }
sect == "p" && /^  [^ ]/ { n++; tok[n] = substr($0, 3, length($0) - 3); body[n] = ""; next }
sect == "p" && /^    / { body[n] = body[n] $0 "\n"; next }
sect == "r" && /^  - - / { r++; from[r] = substr($0, 7); next }
sect == "r" && /^    - / { if (!(r in to)) to[r] = substr($0, 7); else steps[r] = substr($0, 7); next }
END {
	for (c = 0; c < copies; c++) {
		s = c ? c : ""
		for (i = 1; i <= n; i++) printf "  %s%s:\n%s", tok[i], s, body[i]
	}
	print "routes:"
	for (c = 0; c < copies; c++) {
		s = c ? c : ""
		for (i = 1; i <= r; i++) printf "  - - %s%s\n    - %s%s\n    - %s\n", from[i], s, to[i], s, steps[i]
	}
}' "$file"
