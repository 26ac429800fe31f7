#!/bin/sh
# Builds every release file of Shapan into dist/ (what `make dist` runs,
# here and in the release workflow alike):
#
#	shapan_DEBVERSION_amd64.deb            both programs, desktop entry, icon, MIME types, man pages, completions
#	shapan-VERSION-linux-amd64.tar.xz      the same files, for other distributions
#	shapan-VERSION-windows-amd64.zip       shapan-studio.exe and shapan.exe (icon, version resource), samples
#	shapan-VERSION-{linux,windows,darwin}-{amd64,arm64}[.exe]   the command line alone
#	SHA256SUMS, VERSION
#
# VERSION is `git describe --tags` (v0.0.0-N-gHASH before the first tag);
# it is stamped into every binary (-ldflags -X) and shown by --version and
# the studio's Help ▸ About. The tools are pinned Go modules (nfpm for the
# .deb, the Fyne tools for the Windows studio, goversioninfo for shapan.exe's
# resource), built once into the Go build cache. The Windows studio is
# cross-compiled with cgo and Debian's mingw-w64 (x86_64-w64-mingw32-gcc);
# the builds run niced, since they take most of two cores for minutes.
#
# Needs Go, and what `make dist` installs through scripts/deps.sh.
#
#	scripts/dist.sh [PART...]
#
# PARTs (default all): cli (shapan for every system), linux (the .deb and
# the .tar.xz), windows (the zip). SHA256SUMS and VERSION are always
# written, of the files built.
set -eu
cd "$(dirname "$0")/.."

NFPM=github.com/goreleaser/nfpm/v2/cmd/nfpm@v2.48.0
FYNE=fyne.io/tools/cmd/fyne@v1.7.4
GOVERSIONINFO=github.com/josephspurrier/goversioninfo/cmd/goversioninfo@v1.7.0
# DIST_NICE="" runs them at normal priority.
NICE=${DIST_NICE-nice -n 10}

root=$(pwd)
out=dist
version=$(scripts/version.sh)
# The date of the last commit, for the manual pages (and every tool that
# reads it): the same tree gives the same files.
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
export SOURCE_DATE_EPOCH
date=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)
# 0.1.0 of v0.1.0-12-gabcdef0, and 12 (0 on the tag itself): the four
# numbers of a Windows version resource.
numeric=$(echo "$version" | sed -E 's/^v([0-9]+\.[0-9]+\.[0-9]+).*/\1/')
since=$(echo "$version" | sed -nE 's/^v[0-9.]+-([0-9]+)-g[0-9a-f]+.*/\1/p')
since=${since:-0}
major=$(echo "$numeric" | cut -d. -f1)
minor=$(echo "$numeric" | cut -d. -f2)
patch=$(echo "$numeric" | cut -d. -f3)
# Debian: v0.1.0-12-gabcdef0 is 0.1.0+12.gabcdef0, after 0.1.0; a
# pre-release such as v0.2.0-rc1 is 0.2.0~rc1, before 0.2.0.
debversion=$(echo "$version" | sed -E 's/^v//; s/-([0-9]+)-g([0-9a-f]+)/+\1.g\2/; s/-dirty$/+dirty/; s/-/~/g')

ldflags="-s -w -X github.com/shapan/shapan/internal/version.Version=$version"
echo "dist: version $version (Debian $debversion, Windows $numeric.$since)"

rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d)
# Whatever happens, the source tree is left as it was: the resource files
# and the metadata file the tools put beside the code go, and FyneApp.toml
# comes back.
restore() {
	rm -rf "$work"
	if [ -f "$work.FyneApp.toml" ]; then
		cp "$work.FyneApp.toml" cmd/studio/FyneApp.toml
		rm -f "$work.FyneApp.toml"
	fi
	rm -f cmd/shapan/resource_windows_*.syso cmd/studio/fyne.syso cmd/studio/fyne_metadata_init.go \
		"cmd/studio/Shapan Studio.exe" cmd/studio/studio.exe
}
trap restore EXIT
trap 'exit 130' INT TERM HUP
tools="$work/tools"
parts=${*:-cli linux windows}
for part in $parts; do
	case $part in
	cli | linux | windows) ;;
	*) echo "dist: unknown part $part (cli, linux, windows)" >&2; exit 2 ;;
	esac
done
has() { case " $parts " in *" $1 "*) return 0 ;; esac; return 1; }
for tool in "$NFPM" "$FYNE" "$GOVERSIONINFO"; do
	GOBIN="$tools" go install "$tool"
done

# The command line, cgo-free, for every system; Windows builds carry the
# icon and version resource.
icon=cmd/studio/Icon.png
convert "$icon" -define icon:auto-resize=256,128,64,48,32,16 "$work/shapan.ico"
(cd cmd/shapan && "$tools/goversioninfo" -platform-specific \
	-icon "$work/shapan.ico" -product-name Shapan -description "Shapan command line" \
	-product-version "$version" -file-version "$numeric.$since" \
	-ver-major "$major" -ver-minor "$minor" -ver-patch "$patch" -ver-build "$since" \
	-product-ver-major "$major" -product-ver-minor "$minor" -product-ver-patch "$patch" -product-ver-build "$since" \
	../../packaging/windows/versioninfo.json)
rm -f cmd/shapan/resource_windows_386.syso cmd/shapan/resource_windows_arm.syso
targets="linux/amd64" # always: the packages and `samples --write` use it
has cli && targets="linux/amd64 linux/arm64 windows/amd64 windows/arm64 darwin/amd64 darwin/arm64"
has windows && ! has cli && targets="$targets windows/amd64"
for target in $targets; do
	goos=${target%/*}
	goarch=${target#*/}
	exe=""
	[ "$goos" = windows ] && exe=.exe
	echo "dist: shapan for $goos/$goarch"
	CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch $NICE go build -trimpath -ldflags "$ldflags" \
		-o "$out/shapan-$version-$goos-$goarch$exe" ./cmd/shapan
done
rm -f cmd/shapan/resource_windows_*.syso

if has linux; then
	# The staging tree of the Linux packages: /usr of the .deb, and the tree
	# of the .tar.xz.
	stage="$work/stage"
	usr="$stage/usr"
	mkdir -p "$usr/bin" "$usr/share/applications" "$usr/share/mime/packages" "$usr/share/man/man1" \
		"$usr/share/bash-completion/completions" "$usr/share/zsh/vendor-completions" \
		"$usr/share/fish/vendor_completions.d" "$usr/share/doc/shapan"
	cp "$out/shapan-$version-linux-amd64" "$usr/bin/shapan"
	echo "dist: the studio for linux/amd64"
	$NICE go build -trimpath -ldflags "$ldflags" -o "$usr/bin/shapan-studio" ./cmd/studio
	"$usr/bin/shapan" __gendocs "$work/docs" >/dev/null
	cp packaging/io.github.shapan.studio.desktop "$usr/share/applications/"
	cp packaging/shapan-mime.xml "$usr/share/mime/packages/shapan.xml"
	for size in 48 64 128 256 512; do
		dir="$usr/share/icons/hicolor/${size}x$size/apps"
		mkdir -p "$dir"
		convert "$icon" -resize "${size}x$size" -strip "$dir/io.github.shapan.studio.png"
	done
	gzip -9n <"$work/docs/shapan.1" >"$usr/share/man/man1/shapan.1.gz"
	sed "s/^\.TH SHAPAN\\\\-STUDIO 1 \"\" \"\"/.TH SHAPAN\\\\-STUDIO 1 \"$date\" \"shapan $version\"/" packaging/shapan-studio.1 |
		gzip -9n >"$usr/share/man/man1/shapan-studio.1.gz"
	cp "$work/docs/shapan.bash" "$usr/share/bash-completion/completions/shapan"
	cp "$work/docs/_shapan" "$usr/share/zsh/vendor-completions/_shapan"
	cp "$work/docs/shapan.fish" "$usr/share/fish/vendor_completions.d/shapan.fish"
	cp README.md "$usr/share/doc/shapan/README.md"
	# The manuals the README links to, at the same relative paths.
	mkdir -p "$usr/share/doc/shapan/docs"
	cp docs/studio.md docs/cli.md docs/server.md docs/web.md docs/PROTOCOL.md docs/limits.md \
		docs/engines.md docs/balance.md docs/ci.md "$usr/share/doc/shapan/docs/"
	chmod -R u=rwX,go=rX "$stage"

	echo "dist: the Debian package"
	SHAPAN_STAGE="$stage" SHAPAN_DEB_ARCH=amd64 SHAPAN_DEB_VERSION="$debversion" \
		"$tools/nfpm" package --config packaging/nfpm.yaml --packager deb --target "$out/"
	tarname="shapan-$version-linux-amd64"
	mv "$usr" "$stage/$tarname"
	tar -C "$stage" --owner=0 --group=0 --sort=name -cJf "$out/$tarname.tar.xz" "$tarname"
fi

if has windows; then
	# The Windows studio: cgo with mingw-w64, packaged by the Fyne tools (icon,
	# version resource and manifest from FyneApp.toml, -H windowsgui); `fyne
	# package` bumps Build in FyneApp.toml, which the trap above puts back.
	# Without --executable it builds twice, and the second build, the one
	# with the resource, loses the -ldflags of GOFLAGS (the first consumed
	# them): the studio would not know its version. Given an executable
	# that exists (an empty file), it builds once, with them.
	echo "dist: the studio for windows/amd64 (cgo, mingw-w64; minutes)"
	cp cmd/studio/FyneApp.toml "$work.FyneApp.toml"
	: >cmd/studio/studio.exe
	(cd cmd/studio && GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc \
		GOFLAGS="${GOFLAGS:-} -ldflags=-X=github.com/shapan/shapan/internal/version.Version=$version" \
		$NICE "$tools/fyne" package -os windows --release --app-version "$numeric" --app-build "$since" \
		--name "Shapan Studio" --executable studio.exe)
	cp "$work.FyneApp.toml" cmd/studio/FyneApp.toml
	winname="shapan-$version-windows-amd64"
	win="$work/$winname"
	mkdir -p "$win"
	mv "cmd/studio/Shapan Studio.exe" "$win/shapan-studio.exe"
	cp "$out/shapan-$version-windows-amd64.exe" "$win/shapan.exe"
	"$out/shapan-$version-linux-amd64" samples --write "$win/samples" >/dev/null 2>&1
	sed 's/$/\r/' packaging/windows/README.txt >"$win/README.txt"
	(cd "$work" && TZ=UTC zip -qrX "$root/$out/$winname.zip" "$winname")
fi

# Written beside, then moved in: the file must not exist while the glob is
# read (a pipe into dist/SHA256SUMS would list it, empty).
(cd "$out" && sha256sum -- *) >"$work/SHA256SUMS"
mv "$work/SHA256SUMS" "$out/SHA256SUMS"
echo "$version" >"$out/VERSION"
echo "dist: wrote"
(cd "$out" && ls -l --block-size=K -- *)
