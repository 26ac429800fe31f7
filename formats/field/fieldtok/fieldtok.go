// Package fieldtok reads and writes the values of a record's line of a
// game's own file (a token file) from the record's field table (package
// field): each field with a legacy position (Field.Legacy) is one value
// of the line, read and written in that order; a whole number, a real
// number kept as a float32 or a boolean, by the kind of the model's Go
// field. What a line holds besides such values (a name, a list, a set)
// is for its family's reader: Read and Write serve the run of plain
// values among them.
package fieldtok

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/token"
)

// Reading says how to read a record's values.
type Reading struct {
	// Desc names a value in messages, given the field's legacy name
	// (Field.LegacyName): "officer 3 (关羽): rumour rounds".
	Desc func(what string) token.Desc
	// Path is the record's document path: the value of a field is marked
	// at Path.key ("officers[2].rumour"; the key alone when Path is "").
	Path string
	// NoMarks leaves the values unmarked, for a reader that finds the
	// positions of a long list's items when asked (an ftbt level's
	// people).
	NoMarks bool
	// Refuse, when not "", is the code with which a value below its
	// field's ReadMin, or, when it has none, outside its range, ends the
	// reading (a size the rest of the file cannot be read without); ""
	// leaves the range to check.
	Refuse string
}

// Read reads the values of the fields of r that have a legacy position,
// in that order, into v, a pointer to the model's struct, marking each
// where it stands.
func (rd Reading) Read(tr *token.Reader, r *field.Record, v any) {
	for _, f := range legacyOrder(r) {
		g := r.Value(f, v)
		d := rd.Desc(f.LegacyName())
		switch g.Kind() {
		case reflect.Int:
			g.SetInt(int64(tr.Int(d)))
		case reflect.Float32:
			g.SetFloat(float64(tr.Float32(d)))
		case reflect.Bool:
			g.SetBool(tr.Bool(d))
		default:
			panic(fmt.Sprintf("fieldtok: record %s: field %q is a %s", r.Name, f.Key, g.Type()))
		}
		if !rd.NoMarks {
			tr.Mark(path(rd.Path, f.Key))
		}
		if rd.Refuse != "" && g.Kind() == reflect.Int && !tr.Failed() {
			refuse(tr, rd.Refuse, f, d, int(g.Int()))
		}
	}
}

// refuse ends the reading with code when v is below the field's ReadMin,
// or, when it has none, outside its range.
func refuse(tr *token.Reader, code string, f *field.Field, d token.Desc, v int) {
	switch {
	case f.HasReadMin && v < f.ReadMin:
		tr.Fail(code, fmt.Sprintf("%s must be at least %d, found %d", d(), f.ReadMin, v))
	case !f.HasReadMin && f.Outside(v):
		tr.Fail(code, fmt.Sprintf("%s must be %s, found %d", d(), f.Allowed(), v))
	}
}

func path(p, key string) string {
	if p == "" {
		return key
	}
	return p + "." + key
}

// Write writes the values of the fields of r that have a legacy
// position, in that order, each after a space: whole numbers in decimal,
// booleans as true or false, real numbers by real (the game's own
// writing: token.FormatFixed6, token.FormatFloat32).
func Write(b *strings.Builder, r *field.Record, v any, real func(float32) string) {
	for _, f := range legacyOrder(r) {
		g := r.Value(f, v)
		b.WriteByte(' ')
		switch g.Kind() {
		case reflect.Int:
			b.WriteString(strconv.FormatInt(g.Int(), 10))
		case reflect.Float32:
			b.WriteString(real(float32(g.Float())))
		case reflect.Bool:
			b.WriteString(strconv.FormatBool(g.Bool()))
		default:
			panic(fmt.Sprintf("fieldtok: record %s: field %q is a %s", r.Name, f.Key, g.Type()))
		}
	}
}

// Keys returns the keys of the fields of r that have a legacy position,
// in that order.
func Keys(r *field.Record) []string {
	var out []string
	for _, f := range legacyOrder(r) {
		out = append(out, f.Key)
	}
	return out
}

var orders sync.Map // *field.Record → []*field.Field

// legacyOrder returns the fields of r with a legacy position, in that
// order; two fields at one position are a mistake in the program.
func legacyOrder(r *field.Record) []*field.Field {
	if o, ok := orders.Load(r); ok {
		return o.([]*field.Field)
	}
	var out []*field.Field
	for i := range r.Fields {
		if r.Fields[i].Legacy > 0 {
			out = append(out, &r.Fields[i])
		}
	}
	slices.SortStableFunc(out, func(a, b *field.Field) int { return a.Legacy - b.Legacy })
	for i := 1; i < len(out); i++ {
		if out[i].Legacy == out[i-1].Legacy {
			panic(fmt.Sprintf("fieldtok: record %s: %q and %q are both at legacy position %d", r.Name, out[i-1].Key, out[i].Key, out[i].Legacy))
		}
	}
	orders.Store(r, out)
	return out
}
