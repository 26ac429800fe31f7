package planetsview

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
)

// TestRouteLabelNeverHidesAShortRoute: the step label of a route between
// near planets goes beside the line, clear of it; a long route keeps its
// label on its middle.
func TestRouteLabelNeverHidesAShortRoute(t *testing.T) {
	box := fyne.NewSize(30, 18)
	for _, r := range []struct{ a, b fyne.Position }{
		{fyne.NewPos(100, 100), fyne.NewPos(140, 100)}, // neighbours in a row
		{fyne.NewPos(100, 100), fyne.NewPos(100, 140)}, // in a column
		{fyne.NewPos(100, 100), fyne.NewPos(140, 140)}, // on a diagonal
		{fyne.NewPos(100, 140), fyne.NewPos(180, 100)},
	} {
		at := routeLabelAt(r.a, r.b, box, 40)
		x0, y0 := at.X-box.Width/2, at.Y-box.Height/2
		// The line shows between the planets (0.45 of a cell from each
		// centre); at least 8 units of it (nearly all when less shows) stay
		// uncovered.
		length := math.Hypot(float64(r.b.X-r.a.X), float64(r.b.Y-r.a.Y))
		uncovered := 0.0
		for i := 0; i < 100; i++ {
			f := float32(i) / 100
			p := fyne.NewPos(r.a.X+(r.b.X-r.a.X)*f, r.a.Y+(r.b.Y-r.a.Y)*f)
			d := float64(f) * length
			hidden := p.X >= x0 && p.X <= x0+box.Width && p.Y >= y0 && p.Y <= y0+box.Height
			if d > 18 && d < length-18 && !hidden {
				uncovered += length / 100
			}
		}
		if uncovered < math.Min(8, 0.8*(length-36)) {
			t.Errorf("the label of the route %v–%v at %v leaves %.1f units of the line uncovered", r.a, r.b, at, uncovered)
		}
	}
	a, b := fyne.NewPos(100, 100), fyne.NewPos(400, 100)
	if at := routeLabelAt(a, b, box, 40); at != fyne.NewPos(250, 100) {
		t.Errorf("a long route's label at %v, want its middle", at)
	}
}
