#!/bin/sh
# Takes the screenshots of the server's page (docs/web.md, README): a
# `shapan serve` of one document of each family — made from the original
# games' files in ../shared/legacy when they are there (mbg sanguo.map,
# ftbt m1.map with star.tech, planets star.yml), else the samples — and a
# headless Chromium that hosts a room of each on the host page and plays
# a few clicks into it, at 1280×900 and on a 420×900 phone
# (serve/screenshots_test.go). Needs chromium.
set -eu
cd "$(dirname "$0")/.."
out=$(pwd)/docs/screenshots
mkdir -p "$out" bin
CGO_ENABLED=0 go build -o bin/shapan ./cmd/shapan
tmp=$(mktemp -d)
shared=${SHAPAN_SHARED:-../shared}
legacy=$shared/legacy
if [ -d "$legacy" ]; then
	bin/shapan convert "$legacy/mbg/sanguo.map" "$tmp/sanguo.yaml" >/dev/null
	bin/shapan convert "$legacy/ftbt/star.tech" "$tmp/star.yaml" >/dev/null
	bin/shapan convert --rules "$legacy/ftbt/star.tech" "$legacy/ftbt/m1.map" "$tmp/m1.yaml" >/dev/null
	sed -i 's#^rules: .*#rules: star.yaml#' "$tmp/m1.yaml"
	bin/shapan convert "$legacy/planets/star.yml" "$tmp/star-planets.yaml" >/dev/null
	docs="$tmp/sanguo.yaml $tmp/m1.yaml $tmp/star-planets.yaml"
else
	echo "no $legacy: the samples instead"
	cp samples/mbg/赤壁.yaml samples/ftbt/长坂坡.yaml samples/ftbt/兵法.yaml samples/planets/九州.yaml "$tmp/"
	docs="$tmp/赤壁.yaml $tmp/长坂坡.yaml $tmp/九州.yaml"
fi
# There is no battle map among the original games' files.
cp samples/battle/赤壁.yaml "$tmp/赤壁-battle.yaml"
port=${SCREENSHOT_PORT:-18480}
# shellcheck disable=SC2086
bin/shapan serve --addr "127.0.0.1:$port" --data "$tmp/data" $docs "$tmp/赤壁-battle.yaml" >"$tmp/serve.log" 2>&1 &
server=$!
trap 'kill $server; wait $server 2>/dev/null || true; rm -rf "$tmp"' EXIT
for _ in $(seq 50); do
	grep -q "serving at" "$tmp/serve.log" && break
	sleep 0.2
done
SHAPAN_WEB_URL="http://127.0.0.1:$port" SHAPAN_WEB_SHOTS="$out" \
	go test ./serve -run '^TestWebScreenshots$' -count=1 -v | grep -E '^(---|ok|FAIL)|wrote|\.go:'
