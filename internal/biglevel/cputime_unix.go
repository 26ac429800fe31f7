//go:build unix

package biglevel

import "syscall"

// CPUTime returns the CPU time the process has used (user and system,
// every thread), in nanoseconds; benchmarks report it beside the wall
// time, which a shared machine makes noisy.
func CPUTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
