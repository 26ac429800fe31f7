package yamlx_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/internal/shared"
)

// mbgYAML returns the mbg YAML documents to read both ways: the samples
// and the shared legacy files written as YAML.
func mbgYAML(t *testing.T) map[string][]byte {
	docs := map[string][]byte{}
	files, _ := filepath.Glob("../../samples/mbg/*.yaml")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(f)] = b
	}
	if len(docs) == 0 {
		t.Fatal("no mbg samples")
	}
	dir, ok := shared.Find()
	if !ok {
		t.Log("no shared folder: the legacy files are not read")
		return docs
	}
	legacy, _ := filepath.Glob(filepath.Join(dir, "legacy", "mbg", "*"))
	for _, f := range legacy {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var y []byte
		switch filepath.Ext(f) {
		case ".map":
			if s, _, err := mbg.ReadMap(f, b); err == nil {
				y, err = mbg.EncodeScenario(s)
				if err != nil {
					t.Fatal(err)
				}
			}
		case ".sav":
			if s, _, err := mbg.ReadSave(f, b); err == nil {
				y, err = mbg.EncodeSave(s)
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		if y != nil {
			docs[filepath.Base(f)+".yaml"] = y
		}
	}
	return docs
}

// mutations returns broken and odd variants of src, a few per line of
// every step-th line: the line left out, written twice, its value
// replaced, its indentation changed, an unknown field added.
func mutations(src []byte, step int) [][]byte {
	lines := strings.SplitAfter(string(src), "\n")
	var out [][]byte
	for k := 0; k < len(lines); k += step {
		l := lines[k]
		variants := []string{"", l + l, "  " + l, strings.TrimPrefix(l, "  ")}
		if i := strings.Index(l, ": "); i >= 0 {
			variants = append(variants, l[:i+2]+"oops\n", l[:i]+"x: 1\n"+l, l[:i+2]+"&a 3\n")
			if k%(8*step) == 0 {
				variants = append(variants, l[:i+2]+"[x\n") // a syntax error
			}
		}
		for _, v := range variants {
			out = append(out, []byte(strings.Join(lines[:k], "")+v+strings.Join(lines[k+1:], "")))
		}
	}
	return out
}

// paths returns the document paths of every node of src's YAML tree, and
// of its keys, with a child that no reader records.
func paths(src []byte) []string {
	var root yaml.Node
	if yaml.Unmarshal(src, &root) != nil || len(root.Content) == 0 {
		return []string{""}
	}
	var out []string
	var walk func(n *yaml.Node, path string)
	walk = func(n *yaml.Node, path string) {
		out = append(out, path, srcpos.Key(path), srcpos.Field(path, "nothing"), srcpos.Index(path, 9999))
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				walk(n.Content[i+1], srcpos.Field(path, n.Content[i].Value))
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				walk(c, srcpos.Index(path, i))
			}
		}
	}
	walk(root.Content[0], "")
	return out
}

type decoded struct {
	value any
	where map[string]diag.Pos
	err   error
	notes []srcpos.Note
}

func decodeMBG(src []byte, paths []string) decoded {
	var v any
	var sm *srcpos.Map
	var err error
	if bytes.Contains(src, []byte("kind: mbg/save")) {
		v, sm, err = mbg.DecodeSave("f.yaml", src)
	} else {
		v, sm, err = mbg.DecodeScenario("f.yaml", src)
	}
	return located(v, sm, err, paths)
}

// located is what was decoded, with where every path is.
func located(v any, sm *srcpos.Map, err error, paths []string) decoded {
	out := decoded{value: v, err: err}
	if sm != nil {
		out.where = map[string]diag.Pos{}
		for _, p := range paths {
			out.where[p] = sm.Locate(p)
		}
	}
	return out
}

// The mbg readers give the same values, the same problems at the same
// places and locate every path alike whether the document's lists are
// parsed in pieces or the document whole: on the samples, the legacy
// files written as YAML, and broken variants of them.
func TestMBGReadersAlikeParsedInPieces(t *testing.T) {
	readersAlike(t, mbgYAML(t), 40, decodeMBG)
}

// The ftbt readers (rules and level) give the same values, problems and
// positions whether the documents' lists are parsed in pieces or whole:
// on the samples, the legacy files written as YAML, and broken variants.
func TestFTBTReadersAlikeParsedInPieces(t *testing.T) {
	rulesSrc, err := os.ReadFile("../../samples/ftbt/兵法.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rules, _, err := ftbt.DecodeRules("兵法.yaml", rulesSrc)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string][]byte{"兵法.yaml": rulesSrc}
	if docs["长坂坡.yaml"], err = os.ReadFile("../../samples/ftbt/长坂坡.yaml"); err != nil {
		t.Fatal(err)
	}
	if dir, ok := shared.Find(); ok {
		b, err := os.ReadFile(filepath.Join(dir, "legacy", "ftbt", "star.tech"))
		if err != nil {
			t.Fatal(err)
		}
		star, _, err := ftbt.ReadRules("star.tech", b)
		if err != nil {
			t.Fatal(err)
		}
		if docs["star.tech.yaml"], err = ftbt.EncodeRules(star); err != nil {
			t.Fatal(err)
		}
		for _, m := range []string{"m1.map", "m2.map"} {
			b, err := os.ReadFile(filepath.Join(dir, "legacy", "ftbt", m))
			if err != nil {
				t.Fatal(err)
			}
			l, _, err := ftbt.ReadLevel(m, b)
			if err != nil {
				t.Fatal(err)
			}
			if docs[m+".yaml"], err = ftbt.EncodeLevel(l, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	readersAlike(t, docs, 12, func(src []byte, paths []string) decoded {
		var v any
		var sm *srcpos.Map
		var err error
		if bytes.Contains(src, []byte("kind: ftbt/rules")) {
			v, sm, err = ftbt.DecodeRules("f.yaml", src)
		} else {
			v, sm, err = ftbt.DecodeLevel("f.yaml", src, rules)
		}
		return located(v, sm, err, paths)
	})
}

// readersAlike compares decode on docs, and on broken variants of those
// not named .map.yaml or .sav.yaml (at about lines of their lines),
// parsed in pieces (the ftbt level's terrain read from the lines) and
// whole.
func readersAlike(t *testing.T, docs map[string][]byte, lines int, decode func(src []byte, paths []string) decoded) {
	inputs := map[string][]byte{}
	for name, src := range docs {
		inputs[name] = src
		if strings.HasSuffix(name, ".map.yaml") || strings.HasSuffix(name, ".sav.yaml") {
			continue // the legacy files as they are; the samples broken too
		}
		step := 1 + bytes.Count(src, []byte("\n"))/longtest.Sized(lines, lines/5, 1000)
		syntax := 0
		for i, m := range mutations(src, step) {
			var n yaml.Node
			if yaml.Unmarshal(m, &n) != nil {
				if syntax++; syntax > 4 {
					continue // placing a syntax error is slow, and the same both ways: a few show it
				}
			}
			inputs[fmt.Sprintf("%s#%d", name, i)] = m
		}
	}
	for name, src := range inputs {
		ps := paths(src)
		parser := yamlx.BlocksThroughParser()
		whole := decode(src, ps)
		parser()
		restore := yamlx.LazyEverywhere(1 + len(name)%3*200)
		lazy := decode(src, ps)
		restore()
		var dw, dl diag.List
		if errors.As(whole.err, &dw) != errors.As(lazy.err, &dl) || !reflect.DeepEqual(dw, dl) ||
			(whole.err == nil) != (lazy.err == nil) || whole.err != nil && whole.err.Error() != lazy.err.Error() {
			t.Fatalf("%s: the problems differ:\nwhole: %v\npieces: %v\n%s", name, whole.err, lazy.err, src)
		}
		if !reflect.DeepEqual(whole.value, lazy.value) {
			t.Fatalf("%s: the values differ", name)
		}
		if !reflect.DeepEqual(whole.notes, lazy.notes) {
			t.Fatalf("%s: the notes differ:\nwhole: %v\npieces: %v", name, whole.notes, lazy.notes)
		}
		for _, p := range ps {
			if whole.where[p] != lazy.where[p] {
				t.Fatalf("%s: %s is at %v whole, at %v in pieces", name, p, whole.where[p], lazy.where[p])
			}
		}
	}
}

// FuzzFTBTReadersAlikeParsedInPieces: whatever the text, the ftbt readers
// give the same values, problems and positions whether its lists are
// parsed in pieces (of size bytes) and a level's terrain read from the
// lines, or the document whole.
func FuzzFTBTReadersAlikeParsedInPieces(f *testing.F) {
	rulesSrc, err := os.ReadFile("../../samples/ftbt/兵法.yaml")
	if err != nil {
		f.Fatal(err)
	}
	rules, _, err := ftbt.DecodeRules("兵法.yaml", rulesSrc)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(rulesSrc, uint16(1))
	if b, err := os.ReadFile("../../samples/ftbt/长坂坡.yaml"); err == nil {
		f.Add(b, uint16(200))
	}
	f.Fuzz(func(t *testing.T, src []byte, size uint16) {
		if len(src) > 1<<16 || bytes.Count(src, []byte("\n")) > 4000 {
			return
		}
		decode := func() decoded {
			ps := paths(src)
			if bytes.Contains(src, []byte("kind: ftbt/rules")) {
				v, sm, err := ftbt.DecodeRules("f.yaml", src)
				return located(v, sm, err, ps)
			}
			v, sm, err := ftbt.DecodeLevel("f.yaml", src, rules)
			return located(v, sm, err, ps)
		}
		parser := yamlx.BlocksThroughParser()
		whole := decode()
		parser()
		restore := yamlx.LazyEverywhere(1 + int(size)%400)
		lazy := decode()
		restore()
		if (whole.err == nil) != (lazy.err == nil) || whole.err != nil && whole.err.Error() != lazy.err.Error() {
			t.Fatalf("the problems differ:\nwhole: %v\npieces: %v", whole.err, lazy.err)
		}
		if !reflect.DeepEqual(whole.value, lazy.value) {
			t.Fatalf("the values differ")
		}
		if !reflect.DeepEqual(whole.where, lazy.where) {
			t.Fatalf("the positions differ")
		}
	})
}

// planetsDocs returns the planets documents to read both ways: the
// samples and the shared legacy map files as they are (the game's YAML,
// block style) and written as Shapan's YAML.
func planetsDocs(t testing.TB) map[string][]byte {
	docs := map[string][]byte{}
	files, _ := filepath.Glob("../../samples/planets/*.yaml")
	if dir, ok := shared.Find(); ok {
		legacy, _ := filepath.Glob(filepath.Join(dir, "legacy", "planets", "*.yml"))
		files = append(files, legacy...)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(f)] = b
		if filepath.Ext(f) == ".yml" {
			if m, _, err := planets.ReadLegacy(f, b); err == nil {
				if y, err := planets.Encode(m); err == nil {
					docs[filepath.Base(f)+".yaml"] = y
				}
			}
		}
	}
	if len(docs) == 0 {
		t.Fatal("no planets samples")
	}
	return docs
}

// decodePlanets reads src as a planets/map document when it says so, as
// the game's map file otherwise, and locates paths, the first cells of
// the grid and the notes of values written otherwise than Shapan writes
// them.
func decodePlanets(src []byte, paths []string) decoded {
	read := planets.ReadLegacy
	if bytes.Contains(src, []byte("kind: planets/map")) {
		read = planets.Decode
	}
	m, sm, err := read("f.yml", src)
	for r := range 3 {
		for c := range 3 {
			paths = append(paths, fmt.Sprintf("map[%d][%d]", r, c))
		}
	}
	out := located(m, sm, err, paths)
	if sm != nil {
		out.notes = sm.Notes
	}
	return out
}

// The planets readers (map files and documents) give the same values,
// problems, positions and notes whether the planets and routes are parsed
// in pieces or the document whole: on the samples, the legacy files as
// they are and written as YAML, and broken variants of them.
func TestPlanetsReadersAlikeParsedInPieces(t *testing.T) {
	readersAlike(t, planetsDocs(t), 12, decodePlanets)
}

// FuzzPlanetsReadersAlikeParsedInPieces: whatever the text, the planets
// readers give the same values, problems, positions and notes whether its
// planets and routes are parsed in pieces (of size bytes) or whole.
func FuzzPlanetsReadersAlikeParsedInPieces(f *testing.F) {
	for name, src := range planetsDocs(f) {
		f.Add(src, uint16(len(name)))
	}
	f.Fuzz(func(t *testing.T, src []byte, size uint16) {
		if len(src) > 1<<16 || bytes.Count(src, []byte("\n")) > 4000 {
			return
		}
		ps := paths(src)
		whole := decodePlanets(src, ps)
		restore := yamlx.LazyEverywhere(1 + int(size)%400)
		lazy := decodePlanets(src, ps)
		restore()
		if (whole.err == nil) != (lazy.err == nil) || whole.err != nil && whole.err.Error() != lazy.err.Error() {
			t.Fatalf("the problems differ:\nwhole: %v\npieces: %v", whole.err, lazy.err)
		}
		if !reflect.DeepEqual(whole.value, lazy.value) {
			t.Fatalf("the values differ")
		}
		if !reflect.DeepEqual(whole.where, lazy.where) {
			t.Fatalf("the positions differ")
		}
		if !reflect.DeepEqual(whole.notes, lazy.notes) {
			t.Fatalf("the notes differ:\nwhole: %v\npieces: %v", whole.notes, lazy.notes)
		}
	})
}
