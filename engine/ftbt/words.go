package ftbt

import (
	"fmt"

	"github.com/shapan/shapan/engine"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// Teller tells a game's events in words, as the studio's play log and
// the server's page show them: "赵云 uses 火计 on 夏侯惇 (3, 4)".
type Teller struct {
	Rules *ftbtfmt.Rules
	Level *ftbtfmt.Level
	// Sides names the two sides.
	Sides []string
}

// Quiet are the events Describe tells with no words: a single step of a
// move (the move is told once it ends) and the cell effects of a tech
// (the tech's use tells them).
var Quiet = map[string]bool{"people_step": true, "loc_buf": true, "loc_fly": true, "loc_disable_long": true}

// Person names person p.
func (t *Teller) Person(p int) string {
	if p >= 0 && p < len(t.Level.People) {
		return t.Level.People[p].Name
	}
	return fmt.Sprintf("person %d", p)
}

// Side names side s.
func (t *Teller) Side(s int) string {
	if s >= 0 && s < len(t.Sides) {
		return t.Sides[s]
	}
	return fmt.Sprintf("side %d", s)
}

// Cell writes cell c as (x, y).
func (t *Teller) Cell(c int) string {
	return fmt.Sprintf("(%d, %d)", c%t.Level.W, c/t.Level.W)
}

// Describe tells an event in words: "" for a Quiet event, engine.RawWords
// for an event it does not know.
func (t *Teller) Describe(e engine.Event) string {
	if Quiet[e.EventName()] {
		return ""
	}
	switch ev := e.(type) {
	case TurnStart:
		return fmt.Sprintf("— Round %d: %s's turn", ev.Turn, t.Side(ev.Side))
	case PeopleMove:
		return fmt.Sprintf("%s moves %s → %s", t.Person(ev.P), t.Cell(ev.From), t.Cell(ev.To))
	case DoTech:
		return t.tech(ev)
	case HPDown:
		return fmt.Sprintf("  %s loses %d hp (%d → %d)", t.Person(ev.P), ev.DHP, ev.HP, max(0, ev.HP-ev.DHP))
	case PeopleOut:
		return fmt.Sprintf("  %s falls at %s and leaves the field", t.Person(ev.P), t.Cell(ev.Loc))
	case GameOver:
		if ev.Winner < 0 {
			return "Game over: no winner"
		}
		return fmt.Sprintf("Game over: %s wins", t.Side(ev.Winner))
	}
	return engine.RawWords(e)
}

// tech tells a tech's use: its target, its strength and its area.
func (t *Teller) tech(e DoTech) string {
	user, at := t.Person(e.Src), t.Cell(e.Loc)
	if e.Tech < 0 || e.Tech >= len(t.Rules.Techs) {
		return fmt.Sprintf("%s uses tech %d on %s", user, e.Tech, at)
	}
	tech := &t.Rules.Techs[e.Tech]
	abi := 0
	if e.Src >= 0 && e.Src < len(t.Level.People) {
		abi = t.Level.People[e.Src].Abi
	}
	r := TechRadius(t.Rules, tech, abi)
	switch tech.Class {
	case ftbtfmt.ClassPeople:
		line := fmt.Sprintf("%s uses %s on %s %s", user, tech.Name, t.Person(e.Obj), at)
		if r > 0 {
			line += fmt.Sprintf(", area %d", r)
		}
		return line
	case ftbtfmt.ClassAbiBuf, ftbtfmt.ClassDefBuf:
		what := "attack"
		if tech.Class == ftbtfmt.ClassDefBuf {
			what = "defence"
		}
		centre := abi * tech.Value / 100
		line := fmt.Sprintf("%s uses %s on %s: %s +%d", user, tech.Name, at, what, centre)
		if r > 0 {
			line += fmt.Sprintf(" (+%d within %d)", centre*tech.AoeRatio/100, r)
		}
		return line + ", " + rounds(tech.Duration)
	case ftbtfmt.ClassFly:
		return fmt.Sprintf("%s uses %s on %s: easier moving within %d, %s", user, tech.Name, at, r, rounds(tech.Duration))
	case ftbtfmt.ClassDisableLong:
		return fmt.Sprintf("%s uses %s on %s: long-range shield within %d, %s", user, tech.Name, at, r, rounds(DisableLongRounds(t.Rules, tech, abi)))
	}
	return fmt.Sprintf("%s uses %s on %s", user, tech.Name, at)
}

// rounds writes a number of rounds.
func rounds(n int) string {
	if n == 1 {
		return "1 round"
	}
	return fmt.Sprintf("%d rounds", n)
}
