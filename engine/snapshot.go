package engine

import "encoding/json"

// Snapshot is a saved game: what is needed to rebuild it exactly. Setup is
// the family's own description of the start (scenario, options, seed);
// Answers are all the answers given since. Resuming a snapshot rebuilds the
// machine from Setup and replays Answers, which — the rules being
// deterministic — reproduces the whole state, pending decision included.
type Snapshot struct {
	Family  string          `json:"family"`
	Setup   json.RawMessage `json:"setup"`
	Answers []Answer        `json:"answers"`
}

// Snapshot returns the saved form of m, given the family and its setup.
func (m *Machine) Snapshot(family string, setup any) (*Snapshot, error) {
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, err
	}
	answers := make([]Answer, len(m.answers))
	copy(answers, m.answers)
	return &Snapshot{Family: family, Setup: raw, Answers: answers}, nil
}
