package validate

import (
	"fmt"
	"math"
	"strings"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/srcpos"
)

var (
	mbgBadBase = define(Rule{Code: "MBG001", Severity: diag.Error, Family: "mbg",
		Title:   "a board square belongs to a city, institute or training room that does not exist",
		Meaning: "The game looks the building up when a role lands on the square and crashes (index out of range).",
		Fix:     "Pick an existing building for the square, or change its type."})
	mbgBadGarrison = define(Rule{Code: "MBG002", Severity: diag.Error, Family: "mbg",
		Title:   "a garrison names an officer that does not exist",
		Meaning: "The game crashes while loading the scenario (index out of range).",
		Fix:     "Remove the entry or name an existing officer."})
	mbgBadOfficial = define(Rule{Code: "MBG003", Severity: diag.Error, Family: "mbg",
		Title:   "a mayor or treasurer is an officer that does not exist",
		Meaning: "The game crashes while loading the scenario (index out of range).",
		Fix:     "Name an officer of the city's garrison, or leave the post empty."})
	mbgBadRetinue = define(Rule{Code: "MBG004", Severity: diag.Error, Family: "mbg",
		Title:   "a role's retinue names an officer that does not exist",
		Meaning: "The game crashes while loading the scenario (index out of range).",
		Fix:     "Remove the entry or name an existing officer."})
	mbgBadOwned = define(Rule{Code: "MBG005", Severity: diag.Error, Family: "mbg",
		Title:   "a role owns a city that does not exist",
		Meaning: "The game crashes while loading the scenario (index out of range).",
		Fix:     "Remove the entry or name an existing city."})
	mbgBadStart = define(Rule{Code: "MBG006", Severity: diag.Error, Family: "mbg",
		Title:   "a role starts on a square that is not on the board",
		Meaning: "The game crashes when it places the role (index out of range). Only -1 (the role does not take part) or a square of the board are valid.",
		Fix:     "Use a square number from 0 to the board length minus one, or -1."})
	mbgBadTech = define(Rule{Code: "MBG007", Severity: diag.Error, Family: "mbg",
		Title:   "a tech id outside 0–11",
		Meaning: "There are twelve techs; the game crashes when it looks up another one (in a battle or at an institute).",
		Fix:     "Use one of the twelve techs: 弓箭 火箭 医疗 盾牌 转移 强击 离间 雷击 混乱 内讧 攻城 流放."})
	mbgTwoPlaces = define(Rule{Code: "MBG010", Severity: diag.Error, Family: "mbg",
		Title:   "an officer is in more than one place",
		Meaning: "An officer can be in one retinue or one garrison. The game processes the lists in order and the later one wins, leaving the officer listed where he is not: he fights for one side while counted in another's garrison.",
		Fix:     "Keep the officer in one garrison or one retinue only."})
	mbgOfficialOutside = define(Rule{Code: "MBG011", Severity: diag.Error, Family: "mbg",
		Title:   "a mayor or treasurer is not in the city's garrison",
		Meaning: "The game gives the officer the post without checking; he then heals or earns for a city he is not in, and moving him breaks the city's bookkeeping.",
		Fix:     "Add the officer to the city's garrison, or choose a garrison member for the post."})
	mbgMayorTreasurer = define(Rule{Code: "MBG012", Severity: diag.Warning, Family: "mbg",
		Title: "the same officer is mayor and treasurer",
		Meaning: "At load the officer gets the treasurer's job and fills both posts, and appointing him again keeps him in both. Appointing someone else to one post " +
			"makes him a plain garrison member who still holds the other, and that post goes on naming him after he leaves the city (MBG063 in the save). " +
			"In a city no role owns, his dismissal at load leaves the mayor's post naming him.",
		Fix: "Choose two different garrison members, or leave one post empty."})
	mbgTwoOwners = define(Rule{Code: "MBG013", Severity: diag.Error, Family: "mbg",
		Title:   "a city is owned by two roles",
		Meaning: "The game assigns the owners in role order, so the later role owns the city while the earlier one still lists it.",
		Fix:     "Keep the city in one role's list."})
	mbgDuplicateName = define(Rule{Code: "MBG014", Severity: diag.Warning, Family: "mbg",
		Title:   "two items of the same list share a name",
		Meaning: "The game does not mind, but people and references by name do: a YAML reference must then say name#1, name#2, …",
		Fix:     "Give every officer, city, role, institute and training room its own name."})
	mbgListedTwice = define(Rule{Code: "MBG015", Severity: diag.Warning, Family: "mbg",
		Title:   "the same item appears twice in one list",
		Meaning: "Garrisons, retinues, city and tech lists are sets in the game; the second entry does nothing.",
		Fix:     "Remove the repeated entry."})
	mbgAbility = define(Rule{Code: "MBG020", Severity: diag.Warning, Family: "mbg",
		Title:   "an ability outside 0–100",
		Meaning: "Abilities are meant to be 0–100: battle odds, study speed and prices assume it; training never raises an ability above 100.",
		Fix:     "Use a value from 0 to 100."})
	mbgNotANumber = define(Rule{Code: "MBG021", Severity: diag.Error, Family: "mbg",
		Title:   "a number that is not finite (NaN or infinity)",
		Meaning: "Every comparison with NaN is false and infinities never decrease: battles, incomes and victory checks stop making sense.",
		Fix:     "Write a finite number."})
	mbgScope = define(Rule{Code: "MBG022", Severity: diag.Error, Family: "mbg",
		Title:   "a city scope other than small, medium or large",
		Meaning: "The game gives a city of any other scope a defence of 0 and an odd income scale.",
		Fix:     "Use small (0), medium (1) or large (2)."})
	mbgItem = define(Rule{Code: "MBG023", Severity: diag.Error, Family: "mbg",
		Title:   "a training room trains a property other than the five abilities",
		Meaning: "The game crashes when a training there finishes (index out of range).",
		Fix:     "Use wu, zhan, mou, zheng or jing."})
	mbgDir = define(Rule{Code: "MBG024", Severity: diag.Error, Family: "mbg",
		Title:   "a direction other than 1 or -1",
		Meaning: "The game moves a role dir squares per step: with 0 it never leaves its square, with other values it skips squares.",
		Fix:     "Use 1 (forward) or -1 (backward)."})
	mbgPoorStart = define(Rule{Code: "MBG025", Severity: diag.Warning, Family: "mbg",
		Title:   "a role starts with no money",
		Meaning: "A role whose money is 0 at a round end is eliminated: this one is out at the end of the first round unless it earns first.",
		Fix:     "Give the role starting money."})
	mbgRichStart = define(Rule{Code: "MBG026", Severity: diag.Warning, Family: "mbg",
		Title:   "a role starts with the winning money already",
		Meaning: "The first role whose money is at least win_money at a round end wins: this game ends after the first round.",
		Fix:     "Raise win_money above every role's starting money."})
	mbgSquareType = define(Rule{Code: "MBG027", Severity: diag.Error, Family: "mbg",
		Title:   "a board square of an unknown type",
		Meaning: "The game knows six square types (empty, city, saloon, institute, training room, chance); other squares do nothing and the original front end cannot draw them.",
		Fix:     "Use one of the six types."})
	mbgIgnoredBase = define(Rule{Code: "MBG028", Severity: diag.Warning, Family: "mbg",
		Title:   "a square that belongs to no building has a base value",
		Meaning: "The game sets the base of empty, saloon and chance squares to 0 when it loads; the value is ignored.",
		Fix:     "Remove the base value."})
	mbgUnownedGarrison = define(Rule{Code: "MBG030", Severity: diag.Warning, Family: "mbg",
		Title:   "a garrison in a city no role owns",
		Meaning: "The game dismisses the garrison of an unowned city when it loads: the officers become free (hireable at saloons) and the posts empty.",
		Fix:     "Give the city to a role, or move the officers elsewhere."})
	mbgEmptyBoard = define(Rule{Code: "MBG031", Severity: diag.Error, Family: "mbg",
		Title:   "the board has no squares",
		Meaning: "The game wraps positions around the board length and crashes dividing by zero at the first move.",
		Fix:     "Add squares to the board."})
	mbgTooFewRoles = define(Rule{Code: "MBG032", Severity: diag.Warning, Family: "mbg",
		Title:   "fewer than two roles take part",
		Meaning: "With one live role the game declares it the winner at the end of the first round; with none it is a draw at once.",
		Fix:     "Give at least two roles a starting square (start is not -1)."})
	mbgEmptyOwned = define(Rule{Code: "MBG033", Severity: diag.Error, Family: "mbg",
		Title:   "a role owns a city with an empty garrison",
		Meaning: "The engine assumes an owned city always has a garrison: an attacker then fights nobody, wins, yet cannot occupy the city (it is still owned), so the city can never change hands.",
		Fix:     "Put at least one of the role's officers in the city's garrison, or remove the city from the role."})
	mbgNoOfficers = define(Rule{Code: "MBG034", Severity: diag.Warning, Family: "mbg",
		Title:   "a role that takes part has no officers",
		Meaning: "Without officers a role cannot occupy a city or fight: it surrenders every battle until it hires someone.",
		Fix:     "Give the role a retinue."})
	mbgBoardSize = define(Rule{Code: "MBG040", Severity: diag.Warning, Family: "mbg",
		Title:   "the board length is not divisible by 4",
		Meaning: "The original GTK front end lays the board out on the four sides of a square and draws only boards whose length is divisible by 4.",
		Fix:     "Add or remove squares."})
	mbgUnwritableName = define(Rule{Code: "MBG041", Severity: diag.Warning, Family: "mbg",
		Title:   "a name that cannot be written to a legacy file",
		Meaning: "Legacy files separate values by white space: an empty name or one with spaces cannot be exported for the original game.",
		Fix:     "Remove the spaces from the name (or give it one)."})
	mbgUnreachableCity = define(Rule{Code: "MBG050", Severity: diag.Warning, Family: "mbg",
		Title:   "no board square leads to a city, institute or training room",
		Meaning: "Nobody can ever land there: the building takes no part in the game.",
		Fix:     "Add a square of the right type that belongs to it, or delete it."})
	mbgNoSaloon = define(Rule{Code: "MBG051", Severity: diag.Warning, Family: "mbg",
		Title:   "free officers but no saloon",
		Meaning: "Officers nobody employs at the start can only be hired at a saloon; without one they never take part.",
		Fix:     "Add a saloon to the board, or give the officers to roles."})
	mbgNothingToStudy = define(Rule{Code: "MBG052", Severity: diag.Warning, Family: "mbg",
		Title:   "an institute with nothing to study",
		Meaning: "An institute offers its techs to roles that do not know them yet; this one offers none.",
		Fix:     "Give the institute techs the roles do not start with."})
)

func init() { checkers[mbg.KindScenario] = checkScenario }

func checkScenario(r *report) {
	s, ok := r.doc.Value.(*mbg.Scenario)
	if !ok {
		return
	}
	checkTrailing(r, s.Trailing)
	officerName := func(i int) string {
		if i >= 0 && i < len(s.Officers) {
			return s.Officers[i].Name
		}
		return fmt.Sprintf("#%d", i)
	}
	cityName := func(i int) string {
		if i >= 0 && i < len(s.Cities) {
			return s.Cities[i].Name
		}
		return fmt.Sprintf("#%d", i)
	}

	// Board.
	if len(s.Board) == 0 {
		r.add(mbgEmptyBoard, "board", "the board has no squares")
	} else if len(s.Board)%4 != 0 {
		r.add(mbgBoardSize, "board", "the board has %d squares, not a multiple of 4", len(s.Board))
	}
	visited := map[int]map[int]bool{mbg.ClassCity: {}, mbg.ClassInstitute: {}, mbg.ClassTrainingRoom: {}}
	buildings := map[int]int{mbg.ClassCity: len(s.Cities), mbg.ClassInstitute: len(s.Institutes), mbg.ClassTrainingRoom: len(s.TrainingRooms)}
	noun := map[int]string{mbg.ClassCity: "city", mbg.ClassInstitute: "institute", mbg.ClassTrainingRoom: "training room"}
	saloons := 0
	for i, sq := range s.Board {
		p := srcpos.Index("board", i)
		switch sq.Class {
		case mbg.ClassCity, mbg.ClassInstitute, mbg.ClassTrainingRoom:
			if sq.Base < 0 || sq.Base >= buildings[sq.Class] {
				r.add(mbgBadBase, p+"."+mbg.BaseKey(sq.Class), "square %d belongs to %s %d, but there are %d", i, noun[sq.Class], sq.Base, buildings[sq.Class])
			} else {
				visited[sq.Class][sq.Base] = true
			}
		case mbg.ClassSaloon, mbg.ClassEmpty, mbg.ClassChance:
			if sq.Class == mbg.ClassSaloon {
				saloons++
			}
			if sq.Base != 0 {
				r.add(mbgIgnoredBase, p+".base", "square %d (%s) has base %d, which the game ignores", i, mbg.ClassNames[sq.Class], sq.Base)
			}
		default:
			r.add(mbgSquareType, p+".type", "square %d has type %d; the types are 0 to 5", i, sq.Class)
		}
	}

	// Officers.
	checkDuplicates(r, "officers", "officer", s.OfficerNames())
	for i, o := range s.Officers {
		for k, v := range o.Props {
			path := srcpos.Field(srcpos.Index("officers", i), mbg.PropKeys[k])
			switch {
			case math.IsNaN(float64(v)) || math.IsInf(float64(v), 0):
				r.add(mbgNotANumber, path, "officer %s: ability %s is %v", o.Name, mbg.PropKeys[k], v)
			case v < 0 || v > 100:
				r.add(mbgAbility, path, "officer %s: ability %s is %v, outside 0–100", o.Name, mbg.PropKeys[k], v)
			}
		}
	}

	// Where every officer is: the first place claims him.
	type place struct {
		what, path string
	}
	where := map[int]place{}
	claim := func(officer int, what, path string) {
		if prev, ok := where[officer]; ok {
			if prev.what == what {
				r.add(mbgListedTwice, path, "officer %s is listed twice in %s", officerName(officer), what)
			} else {
				r.add(mbgTwoPlaces, path, "officer %s is in both %s and %s", officerName(officer), prev.what, what)
			}
			return
		}
		where[officer] = place{what, path}
	}

	// Cities and their owners.
	owner := make([]int, len(s.Cities))
	for i := range owner {
		owner[i] = -1
	}
	for ri, ro := range s.Roles {
		seen := map[int]bool{}
		for k, c := range ro.Cities {
			path := srcpos.Index(srcpos.Field(srcpos.Index("roles", ri), "cities"), k)
			switch {
			case c < 0 || c >= len(s.Cities):
				r.add(mbgBadOwned, path, "role %s owns city %d, but there are %d cities", ro.Name, c, len(s.Cities))
			case seen[c]:
				r.add(mbgListedTwice, path, "role %s lists city %s twice", ro.Name, cityName(c))
			case owner[c] != -1:
				r.add(mbgTwoOwners, path, "city %s is owned by both %s and %s", cityName(c), s.Roles[owner[c]].Name, ro.Name)
			default:
				owner[c] = ri
			}
			if c >= 0 && c < len(s.Cities) {
				seen[c] = true
			}
		}
	}
	checkDuplicates(r, "cities", "city", s.CityNames())
	for i, c := range s.Cities {
		p := srcpos.Index("cities", i)
		if c.Scope < 0 || c.Scope > 2 {
			r.add(mbgScope, p+".scope", "city %s has scope %d; use small (0), medium (1) or large (2)", c.Name, c.Scope)
		}
		members := map[int]bool{}
		for k, o := range c.Garrison {
			path := srcpos.Index(p+".garrison", k)
			if o < 0 || o >= len(s.Officers) {
				r.add(mbgBadGarrison, path, "city %s: garrison officer %d does not exist (there are %d officers)", c.Name, o, len(s.Officers))
				continue
			}
			members[o] = true
			claim(o, "the garrison of "+c.Name, path)
		}
		if len(c.Garrison) > 0 && owner[i] == -1 {
			r.add(mbgUnownedGarrison, p+".garrison", "city %s has a garrison but no role owns it: the game dismisses %s at load", c.Name, quoteList(officerNames(s, c.Garrison)))
		}
		if owner[i] != -1 && len(c.Garrison) == 0 {
			r.add(mbgEmptyOwned, p+".garrison", "city %s is owned by %s but has an empty garrison: it can never be captured", c.Name, s.Roles[owner[i]].Name)
		}
		for _, post := range []struct {
			key, title string
			who        int
		}{{"mayor", "mayor", c.Mayor}, {"treasurer", "treasurer", c.Treasurer}} {
			if post.who == -1 {
				continue
			}
			if post.who < 0 || post.who >= len(s.Officers) {
				r.add(mbgBadOfficial, p+"."+post.key, "city %s: %s %d does not exist (there are %d officers)", c.Name, post.title, post.who, len(s.Officers))
				continue
			}
			if !members[post.who] {
				r.add(mbgOfficialOutside, p+"."+post.key, "%s %s of %s is not in its garrison", post.title, officerName(post.who), c.Name)
			}
		}
		if c.Mayor != -1 && c.Mayor == c.Treasurer {
			r.add(mbgMayorTreasurer, p+".treasurer", "%s is both mayor and treasurer of %s", officerName(c.Mayor), c.Name)
		}
	}

	// Roles.
	checkDuplicates(r, "roles", "role", s.RoleNames())
	live := 0
	for ri, ro := range s.Roles {
		p := srcpos.Index("roles", ri)
		if ro.Start != -1 {
			if ro.Start < 0 || ro.Start >= len(s.Board) {
				r.add(mbgBadStart, p+".start", "role %s starts on square %d, but the board has %d squares (0–%d), and -1 means not taking part", ro.Name, ro.Start, len(s.Board), len(s.Board)-1)
			}
			live++
		}
		if ro.Dir != 1 && ro.Dir != -1 {
			r.add(mbgDir, p+".dir", "role %s has direction %d; use 1 or -1", ro.Name, ro.Dir)
		}
		checkTechs(r, p+".techs", "role "+ro.Name, ro.Techs)
		for k, o := range ro.Retinue {
			path := srcpos.Index(p+".retinue", k)
			if o < 0 || o >= len(s.Officers) {
				r.add(mbgBadRetinue, path, "role %s: retinue officer %d does not exist (there are %d officers)", ro.Name, o, len(s.Officers))
				continue
			}
			claim(o, "the retinue of "+ro.Name, path)
		}
		money := float64(ro.Money)
		switch {
		case math.IsNaN(money) || math.IsInf(money, 0):
			r.add(mbgNotANumber, p+".money", "role %s: money is %v", ro.Name, ro.Money)
		case ro.Start != -1 && ro.Money <= 0:
			r.add(mbgPoorStart, p+".money", "role %s starts with money %v and is eliminated at the first round end unless it earns", ro.Name, ro.Money)
		case ro.Start != -1 && ro.Money >= s.WinMoney:
			r.add(mbgRichStart, p+".money", "role %s starts with %v, already at least win_money %v: it wins at the end of the first round", ro.Name, ro.Money, s.WinMoney)
		}
		if ro.Start != -1 && len(ro.Retinue) == 0 && !ownsGarrisonedCity(s, ri) {
			r.add(mbgNoOfficers, p, "role %s takes part but has no officers", ro.Name)
		}
	}
	if w := float64(s.WinMoney); math.IsNaN(w) || math.IsInf(w, 0) {
		r.add(mbgNotANumber, "win_money", "win_money is %v", s.WinMoney)
	}
	if live < 2 && len(s.Roles) > 0 {
		r.add(mbgTooFewRoles, "roles", "only %d role(s) take part (start is not -1)", live)
	}

	// Institutes and training rooms.
	checkDuplicates(r, "institutes", "institute", s.InstituteNames())
	for i, in := range s.Institutes {
		p := srcpos.Index("institutes", i)
		checkTechs(r, p+".techs", "institute "+in.Name, in.Techs)
		if !instituteOffersSomething(s, in) {
			r.add(mbgNothingToStudy, p+".techs", "institute %s offers no tech that some role does not already know", in.Name)
		}
	}
	checkDuplicates(r, "training_rooms", "training room", s.TrainingRoomNames())
	for i, t := range s.TrainingRooms {
		if t.Item < 0 || t.Item >= len(mbg.PropKeys) {
			r.add(mbgItem, srcpos.Index("training_rooms", i)+".item", "training room %s trains property %d; use wu, zhan, mou, zheng or jing", t.Name, t.Item)
		}
	}

	// Smells.
	for class, names := range map[int][]string{mbg.ClassCity: s.CityNames(), mbg.ClassInstitute: s.InstituteNames(), mbg.ClassTrainingRoom: s.TrainingRoomNames()} {
		list := map[int]string{mbg.ClassCity: "cities", mbg.ClassInstitute: "institutes", mbg.ClassTrainingRoom: "training_rooms"}[class]
		for i, name := range names {
			if !visited[class][i] && len(s.Board) > 0 {
				r.add(mbgUnreachableCity, srcpos.Index(list, i), "no board square belongs to %s %s: nobody can ever land there", noun[class], name)
			}
		}
	}
	if saloons == 0 && len(s.Board) > 0 {
		var free []string
		for i := range s.Officers {
			if _, placed := where[i]; !placed {
				free = append(free, s.Officers[i].Name)
			}
		}
		if len(free) > 0 {
			r.add(mbgNoSaloon, "officers", "%d officers belong to nobody but the board has no saloon to hire them: %s", len(free), quoteList(free))
		}
	}
	checkLegacyNames(r, s)
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

func checkTechs(r *report, path, owner string, techs []int) {
	seen := map[int]bool{}
	for k, t := range techs {
		p := srcpos.Index(path, k)
		if t < 0 || t >= mbg.NumTechs {
			r.add(mbgBadTech, p, "%s: tech %d does not exist (techs are 0–11)", owner, t)
			continue
		}
		if seen[t] {
			r.add(mbgListedTwice, p, "%s lists tech %s twice", owner, mbg.TechNames[t])
		}
		seen[t] = true
	}
}

// checkDuplicates reports every item whose name an earlier item has.
func checkDuplicates(r *report, list, noun string, names []string) {
	first := map[string]int{}
	for i, n := range names {
		if j, ok := first[n]; ok {
			r.add(mbgDuplicateName, srcpos.Index(list, i)+".name", "%s %d and %s %d are both named %s", noun, j+1, noun, i+1, n)
			continue
		}
		first[n] = i
	}
}

func checkLegacyNames(r *report, s *mbg.Scenario) {
	lists := []struct {
		list  string
		names []string
	}{{"officers", s.OfficerNames()}, {"cities", s.CityNames()}, {"roles", s.RoleNames()}, {"institutes", s.InstituteNames()}, {"training_rooms", s.TrainingRoomNames()}}
	for _, l := range lists {
		for i, n := range l.names {
			if msg := mbg.LegacyNameProblem(n); msg != "" {
				r.add(mbgUnwritableName, srcpos.Index(l.list, i)+".name", "%s", strings.TrimSpace(msg))
			}
		}
	}
}
