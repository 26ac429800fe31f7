package mbg

import (
	"fmt"
	"math"

	"github.com/shapan/shapan/engine"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// Names are the names a game's events are told with: its officers,
// cities, institutes, training rooms and roles, by index.
type Names struct {
	Officers, Cities, Institutes, TrainingRooms, Roles []string
}

// NamesOf returns the names of the game s starts: a scenario's or a
// save's.
func NamesOf(s Setup) Names {
	var n Names
	switch {
	case s.Scenario != nil:
		sc := s.Scenario
		n = Names{Officers: sc.OfficerNames(), Cities: sc.CityNames(), Institutes: sc.InstituteNames(),
			TrainingRooms: sc.TrainingRoomNames(), Roles: sc.RoleNames()}
	case s.Save != nil:
		for _, o := range s.Save.Officers {
			n.Officers = append(n.Officers, o.Name)
		}
		for _, c := range s.Save.Cities {
			n.Cities = append(n.Cities, c.Name)
		}
		for _, x := range s.Save.Institutes {
			n.Institutes = append(n.Institutes, x.Name)
		}
		for _, x := range s.Save.TrainingRooms {
			n.TrainingRooms = append(n.TrainingRooms, x.Name)
		}
		for _, r := range s.Save.Roles {
			n.Roles = append(n.Roles, r.Name)
		}
	}
	return n
}

// Names returns the names of g's officers, cities, buildings and roles.
func (g *Game) Names() Names { return NamesOf(g.setup) }

// Robber is how the robber (山贼, role -1 of a steal) is named.
const Robber = "山贼 the robber"

// Role names role r (-1: the robber).
func (n Names) Role(r int) string {
	if r == -1 {
		return Robber
	}
	return pick(n.Roles, r, "role")
}

// Officer, City, Institute and TrainingRoom name one of them by index.
func (n Names) Officer(p int) string      { return pick(n.Officers, p, "officer") }
func (n Names) City(c int) string         { return pick(n.Cities, c, "city") }
func (n Names) Institute(i int) string    { return pick(n.Institutes, i, "institute") }
func (n Names) TrainingRoom(i int) string { return pick(n.TrainingRooms, i, "training room") }

func pick(list []string, i int, what string) string {
	if i >= 0 && i < len(list) {
		return list[i]
	}
	return fmt.Sprintf("%s #%d", what, i)
}

// Tech, Card and Property name a battle tech, a card and an officer
// property (武 战 谋 政 经) by id.
func Tech(id int) string     { return pick(mbgfmt.TechNames, id, "tech") }
func Card(id int) string     { return pick(mbgfmt.CardNames, id, "card") }
func Property(i int) string  { return pick(propertyNames, i, "property") }
func money(f float32) string { return fmt.Sprintf("%.0f", math.Round(float64(f))) }

// propertyNames are the five officer properties as the game names them.
var propertyNames = []string{"武 might", "战 war", "谋 strategy", "政 politics", "经 economy"}

// Quiet are the events Describe tells with no words: the view's set-up
// (the board is drawn from the state), each single step of a move (the
// move is told once it ends), each round of a battle (the battle is told
// by its start, its techs and its end), and notices a decision follows.
var Quiet = map[string]bool{
	"init_map": true, "show_city": true, "show_institute": true, "show_training_room": true, "show_map": true,
	"oi_start_game": true, "note_role_move_one_step": true, "battle_turn_start": true, "battle_attack": true,
	"start_allocate": true,
}

// Describe tells an event of a game with names n in words, as the play
// window's log and the server's page show it: "" for a Quiet event, and
// engine.RawWords for an event it does not know.
func (n Names) Describe(e engine.Event) string {
	if Quiet[e.EventName()] {
		return ""
	}
	if s, ok := n.describeRole(e); ok {
		return s
	}
	if s, ok := n.describeOfficer(e); ok {
		return s
	}
	if s, ok := n.describeBattle(e); ok {
		return s
	}
	if s, ok := n.describeNotice(e); ok {
		return s
	}
	return engine.RawWords(e)
}

// describeRole tells the events of the roles' turns: moves, squares,
// cards, cities and the game's end.
func (n Names) describeRole(e engine.Event) (string, bool) {
	switch ev := e.(type) {
	case Plain:
		s, ok := map[string]string{"start_game": "The game starts.", "note_all_loss": "Every role is eliminated: a draw.",
			"note_force_quit": "A player quits the game."}[ev.Name]
		return s, ok
	case RoleStartAction:
		return fmt.Sprintf("— %s's turn (money %s)", n.Role(ev.Role), money(ev.Money)), true
	case RoleMove:
		return fmt.Sprintf("%s rolls %d: square %d → %d", n.Role(ev.Role), ev.Step, ev.From, ev.To), true
	case RoleCity:
		verb := map[string]string{"note_role_occupy_city": "occupies", "note_role_drop_city": "loses"}[ev.Name]
		return fmt.Sprintf("%s %s %s", n.Role(ev.Role), verb, n.City(ev.City)), verb != ""
	case NotePayTax:
		return fmt.Sprintf("%s pays a toll of %s at %s (%s's city), money %s", n.Role(ev.Role), money(ev.Tax), n.City(ev.City), n.Role(ev.Owner), money(ev.Money)), true
	case NoteCollectTax:
		return fmt.Sprintf("%s collects %s at its city %s, money %s", n.Role(ev.Role), money(ev.Tax), n.City(ev.City), money(ev.Money)), true
	case GetCard:
		return fmt.Sprintf("%s draws the card %s", n.Role(ev.Role), Card(ev.Card)), true
	case StealMoney:
		return fmt.Sprintf("%s takes %s from %s", n.Role(ev.Sub), money(-ev.Money), n.Role(ev.Obj)), true
	case SetAlign:
		return fmt.Sprintf("%s and %s form an alliance", n.Role(ev.Sub), n.Role(ev.Obj)), true
	case AlignEnd:
		return fmt.Sprintf("the alliance of %s and %s ends", n.Role(ev.R1), n.Role(ev.R2)), true
	case SquareEvent:
		what := map[string]string{"set_barrier": "a barrier (障) is put on", "unset_barrier": "the barrier is removed from",
			"set_robber": "robbers (贼) wait on", "unset_robber": "the robbers leave"}[ev.Name]
		return fmt.Sprintf("%s square %d", what, ev.Loc), what != ""
	case RoleEvent:
		what := map[string]string{"set_slow": "is slowed (慢行)", "set_fast": "moves fast (急行)", "set_stop": "is stopped (停止)",
			"set_continue": "will act twice (双行)", "role_continue_action": "acts again", "change_dir": "turns around",
			"self_recover": "heals its travelling officers", "set_pe": "becomes everybody's enemy (公愤)",
			"note_role_ce_end": "is no longer everybody's enemy", "note_role_loss": "is eliminated",
			"role_forbid_action": "is stopped and cannot act this turn"}[ev.Name]
		return fmt.Sprintf("%s %s", n.Role(ev.Role), what), what != ""
	case RoleStEnd:
		what := map[int]string{1: "slow", 2: "fast", 3: "stop"}[ev.St]
		if what == "" {
			what = fmt.Sprintf("movement state %d", ev.St)
		}
		return fmt.Sprintf("%s's %s ends", n.Role(ev.Role), what), true
	case RoleWin:
		return fmt.Sprintf("%s wins!", n.Role(ev.Role)), true
	case EndTurn:
		return fmt.Sprintf("End of turn %d", ev.Turn), true
	}
	return "", false
}

// describeOfficer tells what happens to officers: hires, departures,
// cards played on them, their places and their studies.
func (n Names) describeOfficer(e engine.Event) (string, bool) {
	switch ev := e.(type) {
	case NoteJoin:
		return fmt.Sprintf("%s hires %s, money %s", n.Role(ev.Role), n.Officer(ev.P), money(ev.Money)), true
	case NoteQuit:
		return fmt.Sprintf("%s leaves %s", n.Officer(ev.P), n.Role(ev.Role)), true
	case OfficerEvent:
		what := map[string]string{"set_liuyan": "is slandered (流言)", "set_poison": "is poisoned (毒药)", "set_quit": "is persuaded to leave (离间)"}[ev.Name]
		return fmt.Sprintf("%s %s", n.Officer(ev.P), what), what != ""
	case InOutCity:
		verb := map[string]string{"note_in_city": "joins the garrison of", "note_out_city": "leaves the garrison of"}[ev.Name]
		return fmt.Sprintf("%s %s %s", n.Officer(ev.P), verb, n.City(ev.City)), verb != ""
	case InOutInst:
		verb := map[string]string{"note_in_inst": "starts studying at", "note_out_inst": "leaves"}[ev.Name]
		return fmt.Sprintf("%s %s %s", n.Officer(ev.P), verb, n.Institute(ev.Inst)), verb != ""
	case InOutTrain:
		verb := map[string]string{"note_in_train": "starts training at", "note_out_train": "leaves"}[ev.Name]
		return fmt.Sprintf("%s %s %s", n.Officer(ev.P), verb, n.TrainingRoom(ev.Train)), verb != ""
	case FinishStudy:
		return fmt.Sprintf("%s learns %s at %s", n.Officer(ev.P), Tech(ev.Tech), n.Institute(ev.Inst)), true
	case LyStudy:
		return fmt.Sprintf("%s cannot study at %s: rumours (流言)", n.Officer(ev.P), n.Institute(ev.Inst)), true
	case FinishTrain:
		return fmt.Sprintf("%s trains %s (+%s)", n.Officer(ev.P), Property(ev.Item), money(ev.Value)), true
	case LyTrain:
		return fmt.Sprintf("%s cannot train at %s: rumours (流言)", n.Officer(ev.P), n.TrainingRoom(ev.Train)), true
	case ToOfficer:
		what := map[string]string{"note_as_mayor": "becomes a mayor (太守)", "note_as_treasurer": "becomes a treasurer (财务官)",
			"note_as_citizen": "serves as a plain officer", "recruit_fail": "cannot be hired: not enough money"}[ev.Name]
		return fmt.Sprintf("%s %s (%s)", n.Officer(ev.P), what, n.Role(ev.To)), what != ""
	case ToOfficerCity:
		what := map[string]string{"note_ly_mayor": "mayor", "note_ly_treasurer": "treasurer"}[ev.Name]
		return fmt.Sprintf("%s cannot act as %s of %s: rumours (流言)", n.Officer(ev.P), what, n.City(ev.City)), what != ""
	}
	return "", false
}

// describeBattle tells a battle: its sides, the techs used and its end.
func (n Names) describeBattle(e engine.Event) (string, bool) {
	switch ev := e.(type) {
	case BattleStart:
		a, d := ev.S[0], ev.S[1]
		return fmt.Sprintf("Battle: %s (power %s, hp %s) against %s (power %s, hp %s, defence %s)",
			n.Role(a.Role), money(a.Power), money(a.HP), n.Role(d.Role), money(d.Power), money(d.HP), money(d.Def)), true
	case BattleNoGeneral:
		return fmt.Sprintf("  %s has no general and gives up the battle", n.Role(ev.Role)), true
	case BattleTech:
		return fmt.Sprintf("  the %s uses %s (hp %s against %s)", sideName(ev.Side), Tech(ev.Tech), money(ev.HP[0]), money(ev.HP[1])), true
	case BattleSide:
		what := map[string]string{"battle_burn": "burns (火箭)", "battle_self_attack": "fights itself (内讧)"}[ev.Name]
		return fmt.Sprintf("  the %s %s (hp %s against %s)", sideName(ev.Side), what, money(ev.HP[0]), money(ev.HP[1])), what != ""
	case BattleEnd:
		switch ev.Ret {
		case 1:
			return "  the attacker wins the battle", true
		case -1:
			return "  the defender wins the battle", true
		}
		return "  the battle ends undecided", true
	}
	return "", false
}

// sideName names a battle's side: 0 attacks, 1 defends.
func sideName(s int) string {
	if s == 0 {
		return "attacker"
	}
	return "defender"
}

// describeNotice tells the notices a role receives (spec §10.2).
func (n Names) describeNotice(e engine.Event) (string, bool) {
	switch ev := e.(type) {
	case ToObj:
		format := map[string]string{"align_fail": "%s cannot ally with %s", "pe_fail": "%s cannot make %s everybody's enemy",
			"skip_battle_by_align": "%s and %s are allies: no battle", "force_battle": "%s must fight %s, everybody's enemy"}[ev.Name]
		return fmt.Sprintf(format, n.Role(ev.To), n.Role(ev.Obj)), format != ""
	case CityRecover:
		return fmt.Sprintf("the garrison of %s (%s) heals %s", n.City(ev.City), n.Role(ev.To), money(ev.HPlus)), true
	case CityEarn:
		return fmt.Sprintf("%s earns %s from %s", n.Role(ev.To), money(ev.MPlus), n.City(ev.City)), true
	case PayInst:
		return fmt.Sprintf("%s pays %s for research", n.Role(ev.To), money(-ev.DM)), true
	case SaveReport:
		if ev.OK {
			return fmt.Sprintf("%s saves the game", n.Role(ev.To)), true
		}
		return fmt.Sprintf("%s could not save the game", n.Role(ev.To)), true
	case OccuCityFail:
		return fmt.Sprintf("%s leaves %s empty: nobody was chosen to hold it", n.Role(ev.To), n.City(ev.City)), true
	}
	return "", false
}
