package ftbt

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/internal/shared"
)

// posOf returns "LINE:COL" of the first occurrence of sub in text, after
// the end of the first occurrence of after (when not empty); columns count
// characters.
func posOf(t *testing.T, text, after, sub string) string {
	t.Helper()
	base := 0
	if after != "" {
		base = strings.Index(text, after)
		if base < 0 {
			t.Fatalf("%q not found", after)
		}
		base += len(after)
	}
	i := strings.Index(text[base:], sub)
	if i < 0 {
		t.Fatalf("%q not found", sub)
	}
	i += base
	line := strings.Count(text[:i], "\n") + 1
	col := utf8.RuneCountInString(text[strings.LastIndex(text[:i], "\n")+1:i]) + 1
	return fmt.Sprintf("%d:%d", line, col)
}

// corrupt replaces the first old in text by new and returns the result
// and the "LINE:COL" where the two first differ.
func corrupt(t *testing.T, text, old, new string) (string, string) {
	t.Helper()
	i := strings.Index(text, old)
	if i < 0 {
		t.Fatalf("%q not found", old)
	}
	k := 0
	for k < len(old) && k < len(new) && old[k] == new[k] {
		k++
	}
	bad := text[:i] + new + text[i+len(old):]
	at := i + k
	for at > 0 && !strings.ContainsRune(" \t\r\n", rune(bad[at-1])) {
		at-- // to the start of the token
	}
	line := strings.Count(bad[:at], "\n") + 1
	col := utf8.RuneCountInString(bad[strings.LastIndex(bad[:at], "\n")+1:at]) + 1
	return bad, fmt.Sprintf("%d:%d", line, col)
}

// TestBadLegacyInputIsReportedAtTheField corrupts the shipped files and
// checks that the error names the file, line, column and the field that
// was expected.
func TestBadLegacyInputIsReportedAtTheField(t *testing.T) {
	dir := filepath.Join(shared.Dir(t), "legacy/ftbt")
	level := string(readFile(t, filepath.Join(dir, "m2.map")))
	rules := string(readFile(t, filepath.Join(dir, "star.tech")))

	for _, tc := range []struct {
		name, file, text, old, new, want string
	}{
		{"person field", "m2.map", level, "狗3 0 10 7 80 100 1 3", "狗3 0 10 7 80 abc 1 3",
			"error P002: person 3 (狗3): speed must be an integer, found 'abc'"},
		{"person tech", "m2.map", level, "1 5\nTank2", "1 five\nTank2",
			"error P002: person 7 (Tank1): tech 1 must be an integer, found 'five'"},
		{"grid cell", "m2.map", level, "0 0 0 0 0 2 2 1 2 2 0 0 0 0 0 \n0 0 0 0 0 2 2 1 2 2 0 0 0 0 0 \n0 0 0 0 2 2 2 2 2 1 1",
			"0 0 0 0 0 2 2 1 2 2 0 0 x 0 0 \n0 0 0 0 0 2 2 1 2 2 0 0 0 0 0 \n0 0 0 0 2 2 2 2 2 1 1",
			"error P002: terrain cell (x 12, y 3) must be an integer, found 'x'"},
		{"person AI", "m2.map", level, "40 40 20 -1 -1\n40 40 20 -1 -1", "40 40 20 -1 -1\n40 40 20 -1 goal",
			"error P002: person 8 (Tank2): AI goal y must be an integer, found 'goal'"},
		{"AI constant", "star.tech", rules, "300\n500", "300\nabc",
			"error P002: AI constant AI_MAX_DEF_SCORE must be an integer, found 'abc'"},
		{"terrain flag", "star.tech", rules, "true true true true true false", "true true true true true maybe",
			"error P004: tech 3 (火攻): allowed on terrain 6 (水) must be true or false, found 'maybe'"},
		{"range offset", "star.tech", rules, "2 0 \n-1 0", "2 0 \n-1 O",
			"error P002: tech 3 (火攻): range offset 3 dy must be an integer, found 'O'"},
		{"terrain cost", "star.tech", rules, "森 25", "森 2.5",
			"error P002: terrain 3 (森): cost (move weight) must be an integer, found '2.5'"},
		{"class", "star.tech", rules, "震荡\n0", "震荡\nzero",
			"error P002: tech 7 (震荡): class (0 people, 1 abi_buf, 2 def_buf, 3 fly, 4 disable_long) must be an integer, found 'zero'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad, at := corrupt(t, tc.text, tc.old, tc.new)
			var err error
			if tc.file == "star.tech" {
				_, _, err = ReadRules(tc.file, []byte(bad))
			} else {
				_, _, err = ReadLevel(tc.file, []byte(bad))
			}
			want := tc.file + ":" + at + ": " + tc.want
			if err == nil || err.Error() != want {
				t.Errorf("got  %v\nwant %s", err, want)
			}
		})
	}

	// A file that ends too early names what was expected.
	cut := level[:strings.Index(level, "Tank2 1 25 12 200 80 12")+len("Tank2 1 25 12 200 80 12")]
	_, _, err := ReadLevel("m2.map", []byte(cut))
	want := "error P001: unexpected end of file: expected person 8 (Tank2): y (an integer)"
	if err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("got  %v\nwant …%s", err, want)
	}
}

// TestReadersRefuseImpossibleSizes: absurd or negative counts are size
// errors found before anything is allocated.
func TestReadersRefuseImpossibleSizes(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"huge map", "2000000000 2000000000\n0 0\n", "x.map:1:12: error P005: the map size 2000000000×2000000000 needs more terrain values than the rest of the file can hold (at most 3)"},
		{"huge map overflow", "9223372036854775807 9223372036854775807\n0\n", "error P005: the map size 9223372036854775807×9223372036854775807 needs more"},
		{"negative width", "-3 4\n", "x.map:1:1: error P005: the map width nx must be at least 1, found -3"},
		{"negative height", "3 -4\n", "x.map:1:3: error P005: the map height ny must be at least 1, found -4"},
		{"zero width", "0 5\n0\n", "x.map:1:1: error P005: the map width nx must be at least 1, found 0"},
		{"zero height", "5 0\n0\n", "x.map:1:3: error P005: the map height ny must be at least 1, found 0"},
		{"huge people", "1 1 0 2000000000 a 0 1 1 1 1 1 1 0", "error P005: the number of people is 2000000000 but the rest of the file can hold at most"},
		{"negative techs", "1 1 0 1 a 0 1 1 1 1 0 0 -1", "x.map:1:25: error P005: person 1 (a): the number of techs must not be negative, found -1"},
		{"huge techs", "1 平 15 15 30 2000000000\n", "x.tech:1:14: error P005: the number of techs is 2000000000 but the rest of the file can hold at most 0 (each needs at least 10 values)"},
		{"negative terrains", "-1\n", "x.tech:1:1: error P005: the number of terrains must not be negative, found -1"},
		{"huge range", "0 15 30 1 t 0 false 2000000000 0 0 false 0 5", "error P005: tech 1 (t): the number of range offsets is 2000000000 but the rest of the file can hold at most"},
		{"octal trap", "1 1\n08\n0\n", "x.map:2:1: error P002: terrain cell (x 0, y 0) must be an integer, found '08'"},
		{"byte-order mark", "\uFEFF1 1 0 0", "x.map:1:1: error P006: the file starts with a UTF-8 byte-order mark"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			var err error
			if strings.Contains(tc.want, "techs is") || strings.Contains(tc.want, "terrains") || strings.Contains(tc.want, "range") {
				_, _, err = ReadRules("x.tech", []byte(tc.src))
			} else {
				_, _, err = ReadLevel("x.map", []byte(tc.src))
			}
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v\nwant something containing %q", err, tc.want)
			}
			if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
				t.Errorf("reading allocated %d bytes", d)
			}
		})
	}
}

// TestLegacyPositions: the map of a legacy file locates items and grid
// cells by their document paths.
func TestLegacyPositions(t *testing.T) {
	file := filepath.Join(shared.Dir(t), "legacy/ftbt/m2.map")
	src := readFile(t, file)
	_, sm, err := ReadLevel("m2.map", src)
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	for path, want := range map[string]string{
		"terrain[3][12]":     "6:25",
		"terrain[0][0]":      "3:1",
		"terrain[7][14]":     "10:29",
		"people[2].speed":    posOf(t, text, "狗3", "100"),
		"people[7].techs[0]": posOf(t, text, "Tank2 1 25 12 200 80 12 5\n", "5"),
		"people[6].ai.goal":  posOf(t, text, "40 40 20", "-1"),
		"size.height":        "1:4",
		"people[1].at[1]":    posOf(t, text, "狗2 0 10 7 80 100 2 ", "2"),
	} {
		p := sm.Locate(path)
		if got := fmt.Sprintf("%d:%d", p.Line, p.Col); got != want {
			t.Errorf("%s at %s, want %s", path, got, want)
		}
	}
	rules := filepath.Join(shared.Dir(t), "legacy/ftbt/star.tech")
	rsrc := readFile(t, rules)
	_, sm, err = ReadRules("star.tech", rsrc)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"techs[2].aoe.ratio":   posOf(t, string(rsrc), "火攻", "75"),
		"ai.max_tech_fly_vmd":  posOf(t, string(rsrc), "80\n1000\n\n800\n", "800"),
		"terrains[5].cost":     posOf(t, string(rsrc), "", "100"),
		"techs[10].range[0]":   posOf(t, string(rsrc), "远程无效", "0 0"),
		"techs[0].terrains":    posOf(t, string(rsrc), "直攻", "true true"),
		"techs[9].long_range":  posOf(t, string(rsrc), "辅助飞行", "false"),
		"techs[9].range[20]":   posOf(t, string(rsrc), "0 -2\n1 -2\n", "-1 -2"),
		"techs[3].aoe.self":    posOf(t, string(rsrc), "舔刺", "false\n0\ntrue true true false"),
		"techs[3].duration":    posOf(t, string(rsrc), "舔刺", "0\ntrue true true false"),
		"techs[3].value":       posOf(t, string(rsrc), "舔刺", "10\n"),
		"ai.max_move_dist":     posOf(t, string(rsrc), "", "3000"),
		"max_abi":              posOf(t, string(rsrc), "", "30"),
		"techs[10].terrains[]": posOf(t, string(rsrc), "远程无效", "true"),
	} {
		p := sm.Locate(path)
		if got := fmt.Sprintf("%d:%d", p.Line, p.Col); got != want {
			t.Errorf("%s at %s, want %s", path, got, want)
		}
	}
}

func TestBadIntro(t *testing.T) {
	_, err := ReadIntro("x.intro", []byte("第一行\nab\xffc"))
	want := "x.intro:2:3: error P006: the intro is not valid UTF-8 text (byte 0xFF); save it as UTF-8"
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}

// TestYAMLLevelErrorsNameTheNode checks the messages and positions of
// mistakes a person makes editing a level by hand.
func TestYAMLLevelErrorsNameTheNode(t *testing.T) {
	rules := sharedRules(t)
	doc := `kind: ftbt/level
version: 1
size: {width: 4, height: 3}
legend:
  .: 0
  "#": 3
terrain: |
  ..#.
  ..#
  .Q..
people:
  - {name: 狗1, side: 0, abi: 10, def: 7, hp: 80, sped: 100, at: [1, 1], techs: [直功, 直攻]}
  - {name: 狗2, side: 0, abi: 10, def: 7, hp: 80, speed: 100, at: [1, 1, 3], ai: {attack: 1, defence: 1, move: 1}}
`
	_, _, err := DecodeLevel("l.yaml", []byte(doc), rules)
	if err == nil {
		t.Fatal("accepted")
	}
	got := err.Error()
	for _, want := range []string{
		"l.yaml:" + posOf(t, doc, "", "..#\n") + ": error P005: terrain row y 1: has 3 symbols, but the width is 4",
		"l.yaml:" + posOf(t, doc, "", "Q") + ": error P014: terrain cell (x 1, y 2): unknown symbol 'Q' (the legend does not have it)",
		"l.yaml:" + posOf(t, doc, "", "sped") + ": error P011: person 1 (狗1): unknown field 'sped' (did you mean 'speed'?)",
		"l.yaml:" + posOf(t, doc, "", "{name: 狗1") + ": error P011: person 1 (狗1): missing field 'speed' (an integer)",
		"l.yaml:" + posOf(t, doc, "", "直功") + ": error P012: person 1 (狗1): techs[0]: unknown tech '直功' (did you mean '直攻'?)",
		"l.yaml:" + posOf(t, doc, "狗2", "[1, 1, 3]") + ": error P011: person 2 (狗2): position must be [x, y] (a list of 2 integers)",
		"l.yaml:" + posOf(t, doc, "狗2", "{attack") + ": error P011: person 2 (狗2): AI: person 1 has no AI settings: either every person has them or none",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	// The cell paths point into the grid.
	list := err.(diag.List)
	for _, d := range list {
		if strings.Contains(d.Message, "unknown symbol") && d.Path != "terrain[2][1]" {
			t.Errorf("unknown symbol at path %q", d.Path)
		}
	}

	// Without rules, tech names cannot be resolved.
	noRules := strings.Replace(doc, "sped", "speed", 1)
	_, _, err = DecodeLevel("l.yaml", []byte(noRules), nil)
	want := "l.yaml:" + posOf(t, noRules, "", "直功") + ": error P012: person 1 (狗1): techs[0]: tech names need the rules: add 'rules: FILE' to the level or pass --rules"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("missing %q in\n%v", want, err)
	}

	// Every person needs AI settings once the first has them.
	mixed := `kind: ftbt/level
version: 1
size: {width: 0, height: 0}
terrain: ""
people:
  - {name: a, side: 0, abi: 1, def: 1, hp: 1, speed: 1, at: [0, 0], ai: {attack: 1, defence: 1, move: 1, goal: [2]}}
  - {name: b, side: 1, abi: 1, def: 1, hp: 1, speed: 1, at: [0, 0]}
oops: 1
`
	_, _, err = DecodeLevel("m.yaml", []byte(mixed), nil)
	for _, want := range []string{
		"m.yaml:7:5: error P011: person 2 (b): missing field 'ai': person 1 has AI settings, so every person needs them",
		"m.yaml:" + posOf(t, mixed, "", "[2]") + ": error P011: person 1 (a): AI: goal must be [x, y] (a list of 2 integers)",
		"m.yaml:8:1: error P011: unknown field 'oops'",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in\n%v", want, err)
		}
	}
}

func TestYAMLGridErrors(t *testing.T) {
	for _, tc := range []struct{ name, doc, want string }{
		{"rows", "size: {width: 2, height: 3}\nlegend: {a: 1}\nterrain: |\n  aa\n  aa\npeople: []\n",
			"l.yaml:5:10: error P005: terrain: has 2 rows, but the height is 3"},
		{"huge size", "size: {width: 2000000000, height: 2000000000}\nlegend: {a: 1}\nterrain: |\n  aa\npeople: []\n",
			"l.yaml:5:10: error P005: terrain: has 1 rows, but the height is 2000000000"},
		{"negative", "size: {width: -2, height: 3}\nterrain: \"\"\npeople: []\n",
			"l.yaml:3:15: error P005: size: width must not be negative, found -2"},
		{"symbol", "size: {width: 1, height: 1}\nlegend: {ab: 1}\nterrain: |\n  a\npeople: []\n",
			"l.yaml:4:10: error P014: legend: symbol 'ab' must be one printable character that is not white space"},
		{"non-BMP symbol", "size: {width: 2, height: 1}\nlegend: {\"🏯\": 0, .: 1}\nterrain: |\n  🏯.\npeople: []\n",
			"l.yaml:4:10: error P014: legend: symbol '🏯' must be one printable character that is not white space and not beyond U+FFFD (such as an emoji)"},
		{"integer rows", "size: {width: 3, height: 1}\nterrain: |\n  1 x 3\npeople: []\n",
			"l.yaml:5:5: error P014: terrain cell (x 1, y 0) must be an integer, found 'x'"},
		{"integer row length", "size: {width: 3, height: 2}\nterrain: |\n  1 2 3\n   4 5\npeople: []\n",
			"l.yaml:6:4: error P005: terrain row y 1: has 2 values, but the width is 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := "kind: ftbt/level\nversion: 1\n" + tc.doc
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, _, err := DecodeLevel("l.yaml", []byte(doc), nil)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v\nwant something containing %q", err, tc.want)
			}
			if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
				t.Errorf("reading allocated %d bytes", d)
			}
		})
	}
}

// TestYAMLRulesErrorsNameTheNode checks mistakes in a rules document.
func TestYAMLRulesErrorsNameTheNode(t *testing.T) {
	doc := `kind: ftbt/rules
version: 1
terrains:
  - {name: 平, cost: 15}
  - {name: 草, cost: 20}
  - {name: 草, cost: 25}
max_fly_weight: 15
max_abi: 30
techs:
  - name: 直攻
    class: peple
    range: [[1, 0], [2]]
    aoe: {radius: 1, ration: 5}
    terrains: [平, 平, 草, 草地, 7]
    value: 15
ai:
  max_move_dist: 3000
`
	_, _, err := DecodeRules("r.yaml", []byte(doc))
	if err == nil {
		t.Fatal("accepted")
	}
	got := err.Error()
	for _, want := range []string{
		"r.yaml:11:12: error P014: tech 1 (直攻): class must be one of people, abi_buf, def_buf, fly, disable_long, found 'peple' (did you mean 'people'?)",
		"r.yaml:12:21: error P011: tech 1 (直攻): range[1] must be [dx, dy] (a list of 2 integers)",
		"r.yaml:13:22: error P011: tech 1 (直攻): area effect: unknown field 'ration' (did you mean 'ratio'?)",
		"r.yaml:14:19: error P014: tech 1 (直攻): terrains[1]: terrain '平' is listed twice",
		"r.yaml:14:22: error P012: tech 1 (直攻): terrains[2]: 2 terrains are named '草'; write 草#1 or 草#2 to say which",
		"r.yaml:14:25: error P012: tech 1 (直攻): terrains[3]: unknown terrain '草地' (did you mean '草'?)",
		"r.yaml:14:29: error P012: tech 1 (直攻): terrains[4]: terrain 7 does not exist (the rules have 3 terrains)",
		"r.yaml:17:3: error P011: AI constants: missing field 'max_move_score' (an integer)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// TestYAMLPositions: the map of a YAML document locates the same paths as
// the legacy reader's.
func TestYAMLPositions(t *testing.T) {
	rules := sharedRules(t)
	file := filepath.Join(shared.Dir(t), "legacy/ftbt/m2.map")
	l, _, err := ReadLevel(file, readFile(t, file))
	if err != nil {
		t.Fatal(err)
	}
	y, err := EncodeLevel(l, rules)
	if err != nil {
		t.Fatal(err)
	}
	_, sm, err := DecodeLevel("m2.yaml", y, rules)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(y)
	for path, want := range map[string]string{
		"terrain[3][12]":     posOf(t, doc, "terrain: |\n  000112221100000\n  000021121000000\n  000022222000000\n  000002212200", "0"),
		"people[2].speed":    posOf(t, doc, "狗3", "100"),
		"people[7].techs[0]": posOf(t, doc, "Tank2", "炮击"),
		"people[6].ai.move":  posOf(t, doc, "Tank1", "20}"),
		"size.height":        posOf(t, doc, "", "8}"),
	} {
		p := sm.Locate(path)
		if got := fmt.Sprintf("%d:%d", p.Line, p.Col); got != want {
			t.Errorf("%s at %s, want %s", path, got, want)
		}
	}
}

// TestHostileYAMLIsCheap: small documents that would make the readers do
// a lot of work (aliases used as multipliers, grids full of errors) are
// refused or reported quickly.
func TestHostileYAMLIsCheap(t *testing.T) {
	ids := strings.Repeat("0, ", 3000) + "0"
	people := strings.Repeat("*p, ", 3000) + "*p"
	bomb := "kind: ftbt/level\nversion: 1\nsize: {width: 0, height: 0}\nterrain: \"\"\nx: &t [" + ids + "]\n" +
		"y: &p {name: a, side: 0, abi: 1, def: 1, hp: 1, speed: 1, at: [0, 0], techs: *t}\npeople: [" + people + "]\n"
	rangeBomb := "kind: ftbt/rules\nversion: 1\nterrains: []\nmax_fly_weight: 1\nmax_abi: 1\nx: &r [" + strings.Repeat("[0, 0], ", 3000) + "[0, 0]]\n" +
		"y: &t {name: a, class: 0, range: *r, terrains: [], value: 1}\ntechs: [" + strings.Repeat("*t, ", 3000) + "*t]\n"
	badCells := "kind: ftbt/level\nversion: 1\nsize: {width: 20000, height: 1}\nterrain: |\n  " + strings.Repeat("x ", 20000) + "\npeople: []\n"
	badRows := "kind: ftbt/level\nversion: 1\nsize: {width: 2, height: 20000}\nterrain: |\n" + strings.Repeat("  1\n", 20000) + "people: []\n"
	shared := "kind: ftbt/level\nversion: 1\nsize: {width: 0, height: 0}\nterrain: \"\"\n" +
		"people:\n  - {name: a, side: 0, abi: 1, def: 1, hp: 1, speed: 1, at: [0, 0], techs: &t [0, 1, 2]}\n" + strings.Repeat("  - {name: a, side: 0, abi: 1, def: 1, hp: 1, speed: 1, at: [0, 0], techs: *t}\n", 500)
	for _, tc := range []struct{ name, doc, want string }{
		{"alias bomb", bomb, "b.yaml:6:78: error P011: aliases (*name) expand the document to more than"},
		{"range alias bomb", rangeBomb, "error P011: aliases (*name) expand the document to more than"},
		{"bad cells", badCells, "b.yaml:4:10: error P014: terrain: has more problems; only the first 20 are reported"},
		{"bad rows", badRows, "b.yaml:4:10: error P014: terrain: has more problems; only the first 20 are reported"},
		{"shared tech list", shared, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if strings.Contains(tc.doc, "ftbt/rules") {
				_, _, err = DecodeRules("b.yaml", []byte(tc.doc))
			} else {
				_, _, err = DecodeLevel("b.yaml", []byte(tc.doc), nil)
			}
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %.300v\nwant something containing %q", err, tc.want)
			}
		})
	}
}
