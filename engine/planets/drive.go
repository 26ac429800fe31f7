package planets

import (
	"fmt"

	"github.com/shapan/shapan/engine"
)

// Player answers the orders decisions of the players it plays.
type Player = engine.Player[*Game]

// PlayOut answers every pending decision of g with the asked player's
// Player until the game ends, and returns its result. It fails if an
// answer is refused, if the rules fail, or after maxDecisions decisions
// (0: no limit) with engine.ErrStalled.
func PlayOut(g *Game, players []Player, maxDecisions int) (Result, error) {
	where := func() string { return fmt.Sprintf("round %d", g.Round()) }
	if err := engine.PlayOut(g, players, engine.PlayOptions{MaxDecisions: maxDecisions, Where: where}); err != nil {
		return Result{}, fmt.Errorf("planets: %w", err)
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
func Seats(p Player, n int) []Player { return engine.Seats(p, n) }
