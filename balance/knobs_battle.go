package balance

import (
	"fmt"

	"github.com/shapan/shapan/formats"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// The battle knobs: the level (1 to 3) of every neutral city
// (level/(X,Y)). A city nearer to one player's base than to the other's
// (by the walking distance the players' heroes have) favours that player
// — whether raising its level helps him (a bigger reward) or hurts him (a
// stronger garrison) depends on the players, so the search tries both
// ways. The starting grain of the sides is no knob: spec/battle.md §2.4
// fixes it at 100 and the map has no field for it.
func init() {
	registerKnobs(bfmt.Kind, battleKnobs)
}

func battleKnobs(doc *formats.Document) []Knob {
	m, ok := doc.Value.(*bfmt.Map)
	if !ok {
		return nil
	}
	var out []Knob
	for _, c := range m.Cities() {
		i := m.Index(c.X, c.Y)
		out = append(out, Knob{ID: fmt.Sprintf("level/(%d,%d)", c.X, c.Y), Path: fmt.Sprintf("grid[%d][%d]", c.Y, c.X), Side: -1,
			Min: 1, Max: 3, Step: 1, MinStep: 1, Integer: true,
			Get: func(mv any) float64 { return float64(bfmt.CityLevel(mv.(*bfmt.Map).Cells[i])) },
			Set: func(mv any, x float64) { mv.(*bfmt.Map).Cells[i] = bfmt.CodeCity1 + int(x) - 1 }})
	}
	return out
}
