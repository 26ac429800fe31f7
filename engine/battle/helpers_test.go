package battle

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// mapT is the worked examples' map T (spec §19): 30×20 space, side 0's
// base at (1,1), side 1's at (28,18), the flag zone x 14…16 × y 9…11, plus
// the given cells.
func mapT(extra map[Point]int) *bfmt.Map {
	m := bfmt.New(30, 20)
	m.Set(1, 1, bfmt.CodeBase)
	m.Set(28, 18, bfmt.CodeBase)
	for y := 9; y <= 11; y++ {
		for x := 14; x <= 16; x++ {
			m.Set(x, y, bfmt.CodeFlag)
		}
	}
	for p, c := range extra {
		m.Set(p.X, p.Y, c)
	}
	return m
}

// table is a rules state set up by hand, as the worked examples set one:
// every slot holds an absent hero (dead, never respawning) until put.
type table struct {
	t      *testing.T
	st     *state
	events []string
}

func newTable(t *testing.T, m *bfmt.Map) *table {
	t.Helper()
	b, err := NewBoard(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	x := &table{t: t, st: newState(b, MaxRounds)}
	for s := range x.st.Sides {
		x.st.Sides[s].Picked = true
		for k := range x.st.Sides[s].Team {
			x.st.Sides[s].Team[k] = Unit{Hero: 8 - k} // 司马懿, 周瑜, ... absent
		}
	}
	x.st.emit = func(e engine.Event) {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		x.events = append(x.events, string(b))
	}
	return x
}

// put places hero name, alive with full hp, in side s's slot k at cell at.
func (x *table) put(s, k int, name string, at Point) *Unit {
	x.t.Helper()
	h := bfmt.HeroIndex(name)
	if h < 0 {
		x.t.Fatalf("no hero %s", name)
	}
	team := &x.st.Sides[s].Team
	for j := range team {
		if j != k && team[j].Hero == h {
			team[j].Hero = team[k].Hero // trade the absent hero
		}
	}
	team[k] = Unit{Hero: h, Alive: true, At: at, HP: x.st.Board.Roster[h].HP}
	return &team[k]
}

// soldiers gives u a archers and sh shields at full hp.
func soldiers(u *Unit, a, sh int) *Unit {
	u.Archers, u.Shields = a, sh
	u.ArcherHP, u.ShieldHP = 0, 0
	if a > 0 {
		u.ArcherHP = ArcherHP
	}
	if sh > 0 {
		u.ShieldHP = ShieldHP
	}
	return u
}

// orders checks side s's answer in round r; it fails the test when the
// answer is refused.
func (x *table) orders(s int, answer string) Orders {
	x.t.Helper()
	o, err := x.st.decide(s, engine.Answer(answer))
	if err != nil {
		x.t.Fatalf("side %d's %s refused: %v", s, answer, err)
	}
	return o
}

// refused checks that side s's answer is refused, with a reason that
// contains want.
func (x *table) refused(s int, answer, want string) {
	x.t.Helper()
	_, err := x.st.decide(s, engine.Answer(answer))
	if err == nil {
		x.t.Fatalf("round %d: side %d's %s accepted", x.st.Round, s, answer)
	}
	if !strings.Contains(err.Error(), want) {
		x.t.Errorf("round %d: side %d's %s refused with %q, want it to say %q", x.st.Round, s, answer, err, want)
	}
}

// play plays round r (its opening and resolution) with the two answers
// ("" for none), and returns the events of the round.
func (x *table) play(r int, a0, a1 string) []string {
	x.t.Helper()
	x.events = nil
	x.st.Round = r
	x.st.open()
	var o [2]Orders
	for s, a := range []string{a0, a1} {
		if a == "" {
			a = "[]"
		}
		o[s] = x.orders(s, a)
	}
	x.st.resolve(&o)
	if err := x.st.Valid(); err != nil {
		x.t.Fatalf("round %d leaves an invalid state: %v", r, err)
	}
	return x.events
}

// only returns the events named name (their JSON), in order.
func only(events []string, names ...string) []string {
	var out []string
	for _, e := range events {
		for _, n := range names {
			if strings.HasPrefix(e, `{"e":"`+n+`"`) {
				out = append(out, e)
			}
		}
	}
	return out
}

// wantEvents checks that the events named like the wanted ones are
// exactly the wanted ones, in order (JSON compared as text).
func wantEvents(t *testing.T, got []string, want ...string) {
	t.Helper()
	names := map[string]bool{}
	for _, w := range want {
		var e struct{ E string }
		if err := json.Unmarshal([]byte(w), &e); err != nil {
			t.Fatalf("bad wanted event %s: %v", w, err)
		}
		names[e.E] = true
	}
	var ns []string
	for n := range names {
		ns = append(ns, n)
	}
	sel := only(got, ns...)
	if strings.Join(sel, "\n") != strings.Join(want, "\n") {
		t.Errorf("events %v:\ngot\n  %s\nwant\n  %s\n(all events:\n  %s)", ns, strings.Join(sel, "\n  "), strings.Join(want, "\n  "), strings.Join(got, "\n  "))
	}
}

// eq fails when got != want.
func eq[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s: got %v, want %v", what, got, want)
	}
}

// pt is the cell (x, y).
func pt(x, y int) Point { return Point{X: x, Y: y} }
