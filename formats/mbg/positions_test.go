package mbg

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/field/fieldtok"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/internal/shared"
)

// markingEveryValue reads a scenario file as ReadMapFrom does, but with a
// mark recorded for every value of every list item rather than where each
// item starts (token.Items): the positions the reader gave before it
// found them again on demand.
func markingEveryValue(file string, src []byte) *srcpos.Map {
	r := token.NewReader(file, src)
	nboard := r.Count(fixed("squares"), 4)
	r.Mark("board")
	r.Int(fixed("nx"))
	r.Mark("grid_size.nx")
	r.Int(fixed("ny"))
	r.Mark("grid_size.ny")
	r.Float32(fixed("win money"))
	r.Mark("win_money")
	each(r, make([]Square, nboard), readSquare)
	each(r, make([]Officer, r.Count(fixed("officers"), 6)), readOfficer, "officers")
	each(r, make([]City, r.Count(fixed("cities"), 9)), readCity, "cities")
	each(r, make([]Role, r.Count(fixed("roles"), 7)), readRole, "roles")
	each(r, make([]Institute, r.Count(fixed("institutes"), 6)), readInstitute, "institutes")
	each(r, make([]TrainingRoom, r.Count(fixed("training rooms"), 6)), readTrainingRoom, "training_rooms")
	r.MarkAt("trailing_tokens", r.NextOffset())
	r.Rest()
	return r.Map
}

func each[T any](r *token.Reader, items []T, read func(*token.Reader, int, *T), mark ...string) {
	for _, m := range mark {
		r.Mark(m)
	}
	for i := range items {
		read(r, i, &items[i])
	}
}

// scenarioPaths lists every path of s that validation may name, with a
// field no item has and an index past each list.
func scenarioPaths(s *Scenario) []string {
	paths := []string{"", "board", "officers", "cities", "roles", "institutes", "training_rooms", "trailing_tokens", "win_money", "grid_size.nx"}
	item := func(list string, i int, fields ...string) {
		p := srcpos.Index(list, i)
		paths = append(paths, p, p+".nonsense", p+".name", p+".rect")
		for _, f := range fields {
			paths = append(paths, p+"."+f)
		}
	}
	ints := func(list string, vs []int) {
		for k := range len(vs) + 1 {
			paths = append(paths, srcpos.Index(list, k))
		}
	}
	for i, sq := range s.Board {
		item("board", i, "type", BaseKey(sq.Class), "at")
	}
	for i := range s.Officers {
		item("officers", i, PropKeys[:]...)
	}
	for i, c := range s.Cities {
		item("cities", i, "scope", "garrison", "mayor", "treasurer")
		ints(srcpos.Index("cities", i)+".garrison", c.Garrison)
	}
	for i, ro := range s.Roles {
		item("roles", i, "start", "techs", "retinue", "cities", "money", "dir")
		p := srcpos.Index("roles", i)
		ints(p+".techs", ro.Techs)
		ints(p+".retinue", ro.Retinue)
		ints(p+".cities", ro.Cities)
	}
	for i, in := range s.Institutes {
		item("institutes", i, "techs")
		ints(srcpos.Index("institutes", i)+".techs", in.Techs)
	}
	for i := range s.TrainingRooms {
		item("training_rooms", i, "item")
	}
	for _, list := range []string{"board", "officers", "cities", "roles", "institutes", "training_rooms"} {
		paths = append(paths, srcpos.Index(list, 1<<20)+".name", srcpos.Index(list, -1))
	}
	return paths
}

// samePositions fails when ReadMap locates a path of src elsewhere than a
// reader marking every value does.
func samePositions(t *testing.T, file string, src []byte) {
	t.Helper()
	s, got, err := ReadMap(file, src)
	if err != nil {
		return
	}
	want := markingEveryValue(file, src)
	for _, p := range scenarioPaths(s) {
		if g, w := got.Locate(p), want.Locate(p); g != w {
			t.Fatalf("%s: %s is at %d:%d, want %d:%d", file, p, g.Line, g.Col, w.Line, w.Col)
		}
	}
}

// The scenario reader records where each item of a list starts and finds
// the positions in it when asked, by reading the item again: every path
// of the sample and of the original files is where a mark for every value
// put it.
func TestMapPositionsFoundAgain(t *testing.T) {
	files := append([]string{"../../samples/mbg/赤壁.map"}, shared.Files(t, "legacy/mbg/*.map")...)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			samePositions(t, file, src)
		})
	}
	// Two cities with long garrisons and a short file: positions deep
	// in an item, and a list whose count the file cannot hold.
	samePositions(t, "x.map", []byte("1 1 1 1\n1 0 0 0\n0\n2\nA 0 3 7 8 9 -1 -1 0 0 1 1\nB 1 0 "+strconv.Itoa(-1)+" -1 0 0 1 1\n0\n0\n0\n"))
}

// markingEverySaveValue reads a save as ReadSaveFrom does, with a mark
// recorded for every value of every list item (see markingEveryValue).
func markingEverySaveValue(file string, src []byte) *srcpos.Map {
	r := token.NewReader(file, src)
	sr := &saveReader{r: r, s: &Save{}}
	sr.header()
	s := sr.s
	each(r, s.Cities, sr.city)
	each(r, s.Institutes, sr.institute)
	each(r, s.TrainingRooms, sr.trainingRoom)
	each(r, s.Board, sr.square)
	each(r, s.Officers, sr.officer)
	each(r, s.Roles, sr.role)
	fieldtok.Reading{Desc: fixed, Path: "free", Counts: sr.counts}.Read(r, &FreeFields, s)
	r.MarkAt("trailing_tokens", r.NextOffset())
	r.Rest()
	return r.Map
}

// yamlPaths lists the document path of every node of the YAML text y,
// with a field no mapping has and an index past each list.
func yamlPaths(t *testing.T, y []byte) []string {
	var doc yaml.Node
	if err := yaml.Unmarshal(y, &doc); err != nil {
		t.Fatal(err)
	}
	var paths []string
	var walk func(n *yaml.Node, p string)
	walk = func(n *yaml.Node, p string) {
		paths = append(paths, p)
		switch n.Kind {
		case yaml.MappingNode:
			paths = append(paths, srcpos.Field(p, "nonsense"))
			for i := 0; i+1 < len(n.Content); i += 2 {
				walk(n.Content[i+1], srcpos.Field(p, n.Content[i].Value))
			}
		case yaml.SequenceNode:
			paths = append(paths, srcpos.Index(p, len(n.Content)))
			for i, c := range n.Content {
				walk(c, srcpos.Index(p, i))
			}
		}
	}
	walk(doc.Content[0], "")
	return paths
}

// sameSavePositions fails when ReadSave locates a path of the YAML form
// of src elsewhere than a reader marking every value does.
func sameSavePositions(t *testing.T, file string, src []byte) {
	t.Helper()
	s, got, err := ReadSave(file, src)
	if err != nil {
		return
	}
	y, err := EncodeSave(s)
	if err != nil {
		return
	}
	want := markingEverySaveValue(file, src)
	for _, p := range yamlPaths(t, y) {
		if g, w := got.Locate(p), want.Locate(p); g != w {
			t.Fatalf("%s: %s is at %d:%d, want %d:%d", file, p, g.Line, g.Col, w.Line, w.Col)
		}
	}
}

// The save reader finds the positions in an item again as the scenario
// reader does: every path of the save's YAML form is where a mark for
// every value put it, in the sample and the original saves.
func TestSavePositionsFoundAgain(t *testing.T) {
	files := append([]string{"../../samples/mbg/赤壁第十四回.sav"}, shared.Files(t, "legacy/mbg/*.sav")...)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := ReadSave(file, src); err != nil {
				t.Fatal(err)
			}
			sameSavePositions(t, file, src)
		})
	}
}
