package ftbt

import ftbtfmt "github.com/shapan/shapan/formats/ftbt"

// The rules' geometry and effects, for the engine and for whoever shows
// a level or a game (the studio's play window and tech stencil): one
// place for each formula.

// Effect is one aux effect of one side on one cell (spec §2): its value
// and its remaining duration.
type Effect struct{ Val, Dur int }

// The four aux effects a cell holds for each side (spec §2), the index
// into a cell's effects.
const (
	EffectAbi  = iota // attack buff value
	EffectDef         // defence buff value
	EffectFly         // fly weight (0: no fly effect)
	EffectDL          // disable-long flag (1: set)
	NumEffects        // number of effects
)

// Effects are the aux effects of the two sides on every cell.
type Effects [2][][NumEffects]Effect

// NewEffects returns the effects of a map of n cells, none set.
func NewEffects(n int) Effects {
	return Effects{make([][NumEffects]Effect, n), make([][NumEffects]Effect, n)}
}

// Countdown is step 2 of a round (spec §3.1) for one effect: with a
// positive duration it loses a round, and when that leaves none it is
// reset. It reports whether the effect was reset and whether it still
// runs.
func (e *Effect) Countdown() (reset, running bool) {
	if e.Dur <= 0 {
		return false, false
	}
	e.Dur--
	if e.Dur == 0 {
		e.Val = 0
		return true, false
	}
	return false, true
}

// Countdown is step 2 of a round (spec §3.1) for every effect.
func (e Effects) Countdown() {
	for side := range e {
		for c := range e[side] {
			for k := range e[side][c] {
				e[side][c][k].Countdown()
			}
		}
	}
}

// Area calls yield for every cell of Area(c, r) of spec §3.6 on a w×h
// map: the Manhattan diamond of radius r around c clipped to the map, top
// to bottom and left to right (ascending cell). r < 0 yields nothing. The
// rows and columns are clipped before they are walked, so a huge radius
// costs no more than the map.
func Area(w, h, c, r int, yield func(cell int)) {
	areaXY(w, h, c, r, func(cell, _, _ int) { yield(cell) })
}

// areaXY is Area, yielding each cell with its column and row.
func areaXY(w, h, c, r int, yield func(cell, x, y int)) {
	if r < 0 || w <= 0 {
		return
	}
	cx, cy := c%w, c/w
	y0, y1 := cy-min(r, cy), cy+min(r, h-1-cy)
	for y := y0; y <= y1; y++ {
		span := r - abs(y-cy)
		x0, x1 := cx-min(span, cx), cx+min(span, w-1-cx)
		for x := x0; x <= x1; x++ {
			yield(y*w+x, x, y)
		}
	}
}

// Allowed reports whether tech t may touch a cell of terrain id (an
// unknown terrain is touched by none).
func Allowed(t *ftbtfmt.Tech, terrain int) bool {
	return terrain >= 0 && terrain < len(t.Allowed) && t.Allowed[terrain]
}

// TargetRange is the target range of spec §3.5 on a w×h map of the given
// terrains: the cells at tech t's offsets from loc (file order,
// duplicates kept) that are on the map and allowed for the tech; terrain
// gives the terrain of a cell.
func TargetRange(w, h int, terrain func(cell int) int, t *ftbtfmt.Tech, loc int) []int {
	var out []int
	x0, y0 := loc%w, loc/w
	for _, o := range t.Range {
		x, y := x0+o[0], y0+o[1]
		if x < 0 || y < 0 || x >= w || y >= h {
			continue
		}
		if c := y*w + x; Allowed(t, terrain(c)) {
			out = append(out, c)
		}
	}
	return out
}

// DisableLongRounds is how many rounds a disable-long effect cast by a
// person of ability abi lasts (spec §3.6): the tech's duration scaled by
// abi against MAX_ABI, at least 1.
func DisableLongRounds(rules *ftbtfmt.Rules, t *ftbtfmt.Tech, abi int) int {
	if rules.MaxAbi == 0 {
		return 1
	}
	return max(1, t.Duration*abi/rules.MaxAbi)
}

// TechRadius is the radius of tech t's area effect when a person of
// ability abi uses it (spec §3.6): fly and disable-long areas grow with
// abi against the rules' MAX_ABI, the others are the tech's own. With a
// MAX_ABI of 0 those two are 0 (the engine refuses a level whose people
// know such a tech under such rules).
func TechRadius(rules *ftbtfmt.Rules, t *ftbtfmt.Tech, abi int) int {
	switch t.Class {
	case ftbtfmt.ClassFly:
		if rules.MaxAbi == 0 {
			return 0
		}
		return t.AoeRange * abi * t.Value / (100 * rules.MaxAbi)
	case ftbtfmt.ClassDisableLong:
		if rules.MaxAbi == 0 {
			return 0
		}
		return t.AoeRange * abi / rules.MaxAbi
	}
	return t.AoeRange
}
