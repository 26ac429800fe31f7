//go:build linux && cgo

// Package xpixels reads pixels of an X display as the X server holds
// them, for real-window tests that need to know when a change reached
// the screen (cmd/studio's frame-time measurement).
package xpixels

/*
#cgo LDFLAGS: -lX11
#include <stdlib.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

// sum_region adds up the pixels of a rectangle of the root window, or
// returns -1 when the region cannot be read.
static long long sum_region(Display *d, int x, int y, int w, int h) {
	XImage *img = XGetImage(d, DefaultRootWindow(d), x, y, w, h, AllPlanes, ZPixmap);
	if (img == NULL) return -1;
	long long s = 0;
	for (int j = 0; j < h; j++)
		for (int i = 0; i < w; i++)
			s = s * 31 + (long long)XGetPixel(img, i, j);
	XDestroyImage(img);
	return s;
}
*/
import "C"

import (
	"errors"
	"image"
	"unsafe"
)

// Display is a connection to an X server.
type Display struct{ d *C.Display }

// Open connects to the X display named like $DISPLAY (":143").
func Open(name string) (*Display, error) {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	d := C.XOpenDisplay(cs)
	if d == nil {
		return nil, errors.New("xpixels: cannot open display " + name)
	}
	return &Display{d}, nil
}

// Close closes the connection.
func (d *Display) Close() { C.XCloseDisplay(d.d) }

// Hash returns a hash of the pixels of r on the root window (the screen
// as the X server shows it); it fails when r is off the screen.
func (d *Display) Hash(r image.Rectangle) (int64, error) {
	s := C.sum_region(d.d, C.int(r.Min.X), C.int(r.Min.Y), C.int(r.Dx()), C.int(r.Dy()))
	if s == -1 {
		return 0, errors.New("xpixels: cannot read the region")
	}
	return int64(s), nil
}
