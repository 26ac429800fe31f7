package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/samples"
)

// A city painted over in Tiled is gone: convert and check read the map,
// each saying which object was dropped (P018, a warning).
func TestPaintedOverCityWarns(t *testing.T) {
	dir := t.TempDir()
	src, err := samples.Read("battle/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	y := filepath.Join(dir, "赤壁.yaml")
	tmj := filepath.Join(dir, "赤壁.tmj")
	if err := os.WriteFile(y, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI("convert", y, tmj); code != exitOK {
		t.Fatal(errOut)
	}
	data, _ := os.ReadFile(tmj)
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	grid := m["layers"].([]any)[0].(map[string]any)
	cells := grid["data"].([]any)
	cells[5*int(m["width"].(float64))+17] = 1.0 // space, over the level-1 city at (17, 5)
	data, _ = json.Marshal(m)
	if err := os.WriteFile(tmj, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want := `warning: layer "structures", object 1 (中立城寨（一级）): no city is painted at cell (17, 5) (it holds space): the object is dropped`
	code, out, errOut := runCLI("check", tmj)
	if code != exitOK || !strings.Contains(out+errOut, want) || !strings.Contains(out+errOut, "[P018]") {
		t.Errorf("check: exit %d\n%s%s", code, out, errOut)
	}
	back := filepath.Join(dir, "back.yaml")
	code, _, errOut = runCLI("convert", tmj, back)
	if code != exitOK || !strings.Contains(errOut, want) {
		t.Errorf("convert: exit %d\n%s", code, errOut)
	}
	if b, _ := os.ReadFile(back); strings.Count(string(b), "S") >= strings.Count(string(src), "S") {
		t.Errorf("the city is still in the map read:\n%s", b)
	}
}

// --tileset writes a Tiled map's tileset to a file of the map's folder,
// which convert reads back; a tileset outside the folder, or one for a
// form that has none, is a usage error.
func TestConvertWithATilesetFile(t *testing.T) {
	dir := t.TempDir()
	src, _ := samples.Read("battle/小沛.yaml")
	y := filepath.Join(dir, "小沛.yaml")
	if err := os.WriteFile(y, src, 0o644); err != nil {
		t.Fatal(err)
	}
	m := filepath.Join(dir, "m.tmx")
	code, _, errOut := runCLI("convert", y, m, "--tileset", "ground.tsx")
	if code != exitOK || !strings.Contains(errOut, "wrote "+filepath.Join(dir, "ground.tsx")) {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	back := filepath.Join(dir, "back.yaml")
	if code, _, errOut := runCLI("convert", m, back); code != exitOK {
		t.Fatalf("reading the map back: exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{
		{"convert", y, m, "--tileset", "../ground.tsx"},
		{"convert", y, filepath.Join(dir, "x.grid"), "--tileset", "ground.tsx"},
	} {
		if code, _, errOut := runCLI(args...); code != exitUsage || !strings.Contains(errOut, "--tileset") {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
}
