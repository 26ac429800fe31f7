package forms

import (
	"fyne.io/fyne/v2"
)

// memDoc is a Doc of the tests: it applies edits at once and keeps the
// typed and refused fields as the studio's session does, without one.
type memDoc struct {
	edits    []string
	typed    map[string]bool
	refused  map[string]Refusal
	order    []string
	attached map[string]fyne.Focusable
}

func newMemDoc() *memDoc {
	return &memDoc{typed: map[string]bool{}, refused: map[string]Refusal{}, attached: map[string]fyne.Focusable{}}
}

func (d *memDoc) Edit(label string, change func()) {
	change()
	d.edits = append(d.edits, label)
}

func (d *memDoc) Typing(key string, on bool) {
	if on {
		d.typed[key] = true
	} else {
		delete(d.typed, key)
	}
}

func (d *memDoc) Refuse(r Refusal) {
	if _, ok := d.refused[r.Key]; !ok {
		d.order = append(d.order, r.Key)
	}
	d.refused[r.Key] = r
}

func (d *memDoc) Accept(key string) {
	delete(d.refused, key)
	for i, k := range d.order {
		if k == key {
			d.order = append(d.order[:i:i], d.order[i+1:]...)
			break
		}
	}
}

func (d *memDoc) Refusal(key string) (Refusal, bool) {
	r, ok := d.refused[key]
	return r, ok
}

func (d *memDoc) Refusals() []Refusal {
	var out []Refusal
	for _, k := range d.order {
		out = append(out, d.refused[k])
	}
	return out
}

func (d *memDoc) Attach(key string, f fyne.Focusable) { d.attached[key] = f }
