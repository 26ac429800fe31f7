package battle

import (
	"bytes"
	"github.com/shapan/shapan/formats/cells"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/internal/modeleq"
	"github.com/shapan/shapan/internal/schematest"
	"github.com/shapan/shapan/internal/tokencmp"
	"github.com/shapan/shapan/samples"
)

// schemaAgrees checks the YAML of m against the schema, which refuses the
// sizes shapan check refuses (BTL002: each side 2 to 1000 cells) and
// accepts the others.
func schemaAgrees(t *testing.T, m *Map, y []byte) {
	t.Helper()
	if m.W >= 2 && m.H >= 2 && m.W <= 1000 && m.H <= 1000 {
		schematest.Check(t, Schema, y)
	} else if schematest.Validate(Schema, y) == nil {
		t.Errorf("the schema accepts a %d×%d map, which check refuses (BTL002)", m.W, m.H)
	}
}

// checkRoundTrips checks the two promises of conversion on the map a grid
// file holds: grid → YAML → grid gives the same tokens, and YAML → grid →
// YAML gives the same bytes. It returns the YAML.
func checkRoundTrips(t *testing.T, grid []byte) []byte {
	t.Helper()
	m, _, err := ReadGrid("in.grid", grid)
	if err != nil {
		t.Fatalf("ReadGrid: %v", err)
	}
	y1, err := Encode(m)
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	schemaAgrees(t, m, y1)
	m2, _, err := Decode("converted.yaml", y1)
	if err != nil {
		t.Fatalf("reading our own YAML: %v\n%s", err, clip(y1))
	}
	if d := modeleq.Diff(m, m2); d != "" {
		t.Fatalf("grid → YAML changed the model: %s", d)
	}
	g2, err := WriteGrid(m2)
	if err != nil {
		t.Fatalf("WriteGrid: %v", err)
	}
	if d := tokencmp.Diff(grid, g2); d != "" {
		t.Fatalf("grid → YAML → grid changed a value: %s", d)
	}
	m3, _, err := ReadGrid("exported.grid", g2)
	if err != nil {
		t.Fatalf("reading our own grid: %v", err)
	}
	y2, err := Encode(m3)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(y1, y2) {
		t.Fatalf("YAML → grid → YAML is not byte-identical:\n%s\n---\n%s", clip(y1), clip(y2))
	}
	return y1
}

func clip(b []byte) string {
	if len(b) > 3000 {
		return string(b[:3000]) + "…"
	}
	return string(b)
}

func TestSampleRoundTrip(t *testing.T) {
	y, err := os.ReadFile(filepath.Join(sampleDir, "赤壁.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := os.ReadFile(filepath.Join(sampleDir, "赤壁.grid"))
	if err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, Schema, y)
	m, _, err := Decode("赤壁.yaml", y)
	if err != nil {
		t.Fatal(err)
	}
	checkDesignedMap(t, m)
	again, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	// The sample's modeline names the repository's schemas folder.
	asSample := func(b []byte) []byte { return yamlx.RebaseSchema(b, samples.SchemaLink) }
	if !bytes.Equal(asSample(again), y) {
		t.Error("the sample is not in the form Encode writes")
	}
	export, err := WriteGrid(m)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(export, g) {
		t.Error("赤壁.grid is not the export of 赤壁.yaml")
	}
	if got := checkRoundTrips(t, g); !bytes.Equal(asSample(got), y) {
		t.Error("the grid export does not convert back to the sample")
	}
}

// randomMap returns a w×h map whose cells are drawn from codes.
func randomMap(rng *rand.Rand, w, h int, codes []int) *Map {
	m := New(w, h)
	for i := range m.Cells.Len() {
		m.Cells.Set(i, codes[rng.Intn(len(codes))])
	}
	return m
}

func TestGeneratedMapsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	elements := []int{0, 0, 0, 1, 2, 3, 5, 50, 51, 52}
	invalid := append([]int{4, 7, 8, -1, 6, 9, 53, 1 << 40, -1 << 62, 100}, elements...)
	many := make([]int, 0, 300) // more distinct codes than there are symbols
	for c := -150; c < 150; c++ {
		many = append(many, c)
	}
	for _, tc := range []struct {
		name  string
		w, h  int
		codes []int
	}{
		{"1x1", 1, 1, elements},
		{"1x1 invalid", 1, 1, []int{7}},
		{"1000x1", 1000, 1, invalid},
		{"1x1000", 1, 1000, invalid},
		{"7x3 elements", 7, 3, elements},
		{"odd 13x9 invalid", 13, 9, invalid},
		{"80x60", 80, 60, elements},
		{"80x60 invalid", 80, 60, invalid},
		{"all pool symbols", 30, 30, many[:86]},
		{"more codes than symbols", 40, 40, many},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := randomMap(rng, tc.w, tc.h, tc.codes)
			if len(tc.codes) > 80 {
				// Make sure every code occurs.
				for i, c := range tc.codes {
					m.Cells.Set(i, c)
				}
			}
			g, err := WriteGrid(m)
			if err != nil {
				t.Fatal(err)
			}
			y := checkRoundTrips(t, g)
			codesForm := bytes.Contains(y, []byte("\ncodes: |"))
			if want := tc.name == "more codes than symbols"; codesForm != want {
				t.Errorf("codes form = %v, want %v", codesForm, want)
			}
		})
	}
}

func TestTrailingTokensSurvive(t *testing.T) {
	g := []byte("2 1\n0 7\nend 3 ±x\n")
	m, _, err := ReadGrid("t.grid", g)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"end", "3", "±x"}; strings.Join(m.Trailing, "|") != strings.Join(want, "|") {
		t.Errorf("Trailing = %q, want %q", m.Trailing, want)
	}
	y := checkRoundTrips(t, g)
	if !bytes.Contains(y, []byte("trailing_tokens: [end, \"3\", ±x]")) {
		t.Errorf("trailing tokens not written as expected:\n%s", y)
	}
	out, _ := WriteGrid(m)
	if string(out) != "2 1\n0 7\nend 3 ±x\n" {
		t.Errorf("WriteGrid = %q", out)
	}
}

func TestWriteGridLayout(t *testing.T) {
	// Any token layout reads; the writer uses exactly one.
	m, _, err := ReadGrid("x.grid", []byte("  3\t2 1 2\n3\n\n 5 50 0x10 "))
	if err != nil {
		t.Fatal(err)
	}
	out, err := WriteGrid(m)
	if err != nil {
		t.Fatal(err)
	}
	if want := "3 2\n1 2 3\n5 50 16\n"; string(out) != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

func TestWritersRefuseBrokenModels(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    *Map
		want string
	}{
		{"zero width", &Map{W: 0, H: 3}, "not at least 1 × 1"},
		{"cells", &Map{W: 2, H: 2, Cells: cells.Of([]int{0})}, "1 cells for a 2 × 2 map"},
		{"overflow", &Map{W: 1 << 62, H: 4, Cells: cells.Of([]int{0})}, "cells for a"},
		{"space in token", &Map{W: 1, H: 1, Cells: cells.Of([]int{0}), Trailing: []string{"a b"}}, "W001: trailing token 1: \"a b\" contains white space"},
		{"empty token", &Map{W: 1, H: 1, Cells: cells.Of([]int{0}), Trailing: []string{""}}, "an empty token"},
		{"bad symbol", &Map{W: 1, H: 1, Cells: cells.Of([]int{0}), Legend: []LegendEntry{{' ', 0}}}, "legend symbol ' ' is not a printable character"},
		{"twice", &Map{W: 1, H: 1, Cells: cells.Of([]int{0}), Legend: []LegendEntry{{'x', 0}, {'x', 1}}}, "legend symbol 'x' is given twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err1 := WriteGrid(tc.m)
			_, err2 := Encode(tc.m)
			for _, err := range []error{err1, err2} {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("got %v, want %q", err, tc.want)
				}
			}
		})
	}
	if _, err := WriteGrid(nil); err == nil {
		t.Error("WriteGrid(nil) accepted")
	}
}

// TestOwnLegendSurvives: a person's symbols are kept; the standard elements
// they left out and codes without a symbol are added, after which the
// document is stable.
func TestOwnLegendSurvives(t *testing.T) {
	doc := `kind: battle/map
version: 1
size: {width: 4, height: 2}
legend:
  " ": space
  "#": mountain
  "山": 1
  x: 9
grid: |
  #山x.
  xx#x
`
	_, _, err := Decode("own.yaml", []byte(doc))
	if err == nil || !strings.Contains(err.Error(), "symbol ' ' must be one printable character") {
		t.Fatalf("a space symbol was accepted: %v", err)
	}
	doc = strings.Replace(doc, `" ": space`, `",": space`, 1)
	doc = strings.Replace(doc, "#山x.", "#山x,", 1)
	m, _, err := Decode("own.yaml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 1, 9, 0, 9, 9, 1, 9}; !equalInts(m.Cells.Values(), want) {
		t.Errorf("cells %v, want %v", m.Cells.Values(), want)
	}
	y, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, Schema, y)
	for _, want := range []string{
		"  ',': space # 0 空地",
		"  '#': mountain # 1 山丘",
		"  山: mountain # 1 山丘",
		"  x: 9 # no map element",
		"  \"~\": water",
		"  F: flag",
		"  L: city3",
		"grid: |\n  ##x,\n  xx#x\n", // the first symbol of a code is the one written
	} {
		if !strings.Contains(string(y), want) {
			t.Errorf("missing %q in\n%s", want, y)
		}
	}
	m2, _, err := Decode("again.yaml", y)
	if err != nil {
		t.Fatal(err)
	}
	if d := modeleq.Diff(m, m2); d != "" {
		t.Errorf("YAML → YAML changed the model: %s", d)
	}
	y2, _ := Encode(m2)
	if !bytes.Equal(y, y2) {
		t.Errorf("not stable:\n%s\n---\n%s", y, y2)
	}
}

// TestLegendDefaults: without a legend the standard symbols are meant; a
// document that spells out the standard legend reads as one without.
func TestLegendDefaults(t *testing.T) {
	short := "kind: battle/map\nversion: 1\nsize: {width: 3, height: 1}\ngrid: |\n  .B^\n"
	m, _, err := Decode("s.yaml", []byte(short))
	if err != nil {
		t.Fatal(err)
	}
	if m.Legend != nil || !equalInts(m.Cells.Values(), []int{0, 5, 1}) {
		t.Errorf("got %+v", m)
	}
	y, _ := Encode(m)
	m2, _, err := Decode("s2.yaml", y)
	if err != nil || m2.Legend != nil {
		t.Errorf("the standard legend was kept as a hint: %v %v", m2.Legend, err)
	}
	// Symbols for codes 0–9 are their digits when free; others come from
	// the pool, in the order of the codes.
	m = &Map{W: 4, H: 1, Cells: cells.Of([]int{7, 1000, -5, 4})}
	legend, ok := m.FullLegend()
	if !ok {
		t.Fatal("no legend")
	}
	got := ""
	for _, e := range legend[len(Elements):] {
		got += string(e.Symbol)
	}
	if got != "a47b" {
		t.Errorf("extra symbols %q, want \"a47b\"", got)
	}
}

func TestSymbolPool(t *testing.T) {
	if len(symbolPool) != 94-len(Elements) {
		t.Errorf("pool has %d symbols", len(symbolPool))
	}
	seen := map[rune]bool{}
	for _, r := range symbolPool {
		if seen[r] || !ValidSymbol(r) {
			t.Errorf("bad pool symbol %q", r)
		}
		seen[r] = true
		if _, std := standardSymbol(r); std {
			t.Errorf("pool holds standard symbol %q", r)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestAwkwardTextSurvives: symbols and trailing tokens that mean something
// to YAML are quoted or escaped by the writer and read back the same.
func TestAwkwardTextSurvives(t *testing.T) {
	tokens := []string{"\x00", "\uFEFF", "\x7f", "#", "-", "---", "...", "null", "~", "1e3", "0x1F", "<<", "!", "&a", "*a", "%", "@", "'", "\"", "y", "N", "=", "\\", "é\u0301"}
	g := "1 1\n0\n" + strings.Join(tokens, " ") + "\n"
	m, _, err := ReadGrid("t.grid", []byte(g))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Trailing) != len(tokens) {
		t.Fatalf("trailing %q", m.Trailing)
	}
	checkRoundTrips(t, []byte(g))

	if ValidSymbol('😀') || ValidSymbol('\uFEFF') || ValidSymbol('\u00a0') || ValidSymbol('\u0085') {
		t.Error("a symbol YAML cannot print in a block was accepted")
	}
	symbols := []rune("#&*!|>%@`-?:,[]{}'\"=<\\\u0300Ω—\uFFFD山0123")
	m = New(2, len(symbols))
	for i, s := range symbols {
		m.Legend = append(m.Legend, LegendEntry{s, 1000 + i})
		m.Cells.Set(2*i, 1000+i)
		m.Cells.Set(2*i+1, 1000+(i+1)%len(symbols))
	}
	m.Legend, _ = m.FullLegend()
	// Every symbol starts a row, and the first one starts the block.
	roundTrip(t, m)
	y, _ := Encode(m)
	schematest.Check(t, Schema, y)
	if !bytes.Contains(y, []byte("grid: |\n  #&\n")) {
		t.Errorf("the grid is not a literal block:\n%s", y)
	}
}

// TestSchemaCatchesMistakes: the schema refuses what Decode refuses, so an
// editor flags it while a person types.
func TestSchemaCatchesMistakes(t *testing.T) {
	head := "kind: battle/map\nversion: 1\nsize: {width: 2, height: 2}\n"
	good := head + "grid: |\n  ..\n  ..\n"
	if err := schematest.Validate(Schema, []byte(good)); err != nil {
		t.Fatalf("a valid document was refused: %v", err)
	}
	for _, bad := range []string{
		head + "legend: {ab: space}\ngrid: |\n  a\n",
		head + "legend: {a: castle}\ngrid: |\n  a\n",
		head + "grid: |\n  .\ncodes: |\n  0\n",
		head + "legend: {a: space}\ncodes: |\n  0\n",
		head + "grid: |\n  .\ngird: x\n",
		"kind: battle/map\nversion: 1\nsize: {width: 0, height: 1}\ngrid: |\n  .\n",
		"kind: battle/map\nversion: 1\ngrid: |\n  .\n",
		head + "grid: |\n  .\ntrailing_tokens: ['a b']\n",
	} {
		if err := schematest.Validate(Schema, []byte(bad)); err == nil {
			t.Errorf("schema accepted %q", bad)
		}
		if _, _, err := Decode("bad.yaml", []byte(bad)); err == nil {
			t.Errorf("Decode accepted %q", bad)
		}
	}
}

// TestExhaustedSymbols: when a legend uses up every symbol, elements no
// cell holds go without one, and a code that needs one turns the grid into
// integer rows, still lossless.
func TestExhaustedSymbols(t *testing.T) {
	m := New(2, 1)
	for r := rune('!'); r <= '~'; r++ {
		m.Legend = append(m.Legend, LegendEntry{r, 1000 + int(r)})
	}
	m.Cells = cells.Of([]int{1000 + '!', 1000 + '~'})
	legend, ok := m.FullLegend()
	if !ok || len(legend) != len(m.Legend) {
		t.Errorf("legend of %d entries, %v", len(legend), ok)
	}
	roundTrip(t, m)
	m.Cells.Set(1, CodeSpace) // needs a symbol, and none is left
	if _, ok := m.FullLegend(); ok {
		t.Error("a symbol was found")
	}
	y, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(y, []byte("codes: |\n  1033 0\n")) {
		t.Errorf("not written as codes:\n%s", y)
	}
	back, _, err := Decode("c.yaml", y)
	if err != nil || !back.Cells.Equal(m.Cells) || back.Legend != nil {
		t.Errorf("got %+v, %v", back, err)
	}
}
