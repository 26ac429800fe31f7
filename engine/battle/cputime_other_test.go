//go:build !unix

package battle

// cpuTime is not measured on this system.
func cpuTime() int64 { return 0 }
