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
	CodeBases       = "BTL003"             // not exactly two bases
	CodeFlag        = "BTL004"             // no flag cell
	CodeRosterName  = bfmt.CodeRosterName  // a roster entry naming no hero, or one twice
	CodeRosterValue = bfmt.CodeRosterValue // a roster value out of range
)

// CheckMap lists every condition NewBoard refuses a map and its roster
// override on (spec §2.1, §2.3), as errors with the codes of the check
// rules and the paths of the map document; `shapan check` reports them
// through package validate, so that the two agree.
func CheckMap(m *bfmt.Map, roster []bfmt.RosterEntry) diag.List {
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
	flag := false
	for i, c := range m.Cells.All() {
		flag = flag || c == bfmt.CodeFlag
		if !bfmt.IsElement(c) {
			p := m.PointOf(i)
			what := "no map element"
			if c == bfmt.UnitArchers || c == bfmt.UnitShields {
				what = "a unit type (archers 7, shields 8), never a map cell"
			}
			add(CodeCell, bfmt.CellPath(p.X, p.Y), "cell (%d, %d) holds code %d, %s", p.X, p.Y, c, what)
		}
	}
	if bases := m.Bases(); len(bases) != 2 {
		path := bfmt.PathGrid
		if len(bases) > 2 {
			a := bases[2].Anchor()
			path = bfmt.CellPath(a.X, a.Y)
		}
		add(CodeBases, path, "the map has %d base(s); it needs exactly two", len(bases))
	}
	if !flag {
		add(CodeFlag, bfmt.PathGrid, "the map has no flag zone")
	}
	return out
}
