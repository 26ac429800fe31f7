package ftbt

import (
	"fmt"
	"github.com/shapan/shapan/validate"

	engine "github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/srcpos"
)

var (
	ftbNoTerrain = validate.Define(validate.Rule{Code: engine.CodeNoTerrain, Severity: diag.Error, Family: "ftbt",
		Title:   "the rules define no terrain",
		Meaning: "The original refuses to load rules with no terrain (ndx must be positive).",
		Fix:     "Add at least one terrain."})
	ftbClass = validate.Define(validate.Rule{Code: "FTB002", Severity: diag.Warning, Family: "ftbt",
		Title:   "a tech of an unknown class",
		Meaning: "Classes are 0 people, 1 abi_buf, 2 def_buf, 3 fly, 4 disable_long. Using a tech of another class does nothing but ends the person's action; the computer scores it 0 yet may still pick it.",
		Fix:     "Choose one of the five classes."})
	ftbMaxAbi = validate.Define(validate.Rule{Code: engine.CodeMaxAbi, Severity: diag.Error, Family: "ftbt",
		Title:   "MAX_ABI is 0 while a fly or disable-long tech exists",
		Meaning: "The engine divides by MAX_ABI to size fly and disable-long areas: the first use crashes the game (division by zero).",
		Fix:     "Set MAX_ABI to the largest abi of the people (30 in the shipped rules)."})
	_ = validate.Define(validate.Rule{Code: engine.CodeAIDivisor, Severity: diag.Error, Family: "ftbt",
		Title:   "an AI constant the computer divides by is 0",
		Meaning: "The computer player divides by AI_MAX_MOVE_DIST, AI_MAX_BUF_VALUE, AI_MAX_DEF_DIST, AI_MAX_TECH_DIST and the three *_VMD constants; with 0 it crashes when it scores a move (division by zero).",
		Fix:     "Use a positive value (the shipped rules: 3000, 30, 300, 80, 800, 800, 600). A level played with such rules is refused too, and reported in the rules file when it is checked."})
	ftbWeight = validate.Define(validate.Rule{Code: ftbt.CodeCost, Severity: diag.Warning, Family: "ftbt",
		Title:   "a terrain with a negative move cost",
		Meaning: "The game accepts it as it is (spec §8): a cost of -1 makes the terrain impassable, as a cell an enemy stands on is; another negative cost lengthens a move across it, and the range a player sees then depends on the order the cells are explored in.",
		Fix:     "Use a positive cost (a very high one makes a terrain nearly impassable)."})
	ftbFreeMove = validate.Define(validate.Rule{Code: "FTB006", Severity: diag.Warning, Family: "ftbt",
		Title:   "a terrain that costs nothing to enter",
		Meaning: "A person crosses any amount of such terrain for free: a connected region of it is reachable in one move.",
		Fix:     "Give the terrain a positive cost."})
	ftbRatio = validate.Define(validate.Rule{Code: ftbt.CodeAoeRatio, Severity: diag.Warning, Family: "ftbt",
		Title:   "an area ratio outside 0–100",
		Meaning: "The area ratio is the percent of the effect applied around the target; above 100 the surroundings are hit harder than the target, below 0 they are healed by damage.",
		Fix:     "Use 0 to 100."})
	_ = validate.Define(validate.Rule{Code: engine.CodeNoAI, Severity: diag.Error, Family: "ftbt",
		Title:   "the rules have no AI constants",
		Meaning: "Without the AI block the computer player cannot be used with these rules (its loader reports an error). Every game Shapan plays (shapan play and sim, the studio, the server) has the computer ready to take a side, so levels played with these rules are refused, and are reported in the rules file when a level is checked.",
		Fix:     "Add the AI constants."})
	ftbEndless = validate.Define(validate.Rule{Code: "FTB009", Severity: diag.Warning, Family: "ftbt",
		Title:   "a buff or fly tech whose effect never expires",
		Meaning: "An effect written with a duration of 0 or less is never counted down: it stays on its cells until another effect of the same kind overwrites it.",
		Fix:     "Give the tech a positive duration."})
	ftbNoRange = validate.Define(validate.Rule{Code: "FTB010", Severity: diag.Warning, Family: "ftbt",
		Title:   "a tech with no target cell",
		Meaning: "A tech targets cells at its offsets from the user; with none it can never be used.",
		Fix:     "Add target offsets in the stencil."})
	ftbNoTarget = validate.Define(validate.Rule{Code: "FTB011", Severity: diag.Warning, Family: "ftbt",
		Title:   "a tech allowed on no terrain",
		Meaning: "The terrain flags gate the target cell and every cell of the area: a tech allowed nowhere can never be used.",
		Fix:     "Allow at least one terrain."})
	ftbDuplicate = validate.Define(validate.Rule{Code: "FTB012", Severity: diag.Warning, Family: "ftbt",
		Title:   "two items of the same list share a name",
		Meaning: "The engine does not mind, but references by name must then say name#1, name#2, … and players cannot tell the two apart.",
		Fix:     "Give every terrain, tech and person its own name."})
	ftbUnwritable = validate.Define(validate.Rule{Code: "FTB013", Severity: diag.Warning, Family: "ftbt",
		Title:   "a name that cannot be written to a legacy file",
		Meaning: "The game's files separate values by white space: an empty name or one with spaces cannot be exported.",
		Fix:     "Remove the spaces from the name."})

	_ = validate.Define(validate.Rule{Code: engine.CodeSize, Severity: diag.Error, Family: "ftbt",
		Title:   "the map has no cells, or more than the engine plays on",
		Meaning: "The engine cannot place people or compute movement on an empty map, and it plays maps of at most 16 777 216 cells.",
		Fix:     "Give the level a width and a height of at least 1, and at most 16 777 216 cells in all."})
	_ = validate.Define(validate.Rule{Code: engine.CodeTerrainID, Severity: diag.Error, Family: "ftbt",
		Title:   "a cell's terrain is not one of the rules' terrains",
		Meaning: "The engine looks the terrain up to compute move costs and crashes (index out of range).",
		Fix:     "Paint the cell with a terrain of the rules."})
	_ = validate.Define(validate.Rule{Code: engine.CodeSide, Severity: diag.Error, Family: "ftbt",
		Title:   "a person on a side other than 0 or 1",
		Meaning: "There are two sides; the original crashes while loading the level (it counts people by side).",
		Fix:     "Put the person on side 0 or side 1."})
	_ = validate.Define(validate.Rule{Code: engine.CodeOffMap, Severity: diag.Error, Family: "ftbt",
		Title:   "a person stands outside the map",
		Meaning: "The engine turns x, y into y·width + x without checking: the person appears on another cell (x = width wraps to the next row) or the load crashes.",
		Fix:     "Place the person on the map."})
	_ = validate.Define(validate.Rule{Code: engine.CodeSameCell, Severity: diag.Error, Family: "ftbt",
		Title:   "two people stand on the same cell",
		Meaning: "The later person replaces the earlier one on the cell, which becomes a ghost: it cannot be targeted or die, its side can never lose, and the computer's turn never ends.",
		Fix:     "Move one of them."})
	_ = validate.Define(validate.Rule{Code: engine.CodeTechID, Severity: diag.Error, Family: "ftbt",
		Title:   "a person knows a tech the rules do not have",
		Meaning: "The engine looks the tech up when the person acts (or the computer scores it) and crashes.",
		Fix:     "Choose techs of the rules."})
	_ = validate.Define(validate.Rule{Code: engine.CodeDead, Severity: diag.Error, Family: "ftbt",
		Title:   "a person starts with no hit points",
		Meaning: "A person with hp 0 is on the map but the computer divides by its hp when it scores an attack on it (crash); the first hit removes it.",
		Fix:     "Give the person positive hp."})
	_ = validate.Define(validate.Rule{Code: engine.CodeEmptySide, Severity: diag.Error, Family: "ftbt",
		Title:   "a side has nobody",
		Meaning: "With one side empty the computer player finds no enemy and stops the game ('no enermy for AI'); in two-player games there is nothing to fight.",
		Fix:     "Give both sides people."})
	ftbNoFactors = validate.Define(validate.Rule{Code: "FTB028", Severity: diag.Warning, Family: "ftbt",
		Title:   "every person of the computer's side has attack factor -1",
		Meaning: "The game gives a side-1 person whose attack factor is -1 the default factors 30/30/40 (spec §1.2) and ignores its defence and move factors: with all of side 1 so, the AI settings written for it change nothing.",
		Fix:     "Write the factors wanted for side 1's people, or leave the warning if the defaults are meant."})
	_ = validate.Define(validate.Rule{Code: engine.CodeGoal, Severity: diag.Error, Family: "ftbt",
		Title:   "a goal outside the map",
		Meaning: "The computer computes distances to the goal cell: outside the map it wraps to another cell or crashes.",
		Fix:     "Pick the goal on the map, or clear it (chase the nearest enemy)."})
	ftbNoRules = validate.Define(validate.Rule{Code: "FTB030", Severity: diag.Warning, Family: "ftbt",
		Title:   "the level is checked without its rules",
		Meaning: "Terrain ids, tech ids and movement can only be checked against the rules the level is played with.",
		Fix:     "Name the rules in the level (rules: FILE) or pass --rules."})
	ftbHighAbi = validate.Define(validate.Rule{Code: "FTB031", Severity: diag.Warning, Family: "ftbt",
		Title:   "a person's abi exceeds MAX_ABI while it knows a fly tech",
		Meaning: "Fly weights are computed from abi relative to MAX_ABI; above it the weight can reach -1, which the engine reads as an enemy: the cells become impassable instead of cheap.",
		Fix:     "Raise MAX_ABI or lower the person's abi."})
	ftbStuck = validate.Define(validate.Rule{Code: "FTB032", Severity: diag.Warning, Family: "ftbt",
		Title:   "a person cannot move",
		Meaning: "Every step costs the terrain of the cell entered; a person whose speed is below the cost of every neighbouring cell never leaves its cell.",
		Fix:     "Raise the person's speed or change the terrain around it."})
	ftbSeparated = validate.Define(validate.Rule{Code: "FTB033", Severity: diag.Warning, Family: "ftbt",
		Title:   "a person can never reach an enemy",
		Meaning: "Terrain the person's speed cannot step onto separates it from every enemy (and them from it): it will never fight.",
		Fix:     "Open a passage, move the person, or raise its speed."})
	ftbNoTechs = validate.Define(validate.Rule{Code: "FTB034", Severity: diag.Warning, Family: "ftbt",
		Title:   "a person knows no tech",
		Meaning: "Attacks are techs: a person without any can only walk.",
		Fix:     "Give the person at least one attack tech."})
)

func init() {
	validate.RegisterChecker(ftbt.KindRules, func(r validate.Reporter) {
		if rs, ok := r.Doc().Value.(*ftbt.Rules); ok {
			checkRules(r, rs)
		}
	})
	validate.RegisterChecker(ftbt.KindLevel, checkLevel)
}

func checkRules(r validate.Reporter, rs *ftbt.Rules) {
	r.Trailing(rs.Trailing)
	if len(rs.Terrains) == 0 {
		r.Add(ftbNoTerrain, "terrains", "the rules define no terrain")
	}
	terrainNames := make([]string, len(rs.Terrains))
	for i, t := range rs.Terrains {
		terrainNames[i] = t.Name
		p := srcpos.Index("terrains", i)
		switch cost := ftbt.TerrainFields.Field("cost"); {
		case cost.Outside(t.Weight):
			r.Add(ftbWeight, srcpos.Field(p, cost.Key), "terrain %s costs %d to enter (a cost is %s)", t.Name, t.Weight, cost.Allowed())
		case t.Weight == 0:
			r.Add(ftbFreeMove, srcpos.Field(p, cost.Key), "terrain %s costs nothing to enter", t.Name)
		}
	}
	ftbDuplicates(r, "terrains", "terrain", terrainNames)
	techNames := make([]string, len(rs.Techs))
	needsMaxAbi := false
	for i, t := range rs.Techs {
		techNames[i] = t.Name
		p := srcpos.Index("techs", i)
		if t.Class < 0 || t.Class >= len(ftbt.ClassNames) {
			r.Add(ftbClass, p+".class", "tech %s has class %d; using it would do nothing", t.Name, t.Class)
		}
		if t.Class == ftbt.ClassFly || t.Class == ftbt.ClassDisableLong {
			needsMaxAbi = true
		}
		if ratio := ftbt.AoeFields.Field("ratio"); ratio.Outside(t.AoeRatio) {
			r.Add(ftbRatio, srcpos.Field(p+".aoe", ratio.Key), "tech %s has an area ratio of %d%%", t.Name, t.AoeRatio)
		}
		if t.Duration <= 0 && (t.Class == ftbt.ClassAbiBuf || t.Class == ftbt.ClassDefBuf || t.Class == ftbt.ClassFly) {
			r.Add(ftbEndless, srcpos.Field(p, ftbt.TechFields.Field("duration").Key), "tech %s (%s) has duration %d: its effect never expires", t.Name, ftbt.ClassNames[t.Class], t.Duration)
		}
		if len(t.Range) == 0 {
			r.Add(ftbNoRange, p+".range", "tech %s has no target cell", t.Name)
		}
		allowed := false
		for _, a := range t.Allowed {
			allowed = allowed || a
		}
		if !allowed && len(rs.Terrains) > 0 {
			r.Add(ftbNoTarget, p+".terrains", "tech %s is allowed on no terrain", t.Name)
		}
	}
	ftbDuplicates(r, "techs", "tech", techNames)
	if needsMaxAbi && rs.MaxAbi == 0 {
		r.Add(ftbMaxAbi, ftbt.RulesFields.Field("max_abi").Key, "MAX_ABI is 0 and the rules have fly or disable-long techs: their first use divides by zero")
	}
	r.AddAll(engine.CheckRules(rs))
	for i, n := range terrainNames {
		if msg := ftbt.LegacyNameProblem(n); msg != "" {
			r.Add(ftbUnwritable, srcpos.Index("terrains", i)+".name", "%s", msg)
		}
	}
	for i, n := range techNames {
		if msg := ftbt.LegacyNameProblem(n); msg != "" {
			r.Add(ftbUnwritable, srcpos.Index("techs", i)+".name", "%s", msg)
		}
	}
}

func ftbDuplicates(r validate.Reporter, list, noun string, names []string) {
	first := map[string]int{}
	for i, n := range names {
		if j, ok := first[n]; ok {
			r.Add(ftbDuplicate, srcpos.Index(list, i)+".name", "%s %d and %s %d are both named %s", noun, j+1, noun, i+1, n)
			continue
		}
		first[n] = i
	}
}

func checkLevel(r validate.Reporter) {
	l, ok := r.Doc().Value.(*ftbt.Level)
	if !ok {
		return
	}
	rules, _ := r.Doc().Rules.(*ftbt.Rules)
	r.Trailing(l.Trailing)
	if rules == nil {
		r.Add(ftbNoRules, "size", "the level is checked without its rules: terrain and tech ids and movement are not checked")
	}
	r.AddAll(engine.CheckLevel(rules, l))
	r.AddAllElsewhere(engine.RulesProblems(r.Doc()))
	r.AddAll(engine.CheckAI(l))
	checkPeopleSmells(r, l, rules)
	if rules != nil && l.W > 0 && l.H > 0 && l.Terrain.Len() == l.W*l.H {
		checkMobility(r, l, rules)
	}
}

// checkPeopleSmells reports what the engine plays but a designer would
// not want: people without techs, above MAX_ABI with a fly tech, a
// computer side whose AI factors are all left to the defaults, shared
// and unwritable names.
func checkPeopleSmells(r validate.Reporter, l *ftbt.Level, rules *ftbt.Rules) {
	names := make([]string, len(l.People))
	side1, defaulted := 0, 0
	for i, p := range l.People {
		names[i] = p.Name
		path := srcpos.Index("people", i)
		who := fmt.Sprintf("person %d (%s)", i+1, p.Name)
		if len(p.Techs) == 0 {
			r.Add(ftbNoTechs, path+".techs", "%s knows no tech", who)
		}
		if rules != nil && p.Abi > rules.MaxAbi && knowsFly(rules, p.Techs) {
			r.Add(ftbHighAbi, srcpos.Field(path, ftbt.PersonFields.Field("abi").Key), "%s has abi %d above MAX_ABI %d and knows a fly tech", who, p.Abi, rules.MaxAbi)
		}
		if p.Side == 1 {
			side1++
			if p.AI == nil || p.AI.Attack == -1 {
				defaulted++
			}
		}
	}
	ftbDuplicates(r, "people", "person", names)
	if l.HasAI() && side1 > 0 && defaulted == side1 {
		r.Add(ftbNoFactors, "people", "every person of side 1 has attack factor -1: the game gives each the factors 30/30/40 and ignores the others written")
	}
	for i, n := range names {
		if msg := ftbt.LegacyNameProblem(n); msg != "" {
			r.Add(ftbUnwritable, srcpos.Index("people", i)+".name", "%s", msg)
		}
	}
}

// knowsFly reports whether techs hold a fly tech of rules.
func knowsFly(rules *ftbt.Rules, techs []int) bool {
	for _, t := range techs {
		if t >= 0 && t < len(rules.Techs) && rules.Techs[t].Class == ftbt.ClassFly {
			return true
		}
	}
	return false
}

// checkMobility reports people who cannot move at all and people whom
// terrain separates from every enemy (the engine's PeopleMobility).
func checkMobility(r validate.Reporter, l *ftbt.Level, rules *ftbt.Rules) {
	for i, m := range engine.PeopleMobility(l, rules) {
		p, path := l.People[i], srcpos.Index("people", i)
		switch m {
		case engine.Stuck:
			r.Add(ftbStuck, srcpos.Field(path, ftbt.PersonFields.Field("speed").Key), "person %d (%s) has speed %d, below the cost of every cell around it", i+1, p.Name, p.Speed)
		case engine.Separated:
			r.Add(ftbSeparated, path+".at", "person %d (%s) at (%d, %d) and every enemy are separated by terrain their speed cannot enter", i+1, p.Name, p.X, p.Y)
		}
	}
}
