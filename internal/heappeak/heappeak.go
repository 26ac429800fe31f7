// Package heappeak measures, for tests and benchmarks, the most memory a
// piece of code holds while it runs: it samples a runtime metric every
// 100 µs on a goroutine of its own while the code runs on the caller's.
package heappeak

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"time"
)

// The metrics Live, Objects and Sample read.
const (
	// LiveMetric is the heap the last collection found live.
	LiveMetric = "/gc/heap/live:bytes"
	// ObjectsMetric is the heap in objects, live or dead and not yet
	// swept.
	ObjectsMetric = "/memory/classes/heap/objects:bytes"
)

// Sample runs f and returns the metric name (in bytes) after a collection
// before f (base) and the highest value seen while f ran (peak).
func Sample(name string, f func()) (base, peak uint64) {
	s := []metrics.Sample{{Name: name}}
	runtime.GC()
	metrics.Read(s)
	base = s[0].Value.Uint64()
	var stop atomic.Bool
	done := make(chan uint64)
	go func() {
		var peak uint64
		s := []metrics.Sample{{Name: name}}
		for !stop.Load() {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			time.Sleep(100 * time.Microsecond)
		}
		done <- peak
	}()
	f()
	stop.Store(true)
	return base, <-done
}

// Above returns how far the metric name rose above its value before f
// while f ran (0 when it never did).
func Above(name string, f func()) uint64 {
	base, peak := Sample(name, f)
	return max(peak, base) - base
}

// Live returns the most heap live while f ran above what was live before,
// with the collector run often (GOGC 5), so that what it finds live
// follows what f holds.
func Live(f func()) uint64 {
	old := debug.SetGCPercent(5)
	defer debug.SetGCPercent(old)
	return Above(LiveMetric, f)
}
