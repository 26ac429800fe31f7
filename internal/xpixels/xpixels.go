//go:build linux && cgo

// Package xpixels reads pixels and window titles of an X display as the
// X server holds them, for real-window tests that need to know when a
// change reached the screen (cmd/studio's real-window tests and its
// frame-time measurement).
package xpixels

/*
#cgo LDFLAGS: -lX11 -lXext
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>

// x_failed is set by x_error, the error handler of the programs that
// use this package: Xlib's own ends the process on any error, such as
// a region off the screen. Each Display is used by one goroutine at a
// time.
static __thread int x_failed; // per thread: the handler runs on the thread whose request failed
static int x_error(Display *d, XErrorEvent *e) { x_failed = 1; return 0; }
static void set_error_handler(void) { XSetErrorHandler(x_error); }

// hash_image hashes the rows' bytes of an image as the server sent them
// (a row's padding left out), eight bytes a step (FNV-1a on 64-bit
// words): a screen of 1280×800 is 4 MB, read many times a second while
// a test waits for a change.
static long long hash_image(XImage *img, int w, int h) {
	unsigned long long s = 1469598103934665603ULL;
	int row = (w * img->bits_per_pixel + 7) / 8;
	for (int j = 0; j < h; j++) {
		unsigned char *p = (unsigned char *)img->data + (long)j * img->bytes_per_line;
		int i = 0;
		for (; i + 8 <= row; i += 8) {
			unsigned long long v;
			memcpy(&v, p + i, 8);
			s = (s ^ v) * 1099511628211ULL;
		}
		for (; i < row; i++)
			s = (s ^ p[i]) * 1099511628211ULL;
	}
	s &= 0x7fffffffffffffffULL; // never -1
	return (long long)s;
}

// sum_region hashes the pixels of a rectangle of the root window, or
// returns -1 when the region cannot be read.
static long long sum_region(Display *d, int x, int y, int w, int h) {
	x_failed = 0;
	XImage *img = XGetImage(d, DefaultRootWindow(d), x, y, w, h, AllPlanes, ZPixmap);
	if (img == NULL || x_failed) {
		if (img != NULL) XDestroyImage(img);
		return -1;
	}
	long long s = hash_image(img, w, h);
	XDestroyImage(img);
	return s;
}

// A shared-memory image of the screen's size: the server writes the
// pixels into memory both processes see, instead of sending 4 MB over
// its socket for each reading.
typedef struct {
	XImage *img;
	XShmSegmentInfo info;
} shm_grab;


// shm_open_grab makes a shared-memory image of w×h, or returns NULL when
// the server has no MIT-SHM extension or cannot attach the segment (a
// server on another machine).
static shm_grab *shm_open_grab(Display *d, int w, int h) {
	if (!XShmQueryExtension(d)) return NULL;
	shm_grab *g = calloc(1, sizeof *g);
	int scr = DefaultScreen(d);
	g->img = XShmCreateImage(d, DefaultVisual(d, scr), DefaultDepth(d, scr), ZPixmap, NULL, &g->info, w, h);
	if (g->img == NULL) { free(g); return NULL; }
	g->info.shmid = shmget(IPC_PRIVATE, (size_t)g->img->bytes_per_line * h, IPC_CREAT | 0600);
	if (g->info.shmid < 0) { XDestroyImage(g->img); free(g); return NULL; }
	g->info.shmaddr = g->img->data = shmat(g->info.shmid, NULL, 0);
	g->info.readOnly = False;
	XSync(d, False);
	x_failed = 0;
	Status ok = XShmAttach(d, &g->info);
	XSync(d, False);
	shmctl(g->info.shmid, IPC_RMID, NULL); // freed once both have detached
	if (!ok || x_failed || g->info.shmaddr == (char *)-1) {
		if (g->info.shmaddr != (char *)-1) shmdt(g->info.shmaddr);
		g->img->data = NULL;
		XDestroyImage(g->img);
		free(g);
		return NULL;
	}
	return g;
}

static void shm_close_grab(Display *d, shm_grab *g) {
	XShmDetach(d, &g->info);
	XSync(d, False);
	shmdt(g->info.shmaddr);
	g->img->data = NULL;
	XDestroyImage(g->img);
	free(g);
}

// shm_sum_region is sum_region through g (whose size is w×h).
static long long shm_sum_region(Display *d, shm_grab *g, int x, int y, int w, int h) {
	x_failed = 0;
	if (!XShmGetImage(d, DefaultRootWindow(d), g->img, x, y, AllPlanes) || x_failed) return -1;
	return hash_image(g->img, w, h);
}

// shift_of is the position of the lowest bit of a colour mask.
static int shift_of(unsigned long m) {
	int n = 0;
	while (m != 0 && (m & 1) == 0) { m >>= 1; n++; }
	return n;
}

// copy_image writes img's w×h pixels into out as RGBA (4 bytes a pixel),
// or returns 0 when its pixels are not 32-bit true colour.
static int copy_image(XImage *img, int w, int h, unsigned char *out) {
	if (img->bits_per_pixel != 32) return 0;
	int rs = shift_of(img->red_mask), gs = shift_of(img->green_mask), bs = shift_of(img->blue_mask);
	for (int j = 0; j < h; j++) {
		unsigned char *p = (unsigned char *)img->data + (long)j * img->bytes_per_line;
		for (int i = 0; i < w; i++) {
			unsigned int v;
			memcpy(&v, p + 4 * i, 4);
			unsigned char *o = out + 4 * ((long)j * w + i);
			o[0] = (v & img->red_mask) >> rs;
			o[1] = (v & img->green_mask) >> gs;
			o[2] = (v & img->blue_mask) >> bs;
			o[3] = 255;
		}
	}
	return 1;
}

// read_region copies a rectangle of the root window into out (RGBA),
// through g when it is not NULL; it returns 0 when it cannot.
static int read_region(Display *d, shm_grab *g, int x, int y, int w, int h, unsigned char *out) {
	x_failed = 0;
	if (g != NULL) {
		if (!XShmGetImage(d, DefaultRootWindow(d), g->img, x, y, AllPlanes) || x_failed) return 0;
		return copy_image(g->img, w, h, out);
	}
	XImage *img = XGetImage(d, DefaultRootWindow(d), x, y, w, h, AllPlanes, ZPixmap);
	if (img == NULL || x_failed) {
		if (img != NULL) XDestroyImage(img);
		return 0;
	}
	int ok = copy_image(img, w, h, out);
	XDestroyImage(img);
	return ok;
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
type Display struct {
	d *C.Display
	// grab is the shared-memory image of the last size read (nil when
	// the server cannot share memory, or before the first reading), and
	// grabSize its size.
	grab     *C.shm_grab
	grabSize image.Point
	noShm    bool
}

// Open connects to the X display named like $DISPLAY (":143").
func Open(name string) (*Display, error) {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	C.set_error_handler()
	d := C.XOpenDisplay(cs)
	if d == nil {
		return nil, errors.New("xpixels: cannot open display " + name)
	}
	return &Display{d: d}, nil
}

// Close closes the connection.
func (d *Display) Close() {
	if d.grab != nil {
		C.shm_close_grab(d.d, d.grab)
		d.grab = nil
	}
	C.XCloseDisplay(d.d)
}

// Hash returns a hash of the pixels of r on the root window (the screen
// as the X server shows it); it fails when r is off the screen. The
// pixels come through shared memory where the server allows it.
func (d *Display) Hash(r image.Rectangle) (int64, error) {
	x, y, w, h := C.int(r.Min.X), C.int(r.Min.Y), C.int(r.Dx()), C.int(r.Dy())
	g := d.grabFor(r.Size())
	var s C.longlong
	if g != nil {
		s = C.shm_sum_region(d.d, g, x, y, w, h)
	} else {
		s = C.sum_region(d.d, x, y, w, h)
	}
	if s == -1 {
		return 0, errors.New("xpixels: cannot read the region")
	}
	return int64(s), nil
}

// Image returns the pixels of r on the root window; it fails when r is
// off the screen or the screen's pixels are not 32-bit true colour.
func (d *Display) Image(r image.Rectangle) (*image.RGBA, error) {
	img := image.NewRGBA(r)
	if r.Empty() {
		return img, nil
	}
	g := d.grabFor(r.Size())
	if C.read_region(d.d, g, C.int(r.Min.X), C.int(r.Min.Y), C.int(r.Dx()), C.int(r.Dy()), (*C.uchar)(unsafe.Pointer(&img.Pix[0]))) == 0 {
		return nil, errors.New("xpixels: cannot read the region")
	}
	return img, nil
}

// grabFor returns the shared-memory image of size, made on first use
// (nil when the server cannot share memory).
func (d *Display) grabFor(size image.Point) *C.shm_grab {
	if d.grab != nil && d.grabSize != size {
		C.shm_close_grab(d.d, d.grab)
		d.grab = nil
	}
	if d.grab == nil && !d.noShm && size.X > 0 && size.Y > 0 {
		d.grab, d.grabSize = C.shm_open_grab(d.d, C.int(size.X), C.int(size.Y)), size
		d.noShm = d.grab == nil
	}
	return d.grab
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
