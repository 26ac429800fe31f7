package mbg

import (
	"encoding/json"
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

// playTo answers every question with "move", "no battle" or "done" until
// ask returns true for a pending decision; it returns that decision.
func playTo(t *testing.T, g *Game, ask func(d *engine.Decision) bool) *engine.Decision {
	t.Helper()
	for d := g.Pending(); d != nil; d = g.Pending() {
		if ask(d) {
			return d
		}
		a := "-1"
		if d.Kind == KindSelAllocObj {
			a = "[-1,-1]"
		}
		if err := g.Answer(d.Player, engine.Answer(a)); err != nil {
			t.Fatalf("%s: %v", d.Kind, err)
		}
	}
	t.Fatalf("the game ended (%v) before the expected question", g.Err())
	return nil
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
