//go:build !race

package longtest

// Race is true in a test binary built with the race detector (-race).
const Race = false
