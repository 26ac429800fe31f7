//go:build !unix

package serve

import "time"

// processCPU returns 0 where the CPU time is not measured.
func processCPU() time.Duration { return 0 }
