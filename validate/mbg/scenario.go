package mbg

import (
	"fmt"
	"github.com/shapan/shapan/validate"
	"math"
	"strings"

	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/srcpos"
)

var (
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeBadBase, Severity: diag.Error, Family: "mbg",
		Title:   "a board square belongs to a city, institute or training room that does not exist",
		Meaning: "The game looks the building up when a role lands on the square and crashes (index out of range).",
		Fix:     "Pick an existing building for the square, or change its type."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeBadGarrison, Severity: diag.Error, Family: "mbg",
		Title:   "a garrison names an officer that does not exist",
		Meaning: "The game crashes while loading the scenario (index out of range).",
		Fix:     "Remove the entry or name an existing officer."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeBadOfficial, Severity: diag.Error, Family: "mbg",
		Title:   "a mayor or treasurer is an officer that does not exist",
		Meaning: "The game crashes while loading the scenario (index out of range).",
		Fix:     "Name an officer of the city's garrison, or leave the post empty."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeBadRetinue, Severity: diag.Error, Family: "mbg",
		Title:   "a role's retinue names an officer that does not exist",
		Meaning: "The game crashes while loading the scenario (index out of range).",
		Fix:     "Remove the entry or name an existing officer."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeBadOwned, Severity: diag.Error, Family: "mbg",
		Title:   "a role owns a city that does not exist",
		Meaning: "The game crashes while loading the scenario (index out of range).",
		Fix:     "Remove the entry or name an existing city."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeBadStart, Severity: diag.Error, Family: "mbg",
		Title:   "a role starts on a square that is not on the board",
		Meaning: "The game crashes when it places the role (index out of range). Only -1 (the role does not take part) or a square of the board are valid.",
		Fix:     "Use a square number from 0 to the board length minus one, or -1."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeBadTech, Severity: diag.Error, Family: "mbg",
		Title:   "a tech id outside 0–11",
		Meaning: "There are twelve techs; the game crashes when it looks up another one (in a battle or at an institute).",
		Fix:     "Use one of the twelve techs: 弓箭 火箭 医疗 盾牌 转移 强击 离间 雷击 混乱 内讧 攻城 流放."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeTwoPlaces, Severity: diag.Error, Family: "mbg",
		Title:   "an officer is in more than one place",
		Meaning: "An officer can be in one retinue or one garrison. The game processes the lists in order and the later one wins, leaving the officer listed where he is not: he fights for one side while counted in another's garrison.",
		Fix:     "Keep the officer in one garrison or one retinue only."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeOfficialAbroad, Severity: diag.Error, Family: "mbg",
		Title:   "a mayor or treasurer is not in the city's garrison",
		Meaning: "The game gives the officer the post without checking; he then heals or earns for a city he is not in, and moving him breaks the city's bookkeeping.",
		Fix:     "Add the officer to the city's garrison, or choose a garrison member for the post."})
	mbgMayorTreasurer = validate.Define(validate.Rule{Code: "MBG012", Severity: diag.Warning, Family: "mbg",
		Title: "the same officer is mayor and treasurer",
		Meaning: "At load the officer gets the treasurer's job and fills both posts, and appointing him again keeps him in both. Appointing someone else to one post " +
			"makes him a plain garrison member who still holds the other, and that post goes on naming him after he leaves the city (MBG063 in the save). " +
			"In a city no role owns, his dismissal at load leaves the mayor's post naming him.",
		Fix: "Choose two different garrison members, or leave one post empty."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeTwoOwners, Severity: diag.Error, Family: "mbg",
		Title:   "a city is owned by two roles",
		Meaning: "The game assigns the owners in role order, so the later role owns the city while the earlier one still lists it.",
		Fix:     "Keep the city in one role's list."})
	mbgDuplicateName = validate.Define(validate.Rule{Code: "MBG014", Severity: diag.Warning, Family: "mbg",
		Title:   "two items of the same list share a name",
		Meaning: "The game does not mind, but people and references by name do: a YAML reference must then say name#1, name#2, …",
		Fix:     "Give every officer, city, role, institute and training room its own name."})
	mbgListedTwice = validate.Define(validate.Rule{Code: "MBG015", Severity: diag.Warning, Family: "mbg",
		Title:   "the same item appears twice in one list",
		Meaning: "Garrisons, retinues, city and tech lists are sets in the game; the second entry does nothing.",
		Fix:     "Remove the repeated entry."})
	mbgAbility = validate.Define(validate.Rule{Code: mbg.CodeAbility, Severity: diag.Warning, Family: "mbg",
		Title:   "an ability outside 0–100",
		Meaning: "Abilities are meant to be 0–100: battle odds, study speed and prices assume it; training never raises an ability above 100.",
		Fix:     "Use a value from 0 to 100."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeNotANumber, Severity: diag.Error, Family: "mbg",
		Title:   "a number that is not finite (NaN or infinity)",
		Meaning: "Every comparison with NaN is false and infinities never decrease: battles, incomes and victory checks stop making sense.",
		Fix:     "Write a finite number."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeScope, Severity: diag.Error, Family: "mbg",
		Title:   "a city scope other than small, medium or large",
		Meaning: "The game gives a city of any other scope a defence of 0 and an odd income scale.",
		Fix:     "Use small (0), medium (1) or large (2)."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeBadItem, Severity: diag.Error, Family: "mbg",
		Title:   "a training room trains a property other than the five abilities",
		Meaning: "The game crashes when a training there finishes (index out of range).",
		Fix:     "Use wu, zhan, mou, zheng or jing."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeBadDir, Severity: diag.Error, Family: "mbg",
		Title:   "a direction other than 1 or -1",
		Meaning: "The game moves a role dir squares per step: with 0 it never leaves its square, with other values it skips squares.",
		Fix:     "Use 1 (forward) or -1 (backward)."})
	mbgPoorStart = validate.Define(validate.Rule{Code: "MBG025", Severity: diag.Warning, Family: "mbg",
		Title:   "a role starts with no money",
		Meaning: "A role whose money is 0 at a round end is eliminated: this one is out at the end of the first round unless it earns first.",
		Fix:     "Give the role starting money."})
	mbgRichStart = validate.Define(validate.Rule{Code: "MBG026", Severity: diag.Warning, Family: "mbg",
		Title:   "a role starts with the winning money already",
		Meaning: "The first role whose money is at least win_money at a round end wins: this game ends after the first round.",
		Fix:     "Raise win_money above every role's starting money."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeSquareType, Severity: diag.Error, Family: "mbg",
		Title:   "a board square of an unknown type",
		Meaning: "The game knows six square types (empty, city, saloon, institute, training room, chance); other squares do nothing and the original front end cannot draw them.",
		Fix:     "Use one of the six types."})
	mbgIgnoredBase = validate.Define(validate.Rule{Code: "MBG028", Severity: diag.Warning, Family: "mbg",
		Title:   "a square that belongs to no building has a base value",
		Meaning: "The game sets the base of empty, saloon and chance squares to 0 when it loads; the value is ignored.",
		Fix:     "Remove the base value."})
	mbgUnownedGarrison = validate.Define(validate.Rule{Code: "MBG030", Severity: diag.Warning, Family: "mbg",
		Title:   "a garrison in a city no role owns",
		Meaning: "The game dismisses the garrison of an unowned city when it loads: the officers become free (hireable at saloons) and the posts empty.",
		Fix:     "Give the city to a role, or move the officers elsewhere."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeEmptyBoard, Severity: diag.Error, Family: "mbg",
		Title:   "the board has no squares",
		Meaning: "The game wraps positions around the board length and crashes dividing by zero at the first move.",
		Fix:     "Add squares to the board."})
	mbgTooFewRoles = validate.Define(validate.Rule{Code: "MBG032", Severity: diag.Warning, Family: "mbg",
		Title:   "fewer than two roles take part",
		Meaning: "With one live role the game declares it the winner at the end of the first round; with none it is a draw at once.",
		Fix:     "Give at least two roles a starting square (start is not -1)."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeEmptyOwned, Severity: diag.Error, Family: "mbg",
		Title:   "a role owns a city with an empty garrison",
		Meaning: "The engine assumes an owned city always has a garrison: an attacker then fights nobody, wins, yet cannot occupy the city (it is still owned), so the city can never change hands.",
		Fix:     "Put at least one of the role's officers in the city's garrison, or remove the city from the role."})
	mbgNoOfficers = validate.Define(validate.Rule{Code: "MBG034", Severity: diag.Warning, Family: "mbg",
		Title:   "a role that takes part has no officers",
		Meaning: "Without officers a role cannot occupy a city or fight: it surrenders every battle until it hires someone.",
		Fix:     "Give the role a retinue."})
	mbgBoardSize = validate.Define(validate.Rule{Code: "MBG040", Severity: diag.Warning, Family: "mbg",
		Title:   "the board length is not divisible by 4",
		Meaning: "The original GTK front end lays the board out on the four sides of a square and draws only boards whose length is divisible by 4.",
		Fix:     "Add or remove squares."})
	mbgUnwritableName = validate.Define(validate.Rule{Code: "MBG041", Severity: diag.Warning, Family: "mbg",
		Title:   "a name that cannot be written to a legacy file",
		Meaning: "Legacy files separate values by white space: an empty name or one with spaces cannot be exported for the original game.",
		Fix:     "Remove the spaces from the name (or give it one)."})
	mbgUnreachableCity = validate.Define(validate.Rule{Code: "MBG050", Severity: diag.Warning, Family: "mbg",
		Title:   "no board square leads to a city, institute or training room",
		Meaning: "Nobody can ever land there: the building takes no part in the game.",
		Fix:     "Add a square of the right type that belongs to it, or delete it."})
	mbgNoSaloon = validate.Define(validate.Rule{Code: "MBG051", Severity: diag.Warning, Family: "mbg",
		Title:   "free officers but no saloon",
		Meaning: "Officers nobody employs at the start can only be hired at a saloon; without one they never take part.",
		Fix:     "Add a saloon to the board, or give the officers to roles."})
	mbgNothingToStudy = validate.Define(validate.Rule{Code: "MBG052", Severity: diag.Warning, Family: "mbg",
		Title:   "an institute with nothing to study",
		Meaning: "An institute offers its techs to roles that do not know them yet; this one offers none.",
		Fix:     "Give the institute techs the roles do not start with."})
)

func init() { validate.RegisterChecker(mbg.KindScenario, checkScenario) }

func checkScenario(r validate.Reporter) {
	s, ok := r.Doc().Value.(*mbg.Scenario)
	if !ok {
		return
	}
	r.Trailing(s.Trailing)
	mbgeng.CheckScenarioTo(s, r.Sink()) // what the engine refuses
	visited := checkSquares(r, s)
	checkAbilities(r, s)
	checkListedTwice(r, s)
	checkCitySmells(r, s)
	checkRoleSmells(r, s)
	checkDuplicates(r, "officers", "officer", s.OfficerNames())
	checkDuplicates(r, "cities", "city", s.CityNames())
	checkDuplicates(r, "roles", "role", s.RoleNames())
	checkDuplicates(r, "institutes", "institute", s.InstituteNames())
	checkDuplicates(r, "training_rooms", "training room", s.TrainingRoomNames())
	for i, in := range s.Institutes {
		if !instituteOffersSomething(s, in) {
			r.Add(mbgNothingToStudy, srcpos.Index("institutes", i)+".techs", "institute %s offers no tech that some role does not already know", in.Name)
		}
	}
	checkUnreachable(r, s, visited)
	checkNoSaloon(r, s)
	checkLegacyNames(r, s)
}

// checkSquares reports a board whose length the original front end cannot
// draw and ignored base values (the engine's check refuses squares of
// unknown types); it returns the buildings some square belongs to, by
// class.
func checkSquares(r validate.Reporter, s *mbg.Scenario) map[int]map[int]bool {
	if n := len(s.Board); n > 0 && n%4 != 0 {
		r.Add(mbgBoardSize, "board", "the board has %d squares, not a multiple of 4", n)
	}
	visited := map[int]map[int]bool{mbg.ClassCity: {}, mbg.ClassInstitute: {}, mbg.ClassTrainingRoom: {}}
	for i, sq := range s.Board {
		p := srcpos.Index("board", i)
		switch sq.Class {
		case mbg.ClassCity, mbg.ClassInstitute, mbg.ClassTrainingRoom:
			visited[sq.Class][sq.Base] = true
		case mbg.ClassSaloon, mbg.ClassEmpty, mbg.ClassChance:
			if sq.Base != 0 {
				r.Add(mbgIgnoredBase, srcpos.Field(p, mbg.BaseKey(sq.Class)), "square %d (%s) has base %d, which the game ignores", i, mbg.ClassNames[sq.Class], sq.Base)
			}
		}
	}
	return visited
}

// checkAbilities reports finite abilities outside 0–100.
func checkAbilities(r validate.Reporter, s *mbg.Scenario) {
	for i, o := range s.Officers {
		checkOfficerAbilities(r, i, o.Name, o.Props)
	}
}

// checkOfficerAbilities reports the finite abilities of officer i outside
// the range of their field (MBG020), in a scenario or a save.
func checkOfficerAbilities(r validate.Reporter, i int, name string, props [5]float32) {
	for k, v := range props {
		if f := float64(v); !math.IsNaN(f) && !math.IsInf(f, 0) && mbg.Ability(k).OutsideFloat(f) {
			r.Add(mbgAbility, srcpos.Field(srcpos.Index("officers", i), mbg.PropKeys[k]), "officer %s: ability %s is %v, outside %v–%v", name, mbg.PropKeys[k], v, mbg.Ability(k).Min, mbg.Ability(k).Max)
		}
	}
}

// checkListedTwice reports an item repeated in one list: a garrison, a
// retinue, a role's cities or techs, an institute's techs.
func checkListedTwice(r validate.Reporter, s *mbg.Scenario) {
	officer := func(i int) string { return s.Officers[i].Name }
	for i, c := range s.Cities {
		listedTwice(r, srcpos.Index("cities", i)+".garrison", c.Garrison, len(s.Officers), func(o int) string {
			return fmt.Sprintf("officer %s is listed twice in the garrison of %s", officer(o), c.Name)
		})
	}
	for i, ro := range s.Roles {
		p := srcpos.Index("roles", i)
		listedTwice(r, p+".retinue", ro.Retinue, len(s.Officers), func(o int) string {
			return fmt.Sprintf("officer %s is listed twice in the retinue of %s", officer(o), ro.Name)
		})
		listedTwice(r, p+".cities", ro.Cities, len(s.Cities), func(c int) string {
			return fmt.Sprintf("role %s lists city %s twice", ro.Name, s.Cities[c].Name)
		})
		listedTwice(r, p+".techs", ro.Techs, mbg.NumTechs, func(t int) string {
			return fmt.Sprintf("role %s lists tech %s twice", ro.Name, mbg.TechNames[t])
		})
	}
	for i, in := range s.Institutes {
		listedTwice(r, srcpos.Index("institutes", i)+".techs", in.Techs, mbg.NumTechs, func(t int) string {
			return fmt.Sprintf("institute %s lists tech %s twice", in.Name, mbg.TechNames[t])
		})
	}
}

// listedTwice reports every valid member of list (below n) already
// listed before it.
func listedTwice(r validate.Reporter, path string, list []int, n int, message func(v int) string) {
	seen := map[int]bool{}
	for k, v := range list {
		if v < 0 || v >= n {
			continue
		}
		if seen[v] {
			r.Add(mbgListedTwice, srcpos.Index(path, k), "%s", message(v))
		}
		seen[v] = true
	}
}

// checkCitySmells reports scopes the game does not know, garrisons of
// cities nobody owns and one officer in both posts.
func checkCitySmells(r validate.Reporter, s *mbg.Scenario) {
	owned := map[int]bool{}
	for _, ro := range s.Roles {
		for _, c := range ro.Cities {
			owned[c] = true
		}
	}
	for i, c := range s.Cities {
		p := srcpos.Index("cities", i)
		if len(c.Garrison) > 0 && !owned[i] {
			r.Add(mbgUnownedGarrison, p+".garrison", "city %s has a garrison but no role owns it: the game dismisses %s at load", c.Name, validate.QuoteList(officerNames(s, c.Garrison)))
		}
		if c.Mayor != -1 && c.Mayor == c.Treasurer && c.Mayor < len(s.Officers) {
			r.Add(mbgMayorTreasurer, p+".treasurer", "%s is both mayor and treasurer of %s", s.Officers[c.Mayor].Name, c.Name)
		}
	}
}

// checkRoleSmells reports roles that start poor, already rich or without
// officers, and games with fewer than two roles.
func checkRoleSmells(r validate.Reporter, s *mbg.Scenario) {
	live := 0
	for ri, ro := range s.Roles {
		if ro.Start == -1 {
			continue
		}
		live++
		p := srcpos.Index("roles", ri)
		money, at := float64(ro.Money), srcpos.Field(p, mbg.RoleFields.Field("money").Key)
		switch {
		case math.IsNaN(money) || math.IsInf(money, 0):
		case ro.Money <= 0:
			r.Add(mbgPoorStart, at, "role %s starts with money %v and is eliminated at the first round end unless it earns", ro.Name, ro.Money)
		case ro.Money >= s.WinMoney:
			r.Add(mbgRichStart, at, "role %s starts with %v, already at least win_money %v: it wins at the end of the first round", ro.Name, ro.Money, s.WinMoney)
		}
		if len(ro.Retinue) == 0 && !ownsGarrisonedCity(s, ri) {
			r.Add(mbgNoOfficers, p, "role %s takes part but has no officers", ro.Name)
		}
	}
	if live < 2 && len(s.Roles) > 0 {
		r.Add(mbgTooFewRoles, "roles", "only %d role(s) take part (start is not -1)", live)
	}
}

// checkUnreachable reports buildings no square belongs to.
func checkUnreachable(r validate.Reporter, s *mbg.Scenario, visited map[int]map[int]bool) {
	if len(s.Board) == 0 {
		return
	}
	for _, b := range []struct {
		class      int
		list, noun string
		names      []string
	}{{mbg.ClassCity, "cities", "city", s.CityNames()}, {mbg.ClassInstitute, "institutes", "institute", s.InstituteNames()},
		{mbg.ClassTrainingRoom, "training_rooms", "training room", s.TrainingRoomNames()}} {
		for i, name := range b.names {
			if !visited[b.class][i] {
				r.Add(mbgUnreachableCity, srcpos.Index(b.list, i), "no board square belongs to %s %s: nobody can ever land there", b.noun, name)
			}
		}
	}
}

// checkNoSaloon reports free officers on a board without a saloon.
func checkNoSaloon(r validate.Reporter, s *mbg.Scenario) {
	if len(s.Board) == 0 {
		return
	}
	for _, sq := range s.Board {
		if sq.Class == mbg.ClassSaloon {
			return
		}
	}
	placed := map[int]bool{}
	for _, c := range s.Cities {
		for _, o := range c.Garrison {
			placed[o] = true
		}
	}
	for _, ro := range s.Roles {
		for _, o := range ro.Retinue {
			placed[o] = true
		}
	}
	var free []string
	for i := range s.Officers {
		if !placed[i] {
			free = append(free, s.Officers[i].Name)
		}
	}
	if len(free) > 0 {
		r.Add(mbgNoSaloon, "officers", "%d officers belong to nobody but the board has no saloon to hire them: %s", len(free), validate.QuoteList(free))
	}
}

func officerNames(s *mbg.Scenario, is []int) []string {
	var out []string
	for _, i := range is {
		if i >= 0 && i < len(s.Officers) {
			out = append(out, s.Officers[i].Name)
		}
	}
	return out
}

func ownsGarrisonedCity(s *mbg.Scenario, role int) bool {
	for _, c := range s.Roles[role].Cities {
		if c >= 0 && c < len(s.Cities) && len(s.Cities[c].Garrison) > 0 {
			return true
		}
	}
	return false
}

func instituteOffersSomething(s *mbg.Scenario, in mbg.Institute) bool {
	for _, t := range in.Techs {
		for _, ro := range s.Roles {
			if ro.Start == -1 {
				continue
			}
			known := false
			for _, k := range ro.Techs {
				known = known || k == t
			}
			if !known {
				return true
			}
		}
	}
	return false
}

// checkDuplicates reports every item whose name an earlier item has.
func checkDuplicates(r validate.Reporter, list, noun string, names []string) {
	first := map[string]int{}
	for i, n := range names {
		if j, ok := first[n]; ok {
			r.Add(mbgDuplicateName, srcpos.Index(list, i)+".name", "%s %d and %s %d are both named %s", noun, j+1, noun, i+1, n)
			continue
		}
		first[n] = i
	}
}

func checkLegacyNames(r validate.Reporter, s *mbg.Scenario) {
	lists := []struct {
		list  string
		names []string
	}{{"officers", s.OfficerNames()}, {"cities", s.CityNames()}, {"roles", s.RoleNames()}, {"institutes", s.InstituteNames()}, {"training_rooms", s.TrainingRoomNames()}}
	for _, l := range lists {
		for i, n := range l.names {
			if msg := mbg.LegacyNameProblem(n); msg != "" {
				r.Add(mbgUnwritableName, srcpos.Index(l.list, i)+".name", "%s", strings.TrimSpace(msg))
			}
		}
	}
}
