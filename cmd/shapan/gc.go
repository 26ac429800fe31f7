package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"

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
// 4× their size live), unless the user set GOMEMLIMIT. It returns the
// function that restores the limit before.
//
// The limit follows what stays live: after each collection that leaves
// more than three quarters of the limit live (a document whose model is
// larger than its file, such as a planets map of many planets), the
// limit is raised to twice the live heap plus memoryBase, so the
// collector never runs without end against a limit the document itself
// fills (a 18 MB planets map took 4× its CPU time so).
func boundMemory(path string) (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" || path == "-" {
		return func() {}
	}
	// A FIFO or a device is never opened here (it is refused unread).
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || !formats.ReadsInBoundedMemory(path) {
		return func() {}
	}
	limit := newHeapLimit(memoryPerInput*st.Size() + memoryBase)
	old := debug.SetMemoryLimit(limit.get())
	stop := afterEachCollection(limit.follow)
	// A document read whole after all (see yamlx.OnWholeParse) keeps far
	// more: the limit is lifted then.
	lift := yamlx.OnWholeParse(func() {
		stop()
		debug.SetMemoryLimit(old)
	})
	return func() {
		stop()
		lift()
		debug.SetMemoryLimit(old)
	}
}

// heapLimit is a soft memory limit that rises with the live heap.
type heapLimit struct {
	bytes atomic.Int64
}

func newHeapLimit(start int64) *heapLimit {
	l := &heapLimit{}
	l.bytes.Store(start)
	return l
}

func (l *heapLimit) get() int64 { return l.bytes.Load() }

// follow raises the limit to twice the live heap plus memoryBase when
// a collection left more than three quarters of it live.
func (l *heapLimit) follow() {
	live := liveHeap()
	if cur := l.get(); live > cur/8*7 {
		next := live + live/2 + memoryBase
		l.bytes.Store(next)
		debug.SetMemoryLimit(next)
	}
}

// liveHeap returns the bytes the last collection left live.
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// afterEachCollection runs f after every garbage collection until the
// returned function is called: a finalizer on an object of its own,
// armed again each time, runs once the collector has found it
// unreachable.
func afterEachCollection(f func()) (stop func()) {
	var stopped atomic.Bool
	var arm func()
	arm = func() {
		s := &gcSentinel{}
		runtime.SetFinalizer(s, func(*gcSentinel) {
			if stopped.Load() {
				return
			}
			f()
			arm()
		})
	}
	arm()
	return func() { stopped.Store(true) }
}

// gcSentinel is the object whose finalizer tells afterEachCollection
// that a collection ran; it holds a pointer, so it is not one of the
// tiny objects the allocator packs together.
type gcSentinel struct {
	_ *int
	_ [2]int64
}
