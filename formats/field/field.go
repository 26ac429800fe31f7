// Package field describes the fields of a document's records once — the
// Go field of the model, the YAML key, the JSON type, the range or set of
// values, the check rule that enforces it and whether breaking it is an
// error or a warning, and what the field means — so that the JSON Schemas
// editors check documents with, the readers and shapan check read the
// same table and cannot drift apart.
//
// The family packages (formats/<family>) hold the tables; the schemas
// under schemas/ are generated from them (go test ./internal/schematest
// -run Generated -update), and the agreement test proves every range and
// set of a table on the schema and on check alike.
package field

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"sync"

	"github.com/shapan/shapan/formats/diag"
)

// Type is a field's JSON type; Ref is a field whose schema (a $ref, a
// list) the schema file states itself: the table gives only its meaning.
type Type string

// The types of a field.
const (
	Integer Type = "integer"
	Number  Type = "number"
	String  Type = "string"
	Boolean Type = "boolean"
	Ref     Type = ""
)

// Field is one field of a record.
type Field struct {
	// Go is the model's Go field ("HP"), or an element of an array field
	// ("Props[0]"); "" when the model keeps the value elsewhere.
	Go   string
	Key  string // the YAML key ("hp")
	Type Type
	// What names the value in a reader's messages ("ability wu"); ""
	// names it by its key.
	What string
	// Min and Max bound the value when set (Has*): a value outside is
	// what Code reports. A real number's range may end between whole
	// numbers (a city's fengshui: 0 to 0.5).
	Min, Max       float64
	HasMin, HasMax bool
	// FormMin and FormMax (when HasForm) bound what the studio's forms
	// accept where the range leaves an end open: a guard against a slip
	// of the keyboard for a value the game plays whatever it is. Neither
	// the schema nor shapan check enforce them.
	FormMin, FormMax int
	HasForm          bool
	// Enum lists the values allowed when not nil.
	Enum []int
	// Names, when not nil, are the values by name: the model keeps the
	// index of the name, and the reader also takes the indices Enum lists
	// written as numbers (none when Enum is nil).
	Names []string
	// Pattern is the regular expression a text value matches, when set.
	Pattern string
	// Const, when not nil, is the one value the field may have (a
	// document's kind and version).
	Const any
	// AnyType says that the reader takes a value of any type and check
	// reports (Code, Severity) one that is not of Type.
	AnyType bool
	// Required says that a document must have the key.
	Required bool
	// Code is the check rule that reports a value outside the range or
	// set, and Severity its severity: a warning is no schema error (the
	// game plays the value), so the schema states the range only in its
	// description.
	Code     string
	Severity diag.Severity
	// Doc says what the field means (the schema's description).
	Doc string
	// Omit says that the YAML writer leaves the key out when the value
	// is zero (false, 0): an optional count or flag most items do not
	// have.
	Omit bool
	// Legacy is the field's place among the values of its record's line
	// in the game's own file, from 1 (0: the line holds no such value,
	// or the family's reader reads it itself); LegacyWhat names the value
	// in the legacy reader's messages ("" names it by What, else by its
	// key).
	Legacy     int
	LegacyWhat string
	// LegacyItem, when not "", says that the value is a list of whole
	// numbers its line writes as its length, then its values ("3 4 7
	// 9"), and names each value in the legacy reader's messages, with its
	// number ("garrison officer" → "garrison officer 2"); LegacyWhat then
	// names the length.
	LegacyItem string
	// LegacyPer, when not "", says that the value is a list with one
	// value for each item of another list of the document ("role": the
	// roles), on a line of its own: its length, which must be the number
	// of those items, then its values (whole numbers, real numbers or
	// booleans). LegacyWhat names the list and LegacyItem each value, a
	// %d standing for the item's number ("researcher of role %d").
	LegacyPer string
	// LegacyUnsized says that a per-item list (LegacyPer) is written
	// without its length: the reader reads as many values as the other
	// list has items (a tech's flag for each terrain of the rules).
	LegacyUnsized bool
	// LegacyRows says that the legacy line writes a list as its length,
	// then each item on a line of its own (a tech's range: "dx dy" a
	// line); a list of pairs is a list of arrays ([][2]int), each value of
	// an item named by the parts of LegacyItem ("range offset %d dx, range
	// offset %d dy").
	LegacyRows bool
	// LegacyWritten, when not "", names a per-item list in the legacy
	// writer's messages of a list that does not have one entry per item
	// ("techs studied"); "" names it by LegacyWhat.
	LegacyWritten string
	// KeyBy, when not "", says that the field is one of the fields of its
	// record that share its Go field and its legacy position, of which the
	// value of the field of key KeyBy chooses one: this one when that
	// value is one of KeyFor, or, when KeyFor is empty, when it is none of
	// the others' (a square's base is its "city", "institute",
	// "training_room" or raw "base", by its type).
	KeyBy  string
	KeyFor []int
	// LegacyLen, when not 0, says that the value the legacy line holds is
	// the length of the list of the field's Go field, whose items stand
	// elsewhere in the file, each at least LegacyLen values of it (a
	// header's counts): the reader makes a list of that length, whose
	// items the family's reader reads; the writer writes its length.
	LegacyLen int
	// LegacySet, when not "", says that the value is a set of items of
	// another list of the document ("officer": the officers), on a line
	// of its own: its capacity, which must be the number of those items
	// (Reading.Counts), then the bytes of a bitset, least significant bit
	// first. LegacyWhat names it in the reader's messages ("garrison
	// set"), LegacyWritten in the writer's ("garrison").
	LegacySet string
	// Expect, when not "", is what the readers' message of a missing key
	// says the value must be ("an integer, at least 1"); "" says it by
	// the field's type ("an integer").
	Expect string
	// ReadMin (when HasReadMin) is the least value the readers build a
	// document from, whatever the range check reports (a map side below
	// 1 leaves no cell to read): a reader refuses a lower value where it
	// stands ("must be at least 1").
	ReadMin    int
	HasReadMin bool
	// Default, when not nil, is the value the game takes when a document
	// leaves the key out (an int, a float64 or a string; a [2]int for a
	// pair).
	Default any
	// Pair, when not "", says that the YAML value is a pair of whole
	// numbers [a, b] — of the two Go fields Go names ("X, Y"), or each
	// item of a list of pairs ([][2]int) — and is what the readers'
	// message of a value of another form says it must be ("[x, y]").
	Pair string
}

// Record is the table of one kind of item of a document: a person of an
// ftbt level, a terrain of the rules.
type Record struct {
	Name string // for messages: "ftbt person"
	// Schema is the schema file and Pointer the JSON pointer of the
	// record's object schema in it ("/definitions/person").
	Schema, Pointer string
	// Open records keep keys of their own beside the table's (a planets
	// map's top level, a planet): the schema's own properties stay.
	Open   bool
	Fields []Field
}

// Field returns the field of key; it panics when the record has none (a
// mistake in the program, not in a document).
func (r *Record) Field(key string) *Field {
	if f := r.Lookup(key); f != nil {
		return f
	}
	panic(fmt.Sprintf("field: record %s has no field %q", r.Name, key))
}

// Lookup returns the field of key, or nil when the record has none (a key
// read from a document path).
func (r *Record) Lookup(key string) *Field {
	for i := range r.Fields {
		if r.Fields[i].Key == key {
			return &r.Fields[i]
		}
	}
	return nil
}

// Keys returns the keys of the record's fields, in table order.
func (r *Record) Keys() []string {
	out := make([]string, len(r.Fields))
	for i := range r.Fields {
		out[i] = r.Fields[i].Key
	}
	return out
}

// Name is what a reader's and a form's messages call the field: What,
// else its key.
func (f *Field) Name() string {
	if f.What != "" {
		return f.What
	}
	return f.Key
}

// LegacyName is what the legacy reader's messages call the field.
func (f *Field) LegacyName() string {
	if f.LegacyWhat != "" {
		return f.LegacyWhat
	}
	return f.Name()
}

// At returns f whose value is the n-th of its record's line in the
// game's own file, named what in the legacy reader's messages ("" names
// it as the YAML reader does).
func (f Field) At(n int, what string) Field {
	f.Legacy, f.LegacyWhat = n, what
	return f
}

// Listing returns f, a list of whole numbers its legacy line writes as
// its length, then its values, whose values the legacy reader's messages
// call item with a number.
func (f Field) Listing(item string) Field {
	f.LegacyItem = item
	return f
}

// PerItem returns f, a list of one value for each item of the document's
// list of which ("role"), written as its length, then its values, each
// named item ("trainee of role %d") in the legacy reader's messages.
func (f Field) PerItem(of, item string) Field {
	f.LegacyPer, f.LegacyItem = of, item
	return f
}

// Unsized returns f, a per-item list (PerItem) whose length the legacy
// line does not write.
func (f Field) Unsized() Field {
	f.LegacyUnsized = true
	return f
}

// Rows returns f, a list whose legacy line writes each item on a line of
// its own after its length.
func (f Field) Rows() Field {
	f.LegacyRows = true
	return f
}

// Length returns f, a list whose legacy line holds its length, its items
// standing elsewhere, each at least perItem values of the file.
func (f Field) Length(perItem int) Field {
	f.LegacyLen = perItem
	return f
}

// SetOf returns f, a set of items of the document's list of which
// ("officer"), written as a bitset on a line of its own.
func (f Field) SetOf(of string) Field {
	f.LegacySet = of
	return f
}

// WrittenAs returns f, a per-item list the legacy writer's messages call
// what.
func (f Field) WrittenAs(what string) Field {
	f.LegacyWritten = what
	return f
}

// KeyedBy returns f, the field of its Go field and legacy position that
// the value of the field of key by chooses when it is one of values (or,
// with no values, none of the other fields').
func (f Field) KeyedBy(by string, values ...int) Field {
	f.KeyBy, f.KeyFor = by, values
	return f
}

// WrittenName is what the legacy writer's messages call a per-item list
// or a set.
func (f *Field) WrittenName() string {
	if f.LegacyWritten != "" {
		return f.LegacyWritten
	}
	return f.LegacyName()
}

// Chosen returns the field of the record that the value sel of the field
// of key f.KeyBy chooses among f and the fields that share its KeyBy and
// Go field (f itself when it has no KeyBy): the one whose KeyFor holds
// sel, else the first with no KeyFor.
func (r *Record) Chosen(f *Field, sel int) *Field {
	if f.KeyBy == "" {
		return f
	}
	var other *Field
	for i := range r.Fields {
		g := &r.Fields[i]
		if g.KeyBy != f.KeyBy || g.Go != f.Go {
			continue
		}
		if len(g.KeyFor) == 0 && other == nil {
			other = g
		}
		for _, v := range g.KeyFor {
			if v == sel {
				return g
			}
		}
	}
	if other == nil {
		panic(fmt.Sprintf("field: record %s: no field of %q is chosen when %s is %d", r.Name, f.Go, f.KeyBy, sel))
	}
	return other
}

// Expecting returns f whose missing key's message says its value must
// be what.
func (f Field) Expecting(what string) Field {
	f.Expect = what
	return f
}

// ReadAtLeast returns f whose readers refuse a value below min.
func (f Field) ReadAtLeast(min int) Field {
	f.ReadMin, f.HasReadMin = min, true
	return f
}

// Defaulting returns f whose value the game takes as v when the key is
// missing.
func (f Field) Defaulting(v any) Field {
	f.Default = v
	return f
}

// Paired returns f, a pair of whole numbers (or a list of pairs) written
// [a, b], which the readers' messages call form.
func (f Field) Paired(form string) Field {
	f.Pair = form
	return f
}

// Omitted returns f which the YAML writer leaves out when it is zero.
func (f Field) Omitted() Field {
	f.Omit = true
	return f
}

// Between returns f with the range min to max.
func (f Field) Between(min, max int) Field {
	return f.BetweenReal(float64(min), float64(max))
}

// BetweenReal returns f with the range min to max of a real number.
func (f Field) BetweenReal(min, max float64) Field {
	f.Min, f.Max, f.HasMin, f.HasMax = min, max, true, true
	return f
}

// AtLeast returns f with the lower bound min.
func (f Field) AtLeast(min int) Field {
	f.Min, f.HasMin = float64(min), true
	return f
}

// Form returns f whose forms accept min to max where its range leaves an
// end open.
func (f Field) Form(min, max int) Field {
	f.FormMin, f.FormMax, f.HasForm = min, max, true
	return f
}

// FormRange returns the range the studio's forms accept: the field's
// range, its open ends taken from the form limits (else the int32 range,
// which the games' files hold). A range that ends between whole numbers
// is narrowed to the whole numbers within it (RealFormRange keeps it).
func (f *Field) FormRange() (lo, hi int) {
	l, h := f.RealFormRange()
	return int(math.Ceil(l)), int(math.Floor(h))
}

// RealFormRange is FormRange for a real number.
func (f *Field) RealFormRange() (lo, hi float64) {
	lo, hi = math.MinInt32, math.MaxInt32
	if f.HasForm {
		lo, hi = float64(f.FormMin), float64(f.FormMax)
	}
	if f.HasMin {
		lo = f.Min
	}
	if f.HasMax {
		hi = f.Max
	}
	return lo, hi
}

// Bounded reports whether the field has a range or a set of values.
func (f *Field) Bounded() bool {
	return f.HasMin || f.HasMax || f.Enum != nil || f.Names != nil || f.Pattern != ""
}

// Outside reports whether v breaks the field's range or set (a field of
// Names: whether v is no index of them the reader takes).
func (f *Field) Outside(v int) bool {
	if f.Names != nil && f.Enum == nil {
		return true
	}
	if f.Enum != nil {
		for _, e := range f.Enum {
			if v == e {
				return false
			}
		}
		return true
	}
	return f.OutsideFloat(float64(v))
}

// OutsideFloat is Outside for a field the model keeps as a real number.
func (f *Field) OutsideFloat(v float64) bool {
	return f.HasMin && v < f.Min || f.HasMax && v > f.Max
}

// OutsideName reports whether the text s is none of the field's Names,
// or does not match its Pattern.
func (f *Field) OutsideName(s string) bool {
	if f.Pattern != "" {
		return !compiled(f.Pattern).MatchString(s)
	}
	for _, n := range f.Names {
		if s == n {
			return false
		}
	}
	return true
}

var (
	patternsMu sync.Mutex
	patterns   = map[string]*regexp.Regexp{}
)

func compiled(p string) *regexp.Regexp {
	patternsMu.Lock()
	defer patternsMu.Unlock()
	re, ok := patterns[p]
	if !ok {
		re = regexp.MustCompile(p)
		patterns[p] = re
	}
	return re
}

// Allowed describes the range or set: "0 to 100", "at least 1", "0 or 1",
// "small, medium or large".
func (f *Field) Allowed() string {
	switch {
	case f.Names != nil:
		return list(f.Names)
	case f.Pattern != "":
		return "text matching " + f.Pattern
	case f.Enum != nil:
		s := make([]string, len(f.Enum))
		for i, e := range f.Enum {
			s[i] = strconv.Itoa(e)
		}
		return list(s)
	case f.AnyType && f.Type == Boolean:
		return "true or false"
	case f.AnyType:
		return "a value of type " + string(f.Type)
	case f.HasMin && f.HasMax:
		return fmt.Sprintf("%s to %s", Bound(f.Min), Bound(f.Max))
	case f.HasMin:
		return "at least " + Bound(f.Min)
	case f.HasMax:
		return "at most " + Bound(f.Max)
	}
	return "any value"
}

// Bound writes a bound as short as it reads: 100, 0.5.
func Bound(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// list joins values as "a, b or c".
func list(values []string) string {
	s := ""
	for i, v := range values {
		switch {
		case i == 0:
		case i == len(values)-1:
			s += " or "
		default:
			s += ", "
		}
		s += v
	}
	return s
}

// Keyword is one keyword of a JSON Schema, in the order it is written.
type Keyword struct {
	Name  string
	Value any
}

// Schema returns the keywords of the field's property schema: the type,
// the range or set when breaking it is an error, and the description. A
// range, set or type that check only warns of is told in the description
// and not enforced (the game plays the value). No keyword makes an editor
// show a warning instead: yaml-language-server publishes every problem a
// schema finds as an error (it turns warnings into errors), so a range
// check warns of stays out of the schema's rules.
func (f *Field) Schema() []Keyword {
	var out []Keyword
	enforce := f.Severity == diag.Error || f.Code == ""
	switch {
	case f.Const != nil:
		out = append(out, Keyword{"const", f.Const})
	case f.Names != nil && enforce:
		out = append(out, Keyword{"enum", f.values()})
	case f.Enum != nil && enforce:
		out = append(out, Keyword{"enum", f.Enum})
	case f.Type != Ref && !f.AnyType:
		out = append(out, Keyword{"type", string(f.Type)})
	}
	if f.Pattern != "" && enforce {
		out = append(out, Keyword{"pattern", f.Pattern})
	}
	if f.Enum == nil && f.Names == nil && enforce {
		if f.HasMin {
			out = append(out, Keyword{"minimum", f.Min})
		}
		if f.HasMax {
			out = append(out, Keyword{"maximum", f.Max})
		}
	}
	if f.AnyType {
		out = append(out, Keyword{"examples", f.examples()})
	}
	doc := f.Doc
	if f.Warns() {
		doc = fmt.Sprintf("%s (shapan check warns of other values, %s). %s", upper(f.Allowed()), f.Code, doc)
	}
	if doc != "" {
		out = append(out, Keyword{"description", doc})
	}
	return out
}

// Warns reports whether check only warns of a value the field does not
// allow.
func (f *Field) Warns() bool {
	return f.Code != "" && f.Severity == diag.Warning && (f.Bounded() || f.AnyType)
}

// values lists the names, then the indices the reader also takes.
func (f *Field) values() []any {
	var out []any
	for _, n := range f.Names {
		out = append(out, n)
	}
	for _, e := range f.Enum {
		out = append(out, e)
	}
	return out
}

func (f *Field) examples() []any {
	if f.Type == Boolean {
		return []any{true, false}
	}
	return nil
}

func upper(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
