package fieldyaml

import (
	"strings"
	"testing"

	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/yamlx"
)

// squad refers to other lists of its document: its leader and members to
// the officers, its ground to the terrains; it stands at a pair of Go
// fields and targets a list of pairs.
type squad struct {
	Leader  int
	Deputy  int
	Members []int
	Ground  []bool
	X, Y    int
	Targets [][2]int
}

var squadFields = field.Record{Name: "squad", Fields: []field.Field{
	{Go: "Leader", Key: "leader", Type: field.Ref, Required: true},
	field.Field{Go: "Deputy", Key: "deputy", Type: field.Ref}.Defaulting(-1).Omitted(),
	field.Field{Go: "Members", Key: "members", Type: field.Ref}.Omitted(),
	{Go: "Ground", Key: "ground", Type: field.Ref, Required: true},
	field.Field{Go: "X, Y", Key: "at", Type: field.Ref}.Paired("[x, y]").Defaulting([2]int{-1, -1}).Omitted(),
	field.Field{Go: "Targets", Key: "targets", Type: field.Ref, Required: true}.Paired("[dx, dy]"),
}}

func squadRefs() Refs {
	return Refs{
		"leader":  yamlx.NewNames("officer", []string{"关羽", "张飞", "张飞"}),
		"members": yamlx.NewNames("officer", []string{"关羽", "张飞", "张飞"}),
		"deputy":  yamlx.NewNames("officer", []string{"关羽", "张飞", "张飞"}),
		"ground":  Within{yamlx.NewNames("terrain", []string{"平原", "山地"}), "the map has"},
	}
}

func encodeSquad(t *testing.T, s *squad) string {
	t.Helper()
	m := yamlx.Map()
	EncodeRefs(m, &squadFields, squadFields.Fields, s, squadRefs())
	b, err := yamlx.Encode("", yamlx.Map("squad", yamlx.Flow(m)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func decodeSquad(t *testing.T, src string) (*squad, error) {
	t.Helper()
	d, err := yamlx.Parse("squad.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	n, _ := d.Root.Mapping().Get("squad", "")
	m := n.Mapping()
	s := &squad{Ground: make([]bool, 2), X: -1, Y: -1}
	DecodeRefs(m, &squadFields, squadFields.Fields, s, squadRefs())
	m.Done()
	return s, d.Err()
}

// References are written by name (name#k when several share it), pairs
// as [a, b]; an empty omitted list and a pair at its default are left
// out; all of it reads back.
func TestRefsAndPairsAreWrittenAndReadBack(t *testing.T) {
	s := &squad{Leader: 2, Deputy: 0, Members: []int{0, 1}, Ground: []bool{false, true}, X: 3, Y: 4, Targets: [][2]int{{1, 0}, {0, -1}}}
	got := encodeSquad(t, s)
	want := "squad: {leader: 张飞#2, deputy: 关羽, members: [关羽, 张飞#1], ground: [山地], at: [3, 4], targets: [[1, 0], [0, -1]]}\n"
	if !strings.HasSuffix(got, want) {
		t.Fatalf("wrote %q, want it to end %q", got, want)
	}
	back, err := decodeSquad(t, got)
	if err != nil {
		t.Fatal(err)
	}
	if back.Leader != 2 || back.Deputy != 0 || len(back.Members) != 2 || back.Members[1] != 1 || !back.Ground[1] || back.Ground[0] ||
		back.X != 3 || back.Y != 4 || len(back.Targets) != 2 || back.Targets[1] != [2]int{0, -1} {
		t.Errorf("read back %+v", back)
	}
	bare := encodeSquad(t, &squad{Deputy: -1, Ground: []bool{true, false}, X: -1, Y: -1})
	if want := "squad: {leader: 关羽, ground: [平原], targets: []}\n"; !strings.HasSuffix(bare, want) {
		t.Errorf("wrote %q, want it to end %q", bare, want)
	}
}

// What the resolvers cannot resolve, a set's reference to no item or to
// one listed twice and a pair of another form are reported; a missing
// optional pair keeps the value the codec set.
func TestRefsAndPairsReportWhatTheyCannotRead(t *testing.T) {
	s, err := decodeSquad(t, "squad: {leader: 张飞, ground: [山地, 1, 5], targets: [[1], [2, 3]]}\n")
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"2 officers are named '张飞'; write 张飞#1 or 张飞#2",
		"terrain 1 is listed twice",
		"terrain 5 does not exist (the map has 2 terrains)",
		"must be [dx, dy] (a list of 2 integers)",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error %q does not say %q", err, want)
		}
	}
	if s.Deputy != -1 || s.X != -1 || s.Y != -1 || len(s.Targets) != 1 || s.Targets[0] != [2]int{2, 3} {
		t.Errorf("read %+v", s)
	}
}

// A reference with a Default is none when it is null or does not
// resolve, and when it is missing.
func TestAReferenceWithADefaultIsNoneWhenNullOrUnknown(t *testing.T) {
	for src, bad := range map[string]bool{
		"squad: {leader: 关羽, deputy: null, ground: [], targets: []}\n": false,
		"squad: {leader: 关羽, deputy: 曹操, ground: [], targets: []}\n":   true,
	} {
		s, err := decodeSquad(t, src)
		if (err != nil) != bad || s.Deputy != -1 {
			t.Errorf("%q: deputy %d, error %v", src, s.Deputy, err)
		}
	}
}

// A list of references of a set (SetOf) is written and read sorted, each
// item once.
func TestASetIsWrittenAndReadSorted(t *testing.T) {
	type crew struct{ Members []int }
	fields := field.Record{Name: "crew", Fields: []field.Field{
		field.Field{Go: "Members", Key: "members", Type: field.Ref}.SetOf("officer"),
	}}
	refs := Refs{"members": yamlx.NewNames("officer", []string{"关羽", "张飞", "赵云"})}
	m := yamlx.Map()
	EncodeRefs(m, &fields, fields.Fields, &crew{Members: []int{2, 0, 2}}, refs)
	b, err := yamlx.Encode("", m)
	if err != nil {
		t.Fatal(err)
	}
	if want := "members: [关羽, 赵云]\n"; !strings.HasSuffix(string(b), want) {
		t.Errorf("wrote %q, want it to end %q", b, want)
	}
	d, err := yamlx.Parse("crew.yaml", []byte("members: [赵云, 张飞, 赵云]\n"))
	if err != nil {
		t.Fatal(err)
	}
	var back crew
	DecodeRefs(d.Root.Mapping(), &fields, fields.Fields, &back, refs)
	if len(back.Members) != 2 || back.Members[0] != 1 || back.Members[1] != 2 {
		t.Errorf("read %v", back.Members)
	}
}

// Of the fields of one Go field, only the one the value of their KeyBy
// chooses is written and read, and it is required when it is a
// reference.
func TestOnlyTheChosenFieldIsWrittenAndRead(t *testing.T) {
	type spot struct{ Kind, Base int }
	fields := field.Record{Name: "spot", Fields: []field.Field{
		{Go: "Kind", Key: "kind", Type: field.Integer, Required: true},
		field.Field{Go: "Base", Key: "town", Type: field.Ref}.KeyedBy("kind", 1),
		field.Field{Go: "Base", Key: "raw", Type: field.Integer}.KeyedBy("kind").Omitted(),
	}}
	refs := Refs{"town": yamlx.NewNames("town", []string{"襄阳", "樊城"})}
	for _, c := range []struct {
		s    spot
		want string
	}{{spot{1, 1}, "{kind: 1, town: 樊城}"}, {spot{0, 5}, "{kind: 0, raw: 5}"}, {spot{0, 0}, "{kind: 0}"}} {
		m := yamlx.Flow(yamlx.Map())
		EncodeRefs(m, &fields, fields.Fields, &c.s, refs)
		b, err := yamlx.Encode("", yamlx.Map("spot", m))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(string(b), "spot: "+c.want+"\n") {
			t.Errorf("%+v: wrote %q, want %s", c.s, b, c.want)
		}
	}
	for src, want := range map[string]string{
		"{kind: 1}":          "missing field 'town'",
		"{kind: 0, town: 1}": "unknown field 'town'",
		"{kind: 1, raw: 3}":  "unknown field 'raw'",
	} {
		d, err := yamlx.Parse("spot.yaml", []byte("spot: "+src+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		n, _ := d.Root.Mapping().Get("spot", "")
		m := n.Mapping()
		var s spot
		DecodeRefs(m, &fields, fields.Fields, &s, refs)
		m.Done()
		if err := d.Err(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", src, err, want)
		}
	}
}
