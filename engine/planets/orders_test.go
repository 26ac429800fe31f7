package planets

import (
	"encoding/json"
	"math"
	"math/rand"
	"reflect"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/shapan/shapan/engine"
)

// tacticTypes are tactic names for the order tests: the real one, and
// names that json.Marshal escapes or rewrites.
var tacticTypes = []string{Terminator, "god", "", `a"b`, `back\slash`, "<b>&", "tab\there", "é", "\u2028", "\xff\xfe"}

// randomOrder draws an order over n planets: counts and ids inside and
// outside their ranges, nil or empty moves, maybe a tactic of any type.
func randomOrder(r *rand.Rand, n int) Order {
	var o Order
	if r.Intn(8) > 0 {
		o.Moves = []Move{}
	}
	num := func() int64 {
		switch r.Intn(8) {
		case 0:
			return math.MinInt64 + r.Int63n(3)
		case 1:
			return math.MaxInt64 - r.Int63n(3)
		case 2:
			return -r.Int63n(3)
		}
		return r.Int63n(int64(n) + 2)
	}
	for k := r.Intn(4); k > 0; k-- {
		o.Moves = append(o.Moves, Move{Count: num(), From: int(num()), To: int(num())})
	}
	if r.Intn(3) == 0 {
		o.Tactic = &Tactic{Type: tacticTypes[r.Intn(len(tacticTypes))], Planet: int(num())}
	}
	return o
}

// TestOrderEncodeIsJSONMarshal: the hand-written encoder writes what
// json.Marshal writes, for any order.
func TestOrderEncodeIsJSONMarshal(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 5000; i++ {
		o := randomOrder(r, 10)
		want, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		if got := o.Encode(); string(got) != string(want) {
			t.Fatalf("%+v: Encode wrote %s, json.Marshal %s", o, got, want)
		}
		m := Move{Count: r.Int63() - r.Int63(), From: r.Int() - r.Int(), To: -r.Intn(5)}
		want, _ = json.Marshal([3]int64{m.Count, int64(m.From), int64(m.To)})
		if got, _ := m.MarshalJSON(); string(got) != string(want) {
			t.Fatalf("move %+v: %s, want %s", m, got, want)
		}
	}
}

// TestGivenOrderIsCheckedAsItsJSON: at every decision of games on the
// tiny map and on 九州, random orders checked as values (checkGiven)
// get exactly what their JSON gets from checkOrder — the same order
// accepted, or the same refusal — for every player, asked or not.
func TestGivenOrderIsCheckedAsItsJSON(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	accepted := 0
	for _, m := range []func(testing.TB) *Game{
		func(t testing.TB) *Game { return newTestGame(t, Setup{Map: tinyMap(t), Seed: 1, MaxRounds: 60}) },
		func(t testing.TB) *Game {
			return newTestGame(t, Setup{Map: sampleMap(t), Seed: 2, Shuffle: true, MaxRounds: 60})
		},
	} {
		g := m(t)
		random := NewRandomPlayer(3)
		for d := g.Pending(); d != nil; d = g.Pending() {
			st := g.st
			for k := 0; k < 20; k++ {
				o := randomOrder(r, len(st.holds))
				if k%4 == 0 {
					o = random.Order(g, d.Player) // a legal one
				}
				p := r.Intn(len(st.players)+2) - 1
				gc, gerr := st.checkGiven(p, o)
				jc, jerr := st.checkOrder(p, o.Encode())
				sameText := o.Tactic == nil || utf8.ValidString(o.Tactic.Type)
				switch {
				case (gerr == nil) != (jerr == nil) || gerr != nil && sameText && gerr.Error() != jerr.Error():
					t.Fatalf("round %d, player %d, order %s: checked as a value %v, as JSON %v", st.round, p, o.Encode(), gerr, jerr)
				case gerr == nil && !reflect.DeepEqual(gc, jc):
					t.Fatalf("round %d, player %d, order %s: checked as a value %+v, as JSON %+v", st.round, p, o.Encode(), gc, jc)
				case gerr == nil:
					accepted++
				}
			}
			if err := g.Answer(d.Player, random.Answer(g, d)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if accepted < 500 {
		t.Fatalf("only %d orders accepted: the test checks too few", accepted)
	}
}

// TestOrderAnswerSubmitsTheCheckedOrder: an answer of OrderAnswer
// submits its order; an answer that differs from it, or one for another
// decision, is read from its own JSON.
func TestOrderAnswerSubmitsTheCheckedOrder(t *testing.T) {
	g, err := New(Setup{Map: tinyMap(t), MaxRounds: 10}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	d := g.Pending()
	st := g.st
	send := Order{Moves: []Move{{Count: 3, From: st.b.starts[d.Player], To: 2}}}
	a := g.OrderAnswer(d, send)
	if string(a) != string(send.Encode()) || st.given.d != d {
		t.Fatalf("OrderAnswer gave %s and kept %+v", a, st.given)
	}
	// Another answer: the checked order is dropped, the answer read.
	if err := g.Answer(d.Player, Order{Moves: []Move{}}.Encode()); err != nil {
		t.Fatal(err)
	}
	if st.given.d != nil || !st.players[d.Player].queued || len(st.players[d.Player].order) != 0 {
		t.Fatalf("after another answer: given %+v, player %+v", st.given, st.players[d.Player])
	}
	// An answer for a decision that is not pending is not kept.
	next := g.Pending()
	if g.OrderAnswer(d, send); st.given.d != nil {
		t.Fatalf("an order for an answered decision was kept: %+v", st.given)
	}
	// The order checked as a value is the one submitted, not read again
	// (marked here by changing its count behind the answer's back).
	send.Moves[0].From = st.b.starts[next.Player]
	a = g.OrderAnswer(next, send)
	st.given.c.moves[0].count = 2
	if err := g.Answer(next.Player, a); err != nil {
		t.Fatal(err)
	}
	want := Launch{Player: next.Player, From: send.Moves[0].From, To: 2, Count: 2, Steps: Int(1)}
	launched := 0
	for _, e := range g.Events() {
		if l, ok := e.(Launch); ok {
			if l != want {
				t.Fatalf("launched %+v, want %+v", l, want)
			}
			launched++
		}
	}
	if launched != 1 || st.given.d != nil {
		t.Fatalf("%d launches (given %+v), want 1", launched, st.given)
	}
}

// newTestGame starts a game of setup with no event log.
func newTestGame(t testing.TB, setup Setup) *Game {
	t.Helper()
	g, err := New(setup, Options{Machine: engine.Options{DropEvents: true}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	return g
}

// TestGivenOrderKeepsTheQueuedOrders: an order checked as a value is made
// in storage of the player's last order run, never in that of an order
// still queued.
func TestGivenOrderKeepsTheQueuedOrders(t *testing.T) {
	g := newTestGame(t, Setup{Map: sampleMap(t), Seed: 4, Shuffle: true, MaxRounds: 40})
	ais := SeededSeats(4, g.NumPlayers())
	checked := 0
	for d := g.Pending(); d != nil; d = g.Pending() {
		st := g.st
		queued := make([][]fleet, len(st.players))
		for p := range st.players {
			queued[p] = slices.Clone(st.players[p].order)
		}
		for p := range st.players {
			if !st.players[p].alive {
				continue
			}
			if _, err := st.checkGiven(p, oneUnitEverywhere(st, p)); err != nil {
				t.Fatal(err)
			}
		}
		for p := range st.players {
			if len(queued[p]) > 0 {
				checked++
			}
			if !slices.Equal(queued[p], st.players[p].order) {
				t.Fatalf("round %d: checking an order of player %d as a value changed its queued order %v to %v", st.round, p, queued[p], st.players[p].order)
			}
		}
		if err := g.Answer(d.Player, ais[d.Player].Answer(g, d)); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 20 {
		t.Fatalf("only %d queued orders watched", checked)
	}
}

// oneUnitEverywhere is the order of player p that sends one unit along
// every route from every planet p holds with a unit or more.
func oneUnitEverywhere(st *state, p int) Order {
	o := Order{Moves: []Move{}}
	for from, h := range st.holds {
		if h.owner == p && !h.count.Less(Int(1)) {
			for _, r := range st.b.adj[from] {
				o.Moves = append(o.Moves, Move{Count: 1, From: from, To: r.to})
				break
			}
		}
	}
	return o
}
