package ftbt

import (
	"bytes"
	"github.com/shapan/shapan/formats/cells"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/internal/modeleq"
	"github.com/shapan/shapan/internal/schematest"
	"github.com/shapan/shapan/internal/shared"
	"github.com/shapan/shapan/internal/tokencmp"
)

// cutTokens returns src up to the end of its n-th token, with a final
// newline: the file as it would be without whatever follows.
func cutTokens(src []byte, n int) []byte {
	off := 0
	for k := 0; k < n; k++ {
		off = spaceEnd(src, off)
		off = tokenEnd(src, off)
	}
	return append(append([]byte(nil), src[:off]...), '\n')
}

// countTokens returns the number of tokens of src.
func countTokens(src []byte) int {
	n, in := 0, false
	for off := 0; off < len(src); {
		c, size := utf8.DecodeRune(src[off:])
		space := token.IsSpace(c)
		if !space && !in {
			n++
		}
		in = !space
		off += size
	}
	return n
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sharedRules reads the shipped star.tech.
func sharedRules(t *testing.T) *Rules {
	t.Helper()
	file := filepath.Join(shared.Dir(t), "legacy/ftbt/star.tech")
	rs, _, err := ReadRules(file, readFile(t, file))
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestLegacyRulesRoundTrip converts the shipped rules, with and without
// their AI block, to YAML and back: the token values must survive and the
// YAML must be stable.
func TestLegacyRulesRoundTrip(t *testing.T) {
	for _, file := range shared.Files(t, "legacy/ftbt/*.tech") {
		src := readFile(t, file)
		full, _, err := ReadRules(file, src)
		if err != nil {
			t.Fatal(err)
		}
		if full.AI == nil {
			t.Fatalf("%s: the AI block was not read", file)
		}
		noAI := cutTokens(src, countTokens(src)-11)
		for name, src := range map[string][]byte{"with AI": src, "without AI": noAI} {
			t.Run(filepath.Base(file)+" "+name, func(t *testing.T) {
				rs, _, err := ReadRules(file, src)
				if err != nil {
					t.Fatal(err)
				}
				if (rs.AI != nil) != (name == "with AI") {
					t.Fatalf("AI block read wrongly: %v", rs.AI)
				}
				rulesRoundTrip(t, src, rs)
			})
		}
	}
}

func rulesRoundTrip(t *testing.T, src []byte, rs *Rules) {
	t.Helper()
	y1, err := EncodeRules(rs)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, rulesSchema, y1)
	rs2, _, err := DecodeRules("converted.yaml", y1)
	if err != nil {
		t.Fatalf("reading our own YAML: %v\n%s", err, y1)
	}
	if d := modeleq.Diff(rs, rs2); d != "" {
		t.Fatalf("legacy → YAML changed %s", d)
	}
	legacy, err := WriteRules(rs2)
	if err != nil {
		t.Fatal(err)
	}
	if d := tokencmp.Diff(src, legacy); d != "" {
		t.Fatalf("legacy → YAML → legacy changed a value: %s", d)
	}
	rs3, _, err := ReadRules("exported.tech", legacy)
	if err != nil {
		t.Fatal(err)
	}
	y2, err := EncodeRules(rs3)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(y1, y2) {
		t.Fatalf("YAML → legacy → YAML is not byte-identical:\n%s\n---\n%s", y1, y2)
	}
}

// TestLegacyLevelsRoundTrip converts the shipped levels, with and without
// their AI block, with and without the rules, to YAML and back.
func TestLegacyLevelsRoundTrip(t *testing.T) {
	rules := sharedRules(t)
	for _, file := range shared.Files(t, "legacy/ftbt/*.map") {
		src := readFile(t, file)
		full, _, err := ReadLevel(file, src)
		if err != nil {
			t.Fatal(err)
		}
		if !full.HasAI() {
			t.Fatalf("%s: the AI block was not read", file)
		}
		noAI := cutTokens(src, countTokens(src)-5*len(full.People))
		intro, err := ReadIntro(file, readFile(t, strings.TrimSuffix(file, ".map")+".intro"))
		if err != nil {
			t.Fatal(err)
		}
		for _, ai := range []string{"with AI", "without AI"} {
			for _, withRules := range []bool{true, false} {
				name := filepath.Base(file) + " " + ai + " ids"
				rs := (*Rules)(nil)
				if withRules {
					name, rs = filepath.Base(file)+" "+ai+" names", rules
				}
				t.Run(name, func(t *testing.T) {
					in := src
					if ai == "without AI" {
						in = noAI
					}
					l, _, err := ReadLevel(file, in)
					if err != nil {
						t.Fatal(err)
					}
					if l.HasAI() != (ai == "with AI") {
						t.Fatal("AI block read wrongly")
					}
					l.Intro, l.RulesPath = &intro, "star.yaml"
					levelRoundTrip(t, in, l, rs)
				})
			}
		}
	}
}

func levelRoundTrip(t *testing.T, src []byte, l *Level, rules *Rules) {
	t.Helper()
	y1, err := EncodeLevel(l, rules)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, levelSchema, y1)
	l2, _, err := DecodeLevel("converted.yaml", y1, rules)
	if err != nil {
		t.Fatalf("reading our own YAML: %v\n%s", err, y1)
	}
	if d := modeleq.Diff(l, l2); d != "" {
		t.Fatalf("legacy → YAML changed %s", d)
	}
	legacy, err := WriteLevel(l2)
	if err != nil {
		t.Fatal(err)
	}
	if d := tokencmp.Diff(src, legacy); d != "" {
		t.Fatalf("legacy → YAML → legacy changed a value: %s", d)
	}
	l3, _, err := ReadLevel("exported.map", legacy)
	if err != nil {
		t.Fatal(err)
	}
	// The intro and the rules reference travel beside the legacy file.
	l3.Intro, l3.RulesPath = l2.Intro, l2.RulesPath
	y2, err := EncodeLevel(l3, rules)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(y1, y2) {
		t.Fatalf("YAML → legacy → YAML is not byte-identical:\n%s\n---\n%s", y1, y2)
	}
}

// TestIntrosRoundTrip: an intro is kept byte for byte, directly and
// through a level's YAML.
func TestIntrosRoundTrip(t *testing.T) {
	for _, file := range shared.Files(t, "legacy/ftbt/*.intro") {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src := readFile(t, file)
			intro, err := ReadIntro(file, src)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(WriteIntro(intro), src) {
				t.Fatal("intro → intro is not byte-identical")
			}
			y, err := EncodeLevel(&Level{Intro: &intro}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(y, []byte("intro: |")) {
				t.Errorf("the intro is not written as a literal block:\n%s", y)
			}
			l, _, err := DecodeLevel("intro.yaml", y, nil)
			if err != nil {
				t.Fatal(err)
			}
			if l.Intro == nil || !bytes.Equal(WriteIntro(*l.Intro), src) {
				t.Fatal("intro → YAML → intro is not byte-identical")
			}
		})
	}
}

// TestIntroTexts covers texts a literal block cannot hold as they are.
func TestIntroTexts(t *testing.T) {
	for _, s := range []string{"", "one line", "a\n", "a\n\n", "\n", "\n\n", " lead\n", "\nlead\n", "tail  ", "x \ny \n",
		"tab\there\n", "cr\r\nlf\r\n", "  \n  \n", "a\n   \nb\n", "bom\uFEFF\n", "nul\x00\n", "---\n...\n", "# x\n: y\n", "\u2028\n"} {
		y, err := EncodeLevel(&Level{Intro: &s}, nil)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		l, _, err := DecodeLevel("intro.yaml", y, nil)
		if err != nil {
			t.Fatalf("%q: %v\n%s", s, err, y)
		}
		if l.Intro == nil || *l.Intro != s {
			t.Errorf("%q came back as %q:\n%s", s, *l.Intro, y)
		}
	}
}

// TestLegend: a hand-chosen legend survives a load and save; a grid value
// the legend lacks gets a free symbol.
func TestLegend(t *testing.T) {
	doc := `kind: ftbt/level
version: 1
size: {width: 3, height: 2}
legend:
  .: 0
  山: 2
  "~": 5
terrain: |
  .山~
  ~~.
people: []
`
	l, _, err := DecodeLevel("l.yaml", []byte(doc), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 2, 5, 5, 5, 0}; modeleq.Diff(l.Terrain.Values(), want) != "" {
		t.Fatalf("terrain %v, want %v", l.Terrain.Values(), want)
	}
	y, err := EncodeLevel(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, levelSchema, y)
	if !strings.Contains(string(y), "legend:\n  .: 0\n  山: 2\n  \"~\": 5\nterrain: |\n  .山~\n  ~~.\n") {
		t.Errorf("the legend was not kept:\n%s", y)
	}
	l.Terrain.Set(1, 7)
	y, err = EncodeLevel(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, levelSchema, y)
	if !strings.Contains(string(y), "  \"~\": 5\n  \"7\": 7\nterrain: |\n  .7~\n") {
		t.Errorf("the new terrain id got no symbol:\n%s", y)
	}

	// Legacy → YAML makes the default legend, which reads back as nil.
	l = &Level{W: 2, H: 1, Terrain: cells.Of([]int{-1, 3})}
	y, err = EncodeLevel(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, levelSchema, y)
	if !strings.Contains(string(y), "legend:\n  '!': -1\n  \"3\": 3\nterrain: |\n  !3\n") {
		t.Errorf("unexpected default legend:\n%s", y)
	}
	back, _, err := DecodeLevel("l.yaml", y, nil)
	if err != nil || back.Legend != nil {
		t.Fatalf("default legend not recognised: %v %v", err, back.Legend)
	}

	// Too many different values for symbols: rows of integers.
	l = &Level{W: 100, H: 1, Terrain: cells.Make(100)}
	for x := range 100 {
		l.Terrain.Set(x, x*3-1)
	}
	y, err = EncodeLevel(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, levelSchema, y)
	if strings.Contains(string(y), "legend") || !strings.Contains(string(y), "terrain: |\n  -1 2 5 8") {
		t.Errorf("expected rows of integers:\n%s", y)
	}
	back, _, err = DecodeLevel("l.yaml", y, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := modeleq.Diff(l, back); d != "" {
		t.Fatalf("integer rows changed %s", d)
	}
}

// TestWritersRefuse: names with spaces and values a legacy file cannot
// hold are refused with W001.
func TestWritersRefuse(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  func() error
		want string
	}{
		{"person name", func() error {
			_, err := WriteLevel(&Level{People: []Person{{Name: "关 羽"}}})
			return err
		}, `error W001: person 1 (关 羽): the name "关 羽" contains white space`},
		{"mixed AI", func() error {
			_, err := WriteLevel(&Level{People: []Person{{Name: "a", AI: &PersonAI{}}, {Name: "b"}}})
			return err
		}, "error W001: person 2 (b): has no AI settings but person 1 (a) has; the AI block needs them for every person or for none"},
		{"trailing without AI", func() error {
			_, err := WriteLevel(&Level{People: []Person{{Name: "a"}}, Trailing: []string{"x"}})
			return err
		}, "error W001: trailing tokens cannot be written without the AI block"},
		{"grid size", func() error {
			_, err := WriteLevel(&Level{W: 2, H: 2, Terrain: cells.Of([]int{1})})
			return err
		}, "error W001: the terrain has 1 cells, which does not match the size 2×2"},
		{"terrain name", func() error {
			_, err := WriteRules(&Rules{Terrains: []Terrain{{Name: ""}}})
			return err
		}, "error W001: terrain 1 (): an empty name cannot be written to a legacy file"},
		{"terrain flags", func() error {
			_, err := WriteRules(&Rules{Terrains: []Terrain{{Name: "a"}}, Techs: []Tech{{Name: "t"}}})
			return err
		}, "error W001: tech 1 (t): has 0 terrain flags, but the rules have 1 terrains"},
		{"rules trailing without AI", func() error {
			_, err := WriteRules(&Rules{Trailing: []string{"x"}})
			return err
		}, "error W001: trailing tokens cannot be written without the AI block"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.err()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v\nwant something containing %q", err, tc.want)
			}
		})
	}
}

// TestTextWithLineBreaks: names and paths read from YAML may hold line
// breaks and tabs; they must come back as they were.
func TestTextWithLineBreaks(t *testing.T) {
	doc := "kind: ftbt/level\nversion: 1\nrules: \"\\t\\n\"\nsize: {width: 0, height: 0}\nterrain: \"\"\n" +
		"people: [{name: \"a\\n\\t\\nb\", side: 0, abi: 1, def: 1, hp: 1, speed: 1, at: [0, 0]}]\ntrailing_tokens: [\"\\t\\n\"]\n"
	l, _, err := DecodeLevel("x.yaml", []byte(doc), nil)
	if err != nil {
		t.Fatal(err)
	}
	levelRoundTripProperty(t, l, nil)
	rules := "kind: ftbt/rules\nversion: 1\nterrains: [{name: \"\\t\\n\", cost: 1}]\nmax_fly_weight: 1\nmax_abi: 1\n" +
		"techs: [{name: \"\\t\\n\", class: 0, range: [], terrains: [\"\\t\\n\"], value: 1}]\n"
	rs, _, err := DecodeRules("r.yaml", []byte(rules))
	if err != nil {
		t.Fatal(err)
	}
	rulesRoundTripProperty(t, rs)
}

// TestDuplicateNames: techs and terrains that share names are referred to
// as name#k, or by id when name#k is itself a name.
func TestDuplicateNames(t *testing.T) {
	rs, _, err := ReadRules("small.tech", []byte(smallRules))
	if err != nil {
		t.Fatal(err)
	}
	canonical, err := WriteRules(rs) // smallRules has Fscan's other bool forms
	if err != nil {
		t.Fatal(err)
	}
	rulesRoundTrip(t, canonical, rs)
	y, err := EncodeRules(rs)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"terrains: [平#1, 平#2, \"1\"]", "terrains: [平#1, \"1\"]", "class: 9", "terrains: [平#2, \"1\"]"} {
		if !strings.Contains(string(y), want) {
			t.Errorf("missing %q in\n%s", want, y)
		}
	}
	src := "1 1 0 1 兵 1 1 1 1 1 0 0 4 0 1 2 7 5 5 5 -1 -1\n"
	l, _, err := ReadLevel("dup.map", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	levelRoundTrip(t, []byte(src), l, rs)
	y, err = EncodeLevel(l, rs)
	if err != nil {
		t.Fatal(err)
	}
	if want := "techs: [0, 直攻#2, 直攻#1, 7]"; !strings.Contains(string(y), want) {
		t.Errorf("missing %q in\n%s", want, y)
	}
}

// TestEverySymbol: a grid using every default symbol reads back; one more
// value makes rows of integers.
func TestEverySymbol(t *testing.T) {
	for _, n := range []int{len(symbolPool), len(symbolPool) + 1} {
		l := &Level{W: n, H: 2, Terrain: cells.Make(2 * n)}
		for i := range 2 * n {
			l.Terrain.Set(i, (i*7)%n)
		}
		y, err := EncodeLevel(l, nil)
		if err != nil {
			t.Fatal(err)
		}
		schematest.Check(t, levelSchema, y)
		if got := strings.Contains(string(y), "legend:"); got != (n == len(symbolPool)) {
			t.Errorf("%d values: legend written: %v\n%s", n, got, y)
		}
		back, _, err := DecodeLevel("all.yaml", y, nil)
		if err != nil {
			t.Fatalf("%v\n%s", err, y)
		}
		if d := modeleq.Diff(l, back); d != "" {
			t.Fatalf("%d values: round trip changed %s\n%s", n, d, y)
		}
	}
}
