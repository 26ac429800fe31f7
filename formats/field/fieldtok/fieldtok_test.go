package fieldtok

import (
	"strings"
	"testing"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/token"
)

// unit is a record whose legacy line holds its values in another order
// than its table: troops, morale, then the abilities and the flag.
type unit struct {
	Name   string
	Elite  bool
	Props  [2]float32
	Troops int
}

var unitFields = field.Record{Name: "unit", Fields: []field.Field{
	{Go: "Name", Key: "name", Type: field.String},
	field.Field{Go: "Elite", Key: "elite", Type: field.Boolean}.At(4, "elite flag"),
	field.Field{Go: "Props[0]", Key: "wu", What: "ability wu", Type: field.Number}.At(2, ""),
	field.Field{Go: "Props[1]", Key: "zhan", Type: field.Number}.At(3, ""),
	field.Field{Go: "Troops", Key: "troops", Type: field.Integer}.AtLeast(1).At(1, ""),
}}

func desc(what string) token.Desc { return func() string { return "unit 1: " + what } }

// A line is read in the legacy order of the table, each value marked at
// its key; written back, it is the same line.
func TestReadsAndWritesInLegacyOrder(t *testing.T) {
	src := "300 97.5 90 true"
	r := token.NewReader("u.txt", []byte(src))
	var u unit
	Reading{Desc: desc, Path: "units[0]"}.Read(r, &unitFields, &u)
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if u != (unit{Elite: true, Props: [2]float32{97.5, 90}, Troops: 300}) {
		t.Fatalf("read %+v", u)
	}
	for path, col := range map[string]int{"units[0].troops": 1, "units[0].wu": 5, "units[0].zhan": 10, "units[0].elite": 13} {
		if got := r.Map.Locate(path); got != (diag.Pos{Line: 1, Col: col}) {
			t.Errorf("%s at %v, want 1:%d", path, got, col)
		}
	}
	var b strings.Builder
	Write(&b, &unitFields, &u, token.FormatFloat32)
	if got := b.String(); got != " "+src {
		t.Errorf("wrote %q", got)
	}
}

// A value of another type is reported with the field's legacy name; a
// value out of range ends the reading only when the reading refuses it.
func TestMessagesAndRefusal(t *testing.T) {
	for _, c := range []struct {
		src, refuse, want string
	}{
		{"300 97 90 yes", "", "unit 1: elite flag must be true or false"},
		{"300 x 90 true", "", "unit 1: ability wu must be a number"},
		{"0 97 90 true", diag.CodeBadSize, "unit 1: troops must be at least 1, found 0"},
		{"0 97 90 true", "", ""},
	} {
		r := token.NewReader("u.txt", []byte(c.src))
		var u unit
		Reading{Desc: desc, Refuse: c.refuse}.Read(r, &unitFields, &u)
		err := r.Err()
		if c.want == "" {
			if err != nil {
				t.Errorf("%q: %v", c.src, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
}

// Keys lists a record's legacy values in their order.
func TestKeys(t *testing.T) {
	if got := strings.Join(Keys(&unitFields), " "); got != "troops wu zhan elite" {
		t.Errorf("keys %q", got)
	}
}
