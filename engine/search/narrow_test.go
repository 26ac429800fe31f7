package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shapan/shapan/engine"
)

// listPolicy proposes the given moves of Nim at every decision and plays
// random legal moves.
type listPolicy struct {
	props []engine.Answer
	rng   *rand.Rand
}

func (p listPolicy) Propose(Game, *engine.Decision) []engine.Answer { return p.props }

func (p listPolicy) Answer(g Game, d *engine.Decision) engine.Answer {
	l, _ := engine.LegalOf(d)
	return l.At(p.rng.Int64N(l.N))
}

// TestANarrowDecisionTriesOnlyTheProposals: Nim of heaps 1 and 2 is won
// only by taking one stone of the heap of two ([1,1]). A narrow search
// whose player proposes two losing moves answers one of them; told the
// winning one among them, it finds it; and with a single proposal it
// answers it without a playout. An answer other than the first
// proposal counts as overruling the player.
func TestANarrowDecisionTriesOnlyTheProposals(t *testing.T) {
	for _, c := range []struct {
		props    []string
		want     []string
		playouts bool
	}{
		{[]string{"[1,2]", "[0,1]"}, []string{"[1,2]", "[0,1]"}, true},
		{[]string{"[1,2]", "[1,1]"}, []string{"[1,1]"}, true},
		{[]string{"[0,1]"}, []string{"[0,1]"}, false},
	} {
		var props []engine.Answer
		for _, a := range c.props {
			props = append(props, engine.Answer(a))
		}
		m := replayModel(2, winnerValue)
		m.Policy = func(seed int64) Policy { return listPolicy{props, rand.New(rand.NewPCG(uint64(seed), 1))} }
		m.Narrow = func(d *engine.Decision) bool { return true }
		g := nim(1, 2)(0)
		p := New(m, Options{Playouts: 300, Seed: 1})
		a := p.Answer(g, g.Pending())
		g.Close()
		if !slices.Contains(c.want, string(a)) {
			t.Errorf("proposals %v: the search answered %s, want one of %v", c.props, a, c.want)
		}
		if got := p.Stats().Playouts > 0; got != c.playouts {
			t.Errorf("proposals %v: %d playouts", c.props, p.Stats().Playouts)
		}
		// an answer other than the player's first proposal is counted
		if over := p.Stats().Overruled; over != 0 && over != 1 || (over == 1) != (string(a) != c.props[0]) {
			t.Errorf("proposals %v: answered %s, %d overruled", c.props, a, over)
		}
	}
}
