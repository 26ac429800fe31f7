package mbg

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/internal/shared"
)

// everyEvent is one event of every name of spec §10, with the fields the
// engine gives it.
func everyEvent() []engine.Event {
	var out []engine.Event
	for _, n := range []string{"start_game", "note_all_loss", "note_force_quit"} {
		out = append(out, Plain{Name: n})
	}
	out = append(out, InitMap{}, ShowCity{}, ShowInstitute{}, ShowTrainingRoom{}, ShowMap{})
	for _, n := range []string{"set_barrier", "unset_barrier", "set_robber", "unset_robber"} {
		out = append(out, SquareEvent{Name: n, Loc: 7})
	}
	for _, n := range []string{"set_slow", "set_fast", "set_stop", "set_continue", "change_dir", "self_recover", "set_pe",
		"role_continue_action", "role_forbid_action", "note_role_ce_end", "note_role_loss"} {
		out = append(out, RoleEvent{Name: n, Role: 1})
	}
	for _, n := range []string{"set_liuyan", "set_poison", "set_quit"} {
		out = append(out, OfficerEvent{Name: n, P: 0})
	}
	out = append(out, StealMoney{Sub: -1, Obj: 0, Money: -2000}, SetAlign{Sub: 0, Obj: 1},
		InOutCity{Name: "note_in_city", P: 0, City: 0}, InOutCity{Name: "note_out_city", P: 0, City: 0},
		InOutInst{Name: "note_in_inst", P: 0, Inst: 0}, InOutInst{Name: "note_out_inst", P: 0, Inst: 0},
		InOutTrain{Name: "note_in_train", P: 0, Train: 0}, InOutTrain{Name: "note_out_train", P: 0, Train: 0},
		NoteJoin{P: 0, Role: 0, Money: 100}, NoteQuit{P: 0, Role: 0}, NotePayTax{Role: 0, Owner: 1, City: 0, Tax: 60},
		NoteCollectTax{Role: 1, City: 0, Tax: 30}, RoleStartAction{Role: 0}, RoleCity{Name: "note_role_occupy_city", Role: 0, City: 0},
		RoleCity{Name: "note_role_drop_city", Role: 0, City: 0}, RoleStEnd{Role: 0, St: 1}, AlignEnd{R1: 0, R2: 1},
		RoleWin{Role: 0}, MoveOneStep{}, RoleMove{Role: 0, From: 1, To: 4, Step: 3}, GetCard{Role: 0, Card: 5}, EndTurn{Turn: 3},
		BattleNoGeneral{Role: 1, Side: 1}, BattleStart{}, BattleTurnStart{}, BattleAttack{},
		BattleTech{Side: 0, Tech: 1}, BattleSide{Name: "battle_burn", Side: 1}, BattleSide{Name: "battle_self_attack", Side: 0},
		BattleEnd{Ret: 1}, ToRole{Name: "oi_start_game"})
	for _, n := range []string{"align_fail", "pe_fail", "skip_battle_by_align", "force_battle"} {
		out = append(out, ToObj{Name: n, To: 0, Obj: 1})
	}
	for _, n := range []string{"note_as_mayor", "note_as_treasurer", "note_as_citizen", "recruit_fail"} {
		out = append(out, ToOfficer{Name: n, To: 0, P: 0})
	}
	for _, n := range []string{"note_ly_mayor", "note_ly_treasurer"} {
		out = append(out, ToOfficerCity{Name: n, To: 0, P: 0, City: 0})
	}
	return append(out, FinishStudy{To: 0, Inst: 0, P: 0, Tech: 7}, LyStudy{To: 0, Inst: 0, P: 0},
		FinishTrain{To: 0, P: 0, Item: 2, Value: 3}, LyTrain{To: 0, Train: 0, P: 0}, CityRecover{To: 0, City: 0, HPlus: 50},
		CityEarn{To: 0, City: 0, MPlus: 140}, PayInst{To: 0, DM: -35}, SaveReport{To: 0, OK: true},
		OccuCityFail{To: 0, City: 0}, StartAllocate{To: 0})
}

// TestDescribeTellsEveryEvent: every event name of spec §10 is told in
// words with the game's Chinese names — none raw, and none empty but the
// quiet ones — and the list above is the spec's.
func TestDescribeTellsEveryEvent(t *testing.T) {
	n := Names{Officers: []string{"周瑜"}, Cities: []string{"江夏"}, Institutes: []string{"太学"},
		TrainingRooms: []string{"校场"}, Roles: []string{"刘备", "曹操"}}
	names := map[string]bool{}
	for _, e := range everyEvent() {
		names[e.EventName()] = true
		w := n.Describe(e)
		switch {
		case w == engine.RawWords(e):
			t.Errorf("%s is told raw: %q", e.EventName(), w)
		case w == "" && !Quiet[e.EventName()]:
			t.Errorf("%s is told with no words", e.EventName())
		case w != "" && Quiet[e.EventName()]:
			t.Errorf("the quiet %s is told: %q", e.EventName(), w)
		case strings.Contains(w, "#"):
			t.Errorf("%s names something by number: %q", e.EventName(), w)
		}
	}
	for _, c := range []struct {
		e    engine.Event
		want string
	}{
		{CityEarn{To: 0, City: 0, MPlus: 140}, "刘备 earns 140 from 江夏"},
		{NotePayTax{Role: 0, Owner: 1, City: 0, Tax: 60.4, Money: 900}, "刘备 pays a toll of 60 at 江夏 (曹操's city), money 900"},
		{StealMoney{Sub: -1, Obj: 1, Money: -2000}, "山贼 the robber takes 2000 from 曹操"},
		{FinishStudy{P: 0, Inst: 0, Tech: 7}, "周瑜 learns 雷击 at 太学"},
		{GetCard{Role: 1, Card: 13}, "曹操 draws the card 反向"},
	} {
		if got := n.Describe(c.e); got != c.want {
			t.Errorf("%s: %q, want %q", c.e.EventName(), got, c.want)
		}
	}
	for _, name := range specEvents(t) {
		if !names[name] {
			t.Errorf("spec §10 names the event %s, which the test does not tell", name)
		}
	}
}

// specEvents are the event names of spec §10's tables (skipped without
// the shared folder).
func specEvents(t *testing.T) []string {
	spec, err := os.ReadFile(filepath.Join(shared.Dir(t), "spec", "mbg.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(spec)
	start, end := strings.Index(s, "## 10. Notifications"), strings.Index(s, "## 11. Golden trace format")
	if start < 0 || end < start {
		t.Fatal("spec mbg.md has no §10")
	}
	var out []string
	row := regexp.MustCompile("(?m)^\\| (`[a-z_]+`(?: / `[a-z_]+`)*) \\|")
	for _, m := range row.FindAllStringSubmatch(s[start:end], -1) {
		for _, n := range strings.Split(m[1], " / ") {
			out = append(out, strings.Trim(n, "`"))
		}
	}
	if len(out) < 60 {
		t.Fatalf("found only %d events in spec §10", len(out))
	}
	return out
}
