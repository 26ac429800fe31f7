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
