package cputime

import (
	"runtime"
	"testing"
	"time"
)

// spin keeps the calling thread busy for at least d of CPU time as
// read by clock, or 10 s of wall time (a clock that does not advance),
// whichever comes first.
func spin(d time.Duration, clock func() int64) {
	start, wall := clock(), time.Now()
	for x := 0; clock()-start < int64(d) && time.Since(wall) < 10*time.Second; x++ {
		for i := range 10000 {
			x ^= i * x
		}
	}
}

// TestClocksAdvanceWithWork: both clocks count the work of a busy
// thread, and not a sleeping one's.
func TestClocksAdvanceWithWork(t *testing.T) {
	for _, c := range []struct {
		name  string
		clock func() int64
	}{{"Process", Process}, {"Thread", Thread}} {
		t.Run(c.name, func(t *testing.T) {
			// A subtest runs on a goroutine of its own: it is that one
			// which must keep its thread, or the thread would run other
			// goroutines (the collector's) while this one sleeps.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			if c.clock() == 0 {
				t.Skipf("%s is not read on %s", c.name, runtime.GOOS)
			}
			before := c.clock()
			spin(30*time.Millisecond, c.clock)
			if busy := time.Duration(c.clock() - before); busy < 30*time.Millisecond {
				t.Errorf("%s advanced by %v during 30 ms of work", c.name, busy)
			}
			before = c.clock()
			time.Sleep(50 * time.Millisecond)
			if idle := time.Duration(c.clock() - before); idle > 40*time.Millisecond {
				t.Errorf("%s advanced by %v during a 50 ms sleep", c.name, idle)
			}
		})
	}
}
