package mbg

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// twoPosts is a scenario whose city 许昌 names officer 0 both mayor and
// treasurer (spec §2.4 step 3: he loads with job 1 in both slots). The
// board is empty squares only, so that nothing but the allocation phase of
// turn 8 asks about the city.
func twoPosts() *mbgfmt.Scenario {
	return &mbgfmt.Scenario{
		WinMoney: 1e9,
		Board:    make([]mbgfmt.Square, 8),
		Officers: []mbgfmt.Officer{{Name: "甲", Props: [5]float32{50, 50, 50, 50, 50}},
			{Name: "乙", Props: [5]float32{60, 60, 60, 60, 60}}, {Name: "丙", Props: [5]float32{40, 40, 40, 40, 40}}},
		Cities: []mbgfmt.City{{Name: "许昌", Garrison: []int{0, 1}, Mayor: 0, Treasurer: 0}},
		Roles: []mbgfmt.Role{{Name: "魏", Start: 0, Cities: []int{0}, Money: 10000, Dir: 1},
			{Name: "蜀", Start: 4, Retinue: []int{2}, Money: 10000, Dir: -1}},
	}
}

// playTo answers every question passively until
// ask returns true for a pending decision; it returns that decision.
func playTo(t *testing.T, g *Game, ask func(d *engine.Decision) bool) *engine.Decision {
	t.Helper()
	for d := g.Pending(); d != nil; d = g.Pending() {
		if ask(d) {
			return d
		}
		if err := g.Answer(d.Player, engine.Answer(passive(d.Kind))); err != nil {
			t.Fatalf("%s: %v", d.Kind, err)
		}
	}
	t.Fatalf("the game ended (%v) before the expected question", g.Err())
	return nil
}

// passive is the answer that declines a question of the given kind: move,
// no battle, no occupation, no study, done allocating.
func passive(kind string) string {
	switch kind {
	case KindIsOccuCity, KindIsCancelStudy, KindIsCancelTrain:
		return "false"
	case KindSelStudy, KindSelAllocObj, KindSelCardObjAny, KindSelGeneral:
		return "[-1,-1]"
	}
	return "-1"
}

// give answers the pending decision, which must be of the given kind.
func give(t *testing.T, g *Game, kind, answer string) {
	t.Helper()
	d := g.Pending()
	if d == nil || d.Kind != kind {
		t.Fatalf("pending %+v, want %s", d, kind)
	}
	if err := g.Answer(d.Player, engine.Answer(answer)); err != nil {
		t.Fatalf("%s %s: %v", kind, answer, err)
	}
}

// TestOneOfficerInBothPosts follows spec §5.11: appoint_mayor and
// appoint_treasurer read the officer's job after resetting the previous
// holder. An officer a scenario names mayor and treasurer is his own
// previous holder, so his job is reset to 2 first and the other slot is
// kept: he stays in both posts.
func TestOneOfficerInBothPosts(t *testing.T) {
	for _, tc := range []struct {
		name              string
		mayor, treasurer  string // answers, indices into the garrison [甲 乙]
		wantMayor, wantTr int
		wantJob           int
	}{
		// appoint_mayor(甲): job 1 → reset to 2 as the previous mayor; the
		// treasurer slot is kept; job 0.
		{"mayor again", "0", "-1", 0, 0, jobMayor},
		// then appoint_treasurer(甲): job 0 → reset to 2 as the previous
		// treasurer; the mayor slot is kept; job 1.
		{"mayor then treasurer again", "0", "0", 0, 0, jobTreasurer},
		// Another officer as mayor: 甲 is reset to a garrison member but
		// keeps the treasurer slot (nothing clears it).
		{"another mayor", "1", "-1", 1, 0, jobGarrison},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := New(Setup{Scenario: twoPosts(), Seed: 7, MaxTurn: 20}, Options{})
			if err != nil {
				t.Fatalf("the scenario is refused: %v", err)
			}
			defer g.Close()
			if v := g.View(); v.Cities[0].Mayor != 0 || v.Cities[0].Treasurer != 0 || v.People[0].Job != jobTreasurer {
				t.Fatalf("loaded as mayor %d, treasurer %d, job %d; want 0, 0, 1", v.Cities[0].Mayor, v.Cities[0].Treasurer, v.People[0].Job)
			}
			playTo(t, g, func(d *engine.Decision) bool { return d.Kind == KindSelAllocObj && d.Player == 0 })
			give(t, g, KindSelAllocObj, "[0,0]")
			give(t, g, KindExchangeCityPeople, `{"in":[],"out":[]}`)
			if args := g.Pending().Args.(OfficialArgs); args.OldMayor != 0 || args.OldTreasurer != 0 {
				t.Fatalf("sel_mayor args %+v", args)
			}
			give(t, g, KindSelMayor, tc.mayor)
			args := g.Pending().Args.(OfficialArgs)
			if args.OldMayor != tc.wantMayor || args.OldTreasurer != 0 {
				t.Fatalf("sel_treasurer asked with mayor %d, treasurer %d; want %d, 0", args.OldMayor, args.OldTreasurer, tc.wantMayor)
			}
			give(t, g, KindSelTreasurer, tc.treasurer)
			v := g.View()
			if c := v.Cities[0]; c.Mayor != tc.wantMayor || c.Treasurer != tc.wantTr || v.People[0].Job != tc.wantJob {
				t.Fatalf("after the appointments: mayor %d, treasurer %d, 甲's job %d; want %d, %d, %d",
					c.Mayor, c.Treasurer, v.People[0].Job, tc.wantMayor, tc.wantTr, tc.wantJob)
			}
		})
	}
}

// TestUnownedCityWithOneOfficerInBothPosts: the garrison of a city no role
// owns is dismissed at load with leave_city (spec §2.4 step 4), which
// clears only the post of the officer's job (become_citizen, §5.11): the
// officer has the treasurer's job, so the mayor slot still names him.
func TestUnownedCityWithOneOfficerInBothPosts(t *testing.T) {
	sc := twoPosts()
	sc.Roles[0].Cities = nil
	v, err := InitialView(Setup{Scenario: sc, MaxTurn: 20})
	if err != nil {
		t.Fatal(err)
	}
	c, p := v.Cities[0], v.People[0]
	if c.Mayor != 0 || c.Treasurer != -1 || len(c.Mos) != 0 || p.Job != jobNone || p.Loc != -1 || p.Role != -1 {
		b, _ := json.Marshal(struct {
			City   CityView
			People PeopleView
		}{c, p})
		t.Fatalf("after dismissal: %s; want mayor 0, treasurer -1, an empty garrison and 甲 free", b)
	}
}

// TestPostLeftBehindIsSavedAndLoaded: an officer named mayor and treasurer
// who is replaced as mayor becomes a garrison member still in the
// treasurer slot; when he then leaves the city the slot still names him
// (leave_city clears posts by job, spec §5.11) and the city earns with his
// economy. The original saves and loads such a game; so must we.
func TestPostLeftBehindIsSavedAndLoaded(t *testing.T) {
	g, err := New(Setup{Scenario: twoPosts(), Seed: 7, MaxTurn: 20}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	playTo(t, g, func(d *engine.Decision) bool { return d.Kind == KindSelAllocObj && d.Player == 0 })
	give(t, g, KindSelAllocObj, "[0,0]")
	give(t, g, KindExchangeCityPeople, `{"in":[],"out":[]}`)
	give(t, g, KindSelMayor, "1")
	give(t, g, KindSelTreasurer, "-1")
	give(t, g, KindSelAllocObj, "[0,0]")
	give(t, g, KindExchangeCityPeople, `{"in":[],"out":[0]}`)
	give(t, g, KindSelMayor, "-1")
	give(t, g, KindSelTreasurer, "-1")
	v := g.View()
	if c := v.Cities[0]; c.Mayor != 1 || c.Treasurer != 0 || len(c.Mos) != 1 || v.People[0].Job != jobNone || v.People[0].Loc != -1 {
		t.Fatalf("city %+v, 甲 %+v; want 乙 mayor, 甲 travelling and still in the treasurer slot", c, v.People[0])
	}
	playTo(t, g, func(d *engine.Decision) bool { return d.Kind == KindSelRoleAction && d.Player == 0 })
	sv, err := g.SaveState()
	if err != nil {
		t.Fatal(err)
	}
	if sv.Cities[0].Treasurer != 0 {
		t.Fatalf("the save's treasurer is %d", sv.Cities[0].Treasurer)
	}
	data, err := mbgfmt.WriteSave(sv)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := mbgfmt.ReadSave("post.sav", data)
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(Setup{Save: back, MaxTurn: 20}, Options{})
	if err != nil {
		t.Fatalf("the game's own save is refused: %v", err)
	}
	defer h.Close()
	if d := h.Pending(); d == nil || d.Kind != KindSelRoleAction || d.Player != 0 {
		t.Fatalf("the continued game asks %+v", d)
	}
}

// stoppedSave plays the tiny scenario with one card of each kind: role 0
// stops itself with card 3 (停止), then saves (answer -3 and a name) — the
// save the original writes at that point, acting role 0.
func stoppedSave(t *testing.T) *mbgfmt.Save {
	t.Helper()
	var data []byte
	keep := func(name string, b []byte) bool { data = b; return true }
	g, err := New(Setup{Scenario: tiny(), Seed: 5, MaxTurn: 10, FillCards: 1}, Options{SaveFile: keep})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	give(t, g, KindSelRoleAction, "3")
	give(t, g, KindSelCardObjRole, "0")
	give(t, g, KindSelRoleAction, "-3")
	give(t, g, KindGetFileName, `"stop.sav"`)
	sv, _, err := mbgfmt.ReadSave("stop.sav", data)
	if err != nil {
		t.Fatalf("the save does not read back: %v", err)
	}
	if sv.ActingRole != 0 || sv.Roles[0].MoveState != mstStopped || sv.Roles[0].Cards[3] != 0 || sv.Roles[0].Cards[4] != 1 {
		t.Fatalf("saved acting role %d, role 0 move state %d, cards %v", sv.ActingRole, sv.Roles[0].MoveState, sv.Roles[0].Cards)
	}
	return sv
}

// eventNames returns the names of the events from index from on.
func eventNames(g *Game, from int) []string {
	var out []string
	for _, e := range g.Events()[from:] {
		out = append(out, e.EventName())
	}
	return out
}

// TestContinuedGame follows spec §3.6: a loaded game runs Run(max_turn,
// crole), so roles before the acting role are skipped in the first round;
// the acting role's action starts again on the state as saved, the cards
// it played stay played, and a role that had stopped itself with card 3
// gets role_forbid_action. fill_cards applies after loading the save
// exactly as after loading a scenario.
func TestContinuedGame(t *testing.T) {
	sv := stoppedSave(t)
	connect := 1 + len(sv.Cities) + len(sv.Institutes) + len(sv.TrainingRooms) + len(sv.Board) // init_map, show_*
	t.Run("stopped role", func(t *testing.T) {
		g, err := New(Setup{Save: sv, Seed: 5, MaxTurn: 10}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		want := []string{"start_game", "oi_start_game", "oi_start_game", "role_forbid_action", "role_start_action"}
		if got := eventNames(g, connect); !slices.Equal(got, want) {
			t.Fatalf("events %v, want %v", got, want)
		}
		if d := g.Pending(); d.Kind != KindSelRoleAction || d.Player != 1 {
			t.Fatalf("first question %s to role %d, want sel_role_action to role 1", d.Kind, d.Player)
		}
		if c := g.View().Roles[0].Cards; c[3] != 0 || c[0] != 1 {
			t.Fatalf("role 0's cards %v: card 3 was played before the save", c)
		}
	})
	t.Run("fill_cards", func(t *testing.T) {
		setup := Setup{Save: sv, Seed: 5, MaxTurn: 10, FillCards: 2}
		v, err := InitialView(setup)
		if err != nil {
			t.Fatal(err)
		}
		for r, ro := range v.Roles {
			for k, n := range ro.Cards {
				if n != 2 {
					t.Fatalf("role %d has %d of card %d after fill_cards 2", r, n, k)
				}
			}
		}
		g, err := New(setup, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		// Card filling changes counts, not the move state: role 0 is
		// still stopped.
		d := g.Pending()
		if d.Kind != KindSelRoleAction || d.Player != 1 || d.Args.(CardsArgs).Cards != [NumCards]int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2} {
			t.Fatalf("first question %s to role %d with %+v", d.Kind, d.Player, d.Args)
		}
	})
	t.Run("acting role 1", func(t *testing.T) {
		g, err := New(Setup{Scenario: tiny(), Seed: 5, MaxTurn: 10}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		playTo(t, g, func(d *engine.Decision) bool { return d.Kind == KindSelRoleAction && d.Player == 1 })
		sv, err := g.SaveState()
		if err != nil {
			t.Fatal(err)
		}
		h, err := New(Setup{Save: sv, Seed: 5, MaxTurn: 10}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		if got := eventNames(h, connect); !slices.Equal(got, []string{"start_game", "oi_start_game", "oi_start_game", "role_start_action"}) ||
			h.Events()[len(h.Events())-1].(RoleStartAction).Role != 1 {
			t.Fatalf("events %v: role 1 should act first", got)
		}
	})
}

// recordCase plays setup, answering with policy, and writes the game as a
// golden case file (spec §11.1) to dir/name.json; from is the path of the
// setup's scenario or save relative to dir.
func recordCase(t *testing.T, dir, name, from string, setup Setup, opts Options, policy func(d *engine.Decision) string) string {
	t.Helper()
	initial, err := InitialView(setup)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(setup, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	gc := goldenCase{Game: "mbg", Case: name, Scenario: from, Seed: setup.Seed, RNG: "go-math-rand", MaxTurn: setup.MaxTurn,
		FirstRole: setup.FirstRole, FillCards: setup.FillCards}
	if setup.Save != nil {
		gc.FirstRole = setup.Save.ActingRole
	}
	for d := g.Pending(); d != nil; d = g.Pending() {
		args, _ := json.Marshal(d.Args)
		a := policy(d)
		gc.Decisions = append(gc.Decisions, goldenDecision{Q: d.Kind, Role: d.Player, Ev: len(g.Events()), Args: args, A: json.RawMessage(a)})
		if err := g.Answer(d.Player, engine.Answer(a)); err != nil {
			t.Fatalf("recording %s: %s %s: %v", name, d.Kind, a, err)
		}
	}
	gc.Result, _ = g.Winner()
	for _, e := range g.Events() {
		b, _ := json.Marshal(e)
		gc.Events = append(gc.Events, b)
	}
	gc.NEvents, gc.NDecisions = len(gc.Events), len(gc.Decisions)
	gc.Initial, _ = json.Marshal(initial)
	gc.Final, _ = json.Marshal(g.View())
	data, err := json.Marshal(gc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name+".json")
	if err := os.WriteFile(path, data, 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReplayContinuedFromSave: a case file may start from a save (spec
// §11.1, §11.2): the replay loads it, applies fill_cards, starts with the
// save's acting role, and refuses a case whose first_role is another role.
func TestReplayContinuedFromSave(t *testing.T) {
	dir := t.TempDir()
	data, err := mbgfmt.WriteSave(stoppedSave(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "stop.sav"), data, 0o666); err != nil {
		t.Fatal(err)
	}
	sv, _, err := mbgfmt.ReadSave("stop.sav", data)
	if err != nil {
		t.Fatal(err)
	}
	setup := Setup{Save: sv, Seed: 9, MaxTurn: 3, FillCards: 1}
	path := recordCase(t, dir, "continued", "stop.sav", setup, Options{}, func(d *engine.Decision) string { return passive(d.Kind) })
	var gc goldenCase
	raw, _ := os.ReadFile(path)
	if err := json.Unmarshal(raw, &gc); err != nil {
		t.Fatal(err)
	}
	var initial View
	if err := json.Unmarshal(gc.Initial, &initial); err != nil {
		t.Fatal(err)
	}
	for r, ro := range initial.Roles {
		if ro.Cards != [NumCards]int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1} {
			t.Fatalf("role %d's cards after loading the save with fill_cards 1: %v", r, ro.Cards)
		}
	}
	if _, err := ReplayCaseFile(path, dir); err != nil {
		t.Fatalf("the continued game does not replay: %v", err)
	}
	gc.FirstRole = 1
	raw, _ = json.Marshal(gc)
	if _, err := ReplayCase(raw, dir); err == nil || !strings.Contains(err.Error(), "first_role") {
		t.Fatalf("a case continued from a save with first_role 1 (the save's acting role is 0): %v", err)
	}
}

// TestReplayWritesSaves follows spec §11.2: a non-empty get_file_name
// answer makes the engine create that file; save_report.ok is whether it
// could (a relative name is relative to the working directory, a name in
// a missing directory fails). The replay honours it in a scratch
// directory, and never overwrites a file named by an absolute path.
func TestReplayWritesSaves(t *testing.T) {
	dir := t.TempDir()
	sc, err := mbgfmt.WriteMap(tiny())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tiny.map"), sc, 0o666); err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	kept := filepath.Join(outside, "kept.sav")
	if err := os.WriteFile(kept, []byte("keep me"), 0o666); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(outside, "fresh.sav")
	names := []string{`"a.sav"`, `"missing/b.sav"`, `""`, `"/no-such-directory-shapan/c.sav"`, strconv.Quote(kept), strconv.Quote(fresh)}
	// What the original reports for each name (the file could be created).
	original := map[string]bool{"a.sav": true, "missing/b.sav": false, "/no-such-directory-shapan/c.sav": false, kept: true, fresh: true}
	var script []string
	for _, n := range names {
		script = append(script, "-3", n)
	}
	policy := func(d *engine.Decision) string {
		if d.Player == 0 && len(script) > 0 {
			a := script[0]
			script = script[1:]
			return a
		}
		return passive(d.Kind)
	}
	scenario, err := LoadScenario(filepath.Join(dir, "tiny.map"))
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{SaveFile: func(name string, _ []byte) bool { return original[name] }}
	path := recordCase(t, dir, "saves", "tiny.map", Setup{Scenario: scenario, Seed: 4, MaxTurn: 1}, opts, policy)
	raw, _ := os.ReadFile(path)
	if n := strings.Count(string(raw), `"e":"save_report"`); n != 5 {
		t.Fatalf("the recorded case has %d save reports, want 5 (none for the empty name)", n)
	}
	if _, err := ReplayCaseFile(path, dir); err != nil {
		t.Fatalf("the case with saves does not replay: %v", err)
	}
	if b, _ := os.ReadFile(kept); string(b) != "keep me" {
		t.Fatalf("the replay overwrote %s: %q", kept, b)
	}
	for _, p := range []string{fresh, filepath.Join(dir, "a.sav"), "a.sav"} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("the replay left %s behind", p)
		}
	}
}
