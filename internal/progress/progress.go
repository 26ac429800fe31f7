// Package progress draws the progress bar of a long command (sim, replay,
// check of many files, convert of a big file) on standard error: only when
// it is a terminal, never with --quiet, and with colours only when the
// terminal takes them (NO_COLOR unset, TERM not dumb). The bar shows the
// count, the rate and the time left (ETA); it is erased when the work is
// done, so what stays on the screen is the command's own output.
package progress

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// IsTerminal reports whether w is a terminal. Tests replace it to draw a
// bar into a buffer.
var IsTerminal = func(w io.Writer) bool {
	// See through writers that wrap another (Unwrap() io.Writer), such
	// as the command line's error-remembering standard output.
	for {
		u, ok := w.(interface{ Unwrap() io.Writer })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Colour reports whether text written to w may carry colours: w is a
// terminal, NO_COLOR (https://no-color.org) is not set to a non-empty
// value and TERM is not
// "dumb".
func Colour(w io.Writer) bool {
	noColour := os.Getenv("NO_COLOR") != "" // set and not empty (no-color.org)
	return IsTerminal(w) && !noColour && os.Getenv("TERM") != "dumb"
}

// throttle is the shortest time between two redraws.
var throttle = 100 * time.Millisecond

// Options say what a bar counts.
type Options struct {
	Total int64  // the amount of work; -1 when unknown (a spinner)
	Unit  string // what is counted, plural: "games", "files"
	Bytes bool   // count bytes (shown as KB, MB)
	Quiet bool   // draw nothing (--quiet)
}

// Bar is a progress bar; a nil *Bar draws nothing, so callers need not ask.
type Bar struct {
	bar *progressbar.ProgressBar
}

// New returns a bar on w, or nil when w is not a terminal or opts.Quiet.
func New(w io.Writer, opts Options) *Bar {
	if opts.Quiet || !IsTerminal(w) {
		return nil
	}
	list := []progressbar.Option{
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetWidth(30),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(throttle),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionEnableColorCodes(Colour(w)),
		progressbar.OptionSetRenderBlankState(true),
	}
	if opts.Bytes {
		list = append(list, progressbar.OptionShowBytes(true))
	} else if opts.Unit != "" {
		list = append(list, progressbar.OptionShowIts(), progressbar.OptionSetItsString(opts.Unit))
	}
	return &Bar{bar: progressbar.NewOptions64(opts.Total, list...)}
}

// Set moves the bar to n done.
func (b *Bar) Set(n int64) {
	if b != nil {
		b.bar.Set64(n)
	}
}

// Games is a sim.Options.Progress callback: done of total, where total may
// change (a shard of the games).
func (b *Bar) Games(done, total int) {
	if b == nil {
		return
	}
	if int64(total) != b.bar.GetMax64() {
		b.bar.ChangeMax64(int64(total))
	}
	b.bar.Set64(int64(done))
}

// Add moves the bar n further.
func (b *Bar) Add(n int64) {
	if b != nil {
		b.bar.Add64(n)
	}
}

// Done erases the bar.
func (b *Bar) Done() {
	if b != nil {
		b.bar.Finish()
		b.bar.Clear()
	}
}

// Reader counts what is read through it on the bar (for reading a big
// file); it returns r itself when there is no bar.
func (b *Bar) Reader(r io.Reader) io.Reader {
	if b == nil {
		return r
	}
	rd := progressbar.NewReader(r, b.bar)
	return &rd
}
