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
	_ = validate.Define(validate.Rule{Code: battleeng.CodeSize, Severity: diag.Error, Family: "battle",
		Title:   "a map side outside 2–1000 cells",
		Meaning: "Battle maps are 80×60 in the seed; other sizes from 2 to 1000 cells a side are allowed.",
		Fix:     "Resize the map."})
	_ = validate.Define(validate.Rule{Code: battleeng.CodeBases, Severity: diag.Error, Family: "battle",
		Title:   "the map does not have exactly two bases",
		Meaning: "Each of the two players spawns and respawns at its base (a connected group of base cells); with another number of bases the sides are undefined.",
		Fix:     "Keep exactly two separate bases."})
	_ = validate.Define(validate.Rule{Code: battleeng.CodeFlag, Severity: diag.Error, Family: "battle",
		Title:   "the flag cells do not form one 3×3 square",
		Meaning: "The dragon-flag zone players occupy to win is a 3×3 square; occupation is counted on it.",
		Fix:     "Place the flag zone with the flag tool (it paints a 3×3 square)."})
	btlFlagCentre = validate.Define(validate.Rule{Code: "BTL005", Severity: diag.Warning, Family: "battle",
		Title:   "the flag zone is not in the centre of the map",
		Meaning: "The standard layout centres the zone on (W/2, H/2), at the same distance from both bases.",
		Fix:     "Move the zone to the centre, unless the asymmetry is intended."})
	_ = validate.Define(validate.Rule{Code: battleeng.CodeReach, Severity: diag.Error, Family: "battle",
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
	problems, reach := battleeng.CheckMapReach(m, m.Roster)
	r.AddAll(problems) // what the engine refuses
	fz := m.FlagZone()
	if fz.Square && !fz.Centred {
		r.Add(btlFlagCentre, battle.CellPath(fz.Centre.X, fz.Centre.Y), "the flag zone is centred on (%d, %d), not on the map's centre (%d, %d)", fz.Centre.X, fz.Centre.Y, fz.Want.X, fz.Want.Y)
	}
	if len(m.Bases()) == 2 {
		if reach != nil {
			checkCityReach(r, m, reach)
		}
		checkBattleFairness(r, m)
	}
}

// checkCityReach reports the cities no hero can attack: no cell a base
// reaches (the engine's Reach) is within the longest range of a hero (3,
// unless the roster changes it).
func checkCityReach(r validate.Reporter, m *battle.Map, reach *battleeng.Reach) {
	from := reach.From
	reachRange := 0
	for _, h := range battle.ApplyRoster(m.Roster) {
		reachRange = max(reachRange, min(h.Range, battle.RosterStats[3].Max))
	}
	for _, c := range m.Cities() {
		ok := false
		for dy := -reachRange; dy <= reachRange && !ok; dy++ {
			for dx := -reachRange; dx <= reachRange && !ok; dx++ {
				x, y := c.X+dx, c.Y+dy
				if m.In(x, y) && battle.Passable(m.At(x, y)) {
					i := m.Index(x, y)
					ok = from[0][i] >= 0 || from[1][i] >= 0
				}
			}
		}
		if !ok {
			r.Add(btlCityReach, battle.CellPath(c.X, c.Y), "the level-%d city at (%d, %d) has no reachable cell within %d cells: nobody can attack it", c.Level, c.X, c.Y, reachRange)
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
