//go:build !unix

package balance

import "time"

// processCPU cannot read the process's CPU time here: a search's CPU
// limit (Options.CPU) is not applied.
func processCPU() (time.Duration, bool) { return 0, false }
