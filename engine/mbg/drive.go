package mbg

import (
	"fmt"

	"github.com/shapan/shapan/engine"
)

// Player answers decisions for the roles it plays.
type Player = engine.Player[*Game]

// PlayOut answers every pending decision of g with the player of the asked
// role until the game ends, and returns the result of Run. It fails if a
// player's answer is refused, if the rules fail, or after maxDecisions
// decisions (0: no limit) with engine.ErrStalled.
func PlayOut(g *Game, players []Player, maxDecisions int) (int, error) {
	where := func() string { return fmt.Sprintf("turn %d", g.Turn()) }
	if err := engine.PlayOut(g, players, engine.PlayOptions{MaxDecisions: maxDecisions, Where: where}); err != nil {
		return 0, fmt.Errorf("mbg: %w", err)
	}
	res, _ := g.Winner()
	return res, nil
}
