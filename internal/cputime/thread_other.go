//go:build !linux

package cputime

// Thread returns 0: a thread's CPU time is read on Linux only.
func Thread() int64 { return 0 }
