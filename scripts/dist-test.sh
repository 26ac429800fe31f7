#!/bin/bash
# Uses the release files `make dist` wrote into dist/ as a user would, and
# fails at the first thing that does not work:
#
#   - SHA256SUMS verifies; every command-line binary is of its system's
#     format and processor (file), and the linux/arm64 one runs under
#     qemu-user (when qemu-aarch64 is installed);
#   - the .deb installs with apt-get; shapan --version prints VERSION; shapan
#     check works on a sample; the manual page and the bash completion are
#     there; xdg-mime maps the legacy types to the studio; the studio starts
#     from its desktop entry's Exec line in Xvfb and shows the sample
#     (screenshot); apt-get remove takes away every file it installed;
#   - under Wine (when wine is installed): shapan.exe check prints what the
#     Linux shapan prints on the samples, and the Windows studio opens the
#     embedded samples and a legacy .map with Chinese text (screenshots,
#     compared loosely with the Linux studio's).
#
# Run as root on Debian (it installs and removes the package), after
# `make dist`: scripts/dist-test.sh. Needs Xvfb, xdotool and ImageMagick;
# wine and qemu-user are optional (SHAPAN_DIST_REQUIRE_WINE=1 and
# SHAPAN_DIST_REQUIRE_QEMU=1 make their absence a failure). The shared
# folder ($SHAPAN_SHARED, or ../shared) gives the legacy .map.
# Screenshots go to dist-test/ (DIST_TEST_OUT): look at them.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dist=${DIST_DIR:-$root/dist}
out=${DIST_TEST_OUT:-$root/dist-test}
display=${DIST_TEST_DISPLAY:-:51}
shared=${SHAPAN_SHARED:-$root/../shared}
version=$(cat "$dist/VERSION")
rm -rf "$out"
mkdir -p "$out"
tmp=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$tmp"
}
trap cleanup EXIT
passed=0
fail() {
	echo "dist-test: FAIL: $*" >&2
	echo "dist-test: $passed passed, 1 failed"
	exit 1
}
ok() {
	passed=$((passed + 1))
	echo "dist-test: ok: $*"
}

# --- the files --------------------------------------------------------------
(cd "$dist" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not verify"
ok "SHA256SUMS verifies"
expect_file() { # expect_file FILE PATTERN
	local what
	what=$(file -b "$1")
	[[ $what =~ $2 ]] || fail "$1 is '$what', not /$2/"
	ok "$(basename "$1"): $what"
}
cli=$dist/shapan-$version
expect_file "$cli-linux-amd64" '^ELF 64-bit LSB executable, x86-64, .*statically linked'
if [ -f "$cli-darwin-arm64" ]; then # scripts/dist.sh cli
	expect_file "$cli-linux-arm64" '^ELF 64-bit LSB executable, ARM aarch64, .*statically linked'
	expect_file "$cli-windows-amd64.exe" '^PE32\+ executable \(console\) x86-64'
	expect_file "$cli-windows-arm64.exe" '^PE32\+ executable \(console\) Aarch64'
	expect_file "$cli-darwin-amd64" '^Mach-O 64-bit x86_64 executable'
	expect_file "$cli-darwin-arm64" '^Mach-O 64-bit arm64 executable'
else
	echo "dist-test: skipped: the command line for other systems (not built)"
fi
for f in "$cli"-*; do
	size=$(stat -c %s "$f")
	[ "$size" -lt $((25 * 1024 * 1024)) ] || fail "$f is $size bytes, over 25 MB"
done
ok "every shapan binary is under 25 MB"

# What shapan check is run on: samples of every family, one made wrong,
# and (with the shared folder) original files that have warnings.
"$cli-linux-amd64" samples --write "$tmp/samples" >/dev/null 2>&1
samples=(samples/mbg/赤壁.map samples/mbg/赤壁第十四回.sav samples/mbg/赤壁.yaml samples/ftbt/长坂坡.yaml
	samples/ftbt/兵法.tech samples/planets/九州.yml samples/battle/赤壁.grid samples/battle/小沛.yaml bad/赤壁.yaml)
mkdir -p "$tmp/bad" "$tmp/legacy"
sed 's/^win_money: .*/win_money: lots/' "$tmp/samples/mbg/赤壁.yaml" >"$tmp/bad/赤壁.yaml"
for f in ftbt/m1.map mbg/test_battle.map planets/oneline.yml; do
	if [ -f "$shared/legacy/$f" ]; then
		cp "$shared/legacy/$f" "$tmp/legacy/${f//\//-}"
		samples+=("legacy/${f//\//-}")
	fi
done
check_all() { # check_all SHAPAN...: shapan check of every file above, from $tmp
	local s
	for s in "${samples[@]}"; do
		(cd "$tmp" && "$@" check "$s" 2>&1) || true
	done
}
check_all "$cli-linux-amd64" >"$out/check-linux.txt"
grep -q 'bad/赤壁.yaml:[0-9]*:[0-9]*: error: ' "$out/check-linux.txt" || fail "shapan check finds no located error in bad/赤壁.yaml: $out/check-linux.txt"

if [ ! -f "$cli-linux-arm64" ]; then
	:
elif command -v qemu-aarch64 >/dev/null; then
	got=$(qemu-aarch64 "$cli-linux-arm64" --version)
	[[ $got == "shapan $version, "* ]] || fail "linux/arm64 under qemu: --version printed '$got'"
	check_all qemu-aarch64 "$cli-linux-arm64" >"$out/check-linux-arm64.txt"
	cmp -s "$out/check-linux.txt" "$out/check-linux-arm64.txt" || fail "linux/arm64 under qemu checks the samples otherwise: diff $out/check-linux.txt $out/check-linux-arm64.txt"
	ok "linux/arm64 under qemu-aarch64: '$got', the same diagnostics on ${#samples[@]} samples"
elif [ -n "${SHAPAN_DIST_REQUIRE_QEMU:-}" ]; then
	fail "qemu-aarch64 is not installed (apt-get install qemu-user)"
else
	echo "dist-test: skipped: qemu-aarch64 is not installed (apt-get install qemu-user)"
fi

# --- the Debian package -----------------------------------------------------
deb=$(ls "$dist"/shapan_*_amd64.deb)
! dpkg -s shapan >/dev/null 2>&1 || fail "shapan is installed already; apt-get remove shapan first"
start=$(date +%s)
DEBIAN_FRONTEND=noninteractive apt-get install -y "$deb" >"$out/apt-install.log" 2>&1 || fail "apt-get install $deb: $(tail -5 "$out/apt-install.log")"
ok "apt-get install ./dist/$(basename "$deb") ($(($(date +%s) - start)) s)"
dpkg -L shapan | while read -r f; do if [ -f "$f" ]; then echo "$f"; fi; done >"$out/installed-files.txt"
got=$(shapan --version)
[[ $got == "shapan $version, "* ]] || fail "shapan --version printed '$got', not shapan $version"
ok "shapan --version: $got"
got=$(shapan-studio --version 2>/dev/null)
[[ $got == "shapan-studio $version, "* ]] || fail "shapan-studio --version printed '$got'"
ok "shapan-studio --version: $got"
size=$(stat -c %s /usr/bin/shapan-studio)
[ "$size" -lt $((60 * 1024 * 1024)) ] || fail "/usr/bin/shapan-studio is $size bytes, over 60 MB"
ok "/usr/bin/shapan-studio is $size bytes (under 60 MB)"
check_all shapan >"$out/check-installed.txt"
cmp -s "$out/check-linux.txt" "$out/check-installed.txt" || fail "the installed shapan checks the samples otherwise than dist's"
ok "shapan check on ${#samples[@]} samples ($(wc -l <"$out/check-installed.txt") lines, in $out/check-installed.txt)"
man -w shapan >/dev/null && man -w shapan-studio >/dev/null || fail "no manual page"
MANWIDTH=80 man shapan 2>/dev/null | grep -q -- '--format' || fail "man shapan does not describe check --format"
ok "man shapan, man shapan-studio"
got=$(bash -c 'source /usr/share/bash-completion/completions/shapan; COMP_WORDS=(shapan ch); COMP_CWORD=1; _shapan; echo "${COMPREPLY[*]}"; COMP_WORDS=(shapan check --fo); COMP_CWORD=2; _shapan; echo "${COMPREPLY[*]}"')
[ "$got" = $'check\n--format' ] || fail "bash completion of 'shapan ch' and 'shapan check --fo' gave '$got'"
ok "bash completes 'shapan ch' to check and 'shapan check --fo' to --format"
for f in /usr/share/zsh/vendor-completions/_shapan /usr/share/fish/vendor_completions.d/shapan.fish; do
	[ -s "$f" ] || fail "$f is missing"
done

desktop=/usr/share/applications/io.github.shapan.studio.desktop
for type in application/x-shapan-map application/x-shapan-mbg-save application/x-shapan-ftbt-rules application/x-shapan-battle-grid application/x-shapan+yaml application/x-shapan-planets+yaml; do
	got=$(xdg-mime query default "$type")
	[ "$got" = io.github.shapan.studio.desktop ] || fail "xdg-mime query default $type: '$got'"
done
ok "xdg-mime query default maps the 4 legacy types and 2 YAML kinds to io.github.shapan.studio.desktop"
for f in mbg/赤壁.map battle/赤壁.grid ftbt/兵法.tech mbg/赤壁.yaml; do
	echo "  $(xdg-mime query filetype "$tmp/samples/$f") ← $f"
done | tee "$out/filetypes.txt"
grep -q 'application/x-shapan-map ← mbg/赤壁.map' "$out/filetypes.txt" || fail "xdg-mime does not see a .map as application/x-shapan-map"

# The studio, started as a desktop starts it: the Exec line, %F being the
# files double-clicked.
Xvfb "$display" -screen 0 1280x860x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 50); do DISPLAY=$display xdpyinfo >/dev/null 2>&1 && break; sleep 0.2; done
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
mkdir -p "$tmp/docs"
cp "$tmp/samples/mbg/赤壁.map" "$tmp/docs/赤壁.map"
cmdline=${exec_line//%F/$tmp/docs/赤壁.map}
# waitwindow NAME SECONDS: the id of the first window named NAME.
waitwindow() { DISPLAY=$display timeout "$2" xdotool search --sync --onlyvisible --name "$1" 2>/dev/null | head -1; }
shot() { # shot WINDOW FILE: captures the window; fails when it is blank
	DISPLAY=$display import -window "$1" "$2"
	local colours
	colours=$(convert "$2" -format %k info:)
	[ "$colours" -gt 50 ] || fail "$2 has $colours colours: the window is empty"
}
stop() { # stop PID: ends a program this script started, and Wine's
	kill "$1" 2>/dev/null || true
	wait "$1" 2>/dev/null || true
	[ -z "${WINEPREFIX:-}" ] || wineserver -k 2>/dev/null || true
}
linux_studio() { # linux_studio NAME COMMAND...: the window of a studio started with COMMAND, captured
	local name=$1 win
	shift
	(cd "$tmp" && HOME=$tmp/home XDG_CACHE_HOME=$tmp/cache DISPLAY=$display LANG=en_US.UTF-8 FYNE_THEME=$theme exec "$@" >"$out/$name.log" 2>&1) &
	local pid=$!
	pids+=($pid)
	win=$(waitwindow Shapan 120)
	[ -n "$win" ] || fail "no studio window from '$*' (log: $out/$name.log)"
	sleep 8
	shot "$win" "$out/$name.png"
	title=$(DISPLAY=$display xdotool getwindowname "$win")
	stop "$pid"
}
# The studios compared below are shown in the same theme (Fyne follows
# the desktop's: dark here, light under Wine); the one from the desktop
# entry in the desktop's.
theme=""
# shellcheck disable=SC2086 # the Exec line is words
linux_studio studio-linux-deb $cmdline
theme=dark
[[ $title == *赤壁* ]] || fail "the studio's window is titled '$title', not after 赤壁.map"
ok "the studio from the desktop entry's Exec line ('$exec_line'): window '$title', $out/studio-linux-deb.png"
# The same studio on what the Windows one is shown below, to compare.
linux_studio studio-linux-samples shapan-studio --size 1024x700 --sample
legacy=$shared/legacy/mbg/sanguo.map
if [ -f "$legacy" ]; then
	cp "$legacy" "$tmp/docs/三国.map"
	linux_studio studio-linux-legacy shapan-studio --size 1024x700 "docs/三国.map"
fi

DEBIAN_FRONTEND=noninteractive apt-get remove -y shapan >"$out/apt-remove.log" 2>&1 || fail "apt-get remove shapan"
left=$(while read -r f; do if [ -e "$f" ]; then echo "$f"; fi; done <"$out/installed-files.txt")
[ -z "$left" ] || fail "apt-get remove left: $left"
[ -z "$(xdg-mime query default application/x-shapan-map)" ] || fail "after removal, application/x-shapan-map still opens with $(xdg-mime query default application/x-shapan-map)"
ok "apt-get remove shapan removed all $(wc -l <"$out/installed-files.txt") files it had installed"

# --- Windows, under Wine ----------------------------------------------------
if [ ! -f "$dist/shapan-$version-windows-amd64.zip" ]; then
	echo "dist-test: skipped: Windows (no zip built)"
	echo "dist-test: $passed passed, 0 failed"
	exit 0
fi
if ! command -v wine >/dev/null; then
	[ -z "${SHAPAN_DIST_REQUIRE_WINE:-}" ] || fail "wine is not installed (apt-get install wine64)"
	echo "dist-test: skipped: Wine is not installed (apt-get install wine64)"
	echo "dist-test: $passed passed, 0 failed"
	exit 0
fi
export WINEPREFIX=$tmp/wine WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
unzip -q "$dist/shapan-$version-windows-amd64.zip" -d "$tmp/win"
windir=$tmp/win/shapan-$version-windows-amd64
# Debian 12's Wine 8.0 lacks bcryptprimitives.dll, which every Windows 10
# and 11 has and Go programs need (scripts/wine/bcryptprimitives.c).
mkdir -p "$WINEPREFIX"
DISPLAY=$display wineboot -i >/dev/null 2>&1 || true
x86_64-w64-mingw32-gcc -O2 -shared -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
	scripts/wine/bcryptprimitives.c scripts/wine/bcryptprimitives.def -ladvapi32
# Windows has fonts with the symbols the studio shows beside its own
# font's letters (● ▸ −: Segoe UI Symbol, Arial); Wine's own fonts lack
# them, and Fyne would draw them as boxes. The Linux studio takes them from
# DejaVu Sans: Wine gets it too.
dejavu=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
[ -f "$dejavu" ] || fail "$dejavu is missing (apt-get install fonts-dejavu-core)"
cp "$dejavu" "$WINEPREFIX/drive_c/windows/Fonts/"
size=$(stat -c %s "$windir/shapan-studio.exe")
[ "$size" -lt $((60 * 1024 * 1024)) ] || fail "shapan-studio.exe is $size bytes, over 60 MB"
expect_file "$windir/shapan-studio.exe" '^PE32\+ executable \(GUI\) x86-64'
for exe in shapan shapan-studio; do
	got=$(cd "$tmp" && DISPLAY=$display wine "$windir/$exe.exe" --version 2>/dev/null | tr -d '\r')
	[[ $got == "$exe $version, "* ]] || fail "$exe.exe --version under Wine printed '$got'"
	ok "$exe.exe --version under Wine: $got"
done
check_all env DISPLAY="$display" wine "$windir/shapan.exe" | tr -d '\r' >"$out/check-windows.txt"
diff "$out/check-linux.txt" "$out/check-windows.txt" >"$out/check-windows.diff" || fail "shapan.exe check prints otherwise than Linux: $out/check-windows.diff"
ok "shapan.exe check under Wine prints what Linux prints on ${#samples[@]} samples"

# The Windows studio: the embedded samples, then a game's own .map with
# Chinese text (the original game's map, under a Chinese name), each
# compared loosely with the Linux studio's window on the same files: not
# empty, and alike (the same tabs and panes drawn; fonts and antialiasing
# differ).
wine_studio() { # wine_studio NAME ARGS...
	local name=$1 win pid
	shift
	(cd "$tmp" && DISPLAY=$display FYNE_THEME=$theme exec wine "$windir/shapan-studio.exe" --size 1024x700 "$@" >"$out/$name.log" 2>&1) &
	pid=$!
	pids+=($pid)
	win=$(waitwindow Shapan 240)
	[ -n "$win" ] || fail "no window of the Windows studio ($*; log: $out/$name.log)"
	sleep 15
	shot "$win" "$out/$name.png"
	title=$(DISPLAY=$display xdotool getwindowname "$win")
	stop "$pid"
}
rmse() { # rmse A.png B.png [GEOMETRY]: the normalised RMSE of the two (of their GEOMETRY part)
	local crop=()
	[ -z "${3:-}" ] || crop=(-crop "$3" +repage)
	convert "$1" "${crop[@]}" "$tmp/rmse-a.png"
	convert "$2" "${crop[@]}" "$tmp/rmse-b.png"
	compare -metric RMSE "$tmp/rmse-a.png" "$tmp/rmse-b.png" null: 2>&1 | sed -E 's/.*\(([0-9.e-]+)\).*/\1/'
}
alike() { # alike LINUX.png WINE.png: the same window, loosely; prints the two RMSEs
	# The strip of the document tabs and the pane tabs (y 72 to 144 of a
	# 1024×700 window) is drawn by Fyne's own text renderer on both: it
	# must match closely (0 to 0.02 measured, the ● of an unsaved document
	# being from another font; an empty strip is 0.12 away, the light theme
	# instead of the dark 0.87). The whole window may differ a little
	# (0.006 to 0.04 measured), not much.
	local tabs whole
	tabs=$(rmse "$1" "$2" 1024x72+0+72)
	whole=$(rmse "$1" "$2")
	awk -v d="$tabs" 'BEGIN { exit !(d < 0.05) }' || fail "$2: the tabs are not drawn as in $1 (RMSE $tabs)"
	awk -v d="$whole" 'BEGIN { exit !(d < 0.1) }' || fail "$2 differs from $1 (RMSE $whole)"
	echo "tabs $tabs, window $whole"
}
wine_studio studio-wine-samples --sample
d=$(alike "$out/studio-linux-samples.png" "$out/studio-wine-samples.png")
ok "the Windows studio under Wine, --sample: window '$title', $out/studio-wine-samples.png (RMSE to Linux's: $d)"
if [ -f "$legacy" ]; then
	wine_studio studio-wine-legacy "docs/三国.map"
	[[ $title == *三国* ]] || fail "the Windows studio's window is titled '$title', not after 三国.map"
	d=$(alike "$out/studio-linux-legacy.png" "$out/studio-wine-legacy.png")
	ok "the Windows studio under Wine opens the original game's sanguo.map as 三国.map: '$title', $out/studio-wine-legacy.png (RMSE to Linux's: $d)"
else
	echo "dist-test: skipped: the legacy .map ($legacy; set SHAPAN_SHARED)"
fi
echo "dist-test: $passed passed, 0 failed"
