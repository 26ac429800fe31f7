#!/bin/sh
# Installs what building, running and testing Shapan needs on a Debian or
# Ubuntu machine: make, the C compiler and headers the Fyne GUI toolkit
# compiles against, Xvfb, xdotool, ImageMagick and openbox for the
# real-window tests of the studio and Chromium for the browser tests of
# shapan serve. Safe to run again: it installs only what
# is missing. Go itself (the version go.mod names, or newer) must be
# installed already.
#
# Run it directly, as root or as a user who may use sudo; it needs nothing
# it installs (make included):
#
#	scripts/deps.sh
#
# SHAPAN_DEPS_EXTRA names more Debian packages to install the same way
# (CI adds what its extra steps need).
set -eu

if ! command -v go >/dev/null 2>&1; then
	echo "deps: Go is not installed; install Go 1.26 or newer from https://go.dev/dl/ and put its bin folder on PATH (export PATH=$PATH:/usr/local/go/bin)" >&2
	exit 1
fi

packages="ca-certificates make gcc pkg-config libgl1-mesa-dev xorg-dev xvfb x11-utils xdotool imagemagick openbox chromium ${SHAPAN_DEPS_EXTRA:-}"

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
	echo "deps: this is not a Debian or Ubuntu machine; install the equivalents of:" $packages >&2
	exit 1
fi

missing=""
for p in $packages; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo"
else
	echo "deps: missing packages:$missing" >&2
	echo "deps: sudo is not installed; run this script as root, or as root: apt-get install -y$missing" >&2
	exit 1
fi
echo "deps: installing$missing" >&2
$sudo apt-get update
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y $missing
