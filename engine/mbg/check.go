package mbg

import (
	"fmt"
	"math"

	"github.com/shapan/shapan/formats/diag"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/srcpos"
)

// The codes of the check rules (package validate's catalogue) of the
// conditions the engine refuses a scenario or a save on.
const (
	CodeBadBase        = "MBG001"              // a square's building does not exist
	CodeBadGarrison    = "MBG002"              // a garrison names no officer
	CodeBadOfficial    = "MBG003"              // a mayor or treasurer names no officer
	CodeBadRetinue     = "MBG004"              // a retinue names no officer
	CodeBadOwned       = "MBG005"              // a role owns no city
	CodeBadStart       = "MBG006"              // a role starts off the board
	CodeBadTech        = mbgfmt.CodeBadTech    // a tech id outside 0–11
	CodeTwoPlaces      = "MBG010"              // an officer in two places
	CodeOfficialAbroad = "MBG011"              // a mayor or treasurer outside the garrison
	CodeTwoOwners      = "MBG013"              // a city owned by two roles
	CodeNotANumber     = "MBG021"              // a number that is not finite
	CodeScope          = mbgfmt.CodeScope      // a city scope other than small, medium or large
	CodeSquareType     = mbgfmt.CodeSquareType // a board square of an unknown type
	CodeBadItem        = mbgfmt.CodeBadItem    // a training room trains no ability
	CodeBadDir         = mbgfmt.CodeBadDir     // a direction other than ±1
	CodeEmptyBoard     = "MBG031"              // the board has no squares
	CodeEmptyOwned     = "MBG033"              // an owned city with an empty garrison
	CodeSaveRef        = "MBG060"              // a save refers to nothing
	CodeSaveActing     = "MBG061"              // the acting role of a save is not in play
	CodeSaveJob        = "MBG062"              // the lists of a save disagree
)

// problems collects the reasons a scenario or save cannot be played, as
// diagnostics of the check rules by document path: into a sink (shapan
// check's report), or into a list of the first diag.PerCode of each code,
// the rest counted. A message is made only for a problem that is listed:
// a save of 170 000 misplaced officers lists 50 of them.
type problems struct {
	sink  diag.Sink // nil: list
	list  diag.List
	tally diag.Tally
	n     int // problems found, listed or not
}

func (ps *problems) add(code, path, format string, args ...any) {
	ps.n++
	if ps.sink != nil {
		ps.sink(code, path, format, args...)
		return
	}
	if ps.tally == nil {
		ps.tally = diag.Tally{}
	}
	if ps.tally.Count(code) {
		ps.list = append(ps.list, diag.Diagnostic{Severity: diag.Error, Code: code, Path: path, Message: fmt.Sprintf(format, args...)})
	}
}

// done returns the list, with a diagnostic for each code of more than
// diag.PerCode problems saying how many more there were.
func (ps *problems) done() diag.List {
	for _, b := range ps.tally.Beyond() {
		ps.list = append(ps.list, diag.Diagnostic{Severity: diag.Error, Code: b.Code, Message: fmt.Sprintf("… and %d more of these", b.More)})
	}
	return ps.list
}

// finite reports whether v is neither NaN nor infinite.
func finite(v float32) bool { return !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) }

// CheckScenario lists every condition the engine refuses a scenario on:
// what the original crashes on or what breaks the engine's bookkeeping
// (spec §2.4, §13.1) — references to nothing, officers in two places,
// mayors outside their garrison, cities with two owners, owned cities
// without garrison, directions other than ±1, numbers that are not
// finite, squares of unknown types, cities of unknown scopes. The diagnostics carry the codes of the check rules and the
// paths of the scenario document; `shapan check` reports them through
// package validate (CheckScenarioTo) and New refuses a scenario with any
// of them.
func CheckScenario(sc *mbgfmt.Scenario) diag.List {
	var ps problems
	checkScenario(&ps, sc)
	return ps.done()
}

// CheckScenarioTo reports the conditions of CheckScenario to sink.
func CheckScenarioTo(sc *mbgfmt.Scenario, sink diag.Sink) {
	checkScenario(&problems{sink: sink}, sc)
}

func checkScenario(ps *problems, sc *mbgfmt.Scenario) {
	checkBoard(ps, sc)
	checkOfficers(ps, sc)
	owner := checkOwners(ps, sc)
	checkCities(ps, sc, owner)
	checkRoles(ps, sc)
	checkPlaces(ps, sc)
	checkBuildings(ps, sc)
	for i, sq := range sc.Board {
		checkSquareType(ps, i, sq.Class)
	}
	for i, c := range sc.Cities {
		checkScope(ps, srcpos.Index("cities", i), c.Name, c.Scope)
	}
}

// checkScope: a city's scope is small, medium or large (the game gives
// any other a defence of 0 and an odd income scale).
func checkScope(ps *problems, p, name string, scope int) {
	if mbgfmt.ScopeField.Outside(scope) {
		ps.add(CodeScope, srcpos.Field(p, mbgfmt.ScopeField.Key), "city %s has scope %d; use small (0), medium (1) or large (2)", name, scope)
	}
}

// checkSquareType: a square is of one of the six types.
func checkSquareType(ps *problems, i, class int) {
	if mbgfmt.TypeField.Outside(class) {
		ps.add(CodeSquareType, srcpos.Field(srcpos.Index("board", i), mbgfmt.TypeField.Key), "square %d has type %d; the types are 0 to 5", i, class)
	}
}

// names returns the name of item i of a list, or #i when there is none.
func names(list []string) func(i int) string {
	return func(i int) string {
		if i >= 0 && i < len(list) {
			return list[i]
		}
		return fmt.Sprintf("#%d", i)
	}
}

// checkBoard: the board has squares, and every square's building exists.
func checkBoard(ps *problems, sc *mbgfmt.Scenario) {
	if len(sc.Board) == 0 {
		ps.add(CodeEmptyBoard, "board", "the board has no squares")
	}
	buildings := map[int]int{mbgfmt.ClassCity: len(sc.Cities), mbgfmt.ClassInstitute: len(sc.Institutes), mbgfmt.ClassTrainingRoom: len(sc.TrainingRooms)}
	noun := map[int]string{mbgfmt.ClassCity: "city", mbgfmt.ClassInstitute: "institute", mbgfmt.ClassTrainingRoom: "training room"}
	for i, sq := range sc.Board {
		if n, ok := buildings[sq.Class]; ok && (sq.Base < 0 || sq.Base >= n) {
			ps.add(CodeBadBase, srcpos.Index("board", i)+"."+mbgfmt.BaseKey(sq.Class), "square %d belongs to %s %d, but there are %d", i, noun[sq.Class], sq.Base, n)
		}
	}
	if !finite(sc.WinMoney) {
		w := mbgfmt.ScenarioFields.Field("win_money")
		ps.add(CodeNotANumber, w.Key, "%s is %v", w.Name(), sc.WinMoney)
	}
}

// checkOfficers: every ability is a finite number.
func checkOfficers(ps *problems, sc *mbgfmt.Scenario) {
	for i, o := range sc.Officers {
		for k, v := range o.Props {
			if !finite(v) {
				ps.add(CodeNotANumber, srcpos.Field(srcpos.Index("officers", i), mbgfmt.PropKeys[k]), "officer %s: ability %s is %v", o.Name, mbgfmt.PropKeys[k], v)
			}
		}
	}
}

// checkOwners: every city a role owns exists and has one owner; it
// returns the owner of every city (-1 for none).
func checkOwners(ps *problems, sc *mbgfmt.Scenario) []int {
	city := names(sc.CityNames())
	owner := make([]int, len(sc.Cities))
	for i := range owner {
		owner[i] = -1
	}
	for ri, ro := range sc.Roles {
		for k, c := range ro.Cities {
			path := srcpos.Index(srcpos.Field(srcpos.Index("roles", ri), "cities"), k)
			switch {
			case c < 0 || c >= len(sc.Cities):
				ps.add(CodeBadOwned, path, "role %s owns city %d, but there are %d cities", ro.Name, c, len(sc.Cities))
			case owner[c] != -1 && owner[c] != ri:
				ps.add(CodeTwoOwners, path, "city %s is owned by both %s and %s", city(c), sc.Roles[owner[c]].Name, ro.Name)
			default:
				owner[c] = ri
			}
		}
	}
	return owner
}

// checkCities: garrisons and posts name officers, posts are held inside
// the garrison, owned cities are garrisoned.
func checkCities(ps *problems, sc *mbgfmt.Scenario, owner []int) {
	officer := names(sc.OfficerNames())
	for i, c := range sc.Cities {
		p := srcpos.Index("cities", i)
		members := map[int]bool{}
		for k, o := range c.Garrison {
			if o < 0 || o >= len(sc.Officers) {
				ps.add(CodeBadGarrison, srcpos.Index(p+".garrison", k), "city %s: garrison officer %d does not exist (there are %d officers)", c.Name, o, len(sc.Officers))
				continue
			}
			members[o] = true
		}
		if owner[i] != -1 && len(c.Garrison) == 0 {
			ps.add(CodeEmptyOwned, p+".garrison", "city %s is owned by %s but has an empty garrison: it can never be captured", c.Name, sc.Roles[owner[i]].Name)
		}
		for _, post := range []struct {
			key string
			who int
		}{{"mayor", c.Mayor}, {"treasurer", c.Treasurer}} {
			switch {
			case post.who == -1:
			case post.who < 0 || post.who >= len(sc.Officers):
				ps.add(CodeBadOfficial, p+"."+post.key, "city %s: %s %d does not exist (there are %d officers)", c.Name, post.key, post.who, len(sc.Officers))
			case !members[post.who]:
				ps.add(CodeOfficialAbroad, p+"."+post.key, "%s %s of %s is not in its garrison", post.key, officer(post.who), c.Name)
			}
		}
	}
}

// checkRoles: starts on the board, directions ±1, techs that exist,
// retinues of officers, finite money.
func checkRoles(ps *problems, sc *mbgfmt.Scenario) {
	for ri, ro := range sc.Roles {
		p := srcpos.Index("roles", ri)
		if ro.Start != -1 && (ro.Start < 0 || ro.Start >= len(sc.Board)) {
			ps.add(CodeBadStart, srcpos.Field(p, mbgfmt.RoleFields.Field("start").Key), "role %s starts on square %d, but the board has %d squares (0–%d), and -1 means not taking part", ro.Name, ro.Start, len(sc.Board), len(sc.Board)-1)
		}
		if mbgfmt.DirField.Outside(ro.Dir) {
			ps.add(CodeBadDir, srcpos.Field(p, mbgfmt.DirField.Key), "role %s has direction %d; use 1 or -1", ro.Name, ro.Dir)
		}
		checkTechIDs(ps, p+".techs", "role "+ro.Name, ro.Techs)
		for k, o := range ro.Retinue {
			if o < 0 || o >= len(sc.Officers) {
				ps.add(CodeBadRetinue, srcpos.Index(p+".retinue", k), "role %s: retinue officer %d does not exist (there are %d officers)", ro.Name, o, len(sc.Officers))
			}
		}
		if !finite(ro.Money) {
			ps.add(CodeNotANumber, srcpos.Field(p, mbgfmt.RoleFields.Field("money").Key), "role %s: money is %v", ro.Name, ro.Money)
		}
	}
}

// checkTechIDs: every tech of a list is one of the twelve.
func checkTechIDs(ps *problems, path, owner string, techs []int) {
	id := &mbgfmt.TechFields.Fields[0]
	for k, t := range techs {
		if id.Outside(t) {
			ps.add(CodeBadTech, srcpos.Index(path, k), "%s: tech %d does not exist (techs are %v–%v)", owner, t, id.Min, id.Max)
		}
	}
}

// checkPlaces: an officer is in one garrison or one retinue at most (the
// garrisons first, in city order, then the retinues).
func checkPlaces(ps *problems, sc *mbgfmt.Scenario) {
	officer := names(sc.OfficerNames())
	where := map[int]string{}
	claim := func(o int, what, path string) {
		if o < 0 || o >= len(sc.Officers) {
			return
		}
		if prev, ok := where[o]; ok && prev != what {
			ps.add(CodeTwoPlaces, path, "officer %s is in both %s and %s", officer(o), prev, what)
			return
		}
		if _, ok := where[o]; !ok {
			where[o] = what
		}
	}
	for i, c := range sc.Cities {
		for k, o := range c.Garrison {
			claim(o, "the garrison of "+c.Name, srcpos.Index(srcpos.Index("cities", i)+".garrison", k))
		}
	}
	for ri, ro := range sc.Roles {
		for k, o := range ro.Retinue {
			claim(o, "the retinue of "+ro.Name, srcpos.Index(srcpos.Index("roles", ri)+".retinue", k))
		}
	}
}

// checkBuildings: institutes offer techs that exist, training rooms train
// one of the five abilities.
func checkBuildings(ps *problems, sc *mbgfmt.Scenario) {
	for i, in := range sc.Institutes {
		checkTechIDs(ps, srcpos.Index("institutes", i)+".techs", "institute "+in.Name, in.Techs)
	}
	for i, t := range sc.TrainingRooms {
		if mbgfmt.ItemField.Outside(t.Item) {
			ps.add(CodeBadItem, srcpos.Field(srcpos.Index("training_rooms", i), mbgfmt.ItemField.Key), "training room %s trains property %d; use wu, zhan, mou, zheng or jing", t.Name, t.Item)
		}
	}
}
