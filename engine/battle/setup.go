package battle

import (
	"encoding/json"
	"errors"
	"fmt"

	bfmt "github.com/shapan/shapan/formats/battle"
)

// setupWire is Setup's JSON form: the map as the grid interchange text.
type setupWire struct {
	Map       string       `json:"map"`
	Roster    []rosterWire `json:"roster,omitempty"`
	MaxRounds int          `json:"max_rounds,omitempty"`
	Start     *Start       `json:"start,omitempty"`
}

type rosterWire struct {
	Name    string `json:"name"`
	Force   *int   `json:"force,omitempty"`
	Command *int   `json:"command,omitempty"`
	HP      *int   `json:"hp,omitempty"`
	Range   *int   `json:"range,omitempty"`
}

// MarshalJSON writes the setup with its map as grid text.
func (s Setup) MarshalJSON() ([]byte, error) {
	if s.Map == nil {
		return nil, errors.New("battle: the setup has no map")
	}
	m := *s.Map
	m.Roster = nil // the setup's own roster is the one played
	g, err := bfmt.WriteGrid(&m)
	if err != nil {
		return nil, fmt.Errorf("battle: writing the setup's map: %w", err)
	}
	w := setupWire{Map: string(g), MaxRounds: s.MaxRounds, Start: s.Start}
	for _, e := range s.Roster {
		w.Roster = append(w.Roster, rosterWire(e))
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads a setup written by MarshalJSON. A setup without a
// map (a hand-made trace that names a map file) reads with Map nil.
func (s *Setup) UnmarshalJSON(b []byte) error {
	var w setupWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*s = Setup{MaxRounds: w.MaxRounds, Start: w.Start}
	if w.Map != "" {
		m, _, err := bfmt.ReadGrid("setup.grid", []byte(w.Map))
		if err != nil {
			return fmt.Errorf("battle: reading the setup's map: %w", err)
		}
		s.Map = m
	}
	for _, e := range w.Roster {
		s.Roster = append(s.Roster, bfmt.RosterEntry(e))
	}
	return nil
}
