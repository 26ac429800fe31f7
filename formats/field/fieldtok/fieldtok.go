// Package fieldtok reads and writes the values of a record's line of a
// game's own file (a token file) from the record's field table (package
// field): each field with a legacy position (Field.Legacy) is one value
// of the line, read and written in that order; a whole number, a real
// number kept as a float32 or a boolean, by the kind of the model's Go
// field, several such values for a field of several Go fields ("X, Y"),
// or a list of whole numbers written as its length, then its values
// (Field.LegacyItem) — of pairs when its items are arrays ([][2]int),
// each item on a line of its own when Field.LegacyRows says so — or a
// list of one value per item of another list of the document
// (Field.LegacyPer, Reading.Counts), after its length or, when
// Field.LegacyUnsized, alone, or the length of a list whose items stand
// elsewhere (Field.LegacyLen: a header's counts, unmarked), or a set of
// the items of another list written as a bitset after its capacity
// (Field.LegacySet; SetLine writes one), or one of the fields of a Go
// field whose key the value of another field chooses (Field.KeyBy). What a line holds
// besides such values (a name, a set) is for its family's reader: Read
// and Write serve the runs of values among them (ReadRun, WriteRun).
package fieldtok

import (
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/srcpos"
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
	// Counts are the lengths of the document's lists read before the
	// record, by the name a per-item list's field gives them
	// (Field.LegacyPer: "role"): such a list of another length ends the
	// reading.
	Counts map[string]int
	// Names are the names of the items of those lists, for the messages
	// of a per-item list whose items LegacyItem names with a %s ("allowed
	// on terrain %d (%s)"); a list that Counts does not count has as many
	// items as Names names.
	Names map[string][]string
	// MarkRecord marks the values at Path itself, not at Path.key: the
	// values of a record that stand in per-item lists, which the YAML
	// nests by item (an institute's research: its researchers, techs
	// and points, by role).
	MarkRecord bool
}

// Read reads the values of the fields of r that have a legacy position,
// in that order, into v, a pointer to the model's struct, marking each
// where it stands.
func (rd Reading) Read(tr *token.Reader, r *field.Record, v any) {
	rd.ReadRun(tr, r, v, 1, math.MaxInt)
}

// ReadRun is Read for the fields at the legacy positions from to to:
// what stands between two runs of a line (a value whose key depends on
// another, a list of pairs) is for the family's reader.
func (rd Reading) ReadRun(tr *token.Reader, r *field.Record, v any, from, to int) {
	for _, f := range legacyOrder(r) {
		if f.Legacy >= from && f.Legacy <= to {
			rd.read(tr, r, f, v)
		}
	}
}

// read reads the value of the field f (or of the field of its Go field
// that the value of its KeyBy chooses).
func (rd Reading) read(tr *token.Reader, r *field.Record, f *field.Field, v any) {
	f = chosen(r, f, v)
	names := goNames(f)
	for i, name := range names {
		g := r.Value(&field.Field{Go: name, Key: f.Key}, v)
		d := rd.Desc(partName(f, len(names), i))
		switch {
		case readScalar(tr, g, d):
		case g.Kind() == reflect.Array && f.LegacyPer != "":
			rd.perItem(tr, f, g, d)
			return
		case g.Kind() == reflect.Slice:
			switch {
			case f.LegacyLen > 0:
				n := tr.Count(d, f.LegacyLen)
				g.Set(reflect.MakeSlice(g.Type(), n, n))
			case f.LegacyPer != "":
				rd.perItem(tr, f, g, d)
			case f.LegacySet != "":
				g.Set(reflect.ValueOf(rd.set(tr, f, d)))
			default:
				rd.list(tr, f, g, d)
			}
			return
		default:
			panic(fmt.Sprintf("fieldtok: record %s: field %q is a %s", r.Name, f.Key, g.Type()))
		}
		if i == 0 && !rd.NoMarks {
			tr.Mark(rd.path(f))
		}
		if rd.Refuse != "" && g.Kind() == reflect.Int && !tr.Failed() {
			refuse(tr, rd.Refuse, f, d, int(g.Int()))
		}
	}
}

// readScalar reads into g a whole number, a real number kept as a
// float32 or a boolean, by g's kind, named d in messages; it reports
// false, reading nothing, for a g of another kind.
func readScalar(tr *token.Reader, g reflect.Value, d token.Desc) bool {
	switch g.Kind() {
	case reflect.Int:
		g.SetInt(int64(tr.Int(d)))
	case reflect.Float32:
		g.SetFloat(float64(tr.Float32(d)))
	case reflect.Bool:
		g.SetBool(tr.Bool(d))
	default:
		return false
	}
	return true
}

// chosen is f, or, when the value of another field chooses the key of
// its Go field (Field.KeyBy), the field that value in v chooses.
func chosen(r *field.Record, f *field.Field, v any) *field.Field {
	if f.KeyBy == "" {
		return f
	}
	return r.Chosen(f, int(r.Value(r.Field(f.KeyBy), v).Int()))
}

// list reads a list of whole numbers, or of arrays of them (pairs),
// written as its length, then its values, into g: the list is marked at
// its length, each item at its index ("cities[0].garrison[1]"), where its
// first value stands; an empty list is nil.
func (rd Reading) list(tr *token.Reader, f *field.Field, g reflect.Value, d token.Desc) {
	width := itemWidth(f, g.Type())
	n := tr.Count(d, width)
	p := rd.path(f)
	if !rd.NoMarks {
		tr.Mark(p)
	}
	if n == 0 {
		g.SetZero()
		return
	}
	out := reflect.MakeSlice(g.Type(), n, n)
	for k := range n {
		for j := range width {
			e := out.Index(k)
			if width > 1 {
				e = e.Index(j)
			}
			e.SetInt(int64(tr.Int(rd.Desc(partItemName(f, k, width, j)))))
			if j == 0 && !rd.NoMarks {
				tr.Mark(srcpos.Index(p, k))
			}
		}
	}
	g.Set(out)
}

// itemWidth is the number of values of an item of the list f of type t:
// 1 for a list of whole numbers, the length of the arrays of a list of
// arrays of them, each value named by a part of LegacyItem.
func itemWidth(f *field.Field, t reflect.Type) int {
	width := 1
	if e := t.Elem(); e.Kind() == reflect.Array && e.Elem().Kind() == reflect.Int {
		width = e.Len()
	} else if e.Kind() != reflect.Int {
		panic(fmt.Sprintf("fieldtok: field %q is a %s, not a list of whole numbers or of arrays of them", f.Key, t))
	}
	if f.LegacyItem == "" || width > 1 && len(strings.Split(f.LegacyItem, ", ")) != width {
		panic(fmt.Sprintf("fieldtok: field %q of items of %d values names them %q (LegacyItem)", f.Key, width, f.LegacyItem))
	}
	return width
}

// partItemName names the j-th of the width values of item k of a list:
// by the j-th part of LegacyItem when an item has several.
func partItemName(f *field.Field, k, width, j int) string {
	if width == 1 {
		return itemName(f, k, "")
	}
	g := *f
	g.LegacyItem = strings.Split(f.LegacyItem, ", ")[j]
	return itemName(&g, k, "")
}

// perItem reads a list of one value for each item of another list
// (Field.LegacyPer), written as its length, then its values, into g: the
// list is marked at its length; a length other than the count of those
// items ends the reading (and leaves the list empty). A list without its
// length (Field.LegacyUnsized) has as many values as there are items, and
// is marked at its first value.
func (rd Reading) perItem(tr *token.Reader, f *field.Field, g reflect.Value, d token.Desc) {
	want, ok := rd.Counts[f.LegacyPer]
	if !ok {
		want = len(rd.Names[f.LegacyPer])
	}
	n := want
	if !f.LegacyUnsized {
		n = tr.Int(d)
		if !rd.NoMarks {
			tr.Mark(rd.path(f))
		}
		if n != want && !tr.Failed() {
			tr.Fail(diag.CodeBadSize, fmt.Sprintf("%s: expected %d entries (one per %s), found %d", d(), want, f.LegacyPer, n))
		}
		if tr.Failed() {
			n = 0
		}
	}
	out := g // an array is read in place, a value for each of its elements
	if g.Kind() == reflect.Slice {
		out = reflect.MakeSlice(g.Type(), n, n)
	} else if n != g.Len() {
		panic(fmt.Sprintf("fieldtok: field %q is a %s, for %d items", f.Key, g.Type(), n))
	}
	for k := range n {
		if !readScalar(tr, out.Index(k), rd.Desc(itemName(f, k, rd.name(f, k)))) {
			panic(fmt.Sprintf("fieldtok: field %q is a %s", f.Key, g.Type()))
		}
		if k == 0 && f.LegacyUnsized && !rd.NoMarks {
			tr.Mark(rd.path(f))
		}
	}
	g.Set(out)
}

// set reads a set of the items of another list (Field.LegacySet): its
// capacity, which must be the count of those items, marked at the set,
// then the bytes of its bitset, least significant bit first. It returns
// the members in ascending order, nil when the reading fails.
func (rd Reading) set(tr *token.Reader, f *field.Field, d token.Desc) []int {
	n := tr.Int(func() string { return d() + " capacity" })
	if !rd.NoMarks {
		tr.Mark(rd.path(f))
	}
	if tr.Failed() {
		return nil
	}
	if want := rd.Counts[f.LegacySet]; n != want {
		tr.Fail(diag.CodeBadSize, fmt.Sprintf("%s: capacity must be %d, found %d", d(), want, n))
		return nil
	}
	var members []int
	for b := range SetBytes(n) {
		v := tr.Int(func() string { return fmt.Sprintf("%s byte %d", d(), b+1) })
		if tr.Failed() {
			return nil
		}
		if v < 0 || v > 255 {
			tr.Fail(diag.CodeBadValue, fmt.Sprintf("%s byte %d must be 0 to 255, found %d", d(), b+1, v))
			return nil
		}
		for k := range 8 {
			if v&(1<<k) != 0 {
				members = append(members, 8*b+k)
			}
		}
	}
	return members
}

// SetBytes is the number of bytes of a set line of capacity n.
func SetBytes(n int) int { return (n-1)/8 + 1 }

// SetLine writes a set line of the given capacity: the capacity, then
// the bytes of the bitset of members, each followed by a space, then a
// line break; a member outside the capacity is left out and reported.
func SetLine(capacity int, members []int) (string, error) {
	bytes := make([]int, SetBytes(capacity))
	var err error
	for _, m := range members {
		if m < 0 || m >= 8*len(bytes) {
			err = fmt.Errorf("member %d does not fit a set of capacity %d", m, capacity)
			continue
		}
		bytes[m/8] |= 1 << (m % 8)
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(capacity))
	b.WriteByte(' ')
	for _, v := range bytes {
		b.WriteString(strconv.Itoa(v))
		b.WriteByte(' ')
	}
	b.WriteByte('\n')
	return b.String(), err
}

// name is the name of the k-th item of the list a per-item list f
// follows, "" when the reading has no names.
func (rd Reading) name(f *field.Field, k int) string {
	if names := rd.Names[f.LegacyPer]; k < len(names) {
		return names[k]
	}
	return ""
}

// itemName names the k-th value (from 0) of a list in messages: its
// LegacyItem with the value's number, in place of a %d when it has one
// ("researcher of role 2"), and the item's name in place of a %s
// ("allowed on terrain 2 (草地)"; a %[2]s without the number: "count of
// card 流言"), else after it ("garrison officer 2").
func itemName(f *field.Field, k int, name string) string {
	switch {
	case strings.Contains(f.LegacyItem, "%s"), strings.Contains(f.LegacyItem, "%[2]s"):
		return fmt.Sprintf(f.LegacyItem, k+1, name)
	case strings.Contains(f.LegacyItem, "%d"):
		return fmt.Sprintf(f.LegacyItem, k+1)
	}
	return f.LegacyItem + " " + strconv.Itoa(k+1)
}

// path is where the value of f is marked.
func (rd Reading) path(f *field.Field) string {
	if rd.MarkRecord {
		return rd.Path
	}
	return path(rd.Path, f.Key)
}

// goNames are the Go fields of f: one, or the several of a value that
// stands as several values of its line ("X, Y"), which is marked where
// its first value stands.
func goNames(f *field.Field) []string {
	return strings.Split(f.Go, ", ")
}

// partName names the i-th of n values of f in messages: its legacy name,
// or, for a value of several, the i-th of the legacy names LegacyWhat
// lists ("x, y").
func partName(f *field.Field, n, i int) string {
	if n == 1 {
		return f.LegacyName()
	}
	parts := strings.Split(f.LegacyWhat, ", ")
	if len(parts) != n {
		panic(fmt.Sprintf("fieldtok: field %q of %d values names %d in LegacyWhat %q", f.Key, n, len(parts), f.LegacyWhat))
	}
	return parts[i]
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

// Writer is where Write writes: a strings.Builder, a bytes.Buffer.
type Writer interface {
	io.ByteWriter
	io.StringWriter
}

// Write writes the values of the fields of r that have a legacy
// position, in that order, each after a space: whole numbers in decimal,
// booleans as true or false, real numbers by real (the game's own
// writing: token.FormatFixed6, token.FormatFloat32), a list as its
// length (unless Field.LegacyUnsized), then its values, each item on a
// line of its own when Field.LegacyRows says so.
func Write(b Writer, r *field.Record, v any, real func(float32) string) {
	WriteRun(b, r, v, real, 1, math.MaxInt)
}

// WriteRun is Write for the fields at the legacy positions from to to.
func WriteRun(b Writer, r *field.Record, v any, real func(float32) string, from, to int) {
	for _, f := range legacyOrder(r) {
		if f.Legacy < from || f.Legacy > to {
			continue
		}
		for _, name := range goNames(f) {
			write(b, r, f, r.Value(&field.Field{Go: name, Key: f.Key}, v), real)
		}
	}
}

// Line is WriteRun without the space before the first value: the values
// that begin a line.
func Line(b Writer, r *field.Record, v any, real func(float32) string, from, to int) {
	var s strings.Builder
	WriteRun(&s, r, v, real, from, to)
	b.WriteString(strings.TrimPrefix(s.String(), " "))
}

func write(b Writer, r *field.Record, f *field.Field, g reflect.Value, real func(float32) string) {
	switch g.Kind() {
	case reflect.Slice:
		writeList(b, r, f, g, real)
		return
	case reflect.Array:
		for k := range g.Len() {
			write(b, r, f, g.Index(k), real)
		}
		return
	}
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

// writeList writes the list g: its length, then its items.
func writeList(b Writer, r *field.Record, f *field.Field, g reflect.Value, real func(float32) string) {
	if f.LegacySet != "" {
		panic(fmt.Sprintf("fieldtok: record %s: the set %q stands on a line of its own, written with its capacity by SetLine", r.Name, f.Key))
	}
	if !f.LegacyUnsized {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(g.Len()))
	}
	if f.LegacyLen > 0 {
		return
	}
	for k := range g.Len() {
		if !f.LegacyRows {
			write(b, r, f, g.Index(k), real)
			continue
		}
		var s strings.Builder
		write(&s, r, f, g.Index(k), real)
		b.WriteByte('\n')
		b.WriteString(strings.TrimPrefix(s.String(), " "))
	}
}

// Misfit is a per-item list (Field.LegacyPer) whose length is not the
// count of the items it follows: the legacy reader would refuse it.
type Misfit struct {
	Field     *field.Field
	Len, Want int
}

// Misfits returns the per-item lists of r in v, in their legacy order,
// whose length is not counts[Field.LegacyPer], for the family's writer to
// refuse (naming each by Field.WrittenName).
func Misfits(r *field.Record, v any, counts map[string]int) []Misfit {
	var out []Misfit
	for _, f := range legacyOrder(r) {
		if f.LegacyPer == "" {
			continue
		}
		if n, want := r.Value(f, v).Len(), counts[f.LegacyPer]; n != want {
			out = append(out, Misfit{f, n, want})
		}
	}
	return out
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

// Paths returns the document paths, within the record, of the values of
// the fields of r that have a legacy position, in that order: a key for
// a value, a key and key[1]… for a value of several ("at", "at[1]"), the
// key of a list for its length (its items follow).
func Paths(r *field.Record) []string {
	var out []string
	for _, f := range legacyOrder(r) {
		out = append(out, f.Key)
		for i := 1; i < len(goNames(f)); i++ {
			out = append(out, srcpos.Index(f.Key, i))
		}
	}
	return out
}

var orders sync.Map // *field.Record → []*field.Field

// legacyOrder returns the fields of r with a legacy position, in that
// order; two fields at one position are a mistake in the program, but
// for the fields of a Go field whose key another field's value chooses
// (Field.KeyBy), of which the first stands for them all.
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
	out = slices.CompactFunc(out, func(a, b *field.Field) bool {
		return a.Legacy == b.Legacy && a.KeyBy != "" && a.KeyBy == b.KeyBy && a.Go == b.Go
	})
	for i := 1; i < len(out); i++ {
		if out[i].Legacy == out[i-1].Legacy {
			panic(fmt.Sprintf("fieldtok: record %s: %q and %q are both at legacy position %d", r.Name, out[i-1].Key, out[i].Key, out[i].Legacy))
		}
	}
	orders.Store(r, out)
	return out
}
