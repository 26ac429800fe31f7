//go:build !linux

package battle

// threadCPUTime is not measured on this system.
func threadCPUTime() int64 { return 0 }
