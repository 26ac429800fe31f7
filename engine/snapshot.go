package engine

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Snapshot is a saved game: what is needed to rebuild it exactly. Setup is
// the family's own description of the start (scenario, options, seed);
// Answers are all the answers given since. Resuming a snapshot rebuilds the
// machine from Setup and replays Answers, which — the rules being
// deterministic — reproduces the whole state, pending decision included.
type Snapshot struct {
	Family  string          `json:"family"`
	Setup   json.RawMessage `json:"setup"`
	Answers []Answer        `json:"answers"`
	// Players, set once a game has posed decisions to several players at
	// once, is the player who gave each answer (in a sequential game the
	// pending decision says it).
	Players []int `json:"players,omitempty"`
}

// Snapshot returns the saved form of m, given the family and its setup.
func (m *Machine) Snapshot(family string, setup any) (*Snapshot, error) {
	if m.opts.DropAnswers {
		return nil, errors.New("engine: the game kept no answers (Options.DropAnswers) and cannot be saved")
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, err
	}
	snap := &Snapshot{Family: family, Setup: raw, Answers: append([]Answer{}, m.answers...)}
	if m.together {
		snap.Players = append([]int{}, m.by...)
	}
	return snap, nil
}

// Restore replays a snapshot's answers into m, a machine just started
// from the snapshot's setup.
func (m *Machine) Restore(s *Snapshot) error { return m.ReplayBy(s.Players, s.Answers) }

// Restorable is a family's game that a snapshot's answers can be
// replayed into: any type embedding *Machine.
type Restorable interface {
	Restore(s *Snapshot) error
	Close()
}

// Resume rebuilds a game of family from its snapshot: start makes the
// game from the snapshot's setup (decoded as S), then the snapshot's
// answers are replayed, giving the same state and pending decision.
func Resume[S any, G Restorable](snap *Snapshot, family string, start func(setup S) (G, error)) (G, error) {
	var zero G
	if snap == nil || snap.Family != family {
		return zero, fmt.Errorf("%s: not a snapshot of a %s game", family, family)
	}
	var setup S
	if err := json.Unmarshal(snap.Setup, &setup); err != nil {
		return zero, fmt.Errorf("%s: reading the snapshot's setup: %w", family, err)
	}
	g, err := start(setup)
	if err != nil {
		return zero, err
	}
	if err := g.Restore(snap); err != nil {
		g.Close()
		return zero, fmt.Errorf("%s: replaying the snapshot: %w", family, err)
	}
	return g, nil
}
