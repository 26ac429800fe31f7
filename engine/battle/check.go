package battle

import (
	"fmt"

	bfmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/diag"
)

// The codes of the check rules (package validate's catalogue) of the
// conditions NewBoard refuses a map and a roster on.
const (
	CodeCell        = "BTL001"             // a cell code that is no map element
	CodeSize        = bfmt.CodeSize        // a map side outside 2–1000 cells
	CodeBases       = "BTL003"             // not exactly two bases
	CodeFlag        = "BTL004"             // no flag cell, or flag cells that are no 3×3 square
	CodeReach       = "BTL006"             // a base that reaches neither the other base nor the flag zone
	CodeRosterName  = bfmt.CodeRosterName  // a roster entry naming no hero, or one twice
	CodeRosterValue = bfmt.CodeRosterValue // a roster value out of range
)

// Reach is where the units of each base can walk: the steps from base 1
// (From[0]) and from base 2 (From[1]) to every cell, -1 for a cell they
// never reach (bfmt.Map.Distances). It is nil for a map the engine refuses
// by its bases or its size.
type Reach struct{ From [2][]int32 }

// CheckMap lists every condition NewBoard refuses a map and its roster
// override on (spec §2.1, §2.3), as errors with the codes of the check
// rules and the paths of the map document; `shapan check` reports them
// through package validate, so that the two agree.
func CheckMap(m *bfmt.Map, roster []bfmt.RosterEntry) diag.List {
	out, _ := CheckMapReach(m, roster)
	return out
}

// CheckMapReach is CheckMap, and returns where the bases reach (nil when
// the map has no two bases or a size the engine refuses), which the
// check's warnings use too.
func CheckMapReach(m *bfmt.Map, roster []bfmt.RosterEntry) (diag.List, *Reach) {
	var out diag.List
	add := func(code, path, format string, args ...any) {
		out = append(out, diag.Diagnostic{Severity: diag.Error, Code: code, Path: path, Message: fmt.Sprintf(format, args...)})
	}
	for _, p := range bfmt.CheckRoster(roster) {
		code := CodeRosterValue
		if p.Field == bfmt.RosterFields.Field("name").Key {
			code = CodeRosterName
		}
		add(code, fmt.Sprintf("%s[%d].%s", bfmt.PathRoster, p.Entry, p.Field), "%s", p.Message)
	}
	checkCells(m, add)
	bases := m.Bases()
	if len(bases) != 2 {
		path := bfmt.PathGrid
		if len(bases) > 2 {
			a := bases[2].Anchor()
			path = bfmt.CellPath(a.X, a.Y)
		}
		add(CodeBases, path, "the map has %d base(s); it needs exactly two", len(bases))
	}
	sizeErr := bfmt.CheckSize(m.W, m.H)
	if sizeErr != nil {
		add(CodeSize, "size", "%v", sizeErr)
	}
	fz := m.FlagZone()
	switch {
	case len(fz.Cells) == 0:
		add(CodeFlag, bfmt.PathGrid, "the map has no flag zone")
	case !fz.Square:
		p := fz.Cells[0]
		add(CodeFlag, bfmt.CellPath(p.X, p.Y), "the %d flag cells do not form one 3×3 square", len(fz.Cells))
	}
	// Where the bases reach is no question for a map the game refuses
	// by its size, and its tables (4 bytes a cell from each base) would
	// outgrow the file of a map past the largest size.
	if len(bases) != 2 || sizeErr != nil {
		return out, nil
	}
	reach := checkReach(m, fz, add)
	return out, reach
}

// checkCells refuses a cell code that is no map element.
func checkCells(m *bfmt.Map, add func(code, path, format string, args ...any)) {
	for i, c := range m.Cells.All() {
		if !bfmt.IsElement(c) {
			p := m.PointOf(i)
			what := "no map element"
			if c == bfmt.UnitArchers || c == bfmt.UnitShields {
				what = "a unit type (archers 7, shields 8), never a map cell"
			}
			add(CodeCell, bfmt.CellPath(p.X, p.Y), "cell (%d, %d) holds code %d, %s", p.X, p.Y, c, what)
		}
	}
}

// checkReach refuses a map (of two bases) where a base cannot walk to the
// other base or to the flag zone (spec §2.1: a player walled in can never
// win), and returns where each base reaches.
func checkReach(m *bfmt.Map, fz bfmt.FlagZone, add func(code, path, format string, args ...any)) *Reach {
	p1, p2, _ := m.Sides()
	// What a base reaches, from each base: a cell is reached from both
	// bases together when one of them reaches it.
	r := &Reach{From: [2][]int32{m.Distances(p1.Cells...), m.Distances(p2.Cells...)}}
	reached := func(d []int32, cells []bfmt.Point) bool {
		for _, c := range cells {
			if d[m.Index(c.X, c.Y)] >= 0 {
				return true
			}
		}
		return false
	}
	a := p1.Anchor()
	if !reached(r.From[0], p2.Cells) {
		add(CodeReach, bfmt.CellPath(a.X, a.Y), "player 1's base at (%d, %d) cannot reach player 2's base", a.X, a.Y)
	}
	for i, b := range []bfmt.Base{p1, p2} {
		if len(fz.Cells) > 0 && !reached(r.From[i], fz.Cells) {
			an := b.Anchor()
			add(CodeReach, bfmt.CellPath(an.X, an.Y), "player %d's base at (%d, %d) cannot reach the flag zone", i+1, an.X, an.Y)
		}
	}
	return r
}
