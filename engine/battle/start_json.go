package battle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// A start position is written by hand (in a trace's setup.start): a key
// it does not know (archerhp for archer_hp, statuses for status) or a
// status that is not [from, until] is refused, as an unknown key of an
// answer is, never silently ignored. The refusal names where the key is
// once: "battle: setup.start, side 0, unit 吕布: unknown key "archerhp"".

// strictly decodes b into v, refusing keys v does not have.
func strictly(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// keyWords says encoding/json's "json: unknown field "x"" in the words of
// the trace's documentation (a key), and leaves other errors as they are.
func keyWords(err error) error {
	if s, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Errorf("unknown key %s", s)
	}
	return err
}

// UnmarshalJSON reads a unit of a start position strictly.
func (su *StartUnit) UnmarshalJSON(b []byte) error {
	type plain StartUnit
	var p plain
	if err := strictly(b, &p); err != nil {
		var named struct{ Hero string }
		if json.Unmarshal(b, &named) == nil && named.Hero != "" {
			return fmt.Errorf("unit %s: %w", named.Hero, keyWords(err))
		}
		return fmt.Errorf("a unit: %w", keyWords(err))
	}
	var raw struct {
		Status map[string][]json.RawMessage `json:"status"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("unit %s: %w", p.Hero, err)
	}
	for name, rounds := range raw.Status {
		if len(rounds) != 2 {
			return fmt.Errorf("unit %s: status %s must be [from, until] (two rounds), not %d number(s)", p.Hero, name, len(rounds))
		}
	}
	*su = StartUnit(p)
	return nil
}

// UnmarshalJSON reads a side of a start position strictly; a unit's
// error says which unit.
func (ss *StartSide) UnmarshalJSON(b []byte) error {
	type plain StartSide
	var p plain
	if err := strictly(b, &p); err != nil {
		var units struct{ Units []json.RawMessage }
		if json.Unmarshal(b, &units) == nil {
			for _, raw := range units.Units {
				var u StartUnit
				if uerr := json.Unmarshal(raw, &u); uerr != nil {
					return uerr
				}
			}
		}
		return keyWords(err)
	}
	*ss = StartSide(p)
	return nil
}

// UnmarshalJSON reads a start position strictly; a side's error says
// which side.
func (s *Start) UnmarshalJSON(b []byte) error {
	type plain Start
	var p plain
	if err := strictly(b, &p); err != nil {
		var sides struct{ Sides []json.RawMessage }
		if json.Unmarshal(b, &sides) == nil {
			for i, raw := range sides.Sides {
				var side StartSide
				if serr := json.Unmarshal(raw, &side); serr != nil {
					return fmt.Errorf("battle: setup.start, side %d, %w", i, serr)
				}
			}
		}
		return fmt.Errorf("battle: setup.start: %w", keyWords(err))
	}
	*s = Start(p)
	return nil
}
