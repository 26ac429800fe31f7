package battle

import (
	"fmt"
	battleeng "github.com/shapan/shapan/engine/battle"
	"github.com/shapan/shapan/validate"
	"strings"

	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/diag"
)

var (
	_ = validate.Define(validate.Rule{Code: battleeng.CodeCell, Severity: diag.Error, Family: "battle",
		Title:   "a cell holds a code that is no map element",
		Meaning: "Map cells are 0 space, 1 mountain, 2 water, 3 flag, 5 base and 50–52 cities; 7 and 8 are unit types, never cells. The game's server would send an element its clients do not know.",
		Fix:     "Paint the cell with one of the elements."})
	btlSize = validate.Define(validate.Rule{Code: battle.CodeSize, Severity: diag.Error, Family: "battle",
		Title:   "a map side outside 2–1000 cells",
		Meaning: "Battle maps are 80×60 in the seed; other sizes from 2 to 1000 cells a side are allowed.",
		Fix:     "Resize the map."})
	_ = validate.Define(validate.Rule{Code: battleeng.CodeBases, Severity: diag.Error, Family: "battle",
		Title:   "the map does not have exactly two bases",
		Meaning: "Each of the two players spawns and respawns at its base (a connected group of base cells); with another number of bases the sides are undefined.",
		Fix:     "Keep exactly two separate bases."})
	btlFlag = validate.Define(validate.Rule{Code: battleeng.CodeFlag, Severity: diag.Error, Family: "battle",
		Title:   "the flag cells do not form one 3×3 square",
		Meaning: "The dragon-flag zone players occupy to win is a 3×3 square; occupation is counted on it.",
		Fix:     "Place the flag zone with the flag tool (it paints a 3×3 square)."})
	btlFlagCentre = validate.Define(validate.Rule{Code: "BTL005", Severity: diag.Warning, Family: "battle",
		Title:   "the flag zone is not in the centre of the map",
		Meaning: "The standard layout centres the zone on (W/2, H/2), at the same distance from both bases.",
		Fix:     "Move the zone to the centre, unless the asymmetry is intended."})
	btlReach = validate.Define(validate.Rule{Code: "BTL006", Severity: diag.Error, Family: "battle",
		Title:   "a base cannot reach the other base or the flag zone",
		Meaning: "Units walk through passable cells (8 neighbours); a player walled in by mountains and water can never win.",
		Fix:     "Open a passage (a ford or a pass) between the bases and to the flag zone."})
	btlCityReach = validate.Define(validate.Rule{Code: "BTL007", Severity: diag.Warning, Family: "battle",
		Title:   "a city nobody can attack",
		Meaning: "Heroes attack from at most 3 cells away; no reachable cell is that close to this city, so its reward can never be taken.",
		Fix:     "Open a reachable cell within 3 cells of the city, or move it."})
	btlUnfair = validate.Define(validate.Rule{Code: "BTL008", Severity: diag.Warning, Family: "battle",
		Title:   "the map is not symmetric between the two bases",
		Meaning: "Games are played twice with the players swapping sides, so a fair map gives both bases the same surroundings: symmetric under the 180° rotation (or a mirror that swaps the bases).",
		Fix:     "Paint with symmetry on, or fix the cells the message lists."})
	_ = validate.Define(validate.Rule{Code: battleeng.CodeRosterName, Severity: diag.Error, Family: "battle",
		Title:   "a roster entry names no hero of the roster, or a hero twice",
		Meaning: "The roster key changes the stats of heroes of the game's roster of nine (吕布, 赵云, 关羽, 刘备, 曹操, 孙权, 诸葛亮, 周瑜, 司马懿), each at most once; the engine refuses a map whose roster names anyone else or a hero twice.",
		Fix:     "Correct the name, or merge the two entries of the hero."})
	_ = validate.Define(validate.Rule{Code: battleeng.CodeRosterValue, Severity: diag.Error, Family: "battle",
		Title:   "a roster stat outside its range",
		Meaning: "A hero's force is 1 to 10000, command (the most soldiers it carries) 0 to 100, hp 1 to 100000 and attack range 1 to 20; the engine refuses other values.",
		Fix:     "Bring the value within its range, or remove it to keep the hero's default."})
)

func init() { validate.RegisterChecker(battle.Kind, checkBattle) }

func checkBattle(r validate.Reporter) {
	m, ok := r.Doc().Value.(*battle.Map)
	if !ok {
		return
	}
	r.Trailing(m.Trailing)
	r.AddAll(battleeng.CheckMap(m, m.Roster)) // what the engine refuses
	sizeErr := battle.CheckSize(m.W, m.H)
	if sizeErr != nil {
		r.Add(btlSize, "size", "%v", sizeErr)
	}
	bases := m.Bases()
	fz := m.FlagZone()
	switch {
	case len(fz.Cells) == 0: // the engine's check reports it
	case !fz.Square:
		p := fz.Cells[0]
		r.Add(btlFlag, battle.CellPath(p.X, p.Y), "the %d flag cells do not form one 3×3 square", len(fz.Cells))
	case !fz.Centred:
		r.Add(btlFlagCentre, battle.CellPath(fz.Centre.X, fz.Centre.Y), "the flag zone is centred on (%d, %d), not on the map's centre (%d, %d)", fz.Centre.X, fz.Centre.Y, fz.Want.X, fz.Want.Y)
	}
	if len(bases) == 2 {
		// Where the bases reach is no question for a map the game refuses
		// by its size, and its tables (4 bytes a cell from each base)
		// would outgrow the file of a map past the largest size.
		if sizeErr == nil {
			checkBattleReach(r, m, bases, fz)
		}
		checkBattleFairness(r, m)
	}
}

func checkBattleReach(r validate.Reporter, m *battle.Map, bases []battle.Base, fz battle.FlagZone) {
	p1, p2, _ := m.Sides()
	// What a base reaches, from each base: a cell is reached from both
	// bases together when one of them reaches it.
	from := [2][]int32{m.Distances(p1.Cells...), m.Distances(p2.Cells...)}
	reached := func(d []int32, cells []battle.Point) bool {
		for _, c := range cells {
			if d[m.Index(c.X, c.Y)] >= 0 {
				return true
			}
		}
		return false
	}
	a := p1.Anchor()
	if !reached(from[0], p2.Cells) {
		r.Add(btlReach, battle.CellPath(a.X, a.Y), "player 1's base at (%d, %d) cannot reach player 2's base", a.X, a.Y)
	}
	for i, b := range []battle.Base{p1, p2} {
		if len(fz.Cells) > 0 && !reached(from[i], fz.Cells) {
			an := b.Anchor()
			r.Add(btlReach, battle.CellPath(an.X, an.Y), "player %d's base at (%d, %d) cannot reach the flag zone", i+1, an.X, an.Y)
		}
	}
	// Cities: some reachable passable cell within the longest range of a
	// hero (3, unless the roster changes it).
	reach := 0
	for _, h := range battle.ApplyRoster(m.Roster) {
		reach = max(reach, min(h.Range, battle.RosterStats[3].Max))
	}
	for _, c := range m.Cities() {
		ok := false
		for dy := -reach; dy <= reach && !ok; dy++ {
			for dx := -reach; dx <= reach && !ok; dx++ {
				x, y := c.X+dx, c.Y+dy
				if m.In(x, y) && battle.Passable(m.At(x, y)) {
					i := m.Index(x, y)
					ok = from[0][i] >= 0 || from[1][i] >= 0
				}
			}
		}
		if !ok {
			r.Add(btlCityReach, battle.CellPath(c.X, c.Y), "the level-%d city at (%d, %d) has no reachable cell within %d cells: nobody can attack it", c.Level, c.X, c.Y, reach)
		}
	}
}

func checkBattleFairness(r validate.Reporter, m *battle.Map) {
	if _, fair := m.FairSymmetry(); fair {
		return
	}
	diffs := m.SymmetryDiffs(battle.Rotation180, 5)
	var shown []string
	for _, d := range diffs {
		shown = append(shown, fmt.Sprintf("(%d,%d)=%s vs (%d,%d)=%s", d.A.X, d.A.Y, codeName(d.CodeA), d.B.X, d.B.Y, codeName(d.CodeB)))
	}
	path := battle.PathGrid
	if len(diffs) > 0 {
		path = battle.CellPath(diffs[0].A.X, diffs[0].A.Y)
	}
	r.Add(btlUnfair, path, "the map is not symmetric under the 180° rotation (nor a mirror that swaps the bases); first differences: %s", strings.Join(shown, ", "))
}

func codeName(c int) string {
	if e, ok := battle.ElementByCode(c); ok {
		return e.Name
	}
	return fmt.Sprint(c)
}
