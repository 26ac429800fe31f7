#!/bin/sh
# Takes the screenshots of the studio (README, docs/studio.md): each sample opened on one
# pane, in a virtual X server. Needs Xvfb, xdotool and ImageMagick's import.
set -eu
cd "$(dirname "$0")/.."
out=docs/screenshots
mkdir -p "$out" bin
go build -o bin/studio ./cmd/studio
display=${SCREENSHOT_DISPLAY:-:95} # SCREENSHOT_DISPLAY=:16: a display of your own on a shared machine
Xvfb $display -screen 0 1280x860x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb' EXIT
sleep 1
# waitwindow [SECONDS]: waits until a studio window is on the display,
# then SECONDS more (default 3, $SCREENSHOT_SETTLE) for it to be drawn.
waitwindow() {
	DISPLAY=$display timeout 120 xdotool search --sync --name Shapan >/dev/null || true
	sleep "${SCREENSHOT_SETTLE:-${1:-3}}"
}
# want NAME: whether NAME is to be taken (SCREENSHOT_ONLY, default all).
want() {
	[ -z "${SCREENSHOT_ONLY:-}" ] && return 0
	case " $SCREENSHOT_ONLY " in *" $1 "*) return 0 ;; esac
	return 1
}
shot() { # shot NAME FILE PANE
	want "$1" || return 0
	tmp=$(mktemp -d)
	HOME=$tmp XDG_CACHE_HOME=$tmp/cache LANG=en_US.UTF-8 DISPLAY=$display \
		bin/studio --size 1280x860 --pane "$3" "$2" >/dev/null 2>&1 &
	pid=$!
	waitwindow
	DISPLAY=$display import -window root "$out/$1.png"
	kill $pid
	wait $pid 2>/dev/null || true
	rm -rf "$tmp"
	echo "wrote $out/$1.png"
}
# shotplay NAME FILE: the play window of a computer game of FILE, a few
# seconds in (the play window opens at the top left, 1180×740).
shotplay() {
	want "$1" || return 0
	tmp=$(mktemp -d)
	HOME=$tmp XDG_CACHE_HOME=$tmp/cache LANG=en_US.UTF-8 DISPLAY=$display \
		bin/studio --size 1280x860 --play "$2" >/dev/null 2>&1 &
	pid=$!
	waitwindow 6
	DISPLAY=$display import -window root -crop 1180x740+0+0 +repage "$out/$1.png"
	kill $pid
	wait $pid 2>/dev/null || true
	rm -rf "$tmp"
	echo "wrote $out/$1.png"
}
shot mbg-board samples/mbg/赤壁.yaml Board
shot mbg-officers samples/mbg/赤壁.yaml Officers
shot mbg-save samples/mbg/赤壁第十四回.yaml Officers
shot battle-map samples/battle/赤壁.yaml Map
for f in samples/ftbt/*.yaml; do
	[ -e "$f" ] || continue
	case "$(grep -m1 '^kind:' "$f")" in
	*ftbt/level*) shot ftbt-level "$f" Map ;;
	*ftbt/rules*) shot ftbt-rules "$f" Techs ;;
	esac
done
for f in samples/planets/*.yaml; do
	[ -e "$f" ] || continue
	shot planets-map "$f" Map
done
shotplay play-mbg samples/mbg/赤壁.yaml
shotplay play-ftbt samples/ftbt/长坂坡.yaml
shotplay play-planets samples/planets/九州.yaml

# The battle roster and a person's play window, by clicks in a copy of 小沛
# (the coordinates are the 1280×860 studio's): 吕布's force typed into a
# new roster row; then Play, the person's six heroes picked, the team sent,
# and in round 3 (after 吕布's step of round 2) 赵云 and 吕布 given moves.
if want battle-roster || want play-battle; then
tmp=$(mktemp -d)
cp samples/battle/小沛.yaml "$tmp/"
HOME=$tmp XDG_CACHE_HOME=$tmp/cache LANG=en_US.UTF-8 DISPLAY=$display \
	bin/studio --size 1280x860 "$tmp/小沛.yaml" >/dev/null 2>&1 &
pid=$!
sleep 15 # until the window is drawn, on a busy machine too
click() { DISPLAY=$display xdotool mousemove "$1" "$2" click 1; sleep "${3:-1}"; }
click 210 129 2 # the Roster pane
click 57 225 2  # Add hero: 吕布
click 245 305   # his force
DISPLAY=$display xdotool type --delay 80 250
DISPLAY=$display xdotool key Return
sleep 2
DISPLAY=$display import -window root "$out/battle-roster.png"
echo "wrote $out/battle-roster.png"
click 456 48 4   # Play
click 684 524 6  # the dialog's Play: side 0 a person, side 1 the tactician
for y in 441 481 521; do click 295 $y; click 883 $y; done
click 1118 641 6 # Send team
click 45 125     # 吕布 on the base (3,3)
click 57 137     # steps to (4,4)
click 1103 641 6 # Send orders
click 45 125     # 赵云 on the base
click 57 125     # steps to (4,3)
click 57 137     # 吕布
click 69 149 2   # steps to (5,5)
DISPLAY=$display import -window root -crop 1180x740+0+0 +repage "$out/play-battle.png"
echo "wrote $out/play-battle.png"
kill $pid
wait $pid 2>/dev/null || true
rm -rf "$tmp"
fi

# waitidle: waits until the Suggest button is enabled again (the run or
# search is over), by the colour of its label (light when enabled).
waitidle() {
	for _ in $(seq 300); do
		DISPLAY=$display import -window root -crop 1x1+843+22 txt:- | grep -q 'srgb(2[0-5][0-9],' && return
		sleep 2
	done
}

# The balance window of 赤壁 after a 200-game run (it opens at the top left).
if want balance; then
tmp=$(mktemp -d)
HOME=$tmp XDG_CACHE_HOME=$tmp/cache LANG=en_US.UTF-8 DISPLAY=$display \
	bin/studio --size 1280x860 --balance samples/mbg/赤壁.yaml >/dev/null 2>&1 &
pid=$!
waitwindow 5
waitidle
sleep 3
DISPLAY=$display import -window root -crop 1220x760+0+0 +repage "$out/balance.png"
kill $pid
wait $pid 2>/dev/null || true
rm -rf "$tmp"
echo "wrote $out/balance.png"
fi

# Balance ▸ Suggest on 九州 made unfair (start A grows by 1.5 a step, the
# others by 1.05), turning res/A at the defaults; the Suggestions tab
# shows the headline, the knob's measured effect and proposal 1 on the map
# when the search ends.
want balance-suggest || exit 0
tmp=$(mktemp -d)
sed 's/^  A: {type: base, def: 1.5, res: 1.05/  A: {type: base, def: 1.5, res: 1.5/' samples/planets/九州.yaml >"$tmp/九州-unfair.yaml"
HOME=$tmp XDG_CACHE_HOME=$tmp/cache LANG=en_US.UTF-8 DISPLAY=$display \
	bin/studio --size 1280x860 --balance "$tmp/九州-unfair.yaml" >/dev/null 2>&1 &
pid=$!
waitwindow 5
waitidle
DISPLAY=$display xdotool mousemove 235 61 click 1 type 'res/A'
DISPLAY=$display xdotool mousemove 832 22 click 1
sleep 5
waitidle
sleep 3
DISPLAY=$display import -window root -crop 1220x760+0+0 +repage "$out/balance-suggest.png"
kill $pid
wait $pid 2>/dev/null || true
rm -rf "$tmp"
echo "wrote $out/balance-suggest.png"
