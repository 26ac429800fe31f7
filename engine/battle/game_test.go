package battle

import (
	"encoding/json"
	"github.com/shapan/shapan/internal/longtest"
	"reflect"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

func TestNewRefusesWhatTheEngineCannotPlay(t *testing.T) {
	oneBase := mapT(nil)
	oneBase.Set(28, 18, bfmt.CodeSpace)
	noFlag := bfmt.New(10, 10)
	noFlag.Set(1, 1, bfmt.CodeBase)
	noFlag.Set(8, 8, bfmt.CodeBase)
	unit := mapT(map[Point]int{pt(3, 3): bfmt.UnitArchers})
	big := 200
	for _, tc := range []struct {
		setup Setup
		want  string
	}{
		{Setup{Map: oneBase}, "BTL003: the map has 1 base(s); it needs exactly two"},
		{Setup{Map: noFlag}, "BTL004: the map has no flag zone"},
		{Setup{Map: unit}, "cell (3, 3) holds code 7"},
		{Setup{Map: mapT(nil), Roster: []bfmt.RosterEntry{{Name: "张飞"}}}, `"张飞" is not a hero`},
		{Setup{Map: mapT(nil), Roster: []bfmt.RosterEntry{{Name: "吕布", Command: &big}}}, "command of 吕布 must be 0 to 100, not 200"},
		{Setup{Map: mapT(nil), MaxRounds: 1}, "round limit must be 2 to 1000"},
		{Setup{Map: mapT(nil), Start: &Start{Round: 1}}, "play round"},
		{Setup{Map: mapT(nil), Start: &Start{Round: 5, Sides: [2]StartSide{{Units: []StartUnit{{Hero: "吕布", At: &Cell{X: 2, Y: 2}}, {Hero: "赵云", At: &Cell{X: 2, Y: 2}}}}}}}, "shares (2,2)"},
	} {
		_, err := New(tc.setup, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
}

func TestRosterOverrideChangesTheStats(t *testing.T) {
	f, hp := 110, 1400
	g, err := New(Setup{Map: mapT(nil), Roster: []bfmt.RosterEntry{{Name: "吕布", Force: &f, HP: &hp}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	eq(t, "force", g.Board().Roster[0].Force, 110)
	eq(t, "hp", g.Board().Roster[0].HP, 1400)
	eq(t, "command kept", g.Board().Roster[0].Command, 6)
}

func TestSnapshotResumesTheSameGame(t *testing.T) {
	g := chaosGame(t, 60)
	defer g.Close()
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	h, err := Resume(snap, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if !reflect.DeepEqual(g.st.Position.Sides, h.st.Position.Sides) || g.Round() != h.Round() || h.Pending().Player != g.Pending().Player {
		t.Errorf("resumed at round %d, not %d", h.Round(), g.Round())
	}
	a1, _ := json.Marshal(g.Pending().Args)
	a2, _ := json.Marshal(h.Pending().Args)
	eq(t, "args", string(a2), string(a1))
}

func TestArgsShowTheSpecsFields(t *testing.T) {
	x := newTable(t, mapT(nil))
	u := soldiers(x.put(0, 0, "吕布", pt(5, 5)), 2, 0)
	u.Status[Rage] = Interval{4, 6}
	u.Status[Weak] = Interval{7, 8}
	u.Status[Drunk] = Interval{1, 3}
	x.st.Sides[0].Last[0][0] = 2
	x.st.Round = 5
	b, _ := json.Marshal(&OrdersArgs{Side: 1, Position: &x.st.Position})
	s := string(b)
	for _, want := range []string{
		`"round":5,"side":1,"pick":false,"buff":false,"flag_open":false,"holder":-1,`,
		`{"slot":0,"hero":"吕布","class":"猛将","alive":true,"at":[5,5],"hp":1500,"max_hp":1500,"force":100,"command":6,"archers":2,"archer_hp":240,"shields":0,"shield_hp":0,"respawn":0,"ready":{"1":52,"2":-970,"sp":-940},"status":{"rage":6,"weak":8},"mark":null}`,
		`{"slot":1,"hero":"周瑜","class":"谋士","alive":false,"at":null,"hp":0,"max_hp":1200,"force":50,"command":8,"archers":0,"archer_hp":0,"shields":0,"shield_hp":0,"respawn":0,"ready":{"1":-950,"2":-970,"sp":-940},"status":{},"mark":null}`,
		`"cities":[],"pool":["吕布","赵云","关羽"]`,
		`"sides":[{"grain":100,"morale":0,"formation":"","held":0,"hero_kills":0,"soldier_kills":0,"cities":0},`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("args %s\nlack %s", s, want)
		}
	}
}

// TestLegalListsAreLegal: at every decision of games the generic random
// player plays from the lists, the listed answers pass the rules' check.
func TestLegalListsAreLegal(t *testing.T) {
	for seed := range longtest.Sized[int64](3, 1, 3) { // one game under -race: its decisions are checked on its goroutine
		g, err := New(Setup{Map: mapT(map[Point]int{pt(8, 6): bfmt.CodeCity2}), MaxRounds: 150}, Options{Machine: engineDrop})
		if err != nil {
			t.Fatal(err)
		}
		random := engine.NewRandomPlayer[*Game](seed)
		check := engine.PlayerFunc[*Game](func(g *Game, d *engine.Decision) engine.Answer {
			if err := engine.VerifyLegal(d, 40); err != nil {
				t.Fatalf("round %d: %v", g.Round(), err)
			}
			return random.Answer(g, d)
		})
		if err := engine.PlayOut(g, engine.Seats[*Game](check, 2), engine.PlayOptions{}); err != nil {
			t.Fatal(err)
		}
		if _, ok := g.Outcome(); !ok {
			t.Fatal("no outcome")
		}
	}
}

// TestCommandsPlayAsAnswersDo: a game whose computer players give their
// commands (PlayCommands, with the Args reused) is the game they play
// through JSON answers: the same answers recorded, the same events; an
// illegal command is refused by AnswerCommands as by Answer.
func TestCommandsPlayAsAnswersDo(t *testing.T) {
	m := bfmt.NewStandard(41, 31)
	b, err := NewBoard(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	play := func(typed bool) ([]engine.Answer, []string) {
		var events []string
		g, err := New(Setup{Map: m, MaxRounds: 200}, Options{ReuseArgs: typed, Machine: engine.Options{DropEvents: true, OnEvent: func(e engine.Event) {
			b, _ := json.Marshal(e)
			events = append(events, string(b))
		}}})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		players := []Player{NewTactician(b, 5), NewRandom(6)}
		if typed {
			err = PlayCommands(g, players, engine.PlayOptions{})
		} else {
			err = engine.PlayOut(g, players, engine.PlayOptions{})
		}
		if err != nil {
			t.Fatal(err)
		}
		return g.Answers(), events
	}
	a1, e1 := play(false)
	a2, e2 := play(true)
	if !reflect.DeepEqual(a1, a2) || strings.Join(e1, "\n") != strings.Join(e2, "\n") {
		t.Fatalf("the games differ: %d/%d answers, %d/%d events", len(a1), len(a2), len(e1), len(e2))
	}
	g, err := New(Setup{Map: m}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	err = g.AnswerCommands(0, []Command{PickTeam("吕布", "吕布", "关羽", "刘备", "曹操", "孙权")})
	if err == nil || !strings.Contains(err.Error(), "吕布 is picked twice") || len(g.Answers()) != 0 {
		t.Errorf("a duplicate pick: %v", err)
	}
	if err := g.AnswerCommands(0, []Command{PickTeam(GreedyTeam...)}); err != nil {
		t.Errorf("a legal pick: %v", err)
	}
	if err := g.AnswerCommands(0, []Command{PickTeam(GreedyTeam...)}); err == nil {
		t.Error("side 0 answered twice")
	}
}

// A hero a start position leaves out is out of the game: an order to him
// says so, instead of "dead until the end of round 0", and he cannot be
// replaced by a PICK.
func TestLeftOutHeroIsOutOfTheGame(t *testing.T) {
	g, err := New(Setup{Map: mapT(nil), Start: &Start{Round: 5, Sides: [2]StartSide{
		{Units: []StartUnit{{Hero: "吕布", At: &Cell{X: 2, Y: 2}}}},
		{Units: []StartUnit{{Hero: "赵云", At: &Cell{X: 5, Y: 4}}}}}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	for _, tc := range []struct{ answer, want string }{
		{`[{"c":"MOVE","hero":"赵云","to":[3,3]}]`, "赵云 is out of the game"},
		{`[{"c":"PICK","hero":"赵云","as":"司马懿"}]`, "赵云 is out of the game and never respawns"},
	} {
		err := g.Check(0, engine.Answer(tc.answer))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "round 0") {
			t.Errorf("%s: %v, want %q", tc.answer, err, tc.want)
		}
	}
	if err := g.Check(0, engine.Answer(`[{"c":"MOVE","hero":"吕布","to":[3,3]}]`)); err != nil {
		t.Errorf("the hero the start lists: %v", err)
	}
}
