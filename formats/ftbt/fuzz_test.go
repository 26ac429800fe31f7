package ftbt

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/internal/modeleq"
	"github.com/shapan/shapan/internal/shared"
)

// addSeeds adds the shared legacy files matching pattern (when the shared
// folder exists) and the given extra inputs to the fuzz corpus.
func addSeeds(f *testing.F, pattern string, extra ...string) {
	for _, b := range sharedFiles(pattern) {
		f.Add(b)
	}
	for _, e := range extra {
		f.Add([]byte(e))
	}
}

// sharedFiles returns the contents of the shared files matching pattern
// (none when there is no shared folder).
func sharedFiles(pattern string) [][]byte {
	dir, ok := shared.Find()
	if !ok {
		return nil
	}
	files, _ := filepath.Glob(filepath.Join(dir, pattern))
	var out [][]byte
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// smallRules are rules with duplicate and tricky names, used when the
// shared folder is missing and as a second set of names.
const smallRules = "3 平 15 平 20 1 5  15 30  3\n" +
	"直攻 0 false 1 1 0 0 0 false 0 true true true 15\n" +
	"直攻 1 true 2 0 0 0 0 1 50 true 2 true false true 40\n" +
	"直攻#1 9 f 0 0 0 F 0 0 1 T 7\n" +
	"1 2 3 4 5 6 7 8 9 10 11 x y\n"

// fuzzRules returns the rules level round trips use for names.
func fuzzRules(t testing.TB) []*Rules {
	var out []*Rules
	for _, b := range append(sharedFiles("legacy/ftbt/*.tech"), []byte(smallRules)) {
		rs, _, err := ReadRules("rules.tech", b)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rs)
	}
	return out
}

// rulesRoundTripProperty: both writers accept rs and their output reads
// back equal; the YAML is stable.
func rulesRoundTripProperty(t *testing.T, rs *Rules) {
	legacy, err := WriteRules(rs)
	if err == nil {
		back, _, err := ReadRules("rt.tech", legacy)
		if err != nil {
			t.Fatalf("our .tech does not read back: %v\n%s", err, legacy)
		}
		if d := modeleq.Diff(rs, back); d != "" {
			t.Fatalf(".tech round trip changed %s\n%s", d, legacy)
		}
	}
	y, err := EncodeRules(rs)
	if err != nil {
		t.Fatalf("EncodeRules: %v", err)
	}
	back, _, err := DecodeRules("rt.yaml", y)
	if err != nil {
		t.Fatalf("our YAML does not read back: %v\n%s", err, y)
	}
	if d := modeleq.Diff(rs, back); d != "" {
		t.Fatalf("YAML round trip changed %s\n%s", d, y)
	}
	y2, err := EncodeRules(back)
	if err != nil || !bytes.Equal(y, y2) {
		t.Fatalf("YAML is not stable: %v\n%s\n---\n%s", err, y, y2)
	}
}

// levelRoundTripProperty: both writers accept l and their output reads
// back equal, with and without rules; the YAML is stable.
func levelRoundTripProperty(t *testing.T, l *Level, rules []*Rules) {
	legacy, err := WriteLevel(l)
	if err == nil {
		back, _, err := ReadLevel("rt.map", legacy)
		if err != nil {
			t.Fatalf("our .map does not read back: %v\n%s", err, legacy)
		}
		back.Intro, back.RulesPath, back.Legend = l.Intro, l.RulesPath, l.Legend
		if d := modeleq.Diff(l, back); d != "" {
			t.Fatalf(".map round trip changed %s\n%s", d, legacy)
		}
	}
	for _, rs := range append([]*Rules{nil}, rules...) {
		y, err := EncodeLevel(l, rs)
		if err != nil {
			t.Fatalf("EncodeLevel: %v", err)
		}
		back, _, err := DecodeLevel("rt.yaml", y, rs)
		if err != nil {
			t.Fatalf("our YAML does not read back: %v\n%s", err, y)
		}
		if d := modeleq.Diff(withDefaultLegend(l, rs), back); d != "" {
			t.Fatalf("YAML round trip changed %s\n%s", d, y)
		}
		y2, err := EncodeLevel(back, rs)
		if err != nil || !bytes.Equal(y, y2) {
			t.Fatalf("YAML is not stable: %v\n%s\n---\n%s", err, y, y2)
		}
	}
}

// withDefaultLegend returns l with a nil legend when its legend is the
// default one for rs: the two are written alike, and a nil legend means
// "the default" for whatever rules the level is written with.
func withDefaultLegend(l *Level, rs *Rules) *Level {
	if l.Legend == nil {
		return l
	}
	if def, ok := defaultLegend(l.Terrain, rs); ok && slices.Equal(def, l.Legend) {
		c := *l
		c.Legend = nil
		return &c
	}
	return l
}

func FuzzReadRules(f *testing.F) {
	addSeeds(f, "legacy/ftbt/*.tech", smallRules, "0 0 0 0", "0 1 2 0 1 2 3 4 5 6 7 8 9 10 11 extra", "1 a 1 2 3 1 t 0 0 0 0 0 0 0 0 0 9")
	f.Fuzz(func(t *testing.T, data []byte) {
		rs, _, err := ReadRules("fuzz.tech", data)
		if err != nil {
			return
		}
		// A .tech never holds what a .tech cannot write.
		if _, err := WriteRules(rs); err != nil {
			t.Fatalf("WriteRules refused what ReadRules accepted: %v", err)
		}
		rulesRoundTripProperty(t, rs)
	})
}

func FuzzDecodeRules(f *testing.F) {
	for _, b := range append(sharedFiles("legacy/ftbt/*.tech"), []byte(smallRules)) {
		if rs, _, err := ReadRules("seed.tech", b); err == nil {
			if y, err := EncodeRules(rs); err == nil {
				f.Add(y)
			}
		}
	}
	f.Add([]byte("kind: ftbt/rules\nversion: 1\nterrains: [{name: a, cost: 1}]\nmax_fly_weight: 1\nmax_abi: 2\n" +
		"techs: [{name: t, class: 7, range: [[0, 0]], terrains: [a], value: 1}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rs, _, err := DecodeRules("fuzz.yaml", data)
		if err != nil {
			return
		}
		rulesRoundTripProperty(t, rs)
	})
}

func FuzzReadLevel(f *testing.F) {
	addSeeds(f, "legacy/ftbt/*.map", "0 0 0", "2 1 0 -1 1 a 0 1 1 1 1 9 9 1 42", "1 1 7 1 a 2 1 1 1 1 0 0 0 1 2 3 4 5 t",
		"3 1 0 1 2 0 tail", "1 1\n99\n2 a 0 1 1 1 1 0 0 1 0 b 1 1 1 1 1 0 0 2 1 1 -1 -1 -1 5 5 5 5 5\n")
	rules := fuzzRules(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		l, _, err := ReadLevel("fuzz.map", data)
		if err != nil {
			return
		}
		if _, err := WriteLevel(l); err != nil {
			t.Fatalf("WriteLevel refused what ReadLevel accepted: %v", err)
		}
		levelRoundTripProperty(t, l, rules)
	})
}

func FuzzDecodeLevel(f *testing.F) {
	rules := fuzzRules(f)
	for _, b := range sharedFiles("legacy/ftbt/*.map") {
		if l, _, err := ReadLevel("seed.map", b); err == nil {
			for _, rs := range append([]*Rules{nil}, rules...) {
				if y, err := EncodeLevel(l, rs); err == nil {
					f.Add(y)
				}
			}
		}
	}
	f.Add([]byte("kind: ftbt/level\nversion: 1\nrules: r.yaml\nintro: \"hi \\n\"\nsize: {width: 2, height: 1}\nlegend: {山: 3, x: -1}\nterrain: |\n  山x\n" +
		"people: [{name: a, side: 0, abi: 1, def: 1, hp: 1, speed: 1, at: [0, 0], techs: [直攻#2, 5]}]\ntrailing_tokens: [a]\n"))
	f.Add([]byte("kind: ftbt/level\nversion: 1\nsize: {width: 2, height: 1}\nterrain: |\n  7 -8\npeople: []\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, rs := range append([]*Rules{nil}, rules...) {
			l, sm, err := DecodeLevel("fuzz.yaml", data, rs)
			terrainAsParsed(t, data, rs, l, sm, err)
			if err != nil {
				continue
			}
			levelRoundTripProperty(t, l, rules)
		}
	})
}

// terrainAsParsed checks that what DecodeLevel read from data (the
// terrain read from the file's lines when it could be: l, sm, err) is
// what it reads with the terrain parsed by the YAML parser: the level,
// the problems, and the positions of the terrain's first rows and cells
// and of the fields around it.
func terrainAsParsed(t *testing.T, data []byte, rs *Rules, l *Level, sm *srcpos.Map, err error) {
	t.Helper()
	restore := yamlx.BlocksThroughParser()
	pl, psm, perr := DecodeLevel("fuzz.yaml", data, rs)
	restore()
	if (err == nil) != (perr == nil) || err != nil && err.Error() != perr.Error() {
		t.Fatalf("the problems differ:\nfrom the lines: %v\nparsed: %v\n%q", err, perr, data)
	}
	if err != nil {
		return
	}
	if d := modeleq.Diff(pl, l); d != "" {
		t.Fatalf("the levels differ: %s\n%q", d, data)
	}
	paths := []string{"", "size", "legend", "people", "people[0]", "terrain", "terrain[0]", "terrain[99]"}
	for y := range 4 {
		for x := range 4 {
			paths = append(paths, fmt.Sprintf("terrain[%d][%d]", y, x))
		}
	}
	for _, p := range paths {
		if a, b := sm.Locate(p), psm.Locate(p); a != b {
			t.Fatalf("%s is at %v from the lines, at %v parsed\n%q", p, a, b, data)
		}
	}
}

func FuzzReadIntro(f *testing.F) {
	addSeeds(f, "legacy/ftbt/*.intro", "", "\n", "a \n b\n\n", " x", "\r\n\t\u2028\uFEFF", "---\n...\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadIntro("fuzz.intro", data)
		if err != nil {
			return
		}
		if !bytes.Equal(WriteIntro(s), data) {
			t.Fatal("intro → intro changed the text")
		}
		l := &Level{Intro: &s}
		y, err := EncodeLevel(l, nil)
		if err != nil {
			t.Fatalf("EncodeLevel: %v", err)
		}
		back, _, err := DecodeLevel("rt.yaml", y, nil)
		if err != nil {
			t.Fatalf("our YAML does not read back: %v\n%s", err, y)
		}
		if back.Intro == nil || *back.Intro != s {
			t.Fatalf("intro → YAML → intro changed the text:\n%s", y)
		}
	})
}
