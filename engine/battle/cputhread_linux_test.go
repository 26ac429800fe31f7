package battle

import (
	"syscall"
	"unsafe"
)

// threadCPUTime returns the CPU time the calling OS thread has used, in
// nanoseconds (the caller locks its goroutine to the thread): on a busy
// machine the time one computation takes, without the waits for a core.
func threadCPUTime() int64 {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}
