package balance

import (
	"fmt"
	"math"

	"github.com/shapan/shapan/balance/knob"

	"github.com/shapan/shapan/formats"
)

// Apply sets the knobs of the edits in doc's model (a proposal made for
// this document, or one that has the same knobs). It changes nothing
// when the document lacks a knob of the edits, and says which.
func Apply(doc *formats.Document, edits []Edit) error {
	set, ok := knob.For(doc.Kind)
	if !ok {
		return fmt.Errorf("the balance assistant has no knobs for %s documents", doc.Kind)
	}
	byID := map[string]Knob{}
	for _, k := range set.Knobs(doc) {
		byID[k.ID] = k
	}
	values := make([]float64, len(edits))
	for i, e := range edits {
		k, ok := byID[e.Knob]
		if !ok {
			return fmt.Errorf("the document has no knob %s", e.Knob)
		}
		if values[i], ok = valueOf(&k, e); !ok {
			return fmt.Errorf("%s cannot be %s in this document", e.Knob, e.ToLabel)
		}
	}
	for i, e := range edits {
		byID[e.Knob].Set(doc.Value, values[i])
	}
	return nil
}

// valueOf returns the value an edit sets k to: its To, or for a knob
// with labels the value labelled ToLabel (a start planet), which stays
// right when the document changed the order of the knob's values since
// the proposal was made; false when no value has that label.
func valueOf(k *Knob, e Edit) (float64, bool) {
	if k.Label == nil || e.ToLabel == "" {
		return e.To, true
	}
	for x := math.Ceil(k.Min); x <= k.Max; x++ {
		if k.Label(x) == e.ToLabel {
			return x, true
		}
	}
	return 0, false
}
