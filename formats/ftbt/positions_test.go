package ftbt

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/internal/shared"
)

// markingEveryRulesValue reads a rules file as ReadRulesFrom did before
// its techs were read with token.Items: a mark recorded for every value
// of every tech.
func markingEveryRulesValue(file string, src []byte) *srcpos.Map {
	r := token.NewReader(file, src)
	ndx := r.Count(text("the number of terrains"), 2)
	r.Mark("terrains")
	terrains := make([]Terrain, ndx)
	for i := range terrains {
		p := srcpos.Index("terrains", i)
		terrains[i].Name = r.Name(text("name"))
		r.Mark(p)
		r.Mark(p + ".name")
		r.Int(text("cost"))
		r.Mark(p + ".cost")
	}
	r.Int(text("MAX_FLY_WEIGHT"))
	r.Mark("max_fly_weight")
	r.Int(text("MAX_ABI"))
	r.Mark("max_abi")
	techs := make([]Tech, r.Count(text("the number of techs"), 9+ndx))
	r.Mark("techs")
	names := (&Rules{Terrains: terrains}).TerrainNames()
	for i := range techs {
		readTech(r, &techs[i], i, names)
	}
	return r.Map
}

// The rules reader records where each tech starts and finds the
// positions in it when asked, by reading the tech again: every path of
// the sample, the original rules and a short file is where a mark for
// every value put it (with a field no tech has and indices past the
// lists).
func TestRulesPositionsFoundAgain(t *testing.T) {
	files := append([]string{"../../samples/ftbt/兵法.tech"}, shared.Files(t, "legacy/ftbt/*.tech")...)
	srcs := map[string][]byte{"short.tech": []byte("2\nA 1 B 2\n3 9\n2\nx\n0 1\n2 0 1 -1 0\n0 0 0\n1 1 0\n5\ny\n1 0\n0\n1 50 1\n2\n0 0\n7\n")}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		srcs[filepath.Base(file)] = src
	}
	for name, src := range srcs {
		rs, got, err := ReadRules(name, src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := markingEveryRulesValue(name, src)
		paths := []string{"", "terrains", "techs", "max_abi", srcpos.Index("techs", len(rs.Techs)), srcpos.Index("techs", -1) + ".name"}
		for i, tech := range rs.Techs {
			p := srcpos.Index("techs", i)
			paths = append(paths, p, p+".nonsense")
			for _, f := range []string{"name", "class", "long_range", "range", "aoe", "aoe.radius", "aoe.ratio", "aoe.self", "duration", "terrains", "value"} {
				paths = append(paths, p+"."+f)
			}
			for k := range len(tech.Range) + 1 {
				paths = append(paths, srcpos.Index(p+".range", k))
			}
		}
		for _, p := range paths {
			if g, w := got.Locate(p), want.Locate(p); g != w {
				t.Errorf("%s: %s is at %d:%d, want %d:%d", name, p, g.Line, g.Col, w.Line, w.Col)
			}
		}
	}
}
