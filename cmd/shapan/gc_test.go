package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// A heap limit below what a document keeps live rises after the next
// collection to above the live heap, so the collector does not run
// without end against it; a limit with room to spare stays.
func TestHeapLimitFollowsTheLiveHeap(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	keep := make([][]byte, 64)
	for i := range keep {
		keep[i] = make([]byte, 256<<10) // 16 MiB live
	}
	roomy := newHeapLimit(1 << 40)
	tight := newHeapLimit(1 << 20)
	collections := make(chan struct{}, 16)
	stop := afterEachCollection(func() {
		roomy.follow()
		tight.follow()
		select {
		case collections <- struct{}{}:
		default:
		}
	})
	defer stop()
	deadline := time.After(10 * time.Second)
	for seen := false; !seen; {
		runtime.GC()
		select {
		case <-collections:
			seen = true
		case <-deadline:
			t.Fatal("no call after 10 s of collections")
		case <-time.After(10 * time.Millisecond):
		}
	}
	runtime.KeepAlive(keep)
	if got := tight.get(); got < 16<<20+memoryBase {
		t.Errorf("a 1 MiB limit with 16 MiB live became %d bytes, want at least the live heap plus %d", got, memoryBase)
	}
	if got := roomy.get(); got != 1<<40 {
		t.Errorf("a limit with room to spare changed to %d", got)
	}
}
