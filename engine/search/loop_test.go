package search

import (
	"testing"

	"github.com/shapan/shapan/engine"
)

// door starts a game of one seat that is asked, again and again, to
// knock (0: nothing happens, the same question comes back), to pick a
// card (1: then asked its target, where -1 cancels back to the first
// question) or to open (2: the game is won).
func door(seed int64) *testGame {
	g := &testGame{start: door, seed: seed}
	g.Machine = engine.Start(func(p *engine.Play) any {
		for {
			switch string(p.Ask(&engine.Decision{Player: 0, Kind: "act", Args: "hall",
				Legal: func() engine.Legal { return engine.LegalValues(0, 1, 2) }})) {
			case "1":
				p.Ask(&engine.Decision{Player: 0, Kind: "target",
					Legal: func() engine.Legal { return engine.LegalValues(-1) }})
			case "2":
				return 0
			}
		}
	})
	return g
}

// stalling is a policy like the mbg AI's: a fresh one first proposes the
// answer that comes back to the question (knock, or the card), and only
// later opens.
type stalling struct{ seen int }

func (s *stalling) Propose(g Game, d *engine.Decision) []engine.Answer {
	return []engine.Answer{s.Answer(g, d)}
}

func (s *stalling) Answer(_ Game, d *engine.Decision) engine.Answer {
	if d.Kind == "target" {
		return engine.Encode(-1)
	}
	s.seen++
	if s.seen > 2 {
		return engine.Encode(2)
	}
	return engine.Encode(s.seen - 1)
}

func TestSearchDoesNotRepeatAnAnswerThatCameBack(t *testing.T) {
	m := replayModel(1, func(g *testGame) []float64 {
		if g.Over() {
			return []float64{1}
		}
		return []float64{0.5}
	})
	m.Policy = func(int64) Policy { return &stalling{} }
	for seed := int64(0); seed < 20; seed++ {
		g := door(0)
		p := New(m, Options{Playouts: 2, Seed: seed})
		n := 0
		for ; !g.Over() && n < 20; n++ {
			d := g.Pending()
			a := p.Answer(g, d)
			if err := g.Answer(d.Player, a); err != nil {
				t.Fatal(err)
			}
		}
		if !g.Over() {
			t.Fatalf("seed %d: the door is still shut after %d answers %s", seed, n, g.Answers())
		}
		// knock, the card and its cancel come back to the hall once
		// each at most; the fourth answer in the hall at the latest opens
		if n > 5 {
			t.Errorf("seed %d: %d answers to open the door: %s", seed, n, g.Answers())
		}
		g.Close()
	}
}

// tried is an arm tried n times, k of them won (value 1, else 0).
func tried(answer string, n, k int) arm {
	return arm{answer: engine.Answer(answer), visits: n, value: float64(k), square: float64(k)}
}

func TestTheFamilysPlayerIsOverruledOnlyOnClearEvidence(t *testing.T) {
	for _, c := range []struct {
		name        string
		lead        bool
		prop, other arm
		want        int
	}{
		{"a few playouts of noise", true, tried("0", 3, 1), tried("1", 5, 3), 0},
		{"one playout each, all won by the other", true, tried("0", 1, 0), tried("1", 1, 1), 0},
		{"a clear lead over many playouts", true, tried("0", 200, 80), tried("1", 400, 260), 1},
		{"the other no better", true, tried("0", 100, 60), tried("1", 300, 170), 0},
		{"no proposal of the family's player", false, tried("0", 3, 1), tried("1", 5, 3), 1},
	} {
		ch := choice{arms: []arm{c.prop, c.other}, lead: c.lead}
		if got := ch.trusted(ch.best(), SureTrust); got != c.want {
			t.Errorf("%s: answered arm %d, want %d", c.name, got, c.want)
		}
	}
}

// match starts a game of one seat that picks a number, then must name
// it again to win.
func match(seed int64) *testGame {
	g := &testGame{start: match, seed: seed}
	nums := func() engine.Legal { return engine.LegalValues(0, 1, 2, 3, 4, 5, 6, 7, 8, 9) }
	g.Machine = engine.Start(func(p *engine.Play) any {
		a := p.Ask(&engine.Decision{Player: 0, Kind: "pick", Legal: nums})
		if string(p.Ask(&engine.Decision{Player: 0, Kind: "again", Legal: nums})) == string(a) {
			return 0
		}
		return -1
	})
	return g
}

// remembering is a policy that picks 7 and remembers it: a fresh one
// asked "again" has nothing to remember and says 0.
type remembering struct{ picked engine.Answer }

func (r *remembering) Propose(g Game, d *engine.Decision) []engine.Answer {
	return []engine.Answer{r.Answer(g, d)}
}

func (r *remembering) Answer(_ Game, d *engine.Decision) engine.Answer {
	if d.Kind == "pick" {
		r.picked = engine.Encode(7)
		return r.picked
	}
	if r.picked == nil {
		return engine.Encode(0)
	}
	return r.picked
}

func TestTheFamilysPlayerSeesEveryDecisionOfTheSeat(t *testing.T) {
	m := replayModel(1, func(g *testGame) []float64 {
		if w, ok := g.Result().(int); ok && g.Over() && w == 0 {
			return []float64{1}
		}
		return []float64{0}
	})
	m.Policy = func(int64) Policy { return &remembering{} }
	m.Trust = SureTrust
	for seed := int64(0); seed < 10; seed++ {
		g := match(0)
		p := New(m, Options{Playouts: 1, Seed: seed})
		for !g.Over() {
			d := g.Pending()
			if err := g.Answer(d.Player, p.Answer(g, d)); err != nil {
				t.Fatal(err)
			}
		}
		if g.Result() != 0 {
			t.Fatalf("seed %d: answered %s; the family's player, seeing both questions, names 7 twice", seed, g.Answers())
		}
		g.Close()
	}
}

// armory starts a game of one seat that picks one of 50 weapons, then is
// asked the weapon's target, where -1 goes back to the choice of weapon
// and 0 strikes (the game is won): the ftbt person who goes back from a
// tech's target to pick another tech.
func armory(seed int64) *testGame {
	g := &testGame{start: armory, seed: seed}
	weapons := make([]int, 50)
	for i := range weapons {
		weapons[i] = i
	}
	g.Machine = engine.Start(func(p *engine.Play) any {
		for {
			w := p.Ask(&engine.Decision{Player: 0, Kind: "weapon", Args: "armory",
				Legal: func() engine.Legal { return engine.LegalValues(weapons...) }})
			if string(p.Ask(&engine.Decision{Player: 0, Kind: "target", Args: string(w),
				Legal: func() engine.Legal { return engine.LegalValues(-1, 0) }})) == "0" {
				return 0
			}
		}
	})
	return g
}

// backing is a policy that always proposes going back from a target.
type backing struct{}

func (backing) Propose(g Game, d *engine.Decision) []engine.Answer {
	return []engine.Answer{backing{}.Answer(g, d)}
}

func (backing) Answer(_ Game, d *engine.Decision) engine.Answer {
	if d.Kind == "target" {
		return engine.Encode(-1)
	}
	return engine.Encode(0)
}

// TestAnAnswerThatClosedALoopIsNotGivenToItsKindAgain: going back from
// one weapon's target, the search does not go back from the next
// weapon's either (a ban by question alone would try all 50 weapons).
func TestAnAnswerThatClosedALoopIsNotGivenToItsKindAgain(t *testing.T) {
	m := replayModel(1, func(g *testGame) []float64 {
		if g.Over() {
			return []float64{1}
		}
		return []float64{0.5}
	})
	m.Policy = func(int64) Policy { return backing{} }
	m.Trust = 100 // the policy's "back" stands wherever it is allowed
	m.Horizon = 4
	g := armory(0)
	defer g.Close()
	p := New(m, Options{Playouts: 2, Seed: 1})
	for n := 0; !g.Over(); n++ {
		if n > 6 {
			t.Fatalf("%d decisions and the game goes on", n)
		}
		d := g.Pending()
		if err := g.Answer(d.Player, p.Answer(g, d)); err != nil {
			t.Fatal(err)
		}
	}
}
