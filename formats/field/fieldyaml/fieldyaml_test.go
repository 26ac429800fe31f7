package fieldyaml

import (
	"strings"
	"testing"

	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/yamlx"
)

// unit is a flat record of every type the package reads and writes.
type unit struct {
	Name   string
	Troops int
	Morale float32
	Elite  bool
	Other  []int // no field of the table: left alone
}

var unitFields = field.Record{Name: "unit", Fields: []field.Field{
	{Go: "Name", Key: "name", Type: field.String, Required: true},
	{Go: "Troops", Key: "troops", Type: field.Integer, Required: true},
	{Go: "Morale", Key: "morale", Type: field.Number},
	{Go: "Elite", Key: "elite", Type: field.Boolean},
}}

// Every field of the table is written, in its order, and read back.
func TestWrittenInTableOrderAndReadBack(t *testing.T) {
	u := unit{Name: "虎豹骑", Troops: 300, Morale: 0.75, Elite: true}
	b, err := yamlx.Encode("", yamlx.Map("unit", yamlx.Flow(Encode(&unitFields, &u))))
	if err != nil {
		t.Fatal(err)
	}
	if want := "unit: {name: 虎豹骑, troops: 300, morale: 0.75, elite: true}\n"; !strings.HasSuffix(string(b), want) {
		t.Fatalf("wrote %q, want it to end %q", b, want)
	}
	var back unit
	decode(t, string(b), &back)
	if back.Name != u.Name || back.Troops != u.Troops || back.Morale != u.Morale || back.Elite != u.Elite {
		t.Errorf("read back %+v, want %+v", back, u)
	}
}

// A missing optional field keeps its zero value; a missing required one
// and a value of another type are reported at their place.
func TestMissingAndWrongValuesAreReported(t *testing.T) {
	var u unit
	err := decode(t, "unit: {name: 甲, morale: high}\n", &u)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"troops", "an integer", "morale must be a number, found 'high'"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error %q does not say %q", err, want)
		}
	}
	if u.Name != "甲" || u.Elite || u.Troops != 0 {
		t.Errorf("read %+v", u)
	}
}

// A table naming a field the model does not have is a mistake in the
// program: it panics with the record and the field.
func TestATableNamingNoFieldPanics(t *testing.T) {
	bad := field.Record{Name: "bad", Fields: []field.Field{{Go: "Horses", Key: "horses", Type: field.Integer}}}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `record bad`) || !strings.Contains(r.(string), `"Horses"`) {
			t.Errorf("recovered %v", r)
		}
	}()
	Encode(&bad, &unit{})
}

// decode reads the unit mapping of src into u and returns the document's
// errors.
func decode(t *testing.T, src string, u *unit) error {
	t.Helper()
	d, err := yamlx.Parse("unit.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	n, ok := d.Root.Mapping().Get("unit", "")
	if !ok {
		t.Fatal("no unit")
	}
	m := n.Mapping()
	Decode(&unitFields, m, u)
	m.Done()
	return d.Err()
}

// hero keeps its abilities in an array, as an mbg officer does.
type hero struct {
	Name  string
	Props [2]float32
}

var heroFields = field.Record{Name: "hero", Fields: []field.Field{
	{Go: "Name", Key: "name", Type: field.String, Required: true},
	{Go: "Props[0]", Key: "wu", What: "ability wu", Type: field.Number, Required: true},
	{Go: "Props[1]", Key: "zhan", What: "ability zhan", Type: field.Number, Required: true},
}}

// Fields naming elements of an array are written and read as keys of
// their own; some of a table's fields can be written after keys a codec
// writes itself, and read after it read them; a value of another type is
// reported with the field's What.
func TestArrayElementsAndSomeFields(t *testing.T) {
	h := hero{Name: "关羽", Props: [2]float32{97, 90.5}}
	m := yamlx.Flow(yamlx.Map("name", yamlx.Str("云长")))
	EncodeFields(m, &heroFields, heroFields.Fields[1:], &h)
	b, err := yamlx.Encode("", yamlx.Map("unit", m))
	if err != nil {
		t.Fatal(err)
	}
	if want := "unit: {name: 云长, wu: 97, zhan: 90.5}\n"; !strings.HasSuffix(string(b), want) {
		t.Fatalf("wrote %q, want it to end %q", b, want)
	}
	read := func(src string) (hero, error) {
		d, err := yamlx.Parse("hero.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		n, _ := d.Root.Mapping().Get("unit", "")
		hm := n.Mapping()
		var back hero
		DecodeFields(hm, &heroFields, heroFields.Fields[1:], &back)
		hm.Get("name", "")
		hm.Done()
		return back, d.Err()
	}
	if back, err := read(string(b)); err != nil || back.Props != h.Props || back.Name != "" {
		t.Errorf("read back %+v (%v), want the abilities %v and no name", back, err, h.Props)
	}
	if _, err := read("unit: {name: 甲, wu: strong}\n"); err == nil ||
		!strings.Contains(err.Error(), "ability wu must be a number, found 'strong'") || !strings.Contains(err.Error(), "missing field 'zhan' (a number)") {
		t.Errorf("a wrong and a missing ability: %v", err)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `"Props[2]"`) {
			t.Errorf("an element beyond the array: recovered %v", r)
		}
	}()
	bad := field.Record{Name: "bad", Fields: []field.Field{{Go: "Props[2]", Key: "mou", Type: field.Number}}}
	Encode(&bad, &h)
}

// rank is a record of a whole number written by name.
type rank struct{ Grade int }

var rankFields = field.Record{Name: "rank", Fields: []field.Field{
	{Go: "Grade", Key: "grade", Type: field.String, Names: []string{"low", "high"}, Enum: []int{0, 1}, Required: true, Expect: "low or high"},
}}

// A whole number of a field with names is written by its name (by its
// number when it names none) and read by name or number; a missing one
// is reported with the field's Expect.
func TestNamedValues(t *testing.T) {
	for _, c := range []struct {
		grade int
		want  string
	}{{1, "{grade: high}"}, {7, "{grade: 7}"}} {
		b, err := yamlx.Encode("", yamlx.Flow(Encode(&rankFields, &rank{c.grade})))
		if err != nil || !strings.Contains(string(b), c.want) {
			t.Errorf("%d: wrote %q (%v), want %q", c.grade, b, err, c.want)
		}
	}
	for src, want := range map[string]string{"{grade: high}": "", "{grade: 0}": "", "{}": "low or high", "{grade: top}": "must be one of low, high"} {
		d, err := yamlx.Parse("rank.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		m := d.Root.Mapping()
		var r rank
		Decode(&rankFields, m, &r)
		m.Done()
		err = d.Err()
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("%s: %v, want %q", src, err, want)
		}
	}
}
