package planets

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/internal/shared"
)

// TestReaderErrorsArePositioned checks that shape errors name the file,
// line, column and what was expected.
func TestReaderErrorsArePositioned(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"invalid YAML", "name: x\nstarts: [A, B\nmap: |\n", "m.yml:3:6: error P010: invalid YAML: found character that cannot start any token"},
		{"not a mapping", "- A\n- B\n", "m.yml:1:1: error P011: the document must be a mapping of fields (key: value)"},
		{"empty", "# nothing\n", "m.yml:1:1: error P011: the document is empty"},
		{"routes not a list", "planets: {}\nroutes: A B 3\n", "m.yml:2:9: error P011: routes must be a list of [from, to, steps] entries, found 'A B 3'"},
		{"route not a list", "routes:\n  - [A, B, 3]\n  - A\n", "m.yml:3:5: error P011: routes[1] must be a route [from, to, steps], found 'A'"},
		{"route of 2 items", "routes:\n  - - A\n    - B\n", "m.yml:2:5: error P011: routes[0] must be a route [from, to, steps] of 3 items, found 2 items (the game cannot load it)"},
		{"starts not a list", "starts: AB\n", "m.yml:1:9: error P011: starts must be a list of start planets ([A, B, ...]), found 'AB'"},
		{"planets not a mapping", "planets:\n  - A\n", "m.yml:1:1: error P011: planets must be a mapping from planet letters to their attributes"},
		{"planet not a mapping", "planets:\n  A: {max: 1}\n  B: 5\n", "m.yml:3:6: error P011: planet B must be a mapping of its attributes (def, res, cos, max), found 5"},
		{"map not text", "map: 12\n", "m.yml:1:6: error P011: map must be the grid of planet letters written as text (map: |), found 12"},
		{"duplicate key", "planets:\n  A: {max: 1}\n  A: {max: 2}\n", "m.yml:3:3: error P011: planets.A: the key 'A' appears twice in this mapping"},
		{"same key in Python", "planets:\n  1: {max: 1}\n  1.0: {max: 2}\n", "m.yml:3:3: error P011: planets.1.0: the key '1.0' appears twice in this mapping"},
		{"unreadable number", "planets:\n  A: {max: 0x_}\n", "m.yml:2:12: error P010: planets.A.max: '0x_' looks like an integer but is not one (the game's YAML loader fails on it)"},
		{"value tag", "version: =\n", "m.yml:1:10: error P010: version: '=' has no value in YAML 1.1; write it as \"=\""},
		{"bad date", "version: 2012-02-30\n", "m.yml:1:10: error P010: version: '2012-02-30' is not a valid date (the game's YAML loader fails on it)"},
		{"tab", "name: a\t# c\nmax_round:\t5\n", "m.yml:1:1: error P010: a tab at line 1, column 8: the game's YAML loader (PyYAML) accepts tabs only inside quotes, block text and comments; use spaces"},
		{"colon in flow", "starts: [a:b]\n", "m.yml:1:1: error P010: 'a:b' at line 1, column 10: the game's YAML loader (PyYAML 3) cannot read ':' or '?' in an unquoted value inside [ ] or { }; quote the value"},
		{"second document", "name: a\n---\nname: b\n", "m.yml:3:1: error P010: a second YAML document starts here; a file holds exactly one document (remove the --- line, or split the file)"},
		{"unsupported tag", "name: !!binary aGk=\n", "m.yml:1:7: error P010: name: the tag !!binary is not supported; write the value without the tag"},
		{"recursive alias", "a: &x\n  - *x\n", "m.yml:2:5: error P011: a[0]: an alias here refers to a list or mapping that contains it"},
		{"foreign kind", "kind: mbg/scenario\nformat: 1\n", "m.yml:1:7: error P013: this is a planets/map document, but kind says 'mbg/scenario'"},
		{"format without kind", "format: 2\n", "m.yml:1:1: error P013: the key 'format' belongs to Shapan's header (kind: planets/map, format: 1); add the kind or rename the key"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := ReadLegacy("m.yml", []byte(c.src))
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("got  %s\nwant %s", err, c.want)
			}
		})
	}
}

func TestDecodeNeedsTheHeader(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"name: a\n", "d.yaml:1:1: error P013: missing field 'kind' (planets/map)\nd.yaml:1:1: error P013: missing field 'format' (the format version, 1)"},
		{"kind: planets/map\n", "d.yaml:1:1: error P013: missing field 'format' (the format version, 1)"},
		{"kind: planets/map\nformat: 2\n", "d.yaml:2:9: error P013: format version 2 is not supported (this Shapan reads format 1)"},
		{"kind: planets/map\nformat: \"1\"\n", "d.yaml:2:9: error P013: format version '1' is not supported (this Shapan reads format 1)"},
		{"kind: ftbt/level\nformat: 1\n", "d.yaml:1:7: error P013: this is a planets/map document, but kind says 'ftbt/level'"},
	} {
		_, _, err := Decode("d.yaml", []byte(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\ngot  %v\nwant %s", c.src, err, c.want)
		}
	}
	m, _, err := Decode("d.yaml", []byte("# comment\nkind: planets/map\nformat: 1 # ok\nname: x\n"))
	if err != nil || !Equal(m.Name, StrValue("x")) {
		t.Errorf("a minimal document: %v %v", m, err)
	}
	// A game file may carry the header too.
	if _, _, err := ReadLegacy("m.yml", []byte("kind: planets/map\nformat: 1\n")); err != nil {
		t.Errorf("ReadLegacy refused the header: %v", err)
	}
}

// TestProblemsForValidationAreKept: values the game only trips over later
// are kept for the validator, not refused by the reader.
func TestProblemsForValidationAreKept(t *testing.T) {
	src := `planets:
  A: {def: abc, max: 1.5, colour: red}
  1: {}
starts: [A, Z, [x]]
routes:
  - [A, Q, 0.5]
  - [A, A, x]
map: ""
mxa_round: 5
`
	m, _, err := ReadLegacy("m.yml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	a := m.Planets[0]
	if !Equal(a.Def, StrValue("abc")) || !Equal(a.Max, FloatValue(1.5)) || len(a.Extra) != 1 || a.Cos.Type() != Absent {
		t.Errorf("planet A: %+v", a)
	}
	if !Equal(m.Planets[1].Token, IntValue(1)) {
		t.Errorf("the token 1 is an integer: %+v", m.Planets[1].Token)
	}
	if len(m.Starts) != 3 || len(m.Routes) != 2 || !Equal(m.Routes[0].Steps, FloatValue(0.5)) {
		t.Errorf("starts %v routes %v", m.Starts, m.Routes)
	}
	if len(m.Extra) != 1 || m.Extra[0].Key.Text() != "mxa_round" || m.MaxRound.Type() != Absent {
		t.Errorf("a misspelt key is an extra key: %+v", m.Extra)
	}
	if !m.HasGrid || m.HasStarts != true || !m.HasRoutes || !m.HasPlanets {
		t.Error("present sections are not marked present")
	}
	if _, err := m.DirectedRoutes(); err == nil {
		t.Error("a route to an unknown planet makes the game's loader fail")
	}
	empty, _, err := ReadLegacy("m.yml", []byte("name: x\n"))
	if err != nil || empty.HasGrid || empty.HasStarts || empty.HasPlanets || empty.HasRoutes {
		t.Errorf("missing sections: %+v %v", empty, err)
	}
	out, err := WriteLegacy(empty)
	if err != nil || string(out) != "name: x\n" {
		t.Errorf("missing sections must stay missing: %q %v", out, err)
	}
}

// TestPositionsOfPaths checks the source positions recorded for document
// paths, including grid cells.
func TestPositionsOfPaths(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(shared.Dir(t), "legacy/planets/test.yml"))
	if err != nil {
		t.Fatal(err)
	}
	_, sm, err := ReadLegacy("test.yml", src)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]diag.Pos{
		"name":                {Line: 1, Col: 7}, // the value (a key: "name.(key)")
		"starts":              {Line: 10, Col: 1},
		"starts[1]":           {Line: 12, Col: 5},
		"map":                 {Line: 16, Col: 1},
		"map[2][2]":           {Line: 19, Col: 5}, // the E of ..E..
		"map[4][4]":           {Line: 21, Col: 7}, // the D of C...D
		"planets.E":           {Line: 48, Col: 3},
		"planets.E.def":       {Line: 50, Col: 10},
		"planets.A.max":       {Line: 28, Col: 10},
		"routes[3]":           {Line: 66, Col: 5}, // - - C / - D / - 2
		"routes[3][2]":        {Line: 68, Col: 7},
		"planets.E.nosuch":    {Line: 48, Col: 3},
		"name.(key)":          {Line: 1, Col: 1},
		"planets.E.def.(key)": {Line: 50, Col: 5},
	} {
		if got := sm.Locate(path); got != want {
			t.Errorf("%s: %+v, want %+v", path, got, want)
		}
	}
	// Rows are counted after the game strips the whole grid: a grid that
	// starts with blank lines and spaces shifts only its first row.
	_, sm, err = ReadLegacy("g.yml", []byte("map: |2\n\n   ..A\n  B..\nplanets: {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]diag.Pos{"map[0][2]": {Line: 3, Col: 6}, "map[1][0]": {Line: 4, Col: 3}} {
		if got := sm.Locate(path); got != want {
			t.Errorf("%s: %+v, want %+v", path, got, want)
		}
	}
}

// TestNotesForNonCanonicalValues: values written in a form Shapan never
// writes (octal, hex, yes) are noted for validation warnings.
func TestNotesForNonCanonicalValues(t *testing.T) {
	_, sm, err := ReadLegacy("n.yml", []byte("max_round: 010\nmaintain_fee: yes\nversion: 2.\nname: 010x\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range sm.Notes {
		got = append(got, n.What+" "+n.Token+"→"+n.Canonical)
	}
	want := "max_round 010→8, maintain_fee yes→true, version 2.→2.0"
	if strings.Join(got, ", ") != want {
		t.Errorf("notes %q, want %q", strings.Join(got, ", "), want)
	}
	if sm.Notes[1].Offset != len("max_round: 010\nmaintain_fee: ") {
		t.Errorf("offset %d", sm.Notes[1].Offset)
	}
}

// TestAnchorsMergeKeysAndTags: YAML features PyYAML supports are read as
// PyYAML reads them.
func TestAnchorsMergeKeysAndTags(t *testing.T) {
	src := `base: &p {def: 1, res: 1, cos: 0, max: 10}
more: &q {cos: 5, colour: red}
planets:
  A: *p
  B: {<<: *p, max: 20}
  C:
    <<: [*q, *p]
    def: !!float 2
name: !!str 010
version: ! 2
`
	m, _, err := ReadLegacy("m.yml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := m.Planets[0], m.Planets[1], m.Planets[2]
	if !Equal(a.Max, IntValue(10)) || !Equal(b.Max, IntValue(20)) || !Equal(b.Def, IntValue(1)) {
		t.Errorf("A %+v B %+v", a, b)
	}
	// Earlier mappings of a merge list win; the mapping's own keys win
	// over merged ones.
	if !Equal(c.Cos, IntValue(5)) || !Equal(c.Def, FloatValue(2)) || !Equal(c.Max, IntValue(10)) || len(c.Extra) != 1 {
		t.Errorf("C %+v", c)
	}
	if !Equal(m.Name, StrValue("010")) || !Equal(m.Version, IntValue(2)) {
		t.Errorf("name %+v version %+v", m.Name, m.Version)
	}
	_, _, err = ReadLegacy("m.yml", []byte("a: &x\n  b: 1\n  <<: *x\n"))
	if err == nil || !strings.Contains(err.Error(), "m.yml:3:7: error P011: a: an alias here refers to a list or mapping that contains it") {
		t.Errorf("a mapping merging itself: %v", err)
	}
}
