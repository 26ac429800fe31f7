package cputime

import "golang.org/x/sys/unix"

// Thread returns the CPU time the calling OS thread has used, in
// nanoseconds: the time one computation takes without the waits for a
// core, when the caller has locked its goroutine to the thread
// (runtime.LockOSThread) and the computation runs on it.
func Thread() int64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0
	}
	return ts.Nano()
}
