package sim

// What the tests of package sim_test need of the package's inside.
var (
	VerdictOf     = verdict
	LengthStatsOf = lengthStats
	DisplayWidth  = displayWidth
)
