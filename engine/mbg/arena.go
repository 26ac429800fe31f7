package mbg

import (
	"fmt"

	"github.com/shapan/shapan/engine"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// WithoutRole returns a copy of sc in which role out never takes part: it
// starts nowhere (-1) with no money, so that it can neither act nor win on
// money. A three-role scenario becomes a two-player game.
func WithoutRole(sc *mbgfmt.Scenario, out int) *mbgfmt.Scenario {
	c := *sc
	c.Roles = append([]mbgfmt.Role(nil), sc.Roles...)
	if out >= 0 && out < len(c.Roles) {
		c.Roles[out].Start = -1
		c.Roles[out].Money = 0
	}
	return &c
}

// Outcome is how a computer game ended.
type Outcome struct {
	Result int       // winner, ResultDraw or ResultQuit
	Turns  int       // turns played
	Moneys []float32 // final money per role
}

// PlayGame plays setup to its end with one player per role and no event
// log; maxDecisions guards against stalls (0: none).
func PlayGame(setup Setup, players []Player, maxDecisions int) (Outcome, error) {
	g, err := New(setup, Options{Machine: engine.Options{DropEvents: true}})
	if err != nil {
		return Outcome{}, err
	}
	defer g.Close()
	res, err := PlayOut(g, players, maxDecisions)
	if err != nil {
		return Outcome{}, fmt.Errorf("seed %d: %w", setup.Seed, err)
	}
	return Outcome{Result: res, Turns: min(g.Turn(), setup.MaxTurn), Moneys: g.g.moneys()}, nil
}
