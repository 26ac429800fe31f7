package battle

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// A start position is written by hand (in a trace's setup.start): a key
// it does not know (archerhp for archer_hp, statuses for status) or a
// status that is not [from, until] is refused, as an unknown key of an
// answer is, never silently ignored.

// strictly decodes b into v, refusing keys v does not have.
func strictly(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// UnmarshalJSON reads a unit of a start position strictly.
func (su *StartUnit) UnmarshalJSON(b []byte) error {
	type plain StartUnit
	var p plain
	if err := strictly(b, &p); err != nil {
		return fmt.Errorf("battle: a unit of setup.start: %w", err)
	}
	var raw struct {
		Status map[string][]json.RawMessage `json:"status"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("battle: unit %s of setup.start: %w", p.Hero, err)
	}
	for name, rounds := range raw.Status {
		if len(rounds) != 2 {
			return fmt.Errorf("battle: unit %s of setup.start: status %s must be [from, until] (two rounds), not %d number(s)", p.Hero, name, len(rounds))
		}
	}
	*su = StartUnit(p)
	return nil
}

// UnmarshalJSON reads a side of a start position strictly.
func (ss *StartSide) UnmarshalJSON(b []byte) error {
	type plain StartSide
	var p plain
	if err := strictly(b, &p); err != nil {
		return fmt.Errorf("battle: a side of setup.start: %w", err)
	}
	*ss = StartSide(p)
	return nil
}

// UnmarshalJSON reads a start position strictly.
func (s *Start) UnmarshalJSON(b []byte) error {
	type plain Start
	var p plain
	if err := strictly(b, &p); err != nil {
		return fmt.Errorf("battle: setup.start: %w", err)
	}
	*s = Start(p)
	return nil
}
