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

// post is a record whose line mixes a list and a value of two Go fields
// with plain values: "3 2 4 7 10 20".
type post struct {
	Rank  int
	Guard []int
	X, Y  int
}

var postFields = field.Record{Name: "post", Fields: []field.Field{
	field.Field{Go: "Rank", Key: "rank", Type: field.Integer}.At(1, ""),
	field.Field{Go: "Guard", Key: "guard", Type: field.Ref}.At(2, "number of guards").Listing("guard"),
	field.Field{Go: "X, Y", Key: "at", Type: field.Ref}.At(3, "x, y"),
}}

// A list is read after its length, each value marked at its index; a
// value of several Go fields is marked where its first value stands;
// written back, the line is the same, and a run reads and writes only
// its positions.
func TestListsAndValuesOfSeveralFields(t *testing.T) {
	src := "3 2 4 7 10 20"
	r := token.NewReader("p.txt", []byte(src))
	var p post
	Reading{Desc: desc, Path: "posts[0]"}.Read(r, &postFields, &p)
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if p.Rank != 3 || len(p.Guard) != 2 || p.Guard[0] != 4 || p.Guard[1] != 7 || p.X != 10 || p.Y != 20 {
		t.Fatalf("read %+v", p)
	}
	for path, col := range map[string]int{"posts[0].rank": 1, "posts[0].guard": 3, "posts[0].guard[1]": 7, "posts[0].at": 9} {
		if got := r.Map.Locate(path); got != (diag.Pos{Line: 1, Col: col}) {
			t.Errorf("%s at %v, want 1:%d", path, got, col)
		}
	}
	var b strings.Builder
	Write(&b, &postFields, &p, nil)
	if got := b.String(); got != " "+src {
		t.Errorf("wrote %q", got)
	}
	b.Reset()
	WriteRun(&b, &postFields, &post{Guard: nil, X: 1, Y: 2}, nil, 2, 3)
	if got := b.String(); got != " 0 1 2" {
		t.Errorf("wrote the run %q", got)
	}
	for _, c := range []struct{ src, want string }{
		{"3 x", "unit 1: number of guards must be an integer"},
		{"3 1 y", "unit 1: guard 1 must be an integer"},
		{"3 0 10 z", "unit 1: y must be an integer"},
	} {
		r := token.NewReader("p.txt", []byte(c.src))
		Reading{Desc: desc}.Read(r, &postFields, &post{})
		if err := r.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
	r = token.NewReader("p.txt", []byte("5 9"))
	p = post{}
	Reading{Desc: desc}.ReadRun(r, &postFields, &p, 3, 3)
	if r.Err() != nil || p.X != 5 || p.Y != 9 || p.Rank != 0 {
		t.Errorf("the run read %+v (%v)", p, r.Err())
	}
}

// depot is a record whose values stand in lists of one value per side.
type depot struct {
	Keeper []int
	Stock  []float32
	Open   []bool
}

var depotFields = field.Record{Name: "depot", Fields: []field.Field{
	field.Field{Go: "Keeper", Key: "keeper", Type: field.Ref}.At(1, "keepers").PerItem("side", "keeper of side %d"),
	field.Field{Go: "Stock", Key: "stock", Type: field.Number}.At(2, "stock").PerItem("side", "stock"),
	field.Field{Go: "Open", Key: "open", Type: field.Ref}.At(3, "open").PerItem("side", "side %d open"),
}}

// Per-item lists are read with the length the reading counts, each value
// named by its item with its number; a list of another length ends the
// reading. MarkRecord marks each list at the record's path.
func TestPerItemLists(t *testing.T) {
	for _, c := range []struct {
		src, want string
	}{
		{"2 4 -1\n2 1.5 0\n2 true false", ""},
		{"2 4 -1\n3 1.5 0 2\n2 true false", "depot 1: stock: expected 2 entries (one per side), found 3"},
		{"2 4 x\n2 1.5 0\n2 true false", "depot 1: keeper of side 2 must be an integer"},
		{"2 4 -1\n2 1.5 y\n2 true false", "depot 1: stock 2 must be a number"},
		{"2 4 -1\n2 1.5 0\n2 true 3", "depot 1: side 2 open must be true or false"},
	} {
		r := token.NewReader("d.txt", []byte(c.src))
		var d depot
		rd := Reading{Desc: func(what string) token.Desc { return func() string { return "depot 1: " + what } }, Path: "depots[0].sides", MarkRecord: true, Counts: map[string]int{"side": 2}}
		rd.Read(r, &depotFields, &d)
		err := r.Err()
		if c.want != "" {
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%q: %v, want %q", c.src, err, c.want)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Keeper) != 2 || d.Keeper[1] != -1 || d.Stock[0] != 1.5 || !d.Open[0] || d.Open[1] {
			t.Errorf("read %+v", d)
		}
		if got := r.Map.Locate("depots[0].sides"); got != (diag.Pos{Line: 1, Col: 1}) {
			t.Errorf("the lists are marked at %v, want the first one's length, 1:1", got)
		}
	}
}

// move is a record whose line holds a list of pairs, each on a line of
// its own, then a flag for each terrain (no length), then a number.
type move struct {
	Reach  [][2]int
	Ground []bool
	Power  int
}

var moveFields = field.Record{Name: "move", Fields: []field.Field{
	field.Field{Go: "Reach", Key: "reach", Type: field.Ref}.At(1, "number of offsets").Listing("offset %d dx, offset %d dy").Rows(),
	field.Field{Go: "Ground", Key: "ground", Type: field.Ref}.At(2, "ground flags").PerItem("terrain", "on terrain %d (%s)").Unsized(),
	field.Field{Go: "Power", Key: "power", Type: field.Integer}.At(3, ""),
}}

// A list of pairs is read pair by pair, each pair marked at its index
// where its first value stands, and written a pair a line; a per-item
// list without its length has one value for each item the reading
// names, is marked at its first value and named with the item's name;
// written back, the lines are the same.
func TestPairsAndUnsizedLists(t *testing.T) {
	src := "2\n1 0\n-1 2\ntrue false 7"
	r := token.NewReader("m.txt", []byte(src))
	var m move
	names := map[string][]string{"terrain": {"plain", "hill"}}
	rd := Reading{Desc: desc, Path: "moves[0]", Names: names}
	rd.Read(r, &moveFields, &m)
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if len(m.Reach) != 2 || m.Reach[1] != [2]int{-1, 2} || len(m.Ground) != 2 || !m.Ground[0] || m.Ground[1] || m.Power != 7 {
		t.Fatalf("read %+v", m)
	}
	for path, at := range map[string]diag.Pos{"moves[0].reach": {Line: 1, Col: 1}, "moves[0].reach[1]": {Line: 3, Col: 1}, "moves[0].ground": {Line: 4, Col: 1}, "moves[0].power": {Line: 4, Col: 12}} {
		if got := r.Map.Locate(path); got != at {
			t.Errorf("%s at %v, want %v", path, got, at)
		}
	}
	var b strings.Builder
	Line(&b, &moveFields, &m, nil, 1, 3)
	if got := b.String(); got != "2\n1 0\n-1 2 true false 7" {
		t.Errorf("wrote %q", got)
	}
	for _, c := range []struct{ src, want string }{
		{"1\n1 x", "unit 1: offset 1 dy must be an integer"},
		{"1\n1 0 true 3", "unit 1: on terrain 2 (hill) must be true or false"},
		{"-1", "unit 1: number of offsets must not be negative"},
	} {
		r := token.NewReader("m.txt", []byte(c.src))
		rd.Read(r, &moveFields, &move{})
		if err := r.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
	if got := Misfits(&moveFields, &move{Ground: []bool{true}}, map[string]int{"terrain": 2}); len(got) != 1 || got[0].Field.WrittenName() != "ground flags" || got[0].Len != 1 || got[0].Want != 2 {
		t.Errorf("misfits %+v", got)
	}
}

// Paths lists the paths of a line's values: a value of several Go
// fields is its key, then its key with an index.
func TestPaths(t *testing.T) {
	if got := strings.Join(Paths(&postFields), " "); got != "rank guard at at[1]" {
		t.Errorf("paths %q", got)
	}
}

// spot is a record whose second value's key its first value chooses.
type spot struct{ Kind, Base int }

var spotFields = field.Record{Name: "spot", Fields: []field.Field{
	field.Field{Go: "Kind", Key: "kind", Type: field.Integer}.At(1, ""),
	field.Field{Go: "Base", Key: "town", Type: field.Integer}.At(2, "base").KeyedBy("kind", 1),
	field.Field{Go: "Base", Key: "fort", Type: field.Integer}.At(2, "base").KeyedBy("kind", 2, 3),
	field.Field{Go: "Base", Key: "raw", Type: field.Integer}.At(2, "base").KeyedBy("kind"),
}}

// A value whose key another value chooses is read into its Go field and
// marked at the chosen key; written, it is one value.
func TestKeyChosenByAnotherValue(t *testing.T) {
	for src, key := range map[string]string{"1 5": "town", "3 5": "fort", "0 5": "raw", "9 5": "raw"} {
		r := token.NewReader("s.txt", []byte(src))
		var s spot
		Reading{Desc: desc, Path: "spots[0]"}.Read(r, &spotFields, &s)
		if r.Err() != nil || s.Base != 5 {
			t.Fatalf("%q: read %+v (%v)", src, s, r.Err())
		}
		if got := r.Map.Locate("spots[0]." + key); got != (diag.Pos{Line: 1, Col: 3}) {
			t.Errorf("%q: %s at %v, want 1:3", src, key, got)
		}
		var b strings.Builder
		Write(&b, &spotFields, &s, nil)
		if got := b.String(); got != " "+src {
			t.Errorf("%q: wrote %q", src, got)
		}
	}
	if got := strings.Join(Keys(&spotFields), " "); got != "kind town" {
		t.Errorf("keys %q", got)
	}
}

// camp is a record whose line starts with the lengths of its lists,
// whose items stand elsewhere.
type camp struct {
	Tents  []spot
	Guards []int
	Day    int
}

var campFields = field.Record{Name: "camp", Fields: []field.Field{
	field.Field{Go: "Tents", Key: "tents", Type: field.Ref}.At(1, "the number of tents").Length(2),
	field.Field{Go: "Guards", Key: "guards", Type: field.Ref}.At(2, "the number of guards").Length(1),
	field.Field{Go: "Day", Key: "day", Type: field.Integer}.At(3, ""),
}}

// A list's length read apart from its items makes a list of that length,
// unmarked (its items are its places); one the rest of the file cannot
// hold ends the reading; written, it is the list's length.
func TestLengthsOfListsElsewhere(t *testing.T) {
	r := token.NewReader("c.txt", []byte("2 0 5 1 2 3 4"))
	var c camp
	Reading{Desc: desc, Path: "camp"}.Read(r, &campFields, &c)
	if r.Err() != nil || len(c.Tents) != 2 || c.Guards == nil || len(c.Guards) != 0 || c.Day != 5 {
		t.Fatalf("read %+v (%v)", c, r.Err())
	}
	if got := r.Map.Locate("camp.tents"); got != (diag.Pos{}) {
		t.Errorf("the length is marked at %v", got)
	}
	var b strings.Builder
	Line(&b, &campFields, &c, nil, 1, 3)
	if got := b.String(); got != "2 0 5" {
		t.Errorf("wrote %q", got)
	}
	r = token.NewReader("c.txt", []byte("3 0 5 1 2"))
	Reading{Desc: desc}.Read(r, &campFields, &camp{})
	if err := r.Err(); err == nil || !strings.Contains(err.Error(), "unit 1: the number of tents is 3 but the rest of the file can hold at most") {
		t.Errorf("read a length the file cannot hold: %v", err)
	}
}

// ward is a record whose line holds a set of the officers.
type ward struct {
	Size  int
	Guard []int
}

var wardFields = field.Record{Name: "ward", Fields: []field.Field{
	field.Field{Go: "Size", Key: "size", Type: field.Integer}.At(1, ""),
	field.Field{Go: "Guard", Key: "guard", Type: field.Ref}.At(2, "guard set").SetOf("officer"),
}}

// A set is read after its capacity, which must be the count of the items
// it holds, marked at the set; SetLine writes it back.
func TestSets(t *testing.T) {
	counts := map[string]int{"officer": 10}
	r := token.NewReader("w.txt", []byte("4\n10 5 2 \n"))
	var w ward
	Reading{Desc: desc, Path: "wards[0]", Counts: counts}.Read(r, &wardFields, &w)
	if r.Err() != nil || w.Size != 4 || len(w.Guard) != 3 || w.Guard[0] != 0 || w.Guard[2] != 9 {
		t.Fatalf("read %+v (%v)", w, r.Err())
	}
	if got := r.Map.Locate("wards[0].guard"); got != (diag.Pos{Line: 2, Col: 1}) {
		t.Errorf("the set is marked at %v, want 2:1", got)
	}
	if line, err := SetLine(10, w.Guard); line != "10 5 2 \n" || err != nil {
		t.Errorf("wrote %q (%v)", line, err)
	}
	if _, err := SetLine(10, []int{16}); err == nil || err.Error() != "member 16 does not fit a set of capacity 10" {
		t.Errorf("a member past the capacity: %v", err)
	}
	for _, c := range []struct{ src, want string }{
		{"4 9 5 2", "unit 1: guard set: capacity must be 10, found 9"},
		{"4 10 5 256", "unit 1: guard set byte 2 must be 0 to 255, found 256"},
		{"4 x", "unit 1: guard set capacity must be an integer"},
	} {
		r := token.NewReader("w.txt", []byte(c.src))
		Reading{Desc: desc, Counts: counts}.Read(r, &wardFields, &ward{})
		if err := r.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
}

// stock is a record whose line ends with a count for each good, an array
// named by the goods' names.
type stock struct {
	Day   int
	Goods [3]int
}

var stockFields = field.Record{Name: "stock", Fields: []field.Field{
	field.Field{Go: "Day", Key: "day", Type: field.Integer}.At(1, ""),
	field.Field{Go: "Goods", Key: "goods", Type: field.Ref}.At(2, "goods").PerItem("good", "count of %[2]s").Unsized(),
}}

// An array of one value per item of a list of names is read in place,
// each value named by its item's name, marked at its first value, and
// written as its values.
func TestArraysNamedByTheirItems(t *testing.T) {
	rd := Reading{Desc: desc, Path: "stock", Counts: map[string]int{"good": 3}, Names: map[string][]string{"good": {"rice", "salt", "iron"}}}
	r := token.NewReader("s.txt", []byte("7 1 0 4"))
	var s stock
	rd.Read(r, &stockFields, &s)
	if r.Err() != nil || s != (stock{7, [3]int{1, 0, 4}}) {
		t.Fatalf("read %+v (%v)", s, r.Err())
	}
	if got := r.Map.Locate("stock.goods"); got != (diag.Pos{Line: 1, Col: 3}) {
		t.Errorf("the goods are marked at %v, want 1:3", got)
	}
	var b strings.Builder
	Line(&b, &stockFields, &s, nil, 1, 2)
	if got := b.String(); got != "7 1 0 4" {
		t.Errorf("wrote %q", got)
	}
	r = token.NewReader("s.txt", []byte("7 1 x"))
	rd.Read(r, &stockFields, &stock{})
	if err := r.Err(); err == nil || !strings.Contains(err.Error(), "unit 1: count of salt must be an integer") {
		t.Errorf("a count of another type: %v", err)
	}
}
