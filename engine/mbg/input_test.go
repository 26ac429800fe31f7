package mbg

import (
	"errors"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/longtest"
)

// tiny is a small well-formed scenario: two roles on a board of cities,
// a saloon, an institute, a training room and a chance square.
func tiny() *mbgfmt.Scenario {
	return &mbgfmt.Scenario{
		WinMoney: 50000,
		Board: []mbgfmt.Square{{Class: 1, Base: 0}, {Class: 2}, {Class: 1, Base: 1}, {Class: 3}, {Class: 4},
			{Class: 5}, {Class: 1, Base: 1}, {Class: 0}},
		Officers: []mbgfmt.Officer{{Name: "A", Props: [5]float32{80, 70, 60, 50, 90}},
			{Name: "B", Props: [5]float32{60, 60, 60, 60, 60}}, {Name: "C", Props: [5]float32{90, 95, 70, 40, 30}},
			{Name: "D", Props: [5]float32{50, 50, 50, 50, 50}}},
		Cities: []mbgfmt.City{{Name: "X", Scope: 1, Garrison: []int{0}, Mayor: -1, Treasurer: 0},
			{Name: "Y", Scope: 2, Mayor: -1, Treasurer: -1}},
		Roles: []mbgfmt.Role{{Name: "R0", Start: 0, Retinue: []int{1}, Cities: []int{0}, Money: 10000, Dir: 1},
			{Name: "R1", Start: 4, Retinue: []int{2}, Money: 10000, Dir: -1}},
		Institutes:    []mbgfmt.Institute{{Name: "I", Techs: []int{0, 10}}},
		TrainingRooms: []mbgfmt.TrainingRoom{{Name: "T", Item: 1}},
	}
}

func TestMalformedScenariosAreRefused(t *testing.T) {
	for _, tc := range []struct {
		name    string
		corrupt func(s *mbgfmt.Scenario)
		want    string
	}{
		{"garrison officer out of range", func(s *mbgfmt.Scenario) { s.Cities[0].Garrison = []int{9} }, "MBG002: city X: garrison officer 9 does not exist"},
		{"mayor outside garrison", func(s *mbgfmt.Scenario) { s.Cities[0].Mayor = 3 }, "MBG011: mayor D of X is not in its garrison"},
		{"start off the board", func(s *mbgfmt.Scenario) { s.Roles[1].Start = 8 }, "MBG006: role R1 starts on square 8"},
		{"bad tech", func(s *mbgfmt.Scenario) { s.Roles[0].Techs = []int{12} }, "tech 12 does not exist"},
		{"bad institute tech", func(s *mbgfmt.Scenario) { s.Institutes[0].Techs = []int{-1} }, "tech -1 does not exist"},
		{"bad direction", func(s *mbgfmt.Scenario) { s.Roles[0].Dir = 0 }, "MBG024: role R0 has direction 0"},
		{"square of a missing city", func(s *mbgfmt.Scenario) { s.Board[2].Base = 5 }, "MBG001: square 2 belongs to city 5"},
		{"bad trained property", func(s *mbgfmt.Scenario) { s.TrainingRooms[0].Item = 5 }, "MBG023: training room T trains property 5"},
		{"officer in two places", func(s *mbgfmt.Scenario) { s.Roles[1].Retinue = []int{0} }, "MBG010: officer A is in both"},
		{"city with two owners", func(s *mbgfmt.Scenario) { s.Roles[1].Cities = []int{0} }, "MBG013: city X is owned by both R0 and R1"},
		{"owned city without garrison", func(s *mbgfmt.Scenario) { s.Roles[1].Cities = []int{1} }, "MBG033: city Y is owned by R1 but has an empty garrison"},
		{"empty board", func(s *mbgfmt.Scenario) { s.Board = nil; s.Roles[0].Start, s.Roles[1].Start = -1, -1 }, "MBG031: the board has no squares"},
		{"bad first role", nil, "first role 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := tiny()
			setup := Setup{Scenario: sc, MaxTurn: 10}
			if tc.corrupt != nil {
				tc.corrupt(sc)
			} else {
				setup.FirstRole = 2
			}
			_, err := New(setup, Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
	if _, err := New(Setup{Scenario: tiny(), MaxTurn: 10}, Options{}); err != nil {
		t.Fatalf("the well-formed scenario is refused: %v", err)
	}
}

func TestCorruptSavesAreRefused(t *testing.T) {
	g, err := New(Setup{Scenario: tiny(), MaxTurn: 10}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	good, err := g.SaveState()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(Setup{Save: good, MaxTurn: 10}, Options{}); err != nil {
		t.Fatalf("our own save is refused: %v", err)
	}
	for name, corrupt := range map[string]func(s *mbgfmt.Save){
		"officer in no set":      func(s *mbgfmt.Save) { s.Roles[0].Retinue = nil },
		"garrison of no city":    func(s *mbgfmt.Save) { s.Cities[1].Garrison = []int{3} },
		"location out of range":  func(s *mbgfmt.Save) { s.Officers[0].Loc = 7 },
		"acting role missing":    func(s *mbgfmt.Save) { s.ActingRole = 5 },
		"short per-role list":    func(s *mbgfmt.Save) { s.Institutes[0].Researcher = nil },
		"one-sided alliance":     func(s *mbgfmt.Save) { s.Roles[0].Alliance = 1 },
		"treasurer not the post": func(s *mbgfmt.Save) { s.Cities[0].Treasurer = -1 },
	} {
		sv, _ := g.SaveState()
		corrupt(sv)
		if _, err := New(Setup{Save: sv, MaxTurn: 10}, Options{}); err == nil {
			t.Errorf("%s: the corrupt save was accepted", name)
		}
	}
}

// TestAnswersAreChecked: answers that would crash the original, of the
// wrong shape or from the wrong player are refused without any change.
func TestAnswersAreChecked(t *testing.T) {
	g, err := New(Setup{Scenario: tiny(), MaxTurn: 10}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := g.Pending()
	if d.Kind != KindSelRoleAction || d.Player != 0 {
		t.Fatalf("first decision %s to %d", d.Kind, d.Player)
	}
	events := len(g.Events())
	for _, a := range []string{`14`, `-4`, `null`, `"x"`, `1.5`, `[1]`, `true`} {
		var refused *engine.RefusedError
		if err := g.Answer(0, engine.Answer(a)); !errors.As(err, &refused) {
			t.Errorf("answer %s accepted: %v", a, err)
		}
	}
	if err := g.Answer(1, engine.Encode(-1)); err == nil {
		t.Error("an answer from the wrong role was accepted")
	}
	if g.Pending() != d || len(g.Events()) != events || len(g.Answers()) != 0 {
		t.Fatal("a refused answer changed the game")
	}
	// A card not held is legal: the question is asked again.
	if err := g.Answer(0, engine.Encode(5)); err != nil || g.Pending().Kind != KindSelRoleAction {
		t.Fatalf("card not held: %v", err)
	}
}

// TestCheckedAnswerKinds drives decisions of every shape with bad answers.
func TestCheckedAnswerKinds(t *testing.T) {
	cases := map[string][]string{
		KindSelGeneral:         {`[5,0]`, `[0,7]`, `[0]`, `{"main":0}`},
		KindSelCityMos:         {`[9]`, `[-1]`, `null`, `[0,null]`},
		KindExchangeCityPeople: {`{"in":[9]}`, `{"out":[9]}`, `{"inn":[]}`, `[]`},
		KindSelAllocObj:        {`[0,9]`, `[1,-2]`, `[2,5]`, `[0]`},
		KindSelStudy:           {`[0,9]`, `[9,0]`, `[-2,0]`},
		KindIsAttackCity:       {`1001`, `-1001`, `"1"`},
		KindSelCardObjLoc:      {`8`, `-2`},
		KindSelCardObjRole:     {`2`, `-2`},
		KindSaloonSelPeople:    {`3`, `-2`},
		KindIsOccuCity:         {`1`, `"yes"`},
	}
	seen := map[string]bool{}
	for seed := int64(0); seed < 300 && len(seen) < len(cases); seed++ {
		p := &RandomPlayer{Rand: newRand(seed), Wasteful: 0.1}
		g, err := New(Setup{Scenario: tiny(), Seed: seed, MaxTurn: 30, FillCards: 1}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for d := g.Pending(); d != nil; d = g.Pending() {
			if bad, ok := cases[d.Kind]; ok && !seen[d.Kind] {
				seen[d.Kind] = true
				for _, a := range bad {
					if d.Kind == KindSelGeneral && strings.HasPrefix(a, "[0") && len(d.Args.(GeneralArgs).PList) == 0 {
						continue
					}
					if err := g.Answer(d.Player, engine.Answer(a)); err == nil {
						t.Errorf("%s: bad answer %s accepted (args %+v)", d.Kind, a, d.Args)
					}
				}
			}
			if err := g.Answer(d.Player, p.Answer(g, d)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for k := range cases {
		if !seen[k] {
			t.Errorf("no game asked %s", k)
		}
	}
}

// TestScrambledScenariosNeverPanic: scenarios with random values in their
// index fields either are refused or play without failing.
func TestScrambledScenariosNeverPanic(t *testing.T) {
	rng := newRand(3)
	n := func() int { return rng.Intn(12) - 2 }
	played, scrambled := 0, longtest.Sized(2000, 300, 2000) // one goroutine: a few hundred under -race
	for i := range scrambled {
		sc := tiny()
		switch rng.Intn(9) {
		case 0:
			sc.Board[rng.Intn(len(sc.Board))] = mbgfmt.Square{Class: n(), Base: n()}
		case 1:
			sc.Cities[rng.Intn(2)].Garrison = []int{n(), n()}
		case 2:
			sc.Cities[rng.Intn(2)].Mayor, sc.Cities[rng.Intn(2)].Treasurer = n(), n()
		case 3:
			sc.Roles[rng.Intn(2)].Start = n()
		case 4:
			sc.Roles[rng.Intn(2)].Retinue = []int{n()}
		case 5:
			sc.Roles[rng.Intn(2)].Cities = []int{n()}
		case 6:
			sc.Roles[rng.Intn(2)].Techs = []int{n() * 2}
		case 7:
			sc.TrainingRooms[0].Item = n()
		case 8:
			sc.Cities[rng.Intn(2)].Scope = n()
		}
		g, err := New(Setup{Scenario: sc, Seed: int64(i), MaxTurn: 15, FillCards: 1}, Options{Machine: engine.Options{DropEvents: true}})
		if err != nil {
			continue
		}
		played++
		p := &RandomPlayer{Rand: newRand(int64(i)), Wasteful: 0.2}
		if _, err := PlayOut(g, []Player{p, p}, 100_000); err != nil {
			t.Fatalf("scenario %d: %v", i, err)
		}
	}
	if played < scrambled/4 {
		t.Fatalf("only %d scrambled scenarios were playable", played)
	}
}

// TestScrambledSavesNeverPanic: saves with random values in their index
// fields either are refused or play without failing.
func TestScrambledSavesNeverPanic(t *testing.T) {
	sc := tiny()
	base, err := New(Setup{Scenario: sc, Seed: 1, MaxTurn: 50, FillCards: 1}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := &RandomPlayer{Rand: newRand(1)}
	for k := 0; k < 60 && base.Pending() != nil; k++ {
		base.Answer(base.Pending().Player, p.Answer(base, base.Pending()))
	}
	for base.Pending() != nil && base.Pending().Kind != KindSelRoleAction {
		base.Answer(base.Pending().Player, p.Answer(base, base.Pending()))
	}
	rng := newRand(4)
	n := func() int { return rng.Intn(10) - 3 }
	played, scrambled := 0, longtest.Sized(2000, 300, 2000) // one goroutine: a few hundred under -race
	for i := range scrambled {
		sv, err := base.SaveState()
		if err != nil {
			t.Fatal(err)
		}
		o := &sv.Officers[rng.Intn(len(sv.Officers))]
		switch rng.Intn(8) {
		case 0:
			o.Role, o.Job, o.Loc = n(), n(), n()
		case 1:
			o.Level = n()
		case 2:
			sv.Cities[rng.Intn(2)].Role = n()
		case 3:
			sv.Roles[rng.Intn(2)].Loc = n() * 2
		case 4:
			sv.Roles[rng.Intn(2)].Alliance = n()
		case 5:
			sv.Institutes[0].Researcher[rng.Intn(2)] = n()
		case 6:
			sv.Roles[rng.Intn(2)].Retinue = append(sv.Roles[rng.Intn(2)].Retinue, n())
		case 7:
			sv.Board[rng.Intn(len(sv.Board))].Base = n()
		}
		g, err := New(Setup{Save: sv, Seed: int64(i), MaxTurn: 20}, Options{Machine: engine.Options{DropEvents: true}})
		if err != nil {
			continue
		}
		played++
		rp := &RandomPlayer{Rand: newRand(int64(i)), Wasteful: 0.2}
		if _, err := PlayOut(g, []Player{rp, rp}, 100_000); err != nil {
			t.Fatalf("save %d: %v", i, err)
		}
	}
	if played == 0 {
		t.Fatal("no scrambled save was playable")
	}
}
