package ftbt

import "github.com/shapan/shapan/preview"

import "github.com/shapan/shapan/formats/ftbt"

// LevelGeometry returns where Level draws the cells of l at o's scale:
// cell (x, y) is the square of side cell whose top-left corner is
// (margin + x·cell, margin + y·cell). Charts drawn over a level (the
// balance report's heat map) use it.
func LevelGeometry(l *ftbt.Level, o preview.Options) (cell, margin float64) {
	k := o.Factor()
	cell = 16 * k
	if l.W > 0 && l.H > 0 && float64(max(l.W, l.H))*cell > 1600 {
		cell = max(1, 1600/float64(max(l.W, l.H)))
	}
	return cell, 12 * k
}
