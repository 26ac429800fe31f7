package search

import (
	"math/rand/v2"
	"testing"

	"github.com/shapan/shapan/engine"
)

// firstMovePolicy proposes a losing first move of Nim (1, 2) and
// plays random legal moves.
type firstMovePolicy struct{ rng *rand.Rand }

func (p firstMovePolicy) Propose(g Game, d *engine.Decision) []engine.Answer {
	if g.Answered() == 0 {
		return []engine.Answer{engine.Answer("[1,2]")}
	}
	return nil
}

func (p firstMovePolicy) Answer(g Game, d *engine.Decision) engine.Answer {
	l, _ := engine.LegalOf(d)
	return l.At(p.rng.Int64N(l.N))
}

// TestAnOpeningIsPlayedToTheEnd: with a horizon of one decision and a
// trust no playout overcomes, the search keeps the family player's
// losing first move; told that the first move is an opening, it plays
// its playouts to the end, without the trust, and finds the winning one.
func TestAnOpeningIsPlayedToTheEnd(t *testing.T) {
	for _, opening := range []bool{false, true} {
		m := replayModel(2, winnerValue)
		m.Horizon, m.Trust = 1, 100
		m.Policy = func(seed int64) Policy { return firstMovePolicy{rand.New(rand.NewPCG(uint64(seed), 1))} }
		if opening {
			m.Opening = func(g Game, _ *engine.Decision) bool { return g.Answered() == 0 }
			m.OpeningPlayouts = 500
		}
		g := nim(1, 2)(0)
		a := New(m, Options{Playouts: 2000, Seed: 1}).Answer(g, g.Pending())
		g.Close()
		want := map[bool]string{false: "[1,2]", true: "[1,1]"}[opening]
		if string(a) != want {
			t.Errorf("opening %v: the search answered %s, want %s", opening, a, want)
		}
	}
}
