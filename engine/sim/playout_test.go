package sim

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
)

// endless is a game that asks player 0 forever and refuses "no".
type endless struct{ answered int }

func (e *endless) Pending() *engine.Decision { return &engine.Decision{Player: 0, Kind: "again"} }
func (e *endless) Answer(_ int, a engine.Answer) error {
	if string(a) == `"no"` {
		return errors.New("refused")
	}
	e.answered++
	return nil
}

func TestPlayOutStopsWhatNeverEnds(t *testing.T) {
	stalled := errors.New("stalled")
	where := func() string { return "round 7" }
	yes := func(*engine.Decision) (engine.Answer, error) { return engine.Encode("yes"), nil }

	g := &endless{}
	err := playOut(context.Background(), g, yes, 1000, stalled, where)
	if !errors.Is(err, stalled) || g.answered != 1000 || !strings.Contains(err.Error(), "after 1000 decisions (round 7, again to player 0)") {
		t.Errorf("a game that never ends: %v after %d answers", err, g.answered)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := playOut(ctx, &endless{}, yes, 1000, stalled, where); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled simulation: %v", err)
	}

	no := func(*engine.Decision) (engine.Answer, error) { return engine.Encode("no"), nil }
	if err := playOut(context.Background(), &endless{}, no, 1000, stalled, where); err == nil || !strings.Contains(err.Error(), `round 7, player 0's answer "no": refused`) {
		t.Errorf("a refused answer: %v", err)
	}

	fail := func(*engine.Decision) (engine.Answer, error) { return nil, errors.New("no player 3") }
	if err := playOut(context.Background(), &endless{}, fail, 1000, stalled, where); err == nil || err.Error() != "round 7: no player 3" {
		t.Errorf("a player that cannot answer: %v", err)
	}
}
