package planets

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/schematest"
	"github.com/shapan/shapan/internal/shared"
)

// values returns the document value of a map file as the game's PyYAML
// reads it, without Shapan's kind and format header.
func values(t *testing.T, src []byte) Value {
	t.Helper()
	v, _, err := parseAndLoad("doc.yml", src)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	var pairs []Pair
	for _, p := range v.Pairs() {
		if p.Key.Type() == Str && (p.Key.Text() == "kind" || p.Key.Text() == "format") {
			continue
		}
		pairs = append(pairs, p)
	}
	v = MappingValue(pairs...)
	return v
}

// TestLegacyMapsRoundTrip converts every original map to our YAML and back:
// every value keeps its value and its type, and the YAML is stable.
func TestLegacyMapsRoundTrip(t *testing.T) {
	for _, file := range shared.Files(t, "legacy/planets/*.yml") {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			m, _, err := ReadLegacy(file, src)
			if err != nil {
				t.Fatal(err)
			}
			y1, err := Encode(m)
			if err != nil {
				t.Fatal(err)
			}
			schematest.Check(t, SchemaFile, y1)
			if !bytes.HasPrefix(y1, []byte("# yaml-language-server: $schema=")) {
				t.Errorf("no schema modeline:\n%s", y1)
			}
			m2, _, err := Decode("converted.yaml", y1)
			if err != nil {
				t.Fatalf("reading our own YAML: %v\n%s", err, y1)
			}
			legacy, err := WriteLegacy(m2)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(legacy, []byte("kind:")) || bytes.Contains(legacy, []byte("format:")) || bytes.Contains(legacy, []byte("#")) {
				t.Errorf("the game's file carries Shapan's header or comments:\n%s", legacy)
			}
			orig := values(t, src)
			for what, out := range map[string][]byte{"our YAML": y1, "the exported file": legacy} {
				if got := values(t, out); !Equal(orig, got) {
					t.Errorf("%s does not hold the same values (with the same types) as the original:\n%s", what, out)
				}
			}
			m3, _, err := ReadLegacy("exported.yml", legacy)
			if err != nil {
				t.Fatal(err)
			}
			if m3.Grid != m.Grid {
				t.Errorf("the grid changed: %q vs %q", m3.Grid, m.Grid)
			}
			y2, err := Encode(m3)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(y1, y2) {
				t.Fatalf("YAML → legacy → YAML is not byte-identical:\n%s\n---\n%s", y1, y2)
			}
		})
	}
}

// TestLegacyValuesAsPyYAMLReadsThem spot-checks values against what the
// original game's PyYAML reads (checked by hand with PyYAML).
func TestLegacyValuesAsPyYAMLReadsThem(t *testing.T) {
	dir := shared.Dir(t)
	read := func(name string) *Map {
		src, err := os.ReadFile(filepath.Join(dir, "legacy/planets", name))
		if err != nil {
			t.Fatal(err)
		}
		m, _, err := ReadLegacy(name, src)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	planet := func(m *Map, token string) *Planet {
		for i := range m.Planets {
			if Equal(m.Planets[i].Token, StrValue(token)) {
				return &m.Planets[i]
			}
		}
		t.Fatalf("no planet %s", token)
		return nil
	}
	test := read("test.yml")
	for _, c := range []struct {
		what      string
		got, want Value
	}{
		{"test.yml E def", planet(test, "E").Def, FloatValue(0.5)},
		{"test.yml A def", planet(test, "A").Def, IntValue(2)},
		{"test.yml A res", planet(test, "A").Res, FloatValue(1.1)},
		{"test.yml B res", planet(test, "B").Res, IntValue(1)},
		{"test.yml A type", planet(test, "A").Type, StrValue("base")},
		{"test.yml version", test.Version, FloatValue(0.1)},
		{"test.yml desc", test.Desc, StrValue("this the the standard test map.")},
		{"test.yml max_round", test.MaxRound, IntValue(8000)},
		{"test.yml min_player", test.MinPlayer, Value{}},
		{"fight_here.yml desc", read("fight_here.yml").Desc, StrValue("")},
		{"fight_here.yml name", read("fight_here.yml").Name, StrValue("Four Side")},
		{"ut_test.yml author", read("ut_test.yml").Author, StrValue("halida, resty")},
		{"star.yml desc", read("star.yml").Desc, StrValue("star map")},
	} {
		if !Equal(c.got, c.want) {
			t.Errorf("%s: got %s %s, want %s %s", c.what, c.got.Type(), c.got.Key(), c.want.Type(), c.want.Key())
		}
	}
	if test.Grid != "A...B\n.....\n..E..\n.....\nC...D\n" {
		t.Errorf("test.yml grid: %q", test.Grid)
	}
	if got := len(test.Routes); got != 8 || !Equal(test.Routes[2].From, StrValue("D")) || !Equal(test.Routes[2].Steps, IntValue(3)) {
		t.Errorf("test.yml routes: %+v", test.Routes)
	}
}

// TestResolveLikePyYAML checks plain scalars against PyYAML's YAML 1.1
// reading (each verified with PyYAML).
func TestResolveLikePyYAML(t *testing.T) {
	for _, c := range []struct {
		plain string
		want  Value
	}{
		{"2", IntValue(2)},
		{"2.0", FloatValue(2)},
		{"2.", FloatValue(2)},
		{"0.5", FloatValue(0.5)},
		{"1e3", StrValue("1e3")},
		{"1.0e3", StrValue("1.0e3")},
		{"1.0e+3", FloatValue(1000)},
		{"-.5", StrValue("-.5")},
		{".5", FloatValue(0.5)},
		{"._5", FloatValue(0.5)}, // PyYAML 3, the original's
		{"010", IntValue(8)},
		{"08", StrValue("08")},
		{"0x1F", IntValue(31)},
		{"0b101", IntValue(5)},
		{"1_000", IntValue(1000)},
		{"+5", IntValue(5)},
		{"-0", IntValue(0)},
		{"190:20:30", IntValue(685230)},
		{"1:30.5", FloatValue(90.5)},
		{"0o17", StrValue("0o17")},
		{".inf", FloatValue(math.Inf(1))},
		{"-.Inf", FloatValue(math.Inf(-1))},
		{"+.INF", FloatValue(math.Inf(1))},
		{"yes", BoolValue(true)},
		{"Off", BoolValue(false)},
		{"TRUE", BoolValue(true)},
		{"tRUE", StrValue("tRUE")},
		{"y", StrValue("y")},
		{"~", NullValue()},
		{"Null", NullValue()},
		{"", NullValue()},
		{"2012-05-01", TimeValue("2012-05-01")},
		{"2001-12-14 21:59:43.10 -5", TimeValue("2001-12-14 21:59:43.10 -5")},
		{"2012-5-1", StrValue("2012-5-1")},
		{"abc", StrValue("abc")},
	} {
		v, _, err := parseAndLoad("t.yml", []byte("v: "+c.plain+"\n"))
		if err != nil {
			t.Errorf("%q: %v", c.plain, err)
			continue
		}
		if got := v.Pairs()[0].Value; !Equal(got, c.want) {
			t.Errorf("%q: got %s %s, want %s %s", c.plain, got.Type(), got.Key(), c.want.Type(), c.want.Key())
		}
	}
	nan, _, err := parseAndLoad("t.yml", []byte("v: .NaN\n"))
	if err != nil || nan.Pairs()[0].Value.Type() != Float || !math.IsNaN(nan.Pairs()[0].Value.Float()) {
		t.Errorf(".NaN: %+v %v", nan, err)
	}
	for _, bad := range []string{"0b_", "0x_", "=", "<<", "._", "2012-02-30", "2012-13-01"} {
		if _, _, err := parseAndLoad("t.yml", []byte("v: "+bad+"\n")); err == nil {
			t.Errorf("%q was accepted; the game's PyYAML fails on it", bad)
		}
	}
}

// TestWritersKeepTypes writes values that a careless writer would change:
// strings that look like other values, reals that look like integers.
func TestWritersKeepTypes(t *testing.T) {
	tricky := []Value{
		StrValue("yes"), StrValue("1:20"), StrValue("0x1F"), StrValue("1.5"), StrValue("~"),
		StrValue("2012-01-01"), StrValue("1e3"), StrValue("._5"), StrValue("<<"), StrValue("="),
		StrValue(""), StrValue(" lead"), StrValue("a: b"), StrValue("a?b"), StrValue("# no"),
		StrValue("two\nlines\n"), StrValue("tab\there"), StrValue("\u2028"), StrValue("😀"),
		FloatValue(2), FloatValue(1e-5), FloatValue(1e16), FloatValue(math.Copysign(0, -1)),
		FloatValue(1.0 / 3), FloatValue(math.Inf(-1)), FloatValue(math.NaN()), IntValue(-7),
		decimalValue("123456789012345678901234567890"), BoolValue(false), NullValue(),
		TimeValue("2001-12-14 21:59:43.10 -5"), TimeValue("2001-1-1"),
	}
	m := &Map{Name: StrValue("t"), HasStarts: true, Starts: tricky, HasPlanets: true,
		Planets: []Planet{{Token: StrValue("A"), Def: FloatValue(2), Max: IntValue(100), Extra: []Pair{{StrValue("note"), ListValue(tricky...)}}}},
		Extra:   []Pair{{StrValue("extra"), ListValue(tricky...)}}}
	for name, write := range map[string]func(*Map) ([]byte, error){"WriteLegacy": WriteLegacy, "Encode": Encode} {
		out, err := write(m)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		back, _, err := ReadLegacy("t.yml", out)
		if err != nil {
			t.Fatalf("%s output does not read back: %v\n%s", name, err, out)
		}
		want := ListValue(tricky...)
		for what, got := range map[string]Value{"starts": ListValue(back.Starts...), "extra": back.Extra[0].Value, "planet attribute": back.Planets[0].Extra[0].Value} {
			if !Equal(got, want) {
				t.Errorf("%s changed the %s values:\n%s", name, what, out)
			}
		}
		if !strings.Contains(string(out), "def: 2.0") {
			t.Errorf("%s wrote the real 2.0 without its point:\n%s", name, out)
		}
	}
}
