// Package longtest tells tests whether the long runs were asked for: the
// statistical samples, whole games and big inputs that prove more than
// `make test`'s smaller ones and cost minutes of CPU. `make test-long`
// (SHAPAN_LONG=1) runs them; `make test` keeps every package's tests to
// seconds. Under the race detector (Race), which makes code 5–10 times
// slower, a test may run a smaller size still (Sized). The end-to-end tests
// — the real studio in a real X window, real Chromium on the server's
// pages — run under `make test-e2e` (SHAPAN_E2E=1), which CI runs after
// `make test` (EndToEnd).
package longtest

import (
	"os"
	"testing"
)

// Enabled reports whether SHAPAN_LONG is set (to anything but "" or
// "0").
func Enabled() bool {
	v := os.Getenv("SHAPAN_LONG")
	return v != "" && v != "0"
}

// Skip skips the test unless the long runs were asked for, saying what
// was skipped and how to run it.
func Skip(t testing.TB, what string) {
	t.Helper()
	if !Enabled() {
		t.Skipf("%s: a long run (make test-long, or SHAPAN_LONG=1 go test)", what)
	}
}

// EndToEndEnabled reports whether SHAPAN_E2E (or SHAPAN_LONG, which runs
// everything) is set to anything but "" or "0".
func EndToEndEnabled() bool {
	v := os.Getenv("SHAPAN_E2E")
	return v != "" && v != "0" || Enabled()
}

// EndToEnd skips an end-to-end test — one that drives a real program the
// user runs, the studio's window under Xvfb or a Chromium on the pages —
// unless they were asked for (make test-e2e, which CI runs, or
// SHAPAN_E2E=1 go test). Each costs seconds of CPU for the programs it
// starts; make test keeps to the tests of the code itself.
func EndToEnd(t testing.TB, what string) {
	t.Helper()
	if !EndToEndEnabled() {
		t.Skipf("%s: an end-to-end test (make test-e2e, or SHAPAN_E2E=1 go test)", what)
	}
}

// Pick returns short, or long when the long runs were asked for: the
// size of a sample, the number of games or iterations.
func Pick[T any](short, long T) T {
	if Enabled() {
		return long
	}
	return short
}

// Sized returns the size of a run (games, rounds, iterations): long when
// the long runs were asked for; otherwise short, or underRace in a test
// binary built with the race detector. The race detector looks for
// goroutines touching memory unsynchronised, which a few iterations of a
// concurrent loop show as well as many; the full size proves the rest
// without it.
func Sized[T any](short, underRace, long T) T {
	switch {
	case Enabled():
		return long
	case Race:
		return underRace
	}
	return short
}
