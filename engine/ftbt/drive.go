package ftbt

import (
	"fmt"

	"github.com/shapan/shapan/engine"
)

// Player answers decisions for the sides it plays.
type Player = engine.Player[*Game]

// PlayOut answers every pending decision of g with the player of the
// asked side until the game ends, and returns the result (the winning
// side or ResultQuit). It fails if an answer is refused, if the rules
// fail, or after maxDecisions decisions (0: no limit) with
// engine.ErrStalled.
func PlayOut(g *Game, players [2]Player, maxDecisions int) (int, error) {
	where := func() string { return fmt.Sprintf("round %d", g.Turn()) }
	if err := engine.PlayOut(g, players[:], engine.PlayOptions{MaxDecisions: maxDecisions, Where: where}); err != nil {
		return 0, fmt.Errorf("ftbt: %w", err)
	}
	res, _ := g.Winner()
	return res, nil
}

// Outcome is how a computer game ended.
type Outcome struct {
	Result    int    // winning side, or ResultQuit
	Capped    bool   // the turn cap stopped the game
	Rounds    int    // rounds played
	Survivors [2]int // people of each side on the map at the end
	People    []PersonState
}

func outcome(g *Game, res int) Outcome {
	return Outcome{Result: res, Capped: g.Capped(), Rounds: g.Rounds(), Survivors: [2]int{g.Alive(0), g.Alive(1)}, People: g.People()}
}

// PlayGame plays setup to its end with one player per side and no event
// log; maxDecisions guards against stalls (0: none).
func PlayGame(setup Setup, players [2]Player, maxDecisions int) (Outcome, error) {
	g, err := New(setup, Options{Machine: engine.Options{DropEvents: true}})
	if err != nil {
		return Outcome{}, err
	}
	defer g.Close()
	res, err := PlayOut(g, players, maxDecisions)
	if err != nil {
		return Outcome{}, fmt.Errorf("seed %d: %w", setup.Seed, err)
	}
	return outcome(g, res), nil
}
