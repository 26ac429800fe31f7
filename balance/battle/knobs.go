// Package battle is the balance assistant's knowledge of battle maps:
// their knobs (package knob) and where the map's preview draws them.
package battle

import (
	"fmt"
	"math"
	"strings"

	"github.com/shapan/shapan/balance/knob"
	"github.com/shapan/shapan/formats"
	bfmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/preview"
	battlepreview "github.com/shapan/shapan/preview/battle"
)

// The battle knobs: the level of every neutral city (level/X:Y), 1 to 3,
// or 0: no city there. A higher level gives a bigger reward but also a
// longer range and more damage against the heroes passing by, so which
// player a stronger city helps depends on the map and is measured; a
// city belongs to the player whose base is nearer (Chebyshev distance to
// its anchor). Level 0 removes the city, the designer's edit for a city
// that should not be there (one beside a base makes its player win
// whatever its level); a removed city stays a knob, so the search may
// bring it back. The starting grain of the sides is no knob:
// spec/battle.md §2.4 fixes it at 100 and the map has no field for it.
func init() {
	knob.Register(bfmt.Kind, knob.Set{Knobs: battleKnobs, Spot: spot})
}

func battleKnobs(doc *formats.Document) []knob.Knob {
	m, ok := doc.Value.(*bfmt.Map)
	if !ok {
		return nil
	}
	p1, p2, ok := m.Sides()
	var out []knob.Knob
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
		out = append(out, knob.Knob{ID: fmt.Sprintf("level/%d:%d", c.X, c.Y), Path: fmt.Sprintf("grid[%d][%d]", c.Y, c.X), Side: side,
			Min: 0, Max: 3, Step: 1, Grid: 1,
			Get: func(mv any) float64 { return float64(bfmt.CityLevel(mv.(*bfmt.Map).Cells.At(i))) },
			Set: func(mv any, x float64) { mv.(*bfmt.Map).Cells.Set(i, cityCode(int(x))) }})
	}
	return out
}

// cityCode is the cell of a city of level (1 to 3), open ground for 0.
func cityCode(level int) int {
	if level <= 0 {
		return bfmt.CodeSpace
	}
	return bfmt.CodeCity1 + level - 1
}

func chebyshev(a, b bfmt.Point) int { return max(abs(a.X-b.X), abs(a.Y-b.Y)) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// spot is where the preview draws the city of level/X:Y.
func spot(doc *formats.Document, id, _ string) (x, y, r float64, ok bool) {
	m, ok := doc.Value.(*bfmt.Map)
	if !ok {
		return 0, 0, 0, false
	}
	var cx, cy int
	_, at, _ := strings.Cut(id, "/")
	if _, err := fmt.Sscanf(at, "%d:%d", &cx, &cy); err != nil || cx < 0 || cy < 0 || cx >= m.W || cy >= m.H {
		return 0, 0, 0, false
	}
	cell, margin := battlepreview.BattleMapGeometry(m, preview.Options{})
	return margin + (float64(cx)+0.5)*cell, margin + (float64(cy)+0.5)*cell, math.Max(8, cell), true
}
