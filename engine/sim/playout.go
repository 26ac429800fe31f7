package sim

import (
	"context"
	"fmt"

	"github.com/shapan/shapan/engine"
)

// game is what playOut drives: a family's game on the decision machine.
type game interface {
	Pending() *engine.Decision
	Answer(player int, a engine.Answer) error
}

// playOut answers every decision of g with choose until the game ends (or
// choose fails). It
// returns ctx's error when ctx is cancelled (checked every 256 decisions),
// stalled (wrapped) after maxDecisions decisions, and the error of an
// answer the game refuses. where describes the game's progress ("turn 12")
// for these errors.
func playOut(ctx context.Context, g game, choose func(d *engine.Decision) (engine.Answer, error), maxDecisions int, stalled error, where func() string) error {
	for n := 0; ; n++ {
		d := g.Pending()
		if d == nil {
			return nil
		}
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if n >= maxDecisions {
			return fmt.Errorf("%w after %d decisions (%s, %s to player %d)", stalled, n, where(), d.Kind, d.Player)
		}
		a, err := choose(d)
		if err != nil {
			return fmt.Errorf("%s: %w", where(), err)
		}
		if err := g.Answer(d.Player, a); err != nil {
			return fmt.Errorf("%s, player %d's answer %s: %w", where(), d.Player, a, err)
		}
	}
}
