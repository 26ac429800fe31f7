package tiled_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/tiled"
	"github.com/shapan/shapan/internal/modeleq"
)

// paintedBattle exports the battle sample 赤壁 and edits it as a Tiled
// user does: the level-1 city at (17, 5) and player 2's base at (73, 53)
// painted over with space, the level-2 city at (44, 8) repainted as a
// level-3 city, and the city object at (26, 16) dragged to (0, 0). It
// returns the map and the model the grid now makes.
func paintedBattle(t *testing.T, dir string) (*tiled.Map, *battle.Map) {
	t.Helper()
	doc, err := formats.Read(filepath.Join(dir, "battle", "赤壁.yaml"), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := formats.Encode(doc, tiled.Format)
	if err != nil {
		t.Fatal(err)
	}
	var m tiled.Map
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	gid := map[int]float64{}
	for _, tile := range m.Tilesets[0].Tiles {
		for _, p := range tile.Properties {
			if p.Name == "code" {
				var c int
				json.Unmarshal(p.Value, &c)
				gid[c] = float64(m.Tilesets[0].FirstGID + tile.ID)
			}
		}
	}
	var cells []float64
	if err := json.Unmarshal(m.Layers[0].Data, &cells); err != nil {
		t.Fatal(err)
	}
	want := doc.Value.(*battle.Map).Clone()
	paint := func(x, y, code int) {
		cells[y*m.Width+x] = gid[code]
		want.Set(x, y, code)
	}
	paint(17, 5, battle.CodeSpace)
	paint(73, 53, battle.CodeSpace)
	paint(44, 8, battle.CodeCity3)
	m.Layers[0].Data, _ = json.Marshal(cells)
	moved := &m.Layers[1].Objects[3]
	if moved.X != 26*32 || moved.Y != 16*32 {
		t.Fatalf("object 4 is at (%g, %g), not on cell (26, 16)", moved.X, moved.Y)
	}
	moved.X, moved.Y = 0, 0
	return &m, want
}

// TestStructuresFollowThePaintedGrid: a battle map's structures are made
// by painting, so a city or base painted over in Tiled is gone and one
// repainted takes the grid's properties — the import goes on, with a
// warning naming each object — while a property changed by hand (no
// painting makes it) or an object of another class is still refused, as
// it would be lost.
func TestStructuresFollowThePaintedGrid(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	m, want := paintedBattle(t, dir)
	src, _ := json.MarshalIndent(m, "", " ")
	got, sm, err := tiled.ReadBattle("m.tmj", src)
	if err != nil {
		t.Fatalf("the painted map is refused:\n%v", err)
	}
	if d := modeleq.Diff(want, got); d != "" {
		t.Errorf("the map read is not the painted grid: %s", d)
	}
	if len(got.Cities()) != 11 || len(got.Bases()) != 1 {
		t.Errorf("%d cities and %d bases; want 11 and 1", len(got.Cities()), len(got.Bases()))
	}
	wantWarnings := []string{
		`warning P018: layer "structures", object 1 (中立城寨（一级）): no city is painted at cell (17, 5) (it holds space): the object is dropped`,
		`warning P018: layer "structures", object 2 (中立城寨（二级）): property "level" is 2; the grid makes it 3, as the city was repainted`,
		`warning P018: layer "structures", object 4 (中立城寨（一级）): no city is painted at cell (0, 0) (it holds space)`,
		`warning P018: layer "structures", object 13 (player 1 base): property "player" is 1; the grid makes it 0, as the base was repainted`,
		`warning P018: layer "structures", object 14 (player 2 base): no base is painted at cell (73, 53) (it holds space)`,
	}
	lines := warningLines(sm.Warnings)
	if len(lines) != len(wantWarnings) {
		t.Errorf("%d warnings, want %d:\n  %s", len(lines), len(wantWarnings), strings.Join(lines, "\n  "))
	}
	for _, w := range wantWarnings {
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, w) }) {
			t.Errorf("missing\n  %s\namong\n  %s", w, strings.Join(lines, "\n  "))
		}
	}
	for _, d := range sm.Warnings {
		if d.Line == 0 || d.Severity != diag.Warning {
			t.Errorf("not a placed warning: %s", d)
		}
	}

	// What no painting makes is still refused.
	m.Layers[1].Objects[2].Properties[2].Value = json.RawMessage("999")
	m.Layers[1].Objects = append(m.Layers[1].Objects, tiled.Object{ID: 99, Name: "note", Type: "label", X: 64, Y: 64, Width: 32, Height: 32})
	src, _ = json.MarshalIndent(m, "", " ")
	_, _, err = tiled.ReadBattle("m.tmj", src)
	for _, w := range []string{
		`error P011: layer "structures", object 3 (中立城寨（三级）): property "damage" is 999; the grid makes it 180; structures follow the grid and the game's rules (this change would be lost)`,
		`error P011: layer "structures", object 99 (note): an object of class "label" is no structure (city, base or flag)`,
	} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("got %v\nwant %s", err, w)
		}
	}
}

func warningLines(l diag.List) []string {
	var out []string
	for _, d := range l {
		out = append(out, d.String())
	}
	return out
}

// TestPaintedMapSavedByTiled saves the painted map with Debian's Tiled
// (tiled --export-map, as TMX and as JSON) and imports what Tiled wrote:
// the same grid and the same warnings.
func TestPaintedMapSavedByTiled(t *testing.T) {
	tiledBin, err := exec.LookPath("tiled")
	if err != nil {
		if os.Getenv("SHAPAN_REQUIRE_TILED") != "" {
			t.Fatal("tiled is not installed, and SHAPAN_REQUIRE_TILED is set")
		}
		t.Skip("tiled is not installed (Debian: apt-get install tiled): skipping the painted map saved by Tiled")
	}
	dir := t.TempDir()
	copySamples(t, dir)
	m, want := paintedBattle(t, dir)
	src, _ := json.Marshal(m)
	painted := writeFile(t, filepath.Join(dir, "battle"), "painted.tmj", string(src))
	for _, out := range []string{"by-tiled.tmx", "by-tiled.tmj"} {
		out = filepath.Join(dir, "battle", out)
		cmd := exec.Command(tiledBin, "--export-map", painted, out)
		cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen", "XDG_RUNTIME_DIR="+t.TempDir())
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("tiled --export-map %s: %v\n%s", filepath.Base(out), err, b)
		}
		doc, err := formats.Read(out, formats.Options{})
		if err != nil {
			t.Fatalf("%s is refused:\n%v", filepath.Base(out), err)
		}
		if d := modeleq.Diff(want, doc.Value); d != "" {
			t.Errorf("%s: the map read is not the painted grid: %s", filepath.Base(out), d)
		}
		if n := len(doc.Source.Warnings); n != 5 {
			t.Errorf("%s: %d warnings, want 5:\n  %s", filepath.Base(out), n, strings.Join(warningLines(doc.Source.Warnings), "\n  "))
		}
	}
}

// TestPlanetsCellErased: in a planets map the planets are objects, so
// painting cannot erase one; Tiled's eraser inside a row (under a planet
// or not) leaves a hole the game's grid text cannot hold, and it is
// refused once, at the hole, saying how to fill it.
func TestPlanetsCellErased(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	doc, err := formats.Read(filepath.Join(dir, "planets", "九州.yaml"), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := formats.Encode(doc, tiled.Format)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ x, y int }{{0, 0}, {5, 5}} {
		var m tiled.Map
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		var cells []int
		json.Unmarshal(m.Layers[0].Data, &cells)
		cells[c.y*m.Width+c.x] = 0
		m.Layers[0].Data, _ = json.Marshal(cells)
		src, _ := json.MarshalIndent(m, "", " ")
		_, _, err := tiled.ReadPlanets("m.tmj", src)
		l := diag.AsList(err, "m.tmj")
		want := fmt.Sprintf(`error P017: layer "map", cell (%d, %d): no tile is painted here, but the row goes on at (%d, %d): paint the cell with the empty space tile "."`, c.x, c.y, c.x+1, c.y)
		if len(l) != 1 || !strings.Contains(l[0].String(), want) || l[0].Line == 0 {
			t.Errorf("erased (%d, %d): got\n%v\nwant one placed\n%s", c.x, c.y, err, want)
		}
	}
}
