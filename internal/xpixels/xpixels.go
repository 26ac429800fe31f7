//go:build linux && cgo

// Package xpixels reads pixels and window titles of an X display as the
// X server holds them, for real-window tests that need to know when a
// change reached the screen (cmd/studio's real-window tests and its
// frame-time measurement).
package xpixels

/*
#cgo LDFLAGS: -lX11
#include <stdlib.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

// sum_region hashes the pixels of a rectangle of the root window (FNV-1a),
// or returns -1 when the region cannot be read.
static long long sum_region(Display *d, int x, int y, int w, int h) {
	XImage *img = XGetImage(d, DefaultRootWindow(d), x, y, w, h, AllPlanes, ZPixmap);
	if (img == NULL) return -1;
	// The rows' bytes as the server sent them (a row's padding left out):
	// far cheaper than a call of XGetPixel for each pixel.
	unsigned long long s = 1469598103934665603ULL;
	int row = (w * img->bits_per_pixel + 7) / 8;
	for (int j = 0; j < h; j++) {
		unsigned char *p = (unsigned char *)img->data + (long)j * img->bytes_per_line;
		for (int i = 0; i < row; i++)
			s = (s ^ p[i]) * 1099511628211ULL;
	}
	XDestroyImage(img);
	s &= 0x7fffffffffffffffULL; // never -1
	return (long long)s;
}

// net_wm_name returns window w's _NET_WM_NAME (its title in UTF-8) and
// its length in *len, or NULL; the caller frees it with XFree.
static unsigned char *net_wm_name(Display *d, Window w, int *len) {
	Atom prop = XInternAtom(d, "_NET_WM_NAME", False);
	Atom type;
	int format;
	unsigned long n, after;
	unsigned char *data = NULL;
	if (XGetWindowProperty(d, w, prop, 0, 1024, False, AnyPropertyType, &type, &format, &n, &after, &data) != Success)
		return NULL;
	if (data != NULL)
		*len = (int)(n * (format / 8));
	return data;
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

// Title returns the title of window w (an X window id) as its
// _NET_WM_NAME holds it, or "" when it has none.
func (d *Display) Title(w uint64) string {
	var n C.int
	p := C.net_wm_name(d.d, C.Window(w), &n)
	if p == nil {
		return ""
	}
	defer C.XFree(unsafe.Pointer(p))
	return C.GoStringN((*C.char)(unsafe.Pointer(p)), n)
}
