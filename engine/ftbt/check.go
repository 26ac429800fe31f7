package ftbt

import (
	"fmt"

	"github.com/shapan/shapan/formats/diag"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/srcpos"
)

// The codes of the check rules (package validate's catalogue) of the
// conditions the engine refuses a level on.
const (
	CodeNoTerrain = "FTB001"           // the rules define no terrain
	CodeMaxAbi    = "FTB003"           // a fly or disable-long tech is known while MAX_ABI is 0
	CodeAIDivisor = "FTB004"           // an AI constant the computer player divides by is 0
	CodeNoAI      = "FTB008"           // the rules have no AI constants
	CodeSize      = ftbtfmt.CodeSize   // the map has no cells, or too many
	CodeTerrainID = "FTB021"           // a cell's terrain is not one of the rules'
	CodeSide      = ftbtfmt.CodeSide   // a person on a side other than 0 or 1
	CodeOffMap    = ftbtfmt.CodeOffMap // a person outside the map
	CodeSameCell  = "FTB024"           // two people on one cell
	CodeTechID    = "FTB025"           // a person knows a tech the rules do not have
	CodeDead      = ftbtfmt.CodeDead   // a person without hit points
	CodeEmptySide = "FTB027"           // a side with nobody
	CodeGoal      = "FTB029"           // a computer person's goal outside the map
)

// MaxCells bounds the cells of a map the engine plays on.
const MaxCells = 1 << 24

// CheckSize says why the engine cannot play a map of w×h cells (nil when
// it can): a map has 1 to MaxCells cells.
func CheckSize(w, h int) error {
	width, height := ftbtfmt.SizeFields.Field("width"), ftbtfmt.SizeFields.Field("height")
	if width.Outside(w) || height.Outside(h) || w > MaxCells || h > MaxCells || w*h > MaxCells {
		return fmt.Errorf("the map is %d×%d; a map has 1 to %d cells", w, h, MaxCells)
	}
	return nil
}

// CheckLevel lists every condition the engine refuses a level played with
// rules on (spec §1.4 and §8: what the original crashes or loops on), as
// errors with the codes of the check rules and the paths of the level
// document; the caller locates them in the file it read. Without rules
// only the conditions of the level alone are checked. `shapan check`
// reports these through package validate, and New refuses a level with
// any of them, so that the two agree.
func CheckLevel(rules *ftbtfmt.Rules, l *ftbtfmt.Level) diag.List {
	var out diag.List
	add := func(code, path, format string, args ...any) {
		out = append(out, diag.Diagnostic{Severity: diag.Error, Code: code, Path: path, Message: fmt.Sprintf(format, args...)})
	}
	if rules != nil && len(rules.Terrains) == 0 {
		add(CodeNoTerrain, "", "the rules define no terrain")
	}
	if err := CheckSize(l.W, l.H); err != nil {
		add(CodeSize, "size", "%v", err)
		return out
	}
	if rules != nil {
		checkTerrain(rules, l, add)
	}
	checkPeople(rules, l, add)
	return out
}

// CellPath is the document path of cell (x, y) of a level's terrain.
func CellPath(x, y int) string { return fmt.Sprintf("terrain[%d][%d]", y, x) }

func checkTerrain(rules *ftbtfmt.Rules, l *ftbtfmt.Level, add func(code, path, format string, args ...any)) {
	n := len(rules.Terrains)
	for i, t := range l.Terrain.All() {
		if t < 0 || t >= n {
			add(CodeTerrainID, CellPath(i%l.W, i/l.W), "cell (%d, %d) has terrain %d; the rules have terrains 0–%d", i%l.W, i/l.W, t, n-1)
		}
	}
}

// checkPeople checks every person (side, place, hit points, techs) and
// that each side has somebody on the map.
func checkPeople(rules *ftbtfmt.Rules, l *ftbtfmt.Level, add func(code, path, format string, args ...any)) {
	occupied := map[int]int{}
	var onMap [2]int
	for i, p := range l.People {
		path := srcpos.Index("people", i)
		who := fmt.Sprintf("person %d (%s)", i+1, p.Name)
		side := !ftbtfmt.PersonFields.Field("side").Outside(p.Side)
		if !side {
			add(CodeSide, srcpos.Field(path, ftbtfmt.PersonFields.Field("side").Key), "%s is on side %d; the sides are %s", who, p.Side, ftbtfmt.PersonFields.Field("side").Allowed())
		}
		off := offMap(p, l.W, l.H)
		switch j, taken := occupied[p.Y*l.W+p.X]; {
		case off >= 0:
			add(CodeOffMap, srcpos.Index(path+".at", off), "%s stands at (%d, %d), outside the %d×%d map", who, p.X, p.Y, l.W, l.H)
		case taken:
			add(CodeSameCell, path+".at", "%s stands on (%d, %d), where %s already stands", who, p.X, p.Y, l.People[j].Name)
		default:
			occupied[p.Y*l.W+p.X] = i
			if side {
				onMap[p.Side]++
			}
		}
		if hp := ftbtfmt.PersonFields.Field("hp"); hp.Outside(p.HP) {
			add(CodeDead, srcpos.Field(path, hp.Key), "%s starts with hp %d (hp is %s)", who, p.HP, hp.Allowed())
		}
		if rules != nil {
			checkTechs(rules, who, path, p.Techs, add)
		}
	}
	for side, n := range onMap {
		if n == 0 {
			add(CodeEmptySide, "people", "side %d has nobody on the map; each side needs at least one person", side)
		}
	}
}

// offMap returns the coordinate of p's cell that puts it off a w×h map
// (0 x, 1 y; the table's range, then the map's far edge), or -1 when p
// stands on the map.
func offMap(p ftbtfmt.Person, w, h int) int {
	cell := ftbtfmt.PersonCellFields.Fields
	switch {
	case cell[0].Outside(p.X) || p.X >= w:
		return 0
	case cell[1].Outside(p.Y) || p.Y >= h:
		return 1
	}
	return -1
}

// checkTechs checks the techs a person knows: they exist, and none
// divides by a MAX_ABI of 0 (spec §3.6: fly and disable-long areas).
func checkTechs(rules *ftbtfmt.Rules, who, path string, techs []int, add func(code, path, format string, args ...any)) {
	for k, id := range techs {
		at := srcpos.Index(path+".techs", k)
		if id < 0 || id >= len(rules.Techs) {
			add(CodeTechID, at, "%s knows tech %d; the rules have techs 0–%d", who, id, len(rules.Techs)-1)
			continue
		}
		if c := rules.Techs[id].Class; (c == ftbtfmt.ClassFly || c == ftbtfmt.ClassDisableLong) && 100*rules.MaxAbi == 0 {
			add(CodeMaxAbi, at, "%s knows %s, whose effect divides by MAX_ABI, which is %d", who, rules.Techs[id].Name, rules.MaxAbi)
		}
	}
}

// CheckRules lists the conditions the engine refuses rules on, as errors
// with the codes of the check rules and the paths of the rules document:
// what the computer player refuses (CheckAIRules). A level played with
// such rules is refused, and `shapan check` reports them in the rules
// file, checked alone or with a level. A terrain's negative cost is no
// refusal: the original accepts it as it is (spec §8), a cost of -1 making
// the terrain impassable as an enemy's cell is (§3.2); check warns of it.
func CheckRules(r *ftbtfmt.Rules) diag.List {
	return CheckAIRules(r)
}

// CheckAIRules lists the conditions the computer player refuses rules
// on (spec §6.7), as errors with the codes of the check rules and the
// paths of the rules document: rules without AI constants, and a
// constant it divides by set to 0. Every game Shapan plays has the
// computer ready to take a side, so New's callers, `shapan check` of a
// level and of the rules alike refuse them. MAX_ABI 0 is refused with the
// level (CheckLevel): the AI divides by it only for a fly or
// disable-long tech someone knows.
func CheckAIRules(r *ftbtfmt.Rules) diag.List {
	if r.AI == nil {
		return diag.List{{Severity: diag.Error, Code: CodeNoAI, Path: "techs",
			Message: "the rules have no AI constants: the computer player cannot play with them"}}
	}
	var out diag.List
	fields := r.AI.Fields()
	for _, k := range aiDivisors {
		if *fields[k] == 0 {
			out = append(out, diag.Diagnostic{Severity: diag.Error, Code: CodeAIDivisor, Path: "ai." + ftbtfmt.AIConstantKeys[k],
				Message: fmt.Sprintf("%s is 0: the computer player divides by it", ftbtfmt.AIConstantNames[k])})
		}
	}
	return out
}

// aiDivisors are the AI constants (indexes of AIConstants.Fields) the
// computer player divides by.
var aiDivisors = []int{0, 2, 4, 6, 8, 9, 10}

// CheckAI lists the conditions the computer player refuses a level's AI
// settings on (LevelAI): a person of the computer's side whose goal is
// outside the map. A side-1 person's attack factor -1 is no refusal: the
// loader gives that person the factors 30/30/40 (spec §1.2), so the
// computer's side is always controlled.
func CheckAI(l *ftbtfmt.Level) diag.List {
	var out diag.List
	for i, p := range l.People {
		if p.Side == 0 || p.AI == nil {
			continue
		}
		if a := p.AI; a.GoalX >= 0 && a.GoalY >= 0 && (a.GoalX >= l.W || a.GoalY >= l.H) {
			out = append(out, diag.Diagnostic{Severity: diag.Error, Code: CodeGoal, Path: srcpos.Index("people", i) + ".ai.goal",
				Message: fmt.Sprintf("person %d (%s) heads for (%d, %d), outside the %d×%d map", i+1, p.Name, a.GoalX, a.GoalY, l.W, l.H)})
		}
	}
	return out
}
