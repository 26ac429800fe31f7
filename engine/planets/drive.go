package planets

import (
	"errors"
	"fmt"

	"github.com/shapan/shapan/engine"
)

// Player answers the orders decisions of the players it plays.
type Player interface {
	// Answer returns a legal answer to d, the pending decision of g.
	Answer(g *Game, d *engine.Decision) engine.Answer
}

// ErrStalled is returned by PlayOut when a game needs more decisions than
// allowed.
var ErrStalled = errors.New("planets: the game stalled")

// PlayOut answers every pending decision of g with the asked player's
// Player until the game ends, and returns its result. It fails if an
// answer is refused, if the rules fail, or after maxDecisions decisions
// (0: no limit).
func PlayOut(g *Game, players []Player, maxDecisions int) (Result, error) {
	for n := 0; ; n++ {
		d := g.Pending()
		if d == nil {
			break
		}
		if maxDecisions > 0 && n >= maxDecisions {
			return Result{}, fmt.Errorf("%w after %d decisions (round %d)", ErrStalled, n, g.Round())
		}
		if d.Player < 0 || d.Player >= len(players) || players[d.Player] == nil {
			return Result{}, fmt.Errorf("planets: no player for player %d", d.Player)
		}
		a := players[d.Player].Answer(g, d)
		if err := g.Answer(d.Player, a); err != nil {
			return Result{}, fmt.Errorf("planets: round %d, player %d's answer %s: %w", g.Round(), d.Player, a, err)
		}
	}
	if err := g.Err(); err != nil {
		return Result{}, err
	}
	r, _ := g.Outcome()
	return r, nil
}

// PlayGame plays setup to its end with one Player per player and no event
// log; maxDecisions guards against stalls (0: none).
func PlayGame(setup Setup, players []Player, maxDecisions int) (Result, error) {
	g, err := New(setup, Options{Machine: engine.Options{DropEvents: true}})
	if err != nil {
		return Result{}, err
	}
	defer g.Close()
	r, err := PlayOut(g, players, maxDecisions)
	if err != nil {
		return Result{}, fmt.Errorf("seed %d: %w", setup.Seed, err)
	}
	return r, nil
}

// Seats returns a list of n players, all p.
func Seats(p Player, n int) []Player {
	out := make([]Player, n)
	for i := range out {
		out[i] = p
	}
	return out
}
