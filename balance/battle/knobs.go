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
	if ok {
		for side, b := range []bfmt.Base{p1, p2} {
			if k, ok := baseKnob(m, side, b); ok {
				out = append(out, k)
			}
		}
	}
	return out
}

// minBaseMove is how many cells a base knob may move a base either way
// on any map; on a larger one it may move up to a quarter of the map's
// shorter side, and toward the centre never more than half the way there
// (baseReach). It was 4 cells on every map: on the 80×60 赤壁 with player
// 2's cities a level lower the best point the search found moved player
// 1's base those 4 cells, the end of the range, and stayed 3 points off
// on an independent simulation.
const minBaseMove = 4

// baseReach is how many cells base/P may move a base anchored at a, on
// m, toward the centre (dx, dy) and away from it.
func baseReach(m *bfmt.Map, a bfmt.Point, dx, dy int) (toward, away int) {
	most := max(minBaseMove, min(m.W, m.H)/4)
	way := max(abs(m.W/2-a.X), abs(m.H/2-a.Y))
	if dx != 0 && dy != 0 {
		way = min(abs(m.W/2-a.X), abs(m.H/2-a.Y))
	}
	return max(1, min(most, way/2)), most
}

// baseKnob is the knob base/P of player P's base (side+1): the base
// moved along the diagonal from it toward the map's centre (the flag
// zone, spec/battle.md Part 1), by whole cells — 0 as the map has it, 2
// two cells nearer the centre, −1 one cell farther. It is the one number
// of a battle map, beside a city's level, that belongs to one side and
// moves it by less than a city does: every hero of the side walks from
// its base to the flag and the cities and back there when it respawns,
// so a base a cell nearer the centre shortens every such walk by one
// round (on 标准 with player 2's cities raised a level, player 1 winning
// 87 % of 400 games: its base two cells nearer the flag 93 %, two cells
// farther 75 %). The base moves whole — every cell of it by the same
// offset — onto cells that are open ground in the document, so no city,
// obstacle or flag cell is covered, and never more than half the way to
// the centre, so that it never meets the other base; the range stops at
// the first offset that would leave open ground (baseReach).
func baseKnob(m *bfmt.Map, side int, b bfmt.Base) (knob.Knob, bool) {
	if len(b.Cells) == 0 {
		return knob.Knob{}, false
	}
	a := b.Anchor()
	dx, dy := sign(m.W/2-a.X), sign(m.H/2-a.Y)
	if dx == 0 && dy == 0 {
		return knob.Knob{}, false
	}
	own := map[int]bool{}
	for _, c := range b.Cells {
		own[m.Index(c.X, c.Y)] = true
	}
	// fits reports whether the base moved by k lies on open ground (or
	// its own cells) inside the map.
	fits := func(k int) bool {
		for _, c := range b.Cells {
			x, y := c.X+k*dx, c.Y+k*dy
			if x < 0 || y < 0 || x >= m.W || y >= m.H {
				return false
			}
			if i := m.Index(x, y); !own[i] && m.Cells.At(i) != bfmt.CodeSpace {
				return false
			}
		}
		return true
	}
	toward, away := baseReach(m, a, dx, dy)
	lo, hi := 0, 0
	for hi < toward && fits(hi+1) {
		hi++
	}
	for lo > -away && fits(lo-1) {
		lo--
	}
	if lo == hi {
		return knob.Knob{}, false
	}
	// at reports whether the base stands moved by k in mv.
	at := func(mv *bfmt.Map, k int) bool {
		for _, c := range b.Cells {
			if mv.Cells.At(mv.Index(c.X+k*dx, c.Y+k*dy)) != bfmt.CodeBase {
				return false
			}
		}
		return true
	}
	get := func(mv any) float64 {
		m := mv.(*bfmt.Map)
		for k := lo; k <= hi; k++ {
			if at(m, k) {
				return float64(k)
			}
		}
		return 0
	}
	return knob.Knob{ID: fmt.Sprintf("base/%d", side+1), Path: fmt.Sprintf("grid[%d][%d]", a.Y, a.X), Side: side,
		Min: float64(lo), Max: float64(hi), Step: 2, Grid: 1,
		Label: func(x float64) string {
			return fmt.Sprintf("(%d,%d)", a.X+int(x)*dx, a.Y+int(x)*dy)
		},
		Order: "farthest from the centre first",
		Get:   get,
		Set: func(mv any, x float64) {
			m := mv.(*bfmt.Map)
			from, to := int(get(m)), int(math.Round(x))
			if from == to || to < lo || to > hi {
				return
			}
			for _, c := range b.Cells {
				m.Cells.Set(m.Index(c.X+from*dx, c.Y+from*dy), bfmt.CodeSpace)
			}
			for _, c := range b.Cells {
				m.Cells.Set(m.Index(c.X+to*dx, c.Y+to*dy), bfmt.CodeBase)
			}
		}}, true
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
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
	what, at, _ := strings.Cut(id, "/")
	if what == "base" {
		p1, p2, ok := m.Sides()
		if !ok || (at != "1" && at != "2") {
			return 0, 0, 0, false
		}
		b := p1
		if at == "2" {
			b = p2
		}
		a := b.Anchor()
		cx, cy = a.X, a.Y
	} else if _, err := fmt.Sscanf(at, "%d:%d", &cx, &cy); err != nil || cx < 0 || cy < 0 || cx >= m.W || cy >= m.H {
		return 0, 0, 0, false
	}
	cell, margin := battlepreview.BattleMapGeometry(m, preview.Options{})
	return margin + (float64(cx)+0.5)*cell, margin + (float64(cy)+0.5)*cell, math.Max(8, cell), true
}
