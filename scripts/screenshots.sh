#!/bin/sh
# Takes the README's screenshots of the studio: each sample opened on one
# pane, in a virtual X server. Needs Xvfb and ImageMagick's import.
set -eu
cd "$(dirname "$0")/.."
out=docs/screenshots
mkdir -p "$out" bin
go build -o bin/studio ./cmd/studio
display=${SCREENSHOT_DISPLAY:-:95}
Xvfb $display -screen 0 1280x860x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb' EXIT
sleep 1
shot() { # shot NAME FILE PANE
	tmp=$(mktemp -d)
	HOME=$tmp XDG_CACHE_HOME=$tmp/cache LANG=en_US.UTF-8 DISPLAY=$display \
		bin/studio --size 1280x860 --pane "$3" "$2" >/dev/null 2>&1 &
	pid=$!
	sleep 4
	DISPLAY=$display import -window root "$out/$1.png"
	kill $pid
	wait $pid 2>/dev/null || true
	rm -rf "$tmp"
	echo "wrote $out/$1.png"
}
# shotplay NAME FILE: the play window of a computer game of FILE, a few
# seconds in (the play window opens at the top left, 1180×740).
shotplay() {
	tmp=$(mktemp -d)
	HOME=$tmp XDG_CACHE_HOME=$tmp/cache LANG=en_US.UTF-8 DISPLAY=$display \
		bin/studio --size 1280x860 --play "$2" >/dev/null 2>&1 &
	pid=$!
	sleep 9
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

# The balance window of 赤壁 after a 200-game run (it opens at the top left).
tmp=$(mktemp -d)
HOME=$tmp XDG_CACHE_HOME=$tmp/cache LANG=en_US.UTF-8 DISPLAY=$display \
	bin/studio --size 1280x860 --balance samples/mbg/赤壁.yaml >/dev/null 2>&1 &
pid=$!
sleep 20
DISPLAY=$display import -window root -crop 1220x760+0+0 +repage "$out/balance.png"
kill $pid
wait $pid 2>/dev/null || true
rm -rf "$tmp"
echo "wrote $out/balance.png"
