package mbg

import (
	"errors"
	"fmt"
)

// ErrStalled is returned by PlayOut when a game needs more decisions than
// allowed (a player keeps giving answers the rules re-ask).
var ErrStalled = errors.New("mbg: the game stalled")

// PlayOut answers every pending decision of g with the player of the asked
// role until the game ends, and returns the result of Run. It fails if a
// player's answer is refused, if the rules fail, or after maxDecisions
// decisions (0: no limit).
func PlayOut(g *Game, players []Player, maxDecisions int) (int, error) {
	for n := 0; ; n++ {
		d := g.Pending()
		if d == nil {
			break
		}
		if maxDecisions > 0 && n >= maxDecisions {
			return 0, fmt.Errorf("%w after %d decisions (turn %d, %s to role %d)", ErrStalled, n, g.Turn(), d.Kind, d.Player)
		}
		if d.Player < 0 || d.Player >= len(players) || players[d.Player] == nil {
			return 0, fmt.Errorf("mbg: no player for role %d", d.Player)
		}
		a := players[d.Player].Answer(g, d)
		if err := g.Answer(d.Player, a); err != nil {
			return 0, fmt.Errorf("mbg: turn %d, role %d's answer %s: %w", g.Turn(), d.Player, a, err)
		}
	}
	if err := g.Err(); err != nil {
		return 0, err
	}
	res, _ := g.Winner()
	return res, nil
}
