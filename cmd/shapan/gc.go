package main

import (
	"os"
	"runtime/debug"
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
