package sim

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Facts are the facts particular to a game family, which its adapter
// sums up (Family.Facts): Family names the family and Section holds its
// facts (nil: none). In JSON they are one object keyed by the family's
// name, {"mbg": {...}}, and {} for none. Each family's section is defined
// with its adapter, in the family's sub-package (engine/sim/mbg, …),
// which registers it (RegisterFacts) so that a report read back from
// JSON gets its section.
type Facts struct {
	Family  string
	Section FactsSection
}

// FactsSection is a family's facts in a report.
type FactsSection interface {
	// WriteText writes the section of the text report of games games.
	WriteText(b *strings.Builder, games int)
}

// MarshalJSON implements json.Marshaler.
func (f Facts) MarshalJSON() ([]byte, error) {
	if f.Section == nil {
		return []byte("{}"), nil
	}
	return json.Marshal(map[string]FactsSection{f.Family: f.Section})
}

var (
	factsMu    sync.Mutex
	factsTypes = map[string]func() FactsSection{}
)

// RegisterFacts declares the type of a family's facts section: newSection
// returns a new, empty one, which a report read from JSON decodes the
// family's facts into.
func RegisterFacts(family string, newSection func() FactsSection) {
	factsMu.Lock()
	defer factsMu.Unlock()
	factsTypes[family] = newSection
}

// UnmarshalJSON implements json.Unmarshaler: the section of a family
// whose facts are not registered is kept as it was written (RawFacts).
func (f *Facts) UnmarshalJSON(data []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("the facts of a report: %w", err)
	}
	if len(m) > 1 {
		names := make([]string, 0, len(m))
		for k := range m {
			names = append(names, k)
		}
		sort.Strings(names)
		return fmt.Errorf("the facts of a report have sections of %d families (%s), not one", len(m), strings.Join(names, ", "))
	}
	*f = Facts{}
	for name, raw := range m {
		factsMu.Lock()
		newSection := factsTypes[name]
		factsMu.Unlock()
		if newSection == nil {
			f.Family, f.Section = name, RawFacts(raw)
			return nil
		}
		s := newSection()
		if err := json.Unmarshal(raw, s); err != nil {
			return fmt.Errorf("the %s facts of a report: %w", name, err)
		}
		f.Family, f.Section = name, s
	}
	return nil
}

// RawFacts are the facts of a family this program does not know, as
// they were written; they have no text.
type RawFacts json.RawMessage

// WriteText implements FactsSection: it writes nothing.
func (RawFacts) WriteText(*strings.Builder, int) {}

// MarshalJSON implements json.Marshaler.
func (r RawFacts) MarshalJSON() ([]byte, error) { return json.RawMessage(r).MarshalJSON() }

// Apart is implemented by the facts of a family that can tell that its
// sides never meet: no game of the scenario can have a fight, however
// long it lasts (an ftbt level whose sides terrain separates).
type Apart interface {
	// SidesNeverMeet reports whether the sides can never meet.
	SidesNeverMeet() bool
}
