package balance

import (
	"fmt"

	"github.com/shapan/shapan/formats"
)

// Apply sets the knobs of the edits in doc's model (a proposal made for
// this document, or one that has the same knobs). It changes nothing
// when the document lacks a knob of the edits, and says which.
func Apply(doc *formats.Document, edits []Edit) error {
	make := knobSets[doc.Kind]
	if make == nil {
		return fmt.Errorf("the balance assistant has no knobs for %s documents", doc.Kind)
	}
	byID := map[string]Knob{}
	for _, k := range make(doc) {
		byID[k.ID] = k
	}
	for _, e := range edits {
		if _, ok := byID[e.Knob]; !ok {
			return fmt.Errorf("the document has no knob %s", e.Knob)
		}
	}
	for _, e := range edits {
		byID[e.Knob].Set(doc.Value, e.To)
	}
	return nil
}
