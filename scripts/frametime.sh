#!/bin/sh
# Measures the studio's input-to-frame times in a real window: the studio
# binary under its own Xvfb, driven with xdotool (pencil clicks and
# strokes, arrow-key pans, Ctrl+wheel zooms, flood fills on a 200×200
# ftbt level; pans and zooms on a 1000×1000 one), the pixels watched on
# the X server and the studio's frame log (SHAPAN_FRAME_LOG). Prints
# median, p95 and max per action; docs/BENCHMARKS.md explains the columns.
# Needs Xvfb, xdotool and the X11 headers (cgo). Takes about five minutes.
#
#   scripts/frametime.sh [OUT.txt] [SHOTS-DIR]
set -eu
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-frametime.txt}")
: >"$out"
SHAPAN_FRAMETIME=1 SHAPAN_FRAMETIME_OUT="$out" SHAPAN_FRAMETIME_SHOTS="${2:-}" \
	go test ./cmd/studio -run '^TestFrameTimeInARealWindow$' -count=1 -timeout 30m >/dev/null
cat "$out"
