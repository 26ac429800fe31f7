package main

import (
	"fmt"
	"os"
	"time"

	"fyne.io/fyne/v2"
)

// shutdownGrace is how long the studio gives the window system to finish
// quitting once it was told to (every tab closed, its changes saved or
// discarded) before the process exits on its own.
var shutdownGrace = 5 * time.Second

// exitingApp is the studio's app with a watchdog on Quit. Fyne 2.7.1 can
// hang on its way out: a lifecycle event queued while its main loop
// drains its queue waits for that loop for ever, and the studio's window
// is gone but its process never ends (seen once in the real-window smoke
// test, at a load average of 4). Nothing is left to do when Quit is
// called, so after shutdownGrace the process exits with status().
type exitingApp struct {
	fyne.App
	status func() int
}

// Quit tells the app to quit and starts the watchdog.
func (a exitingApp) Quit() {
	go func() {
		time.Sleep(shutdownGrace)
		fmt.Fprintln(os.Stderr, "studio: the window system did not finish quitting; exiting")
		os.Exit(a.status())
	}()
	a.App.Quit()
}
