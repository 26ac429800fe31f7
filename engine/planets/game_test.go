package planets

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
)

// newTinyGame starts a two-player game on the tiny map.
func newTinyGame(t *testing.T, opts Options) *Game {
	t.Helper()
	g, err := New(Setup{Map: tinyMap(t)}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestOrdersAreCheckedAsSubmitted: illegal orders are refused with the
// reason of spec 5.1 and change nothing; odd but legal ones are accepted.
func TestOrdersAreCheckedAsSubmitted(t *testing.T) {
	g := newTinyGame(t, Options{})
	defer g.Close()
	before, _ := json.Marshal(g.View())
	d := g.Pending()
	if d == nil || d.Kind != KindOrders || d.Player != 0 {
		t.Fatalf("first decision %+v", d)
	}
	for _, c := range []struct{ answer, reason string }{
		{`{"moves": [[10, 1, 2]]}`, "not your planet"},
		{`{"moves": [[1000, 0, 2]]}`, "not enough armies"},
		{`{"moves": [[10, 0, 3]]}`, "no route from planet 0 to planet 3"},
		{`{"moves": [[10, 0, 99]]}`, "99 is not a planet id"},
		{`{"moves": [[10, -1, 2]]}`, "-1 is not a planet id"},
		{`{"moves": [[10, 0.0, 2]]}`, "0.0 is not a planet id"},
		{`{"moves": [[10, 0]]}`, "a move is [count, from, to]"},
		{`{"moves": [["ten", 0, 2]]}`, `count "ten" is not an integer`},
		{`{"moves": [[null, 0, 2]]}`, "count null is not an integer"},
		{`{"moves": [[5, 0, 2], [10, 0, 3]]}`, "move 2: no route"},
		{`{"moves": [], "tactic": {"type": "boost", "planet": 1}}`, "wrong tactic type: boost"},
		{`{"moves": [], "tactic": {"type": "terminator", "planet": 1}}`, "not enough points"},
		{`{"op": "attack", "moves": []}`, "wrong op: attack"},
		{`{"moves": [], "orders": []}`, "unknown field"},
		{`[1, 2, 3]`, "an order is"},
		{`"moves"`, "an order is"},
	} {
		err := g.Answer(0, engine.Answer(c.answer))
		if err == nil || !strings.Contains(err.Error(), c.reason) {
			t.Errorf("%s: got %v, want a refusal saying %q", c.answer, err, c.reason)
		}
	}
	if err := g.Answer(1, engine.Answer(`{"moves": []}`)); err == nil {
		t.Error("player 1 answered player 0's question")
	}
	after, _ := json.Marshal(g.View())
	if string(before) != string(after) || len(g.Answers()) != 0 || g.Pending() != d {
		t.Fatal("a refused answer changed the game")
	}
	for _, a := range []string{`{"moves": [[0, 99, 99], [-5, 0, 2], ["12", 0, 2], [" 7 ", 0, 1], [12.9, 0, 2], [100, 0, 2], [100, 0, 1]]}`, `null`} {
		if err := g.Answer(g.Pending().Player, engine.Answer(a)); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	// The step ran: 12, 7 and 12 left (31 of 100); the two moves of 100
	// found only 69 units and were skipped.
	v := g.View()
	// A keeps 69 and grows: 69 + 69 × 0.1 + 10 = 85.9, truncated.
	if v.Round != 1 || !v.Holds[0].Count.Same(Int(85)) {
		t.Fatalf("after the step: %+v", v)
	}
	var launched, skipped int
	for _, e := range g.Events() {
		switch e.(type) {
		case Launch:
			launched++
		case Skip:
			skipped++
		}
	}
	if launched != 3 || skipped != 2 {
		t.Fatalf("%d launches and %d skips, want 3 and 2", launched, skipped)
	}
}

// TestTerminatorRunsInTheMoveStage: a terminator answered with enough
// points wipes the target in the next step, after the player's moves.
func TestTerminatorRunsInTheMoveStage(t *testing.T) {
	g := newTinyGame(t, Options{})
	defer g.Close()
	pass := engine.Answer(`{"moves": []}`)
	for g.Round() < 3 {
		if err := g.Answer(g.Pending().Player, pass); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Answer(0, engine.Answer(`{"moves": [], "tactic": {"type": "terminator", "planet": 1}}`)); err != nil {
		t.Fatal(err)
	}
	if err := g.Answer(1, pass); err != nil {
		t.Fatal(err)
	}
	v := g.View()
	if v.Holds[1].Owner != Neutral || v.Players[0].Points != 1 {
		t.Fatalf("after the terminator: %+v", v)
	}
	var used []TacticUsed
	for _, e := range g.Events() {
		if u, ok := e.(TacticUsed); ok {
			used = append(used, u)
		}
	}
	if len(used) != 1 || used[0].Before.Owner != 1 || used[0].Planet != 1 {
		t.Fatalf("tactic events %+v", used)
	}
	// Player 1 has nothing left, but its alive flag is refreshed only by
	// the next finish check, which ends the game: both are asked once more.
	for _, p := range []int{0, 1} {
		if err := g.Answer(p, pass); err != nil {
			t.Fatal(err)
		}
	}
	r, ok := g.Outcome()
	if !ok || !r.Finished || r.Winner != 0 {
		t.Fatalf("result %+v %v", r, ok)
	}
}

// TestRoundCap: a game stopped at the cap is ranked as it stands.
func TestRoundCap(t *testing.T) {
	g, err := New(Setup{Map: tinyMap(t), MaxRounds: 7}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := PlayOut(g, Seats(passPlayer{}, 2), 0)
	if err != nil {
		t.Fatal(err)
	}
	// Planet A (res 1.1) grows faster than B: player 0 leads on units.
	if r.Finished || r.Rounds != 7 || r.Winner != 0 || len(r.Ranking) != 2 || len(g.Answers()) != 14 {
		t.Fatalf("capped result %+v after %d answers", r, len(g.Answers()))
	}
}

// TestSetupChecks: impossible setups are refused.
func TestSetupChecks(t *testing.T) {
	m := tinyMap(t)
	for _, c := range []struct {
		s    Setup
		want string
	}{
		{Setup{Map: m, Players: 3}, "cannot join"},
		{Setup{Map: m, Players: 1}, "too few"},
		{Setup{}, "no map"},
	} {
		if _, err := New(c.s, Options{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q", c.s.Players, err, c.want)
		}
	}
}

// TestEventsMarshal: every event of a game marshals to {"e": name, ...}.
func TestEventsMarshal(t *testing.T) {
	g, err := New(Setup{Map: sampleMap(t), MaxRounds: 30}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := PlayOut(g, Seats(NewAI(), 4), 0); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range g.Events() {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil || m["e"] != e.EventName() {
			t.Fatalf("%s marshals to %s", e.EventName(), b)
		}
		seen[e.EventName()] = true
	}
	for _, name := range []string{"join", "start", "launch", "battle", "production", "round", "tactic"} {
		if !seen[name] {
			t.Errorf("no %s event in a 30-round game", name)
		}
	}
}

// passPlayer answers every question with an empty order.
type passPlayer struct{}

func (passPlayer) Answer(*Game, *engine.Decision) engine.Answer {
	return engine.Answer(`{"moves": []}`)
}

// TestNumbers: Python 2 integer and real arithmetic.
func TestNumbers(t *testing.T) {
	for _, c := range []struct {
		got, want Num
	}{
		{Int(187).Div(Int(200)), Int(0)},
		{Int(-1).Div(Int(200)), Int(-1)},
		{Int(7).Div(Int(-2)), Int(-4)},
		{Int(187).Div(Real(200)), Real(0.935)},
		{Real(-2.5).Trunc(), Int(-2)},
		{Int(3).Mul(Real(0.5)), Real(1.5)},
	} {
		if !c.got.Same(c.want) {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
	if Int(1<<53+1).Cmp(Real(1<<53)) != 1 || Real(0.5).Cmp(Int(0)) != 1 || Int(2).Cmp(Real(2)) != 0 {
		t.Error("exact int/real comparison")
	}
	if !reflect.DeepEqual(mustJSON(t, Real(100)), `100.0`) || mustJSON(t, Int(100)) != `100` {
		t.Error("reals must be written with a decimal point")
	}
	defer func() {
		if _, ok := recover().(NumError); !ok {
			t.Error("an int64 overflow must fail")
		}
	}()
	Int(1 << 62).Mul(Int(4))
}

func mustJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
