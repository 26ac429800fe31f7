// Package forms holds the studio's form widgets and builds their rows
// from the field tables of formats/<family> (package field).
//
// Every text field of a form or a table is an Entry bound to a value of a
// document (Doc, which the studio's Session is): what is typed is
// committed as one undoable edit on Enter, when the field loses the focus
// and before any action; a value that cannot be applied stays in the
// field with the reason beside it while the document keeps its value.
// A Binder builds the entries, choices, check lists (CheckList, for long
// lists), item lists and a grid's size fields (SizeFields) of a form and
// shows the model again after every edit, undo or redo.
//
// Int and Float describe an entry from a table's row: its limits, the
// message of a value outside them and the hint under the row (Row, Hint)
// come from the field's range and description, so that the forms, the
// generated JSON Schemas and shapan check read one range and cannot
// drift apart.
//
// The package knows no document, family or studio: the editor shell and
// the family views import it, never the other way round.
package forms

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/formats/field"
)

// Int describes an entry for a whole number.
type Int struct {
	// Label names the value in messages, edits and refusals ("abi"); ""
	// names it as the table's field does (Label).
	Label string
	// Field is the table's row of the value: its range (FormRange) bounds
	// what the entry accepts. Nil for a value no table holds: Min and Max
	// bound it then.
	Field    *field.Field
	Min, Max int
	// At returns the value, or nil when no item is shown: the entry shows
	// None then.
	At   func() *int
	None int
	// Check, when not nil, may refuse a value within the limits with a
	// reason (a cell taken by another person).
	Check func(int) error
}

// name is what the entry's messages and edits call the value.
func (n Int) name() string { return name(n.Label, n.Field) }

// Limits returns the smallest and the largest value the entry accepts.
func (n Int) Limits() (lo, hi int) {
	if n.Field != nil {
		return n.Field.FormRange()
	}
	return n.Min, n.Max
}

// Parse reads text typed for the value: a whole number within the
// limits that Check accepts, or an error saying why not in words.
func (n Int) Parse(text string) (int, error) {
	v, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		return 0, fmt.Errorf("%s must be a whole number", n.name())
	}
	if lo, hi := n.Limits(); v < lo || v > hi {
		return 0, fmt.Errorf("%s must be from %d to %d", n.name(), lo, hi)
	}
	if n.Check != nil {
		if err := n.Check(v); err != nil {
			return 0, err
		}
	}
	return v, nil
}

// Entry returns the entry, bound through b: a value it accepts is set as
// the edit "change <label>".
func (n Int) Entry(b *Binder) *Entry {
	return b.Text(n.name(), func() string {
		if p := n.At(); p != nil {
			return strconv.Itoa(*p)
		}
		return strconv.Itoa(n.None)
	}, func(text string) error {
		v, err := n.Parse(text)
		if err != nil {
			return err
		}
		b.S.Edit("change "+n.name(), func() { *n.At() = v })
		return nil
	})
}

// Float describes an entry for a number the model keeps as a float32.
type Float struct {
	Label    string       // names the value ("wu"; "": as the table's field does)
	Field    *field.Field // the table's row (nil: Min and Max bound it)
	Min, Max float64
	// At returns the value, or nil when no item is shown (the entry shows
	// 0 then).
	At func() *float32
}

// name is what the entry's messages and edits call the value.
func (n Float) name() string { return name(n.Label, n.Field) }

// Limits returns the smallest and the largest value the entry accepts.
func (n Float) Limits() (lo, hi float64) {
	if n.Field != nil {
		return n.Field.RealFormRange()
	}
	return n.Min, n.Max
}

// Parse reads text typed for the value: a number within the limits.
func (n Float) Parse(text string) (float32, error) {
	x, err := strconv.ParseFloat(strings.TrimSpace(text), 32)
	if err != nil {
		return 0, fmt.Errorf("%s must be a number", n.name())
	}
	if lo, hi := n.Limits(); x < lo || x > hi {
		return 0, fmt.Errorf("%s must be from %s to %s", n.name(), strconv.FormatFloat(lo, 'f', -1, 64), strconv.FormatFloat(hi, 'f', -1, 64))
	}
	return float32(x), nil
}

// Entry returns the entry, bound through b: a value it accepts is set as
// the edit "change <label>".
func (n Float) Entry(b *Binder) *Entry {
	return b.Text(n.name(), func() string {
		if p := n.At(); p != nil {
			return strconv.FormatFloat(float64(*p), 'f', -1, 32)
		}
		return "0"
	}, func(text string) error {
		v, err := n.Parse(text)
		if err != nil {
			return err
		}
		b.S.Edit("change "+n.name(), func() { *n.At() = v })
		return nil
	})
}

// Label is what a form calls the table's field f in its messages, edits
// and refusals: the field's name in the readers' messages, its words
// apart ("win_money" → "win money").
func Label(f *field.Field) string { return strings.ReplaceAll(f.Name(), "_", " ") }

// name is label, else what the form calls the table's field f.
func name(label string, f *field.Field) string {
	if label == "" && f != nil {
		return Label(f)
	}
	return label
}

// Hint is what a form says under the row of field f: the values the
// studio accepts and what the field means ("0 to 1000 · Attack.").
func Hint(f *field.Field) string {
	var parts []string
	switch lo, hi := f.FormRange(); {
	case f.HasForm && f.Enum == nil:
		parts = append(parts, fmt.Sprintf("%d to %d", lo, hi))
	case f.Bounded():
		parts = append(parts, f.Allowed())
	}
	if f.Doc != "" {
		parts = append(parts, f.Doc)
	}
	return strings.Join(parts, " · ")
}

// Row returns the form row titled title showing w, with the hint of the
// table's field f under it (no hint when f is nil).
func Row(title string, w fyne.CanvasObject, f *field.Field) *widget.FormItem {
	item := widget.NewFormItem(title, w)
	if f != nil {
		item.HintText = Hint(f)
	}
	return item
}

// IntRow returns the form row of the table's whole-number field f of the
// item at returns (nil when none is shown), and its entry: the entry is
// named as Label names the field and accepts the field's range, the row is
// titled title and says the range and the field's description under it.
func IntRow(b *Binder, title string, f *field.Field, at func() *int) (*widget.FormItem, *Entry) {
	e := Int{Field: f, At: at}.Entry(b)
	return Row(title, e, f), e
}
