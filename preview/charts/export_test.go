package charts

// The plot area's margins and the accent colour, for the tests of the
// package's users (package charts_test).
const (
	PlotLeft   = plotLeft
	PlotRight  = plotRight
	PlotTop    = plotTop
	PlotBottom = plotBottom
)

var Accent = accent
