package restrict

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/shapan/shapan/engine"
)

// pick is a decision to pick one of the numbers 0 … n-1 (the elements),
// where n itself and above are refused.
func pick(n int) *engine.Decision {
	opts := make([]int, n)
	for i := range opts {
		opts[i] = i
	}
	return &engine.Decision{Player: 0, Kind: "pick",
		Check: func(a engine.Answer) error {
			var v int
			if json.Unmarshal(a, &v) != nil || v < 0 || v >= n {
				return errors.New("pick one of the numbers")
			}
			return nil
		},
		Legal: func() engine.Legal { return engine.LegalValues(opts...) }}
}

// always is a player that answers v to everything.
func always(v int) engine.Player[any] {
	return engine.PlayerFunc[any](func(any, *engine.Decision) engine.Answer { return engine.Encode(v) })
}

// forbid is the restriction of element e: an answer naming e uses it.
func forbid(e int) Restriction {
	return Restriction{Element: Element{Kind: "number", ID: e, Name: "n"},
		Uses: func(_ *engine.Decision, a engine.Answer) bool { return string(a) == string(engine.Encode(e)) }}
}

func answer(p engine.Player[any], d *engine.Decision) string { return string(p.Answer(nil, d)) }

func TestAnAnswerThatDoesNotUseTheElementStands(t *testing.T) {
	if a := answer(Player(always(2), forbid(1)), pick(4)); a != "2" {
		t.Fatalf("a player forbidden 1 answered %s instead of its own 2", a)
	}
}

func TestAForbiddenAnswerIsReplacedByTheFirstLegalOneNotUsingIt(t *testing.T) {
	if a := answer(Player(always(0), forbid(0)), pick(4)); a != "1" {
		t.Fatalf("a player forbidden 0 answered %s; the first legal answer without 0 is 1", a)
	}
}

func TestTheRepairIsPreferredWhenTheRulesAcceptIt(t *testing.T) {
	r := forbid(0)
	r.Repair = func(*engine.Decision, engine.Answer) engine.Answer { return engine.Encode(3) }
	if a := answer(Player(always(0), r), pick(4)); a != "3" {
		t.Fatalf("repaired to %s, not 3", a)
	}
	// a repair the decision refuses, or one that still uses the element,
	// gives way to the first legal answer without it
	for _, bad := range []int{9, 0} {
		r.Repair = func(*engine.Decision, engine.Answer) engine.Answer { return engine.Encode(bad) }
		if a := answer(Player(always(0), r), pick(4)); a != "1" {
			t.Fatalf("a repair to %d: answered %s, not 1", bad, a)
		}
	}
	r.Repair = func(*engine.Decision, engine.Answer) engine.Answer { return nil }
	if a := answer(Player(always(0), r), pick(4)); a != "1" {
		t.Fatalf("no repair: answered %s, not 1", a)
	}
}

func TestWhenEveryAnswerUsesTheElementThePlayersAnswerStands(t *testing.T) {
	r := forbid(0)
	r.Uses = func(*engine.Decision, engine.Answer) bool { return true }
	if a := answer(Player(always(2), r), pick(4)); a != "2" {
		t.Fatalf("answered %s; with no answer free of the element the player's 2 stands", a)
	}
	// a decision that lists no answers leaves nothing to replace it with
	d := pick(4)
	d.Legal = nil
	if a := answer(Player(always(0), forbid(0)), d); a != "0" {
		t.Fatalf("answered %s to a decision without a list", a)
	}
}

func TestEveryRestrictedAnswerIsLegal(t *testing.T) {
	// property: whatever the player answers and whichever element is
	// forbidden, the answer given is legal and free of it when one is
	for n := 2; n <= 6; n++ {
		for e := 0; e < n; e++ {
			for v := 0; v < n; v++ {
				d := pick(n)
				a := Player(always(v), forbid(e)).Answer(nil, d)
				if err := d.Check(a); err != nil {
					t.Fatalf("n %d, forbidden %d, player's %d: %s refused: %v", n, e, v, a, err)
				}
				if string(a) == string(engine.Encode(e)) {
					t.Fatalf("n %d: the forbidden %d was answered", n, e)
				}
			}
		}
	}
}

func TestSideAndElementNames(t *testing.T) {
	var none *Side
	if none.SideOf() != -1 {
		t.Fatal("no restriction restricts a side")
	}
	s := &Side{Side: 2, Restriction: forbid(1)}
	if s.SideOf() != 2 {
		t.Fatalf("side %d", s.SideOf())
	}
	if got := (Element{Kind: "tech", Name: "火计"}).String(); got != "tech 火计" {
		t.Fatalf("%q", got)
	}
	b, err := json.Marshal(s.Restriction)
	if err != nil || string(b) != `{"kind":"number","id":1,"name":"n"}` {
		t.Fatalf("%s %v", b, err)
	}
}
