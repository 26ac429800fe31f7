//go:build !unix

package biglevel

// CPUTime is not measured on this system.
func CPUTime() int64 { return 0 }
