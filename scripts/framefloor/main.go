// Command framefloor measures what one frame of a Fyne window costs on
// this display, with nothing of Shapan in it: a 1280×800 window holding a
// single rectangle whose colour changes about 60 times a second. It prints
// the process's CPU time per change (one frame each). Under Xvfb, where
// Mesa's llvmpipe composites every frame in software, this is the floor
// under the studio's input-to-frame times (scripts/frametime.sh); on a
// display with a GPU it is far lower. docs/BENCHMARKS.md has the figures.
//
//	DISPLAY=:99 go run ./scripts/framefloor
package main

import (
	"fmt"
	"image/color"
	"os"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/canvas"
)

// processCPU is the CPU time the process has used, every thread counted
// (Go's and the OpenGL rasteriser's).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func main() {
	a := app.New()
	w := a.NewWindow("frame floor")
	rect := canvas.NewRectangle(color.RGBA{0, 100, 100, 255})
	w.SetContent(rect)
	w.Resize(fyne.NewSize(1280, 800))
	go measure(rect, 5*time.Second)
	w.ShowAndRun()
}

// measure changes rect's colour once a frame for d, after the window has
// settled, prints the CPU time a change cost and quits.
func measure(rect *canvas.Rectangle, d time.Duration) {
	time.Sleep(2 * time.Second)
	start, began := processCPU(), time.Now()
	changes := 0
	for time.Since(began) < d {
		fyne.DoAndWait(func() {
			rect.FillColor = color.RGBA{uint8(changes), 100, 100, 255}
			rect.Refresh()
		})
		changes++
		time.Sleep(17 * time.Millisecond)
	}
	perChange := (processCPU() - start) / time.Duration(changes)
	fmt.Printf("%d changes in %v: %.1f ms of CPU a change (a frame each)\n",
		changes, time.Since(began).Round(time.Millisecond), float64(perChange.Microseconds())/1000)
	os.Exit(0)
}
