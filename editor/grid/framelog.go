package grid

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/internal/cputime"
)

// FrameLogEnv names the environment variable that, when it names a file,
// makes the studio log when each input reached a map view and when the
// frame showing its effect was drawn (cmd/studio's frame-time test reads
// it; docs/BENCHMARKS.md describes the method).
const FrameLogEnv = "SHAPAN_FRAME_LOG"

// frameLog writes, as lines of text with wall-clock times in Unix
// nanoseconds (comparable with another process's on the same machine) and
// the process's CPU time in nanoseconds:
//
//	input SEQ KIND TIME CPU             an input event reached a map view
//	change SEQ                          handling input SEQ asked the map
//	                                    to be redrawn
//	frame SEQ RASTER SWAP CPUR CPUS     the first map raster drawn after
//	                                    input SEQ's change (and every
//	                                    earlier one's) was done at RASTER;
//	                                    SWAP is when the main loop ran
//	                                    next, after the frame holding it
//	                                    was swapped to the window (an upper
//	                                    bound of the swap time); CPUR and
//	                                    CPUS the CPU time then
//
// Inputs, their handling and painting all run on Fyne's main goroutine,
// so the raster drawn after a change always holds it.
type frameLog struct {
	mu      sync.Mutex
	out     io.Writer
	seq     int // the inputs received
	pending int // the last input whose change awaits a frame, 0 if none
}

// frames is the studio's frame log; nil (logging nothing) unless
// SHAPAN_FRAME_LOG is set.
var frames = openFrameLog(os.Getenv(FrameLogEnv))

func openFrameLog(path string) *frameLog {
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		fyne.LogError("frame log "+path, err)
		return nil
	}
	return &frameLog{out: f}
}

func (l *frameLog) write(format string, args ...any) {
	fmt.Fprintf(l.out, format+"\n", args...)
}

// input notes that an input event of a kind reached a map view.
func (l *frameLog) input(kind string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seq++
	l.write("input %d %s %d %d", l.seq, kind, time.Now().UnixNano(), cputime.Process())
}

// change notes that the last input asked for the map to be redrawn.
func (l *frameLog) change() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.seq > 0 && l.pending != l.seq {
		l.pending = l.seq
		l.write("change %d", l.seq)
	}
}

// drawn notes that a map raster was drawn; the swap time is taken when
// the main loop runs next, after the frame is on the window.
func (l *frameLog) drawn() {
	if l == nil {
		return
	}
	l.mu.Lock()
	seq := l.pending
	l.pending = 0
	l.mu.Unlock()
	if seq == 0 {
		return
	}
	raster, rasterCPU := time.Now().UnixNano(), cputime.Process()
	fyne.Do(func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.write("frame %d %d %d %d %d", seq, raster, time.Now().UnixNano(), rasterCPU, cputime.Process())
	})
}
