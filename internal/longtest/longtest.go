// Package longtest tells tests whether the long runs were asked for: the
// statistical samples, whole games and big inputs that prove more than
// `make test`'s smaller ones and cost minutes of CPU. `make test-long`
// (SHAPAN_LONG=1) runs them; `make test` keeps every package's tests to
// seconds. Under the race detector (Race), which makes code 5–10 times
// slower, a test may run a smaller size still (Sized).
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
