#!/bin/sh
# Installs what building, running and testing Shapan needs on a Debian or
# Ubuntu machine: the C headers the Fyne GUI toolkit compiles against, Xvfb
# for the GUI smoke tests, Chromium for the browser tests of shapan serve,
# and make. Safe to run again: it installs only
# what is missing. Go itself (1.26 or newer) must be installed already.
set -eu

if ! command -v go >/dev/null 2>&1; then
	echo "deps: Go is not installed; install Go 1.26 or newer from https://go.dev/dl/" >&2
	exit 1
fi

packages="make gcc pkg-config libgl1-mesa-dev xorg-dev xvfb x11-utils chromium"
missing=""
for p in $packages; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
	echo "deps: please install:$missing" >&2
	exit 1
fi
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "deps: installing$missing" >&2
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y $missing
