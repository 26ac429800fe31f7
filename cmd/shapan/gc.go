package main

import (
	"os"
	"runtime/debug"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/yamlx"
)

// collectLess makes the garbage collector run when the heap has grown
// by 400% since the last collection instead of Go's 100%, unless the user
// set GOGC, and returns the function that restores the setting. The
// commands that read or play at length (check, sim) keep a few large
// documents alive and allocate little else, so they trade a little peak
// memory for much less collection.
func collectLess() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(400)
	return func() { debug.SetGCPercent(old) }
}

// memoryPerInput and memoryBase bound the heap while a file is read and
// checked: Go's soft memory limit is set to memoryPerInput times the
// file's size plus memoryBase, so the collector, which waits for the heap
// to grow 400% (collectLess), runs sooner when that would pass the bound.
// Reading a document keeps about 2–3× its size live (an mbg scenario of
// 12 MB: 36 MB), so the limit leaves the collector room.
const (
	memoryPerInput = 4
	memoryBase     = 32 << 20
)

// boundMemory sets the soft memory limit for reading and checking the
// file path, when it is a regular file of a kind read in bounded memory
// (formats.ReadsInBoundedMemory; other documents may keep far more than
// 4× their size live, and a limit below that would have the collector
// run without end), unless the user set GOMEMLIMIT. It returns the
// function that restores the limit before.
func boundMemory(path string) (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" || path == "-" {
		return func() {}
	}
	// A FIFO or a device is never opened here (it is refused unread).
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || !formats.ReadsInBoundedMemory(path) {
		return func() {}
	}
	old := debug.SetMemoryLimit(memoryPerInput*st.Size() + memoryBase)
	// A document read whole after all (see yamlx.OnWholeParse) keeps far
	// more: the limit is lifted then.
	lift := yamlx.OnWholeParse(func() { debug.SetMemoryLimit(old) })
	return func() {
		lift()
		debug.SetMemoryLimit(old)
	}
}
