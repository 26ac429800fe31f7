package yamlx

import (
	"errors"
	"math"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
)

// parse parses src or fails the test.
func parse(t *testing.T, src string) *Doc {
	t.Helper()
	d, err := Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return d
}

// problems returns d's problems as "LINE:COL CODE message" lines.
func problems(d *Doc) []string {
	var l diag.List
	errors.As(d.Err(), &l)
	var out []string
	for _, p := range l {
		out = append(out, p.String())
	}
	return out
}

func TestParseRefusesWhatIsNotOneMapping(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"empty", "", "t.yaml:1:1: error P011: the document is empty"},
		{"comment only", "# nothing\n", "t.yaml:1:1: error P011: the document is empty"},
		{"a list", "- a\n- b\n", "t.yaml:1:1: error P011: the document must be a mapping of fields (key: value)"},
		{"a second document", "kind: x\n---\nkind: y\n", "t.yaml:3:1: error P010: a second YAML document starts here"},
		{"bad UTF-8", "name: \xff\n", "t.yaml:1:7:"},
		{"an unclosed list", "a: 1\nb: [1, 2\nc: 3\n", "t.yaml:2:"},
		{"a tab in the indentation", "a:\n\tb: 1\n", "t.yaml:2:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(c.src))
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("got  %s\nwant %s…", err, c.want)
			}
		})
	}
}

func TestParseRefusesAliasBombs(t *testing.T) {
	var b strings.Builder
	b.WriteString("a: &a [x, x, x, x, x, x, x, x, x, x]\n")
	prev := "a"
	for i := range 8 {
		name := string(rune('b' + i))
		b.WriteString(name + ": &" + name + " [")
		for j := range 10 {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*" + prev)
		}
		b.WriteString("]\n")
		prev = name
	}
	_, err := Parse("t.yaml", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "aliases (*name) expand the document") {
		t.Fatalf("an alias bomb: %v", err)
	}
	// Ordinary reuse is fine.
	d := parse(t, "techs: &t [fire, water]\nothers: *t\n")
	if n := d.Field("others"); n == nil || len(n.Content) != 2 {
		t.Errorf("Field follows the alias: %v", n)
	}
}

func TestFieldReadsTheTopLevelWithoutRecordingProblems(t *testing.T) {
	d := parse(t, "kind: ftbt/level\nversion: 1\n")
	if n := d.Field("kind"); n == nil || n.Value != "ftbt/level" {
		t.Errorf("Field(kind) = %v", n)
	}
	if d.Field("missing") != nil {
		t.Error("a missing field was found")
	}
	if d.Failed() || d.Err() != nil {
		t.Error("Field recorded a problem")
	}
}

func TestScalarsReadOrSayWhatWasExpected(t *testing.T) {
	d := parse(t, "i: 12\nbig: 99999999999999999999\nf: 0.5\nfi: 3\nnan: .nan\nhuge: 1e300\nb: true\ns: 赵云\nn: ~\nl: [1]\nm: {a: 1}\nlong: "+strings.Repeat("字", 50)+"\n")
	m := d.Root.Mapping()
	get := func(k string) Node {
		n, ok := m.Get(k, "")
		if !ok {
			t.Fatalf("no field %s", k)
		}
		return n
	}
	if v, ok := get("i").Int(); !ok || v != 12 {
		t.Errorf("Int = %d, %v", v, ok)
	}
	if v, ok := get("f").Float32(); !ok || v != 0.5 {
		t.Errorf("Float32 = %v, %v", v, ok)
	}
	if v, ok := get("fi").Float32(); !ok || v != 3 {
		t.Errorf("Float32 of an integer = %v, %v", v, ok)
	}
	if v, ok := get("nan").Float32(); !ok || !math.IsNaN(float64(v)) {
		t.Errorf("Float32 of .nan = %v, %v", v, ok)
	}
	if v, ok := get("b").Bool(); !ok || !v {
		t.Errorf("Bool = %v, %v", v, ok)
	}
	if v, ok := get("s").Text(); !ok || v != "赵云" {
		t.Errorf("Text = %q, %v", v, ok)
	}
	if !get("n").IsNull() || get("s").IsNull() {
		t.Error("IsNull is wrong")
	}
	if items := get("n").Items(); items != nil {
		t.Errorf("null as a list: %v", items)
	}
	if d.Failed() {
		t.Fatalf("good values recorded problems: %v", problems(d))
	}
	get("s").Int()
	get("big").Int()
	get("s").Float32()
	get("huge").Float32()
	get("i").Bool()
	get("n").Text()
	get("m").Items()
	get("l").Mapping()
	get("long").Int()
	got := strings.Join(problems(d), "\n")
	for _, want := range []string{
		"t.yaml:8:4: error P002: s must be an integer, found '赵云'",
		"t.yaml:2:6: error P002: big must be an integer, found '99999999999999999999'",
		"t.yaml:8:4: error P003: s must be a number, found '赵云'",
		"t.yaml:6:7: error P003: huge must be a number, found '1e300'",
		"t.yaml:1:4: error P004: i must be true or false, found '12'",
		"t.yaml:9:4: error P011: n must be text, found nothing",
		"t.yaml:11:4: error P011: m must be a list, found a mapping",
		"t.yaml:10:4: error P011: l must be a mapping of fields, found a list",
		"long must be an integer, found '" + strings.Repeat("字", 40) + "…'",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

func TestMappingReportsMissingDuplicateAndUnknownFields(t *testing.T) {
	d := parse(t, "kind: x\nname: a\nname: b\nspeeed: 3\nzzz: 1\n")
	m := d.Root.Labeled("person 赵云").Mapping()
	if !m.Has("kind") || m.Has("speed") {
		t.Error("Has is wrong")
	}
	if got := strings.Join(m.Keys(), ","); got != "kind,name,speeed,zzz" {
		t.Errorf("Keys = %s", got)
	}
	m.Get("kind", "")
	m.Get("name", "")
	m.Get("speed", "")
	m.Need("hp", "", "a whole number of hit points")
	m.Done()
	got := strings.Join(problems(d), "\n")
	for _, want := range []string{
		"t.yaml:3:1: error P011: person 赵云: field 'name' appears twice",
		"t.yaml:1:1: error P011: person 赵云: missing field 'hp' (a whole number of hit points)",
		"t.yaml:4:1: error P011: person 赵云: unknown field 'speeed' (did you mean 'speed'?)",
		"t.yaml:5:1: error P011: person 赵云: unknown field 'zzz' (known fields: hp, kind, name, speed)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	var nilMap *Mapping
	if _, ok := nilMap.Get("x", ""); ok {
		t.Error("a nil mapping has fields")
	}
	nilMap.Done()
	if nilMap.Pairs() != nil {
		t.Error("a nil mapping has pairs")
	}
}

func TestPathsLocateEveryNodeRead(t *testing.T) {
	d := parse(t, "people:\n  - name: 赵云\n    techs: [a, b]\n")
	people, _ := d.Root.Mapping().Get("people", "")
	p := people.Items()[0].Mapping()
	techs, _ := p.Get("techs", "")
	tech := techs.Items()[1]
	if tech.Path != "people[0].techs[1]" {
		t.Errorf("path %q", tech.Path)
	}
	if got := d.Map.Locate("people[0].techs[1]"); got != (diag.Pos{Line: 3, Col: 16}) {
		t.Errorf("located at %v", got)
	}
	if got := d.Map.Locate("people[0].hp"); got != (diag.Pos{Line: 2, Col: 5}) {
		t.Errorf("an unread field is placed at its item: %v", got)
	}
}

func TestGridRecordsEveryCell(t *testing.T) {
	d := parse(t, "size: 1\ngrid: |\n    ..#\n    #..\n")
	g, _ := d.Root.Mapping().Get("grid", "")
	rows, ok := g.Grid()
	if !ok || len(rows) != 2 || rows[1] != "#.." {
		t.Fatalf("rows %q, %v", rows, ok)
	}
	if got := d.Map.Locate("grid[1][2]"); got != (diag.Pos{Line: 4, Col: 7}) {
		t.Errorf("cell (2, 1) at %v", got)
	}
	if got := d.Map.Locate("grid[5][0]"); got != (diag.Pos{Line: 2, Col: 7}) {
		t.Errorf("a cell outside the grid falls back to the grid: %v", got)
	}
	d2 := parse(t, "grid: [1, 2]\n")
	g2, _ := d2.Root.Mapping().Get("grid", "")
	if _, ok := g2.Grid(); ok || !d2.Failed() {
		t.Error("a list was read as a grid")
	}
}

func TestNamesRefsRoundTrip(t *testing.T) {
	names := []string{"关羽", "张飞", "张飞", "张飞#1", "赵云"}
	ns := NewNames("officer", names)
	if ns.Len() != 5 {
		t.Errorf("Len = %d", ns.Len())
	}
	if dup := ns.Duplicates(); len(dup) != 1 || len(dup["张飞"]) != 2 {
		t.Errorf("Duplicates = %v", dup)
	}
	var refs []string
	for i := -1; i <= 5; i++ {
		refs = append(refs, ns.Ref(i).Value)
	}
	// 张飞#1 is itself a name, so the first 张飞 is written by index.
	if got, want := strings.Join(refs, " "), "-1 关羽 1 张飞#2 张飞#1 赵云 5"; got != want {
		t.Fatalf("refs %q, want %q", got, want)
	}
	out, err := Encode("", Map("garrison", ns.Refs([]int{0, 1, 2, 3, 4, 7})))
	if err != nil {
		t.Fatal(err)
	}
	d := parse(t, string(out))
	g, _ := d.Root.Mapping().Get("garrison", "")
	if got := ns.ResolveList(g); len(got) != 6 || got[1] != 1 || got[2] != 2 || got[3] != 3 || got[5] != 7 {
		t.Errorf("resolved %v from\n%s", got, out)
	}
	if d.Failed() {
		t.Errorf("problems: %v", problems(d))
	}
}

func TestNamesRefuseAmbiguousAndUnknownNames(t *testing.T) {
	ns := NewNames("officer", []string{"张飞", "张飞", "赵云"})
	d := parse(t, "a: 张飞\nb: 赵元\nc: 司马懿\nd: 张飞#3\n")
	m := d.Root.Mapping()
	for _, k := range []string{"a", "b", "c", "d"} {
		n, _ := m.Get(k, "")
		if _, ok := ns.Resolve(n); ok {
			t.Errorf("%s resolved", k)
		}
	}
	got := strings.Join(problems(d), "\n")
	for _, want := range []string{
		"2 officers are named '张飞'; write 张飞#1 or 张飞#2 to say which",
		"unknown officer '赵元' (did you mean '赵云'?)",
		"unknown officer '司马懿'",
		"unknown officer '张飞#3'",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

func TestEnumByNameOrNumber(t *testing.T) {
	names := []string{"space", "mountain", "water"}
	if n := Enum(1, names); n.Value != "mountain" {
		t.Errorf("Enum(1) = %s", n.Value)
	}
	if n := Enum(7, names); n.Value != "7" {
		t.Errorf("Enum(7) = %s", n.Value)
	}
	d := parse(t, "a: water\nb: 7\nc: montain\nd: lava\n")
	m := d.Root.Mapping()
	get := func(k string) Node { n, _ := m.Get(k, ""); return n }
	if v, ok := get("a").Enum(names); !ok || v != 2 {
		t.Errorf("a = %d, %v", v, ok)
	}
	if v, ok := get("b").Enum(names); !ok || v != 7 {
		t.Errorf("b = %d, %v (a number outside the names is kept)", v, ok)
	}
	get("c").Enum(names)
	get("d").Enum(names)
	got := strings.Join(problems(d), "\n")
	if !strings.Contains(got, "found 'montain' (did you mean 'mountain'?)") || !strings.Contains(got, "must be one of space, mountain, water, found 'lava'") {
		t.Errorf("problems:\n%s", got)
	}
}

func TestCheckKind(t *testing.T) {
	for src, want := range map[string]string{
		"kind: ftbt/level\nversion: 1\n": "",
		"version: 1\n":                   "missing field 'kind' (the document kind, ftbt/level)",
		"kind: ftbt/rules\nversion: 1\n": "this is a ftbt/level document, but kind says 'ftbt/rules'",
		"kind: ftbt/level\n":             "missing field 'version' (the format version, 2)",
		"kind: ftbt/level\nversion: 3\n": "format version 3 is not supported (this Shapan reads version 1 to 2)",
		"kind: ftbt/level\nversion: 0\n": "format version 0 is not supported",
	} {
		d := parse(t, src)
		v, ok := CheckKind(d.Root.Mapping(), "ftbt/level", 2)
		got := strings.Join(problems(d), "\n")
		if want == "" {
			if !ok || v != 1 || got != "" {
				t.Errorf("%q: %d, %v, %s", src, v, ok, got)
			}
			continue
		}
		if ok || !strings.Contains(got, want) {
			t.Errorf("%q: ok=%v, problems %q, want %q", src, ok, got, want)
		}
	}
}

func TestEncodeWritesWhatReadsBack(t *testing.T) {
	root := KindHeader("planets/map", 1)
	Add(root, "title", Str("123"))
	Add(root, "skipped", nil)
	Add(root, "ratio", Float32(0.1))
	Add(root, "whole", Float32(72))
	Add(root, "negzero", Float32(float32(math.Copysign(0, -1))))
	Add(root, "inf", Float32(float32(math.Inf(-1))))
	Add(root, "on", Bool(true))
	Add(root, "none", Null())
	Add(root, "starts", FlowInts(1, 2))
	Add(root, "grid", Literal("ab\ncd\n"))
	Add(root, "note", Comment(Int(3), "three"))
	out, err := Encode("planets.schema.json", Map("a", Int(1), "b", nil, "c", Seq(Str("x"))))
	if err != nil {
		t.Fatal(err)
	}
	if want := "# yaml-language-server: $schema=" + SchemaBase + "planets.schema.json\na: 1\nc:\n  - x\n"; string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	out, err = Encode("", root)
	if err != nil {
		t.Fatal(err)
	}
	d := parse(t, string(out))
	m := d.Root.Mapping()
	get := func(k string) Node { n, _ := m.Get(k, ""); return n }
	if s, _ := get("title").Text(); s != "123" || get("title").N.ShortTag() != "!!str" {
		t.Errorf("the text 123 came back as %v", get("title").N.ShortTag())
	}
	if m.Has("skipped") {
		t.Error("a nil value was written")
	}
	if f, _ := get("ratio").Float32(); f != 0.1 {
		t.Errorf("ratio %v", f)
	}
	if get("whole").N.Value != "72" {
		t.Errorf("72 written as %s", get("whole").N.Value)
	}
	if f, _ := get("negzero").Float32(); f != 0 || !math.Signbit(float64(f)) {
		t.Errorf("-0 came back as %v", f)
	}
	if f, _ := get("inf").Float32(); !math.IsInf(float64(f), -1) {
		t.Errorf("-inf came back as %v", f)
	}
	if rows, _ := get("grid").Grid(); len(rows) != 2 {
		t.Errorf("grid rows %q", rows)
	}
	if get("starts").N.Style != yaml.FlowStyle || !strings.Contains(string(out), "starts: [1, 2]") {
		t.Errorf("starts not written in flow style:\n%s", out)
	}
	if !strings.Contains(string(out), "note: 3 # three") {
		t.Errorf("the comment is lost:\n%s", out)
	}
	if d.Failed() {
		t.Errorf("problems: %v", problems(d))
	}
}

func TestRebaseSchema(t *testing.T) {
	doc := []byte("# yaml-language-server: $schema=" + SchemaBase + "ftbt-level.schema.json\nkind: ftbt/level\n")
	got := string(RebaseSchema(doc, "../schemas/"))
	if want := "# yaml-language-server: $schema=../schemas/ftbt-level.schema.json\nkind: ftbt/level\n"; got != want {
		t.Errorf("got %q", got)
	}
	other := []byte("# a comment\nkind: x\n")
	if string(RebaseSchema(other, "x/")) != string(other) {
		t.Error("a document without our modeline was changed")
	}
}

func TestSuggest(t *testing.T) {
	for _, c := range []struct {
		s, want string
		from    []string
	}{
		{"speeed", "speed", []string{"hp", "speed", "spirit"}},
		{"hp", "", []string{"speed"}},
		{"赵元", "赵云", []string{"关羽", "赵云"}},
		{"x", "", nil},
	} {
		if got := Suggest(c.s, c.from); got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.s, got, c.want)
		}
	}
}

func TestErrorsAreCapped(t *testing.T) {
	var b strings.Builder
	for i := range 3 * maxErrors {
		b.WriteString("k")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString(string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + ": 1\n")
	}
	d := parse(t, b.String())
	d.Root.Mapping().Done()
	if n := len(problems(d)); n != maxErrors {
		t.Errorf("%d problems recorded, want the cap %d", n, maxErrors)
	}
}

// A mapping of more keys than smallMapping is looked up through its index
// and reads as a small one does: duplicates, absent keys asked for and
// unknown keys are reported the same.
func TestLargeMappingReadsAsSmall(t *testing.T) {
	var b strings.Builder
	for i := range smallMapping + 4 {
		b.WriteString("k" + strings.Repeat("x", i) + ": 1\n")
	}
	b.WriteString("kx: 2\nunknwn: 3\n")
	d := parse(t, b.String())
	m := d.Root.Mapping()
	if m.index == nil {
		t.Fatal("a large mapping has no index")
	}
	for i := range smallMapping + 4 {
		if _, ok := m.Get("k"+strings.Repeat("x", i), ""); !ok {
			t.Errorf("key %d not found", i)
		}
	}
	if _, ok := m.Get("unknown", ""); ok {
		t.Error("an absent key is found")
	}
	m.Done()
	got := strings.Join(problems(d), "\n")
	for _, want := range []string{
		"t.yaml:21:1: error P011: field 'kx' appears twice",
		"t.yaml:22:1: error P011: unknown field 'unknwn' (did you mean 'unknown'?)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems:\n%s\nwant %s", got, want)
		}
	}
}

// Release lets go of a value's nodes once it is read, unless the document
// has an alias, which might point into it.
func TestReleaseLetsGoOfARead(t *testing.T) {
	d := parse(t, "a: [1, 2]\nb: {c: 1}\n")
	m := d.Root.Mapping()
	n, _ := m.Get("a", "")
	if got := len(n.Items()); got != 2 {
		t.Fatalf("%d items", got)
	}
	m.Release("a")
	m.Release("absent")
	if len(n.N.Content) != 0 {
		t.Error("the nodes of a read value are kept")
	}
	if d.Map.Locate("a[1]") != (diag.Pos{Line: 1, Col: 8}) {
		t.Errorf("a[1] is at %v after Release", d.Map.Locate("a[1]"))
	}

	d = parse(t, "a: &x [1, 2]\nb: *x\n")
	m = d.Root.Mapping()
	n, _ = m.Get("a", "")
	m.Release("a")
	if len(n.N.Content) != 2 {
		t.Error("a value an alias may point to is let go")
	}
}
