package balance

import (
	"fmt"

	"github.com/shapan/shapan/formats"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// The battle knobs: the level (1 to 3) of every neutral city
// (level/X:Y). A higher level gives a bigger reward but also a longer
// range and more damage against the heroes passing by, so which player a
// stronger city helps depends on the map and is measured; a city belongs
// to the player whose base is nearer (Chebyshev distance to its anchor).
// The starting grain of the sides is no knob: spec/battle.md §2.4 fixes
// it at 100 and the map has no field for it.
func init() {
	registerKnobs(bfmt.Kind, battleKnobs)
}

func battleKnobs(doc *formats.Document) []Knob {
	m, ok := doc.Value.(*bfmt.Map)
	if !ok {
		return nil
	}
	p1, p2, ok := m.Sides()
	var out []Knob
	for _, c := range m.Cities() {
		side := -1
		if ok {
			switch d1, d2 := chebyshev(c.Point, p1.Anchor()), chebyshev(c.Point, p2.Anchor()); {
			case d1 < d2:
				side = 0
			case d2 < d1:
				side = 1
			}
		}
		i := m.Index(c.X, c.Y)
		out = append(out, Knob{ID: fmt.Sprintf("level/%d:%d", c.X, c.Y), Path: fmt.Sprintf("grid[%d][%d]", c.Y, c.X), Side: side,
			Min: 1, Max: 3, Step: 1, Grid: 1,
			Get: func(mv any) float64 { return float64(bfmt.CityLevel(mv.(*bfmt.Map).Cells[i])) },
			Set: func(mv any, x float64) { mv.(*bfmt.Map).Cells[i] = bfmt.CodeCity1 + int(x) - 1 }})
	}
	return out
}

func chebyshev(a, b bfmt.Point) int { return max(abs(a.X-b.X), abs(a.Y-b.Y)) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
