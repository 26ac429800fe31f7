package tiled_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/tiled"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/internal/modeleq"
	"github.com/shapan/shapan/samples"
)

// tiledKinds are the kinds a Tiled map holds.
var tiledKinds = []string{"ftbt/level", "battle/map", "planets/map"}

// TestSamplesRoundTrip exports every sample grid document to a Tiled map
// and reads it back: the model and the YAML are identical, and the
// tileset image is written beside the map.
func TestSamplesRoundTrip(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	n := 0
	for _, name := range samples.YAML() {
		doc, err := formats.Read(filepath.Join(dir, name), formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(tiledKinds, doc.Kind) {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			out := strings.TrimSuffix(filepath.Join(dir, name), ".yaml") + ".tmj"
			written, err := formats.Write(out, doc, tiled.Format)
			if err != nil {
				t.Fatal(err)
			}
			if img := filepath.Join(filepath.Dir(out), tiled.ImageName(out)); !slices.Contains(written, img) {
				t.Errorf("wrote %v, not the tileset image %s", written, img)
			}
			back, err := formats.Read(out, formats.Options{})
			if err != nil {
				t.Fatalf("our map does not read back:\n%v", err)
			}
			if back.Kind != doc.Kind || back.Format != tiled.Format {
				t.Fatalf("read back a %s %s", back.Format, back.Kind)
			}
			if d := modeleq.Diff(doc.Value, back.Value); d != "" {
				t.Fatalf("the model changed: %s", d)
			}
			want, _ := samples.Read(name)
			yaml := filepath.Join(dir, name+".back.yaml")
			if _, err := formats.Write(yaml, back, formats.YAML); err != nil {
				t.Fatal(err)
			}
			got := readYAML(t, yaml)
			if string(got) != string(want) {
				t.Errorf("YAML → Tiled → YAML differs:\n%s", got)
			}
		})
	}
	if n < len(tiledKinds) {
		t.Errorf("round-tripped %d samples, want at least one of each of the %d grid kinds", n, len(tiledKinds))
	}
}

// readYAML reads a YAML document written to disk with its modeline naming
// the published schemas, as the samples do (written, it names the
// project's schema folder).
func readYAML(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return yamlx.RebaseSchema(b, samples.SchemaLink) // as the samples name the repository's schemas
}

func copySamples(t *testing.T, dir string) {
	t.Helper()
	for _, name := range samples.YAML() {
		for _, p := range append([]string{name}, samples.Exports(name)...) {
			data, err := samples.Read(p)
			if err != nil {
				t.Fatal(err)
			}
			os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
			if err := os.WriteFile(filepath.Join(dir, p), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestHandmadeMap reads testdata/handmade.tmj, written by hand in the
// shape Tiled's JSON map format documents (two tilesets, the second from
// firstgid 5; tile ids with flip flags; objects off the cell corners, one
// a point; properties in Tiled's order): the terrain painted with the
// second tileset and flipped tiles reads as their codes, and each person
// stands on the cell under its centre.
func TestHandmadeMap(t *testing.T) {
	src, err := os.ReadFile("testdata/handmade.tmj")
	if err != nil {
		t.Fatal(err)
	}
	l, sm, err := tiled.ReadLevel("handmade.tmj", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []int{
		0, 0, 1, 0, 0, 2,
		0, 1, 1, 0, 0, 2,
		0, 0, 3, 3, 0, 0,
		1, 1, 0, 0, 4, 0,
	}
	if l.W != 6 || l.H != 4 || !slices.Equal(l.Terrain.Values(), want) {
		t.Errorf("terrain %d×%d %v, want 6×4 %v", l.W, l.H, l.Terrain.Values(), want)
	}
	if l.Intro == nil || *l.Intro != "A map painted by hand." {
		t.Errorf("intro %v", l.Intro)
	}
	wantPeople := []ftbt.Person{
		{Name: "关羽", Side: 0, Abi: 20, Def: 15, HP: 100, Speed: 90, X: 1, Y: 0, Techs: []int{0, 2}},
		{Name: "曹仁", Side: 1, Abi: 18, Def: 17, HP: 120, Speed: 80, X: 5, Y: 2},
		{Name: "张辽", Side: 1, Abi: 19, Def: 14, HP: 95, Speed: 110, X: 3, Y: 3},
	}
	if d := modeleq.Diff(wantPeople, l.People); d != "" {
		t.Errorf("people: %s", d)
	}
	wantLegend := []ftbt.LegendEntry{{Symbol: '.', Terrain: 0}, {Symbol: '~', Terrain: 1}, {Symbol: '^', Terrain: 2}, {Symbol: '#', Terrain: 4}, {Symbol: '3', Terrain: 3}}
	if !slices.Equal(l.Legend, wantLegend) {
		t.Errorf("legend %v, want %v", l.Legend, wantLegend)
	}
	// Validation finds the cells in the map: cell (2, 2) is the gid 5 on
	// line 8 (the third row of data), column 19.
	if p := sm.Locate("terrain[2][2]"); p != (diag.Pos{Line: 8, Col: 19}) {
		t.Errorf("terrain[2][2] is located at %v", p)
	}
	if p := sm.Locate("people[1].hp"); p != (diag.Pos{Line: 85, Col: 34}) {
		t.Errorf("people[1].hp is located at %v, want 85:34", p)
	}
	y, err := ftbt.EncodeLevel(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range []string{"..~..^", ".~~..^", "..33..", "~~..#."} {
		if !strings.Contains(string(y), "  "+row+"\n") {
			t.Errorf("the YAML lacks the row %q:\n%s", row, y)
		}
	}
}

// TestEditDiagnostics edits the hand-made map as a designer would in Tiled
// and checks the exact diagnostics: file, line, column, code and words.
func TestEditDiagnostics(t *testing.T) {
	src, err := os.ReadFile("testdata/handmade.tmj")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, old, new string
		want           []string
	}{
		{"a tile with no code", "1, 1, 5, 5, 1, 1,", "1, 1, 5, 4, 0, 1,", []string{
			`m.tmj:8:22: error P017: layer "terrain", cell (3, 2): tile 3 of tileset "ground" has no int property "code": it stands for no terrain (paint a tile of the "ground" tileset)`,
			`m.tmj:8:25: error P017: layer "terrain", cell (4, 2): no tile is painted here; every cell needs a terrain`,
		}},
		{"a tile of no tileset", "2, 2, 1, 1, 536870918, 1]", "2, 2, 1, 1, 536870919, 1]", []string{
			`m.tmj:9:25: error P017: layer "terrain", cell (4, 3): tile id 7 belongs to no tileset of the map`,
		}},
		{"an object moved off the grid", `"x":150.5,`, `"x":190.5,`, []string{
			`m.tmj:101:22: error P016: layer "people", object 2 (曹仁): stands at pixel (190.5, 70), on cell (6, 2), outside the 6×4 map`,
		}},
		{"an object added without its fields", `"name":"张辽",`, `"name":"张辽", "properties":[], "x":0, "y":0}, {"id":4, "name":"新人", "x":64, "y":64, "width":32, "height":32, "properties":[{"name":"note", "type":"string", "value":"?"}]}, {"id":5, "name":"x",`, []string{
			`m.tmj:104:17: error P011: layer "people", object 3 (张辽): missing the int property "side"`,
			`m.tmj:107:63: error P011: layer "people", object 4 (新人): missing the int property "hp"`,
			`m.tmj:107:140: error P011: layer "people", object 4 (新人): unknown property "note" (known: abi, def, hp, side, speed, techs); its value would be lost`,
		}},
		{"a property of the wrong type", `"value":120`, `"value":"many"`, []string{
			`m.tmj:85:34: error P002: layer "people", object 2 (曹仁): property "hp" must be a whole number, found "many"`,
		}},
		{"a map that is no level", `"value":"ftbt\/level"`, `"value":"battle\/map"`, []string{
			`m.tmj:160:18: error P013: map properties: kind is "battle/map", not ftbt/level`,
		}},
		// encoding/json names the Go types it went through (Map, Layer);
		// the message names the JSON keys only.
		{"a map value of the wrong type", `"tilewidth":32,
 "type":"map",`, `"tilewidth":"32",
 "type":"map",`, []string{
			`m.tmj:264:14: error P011: tilewidth must be a number, not a JSON string`,
		}},
		{"a layer value of the wrong type", `"width":6,
         "x":0,`, `"width":6,
         "x":"0",`, []string{
			`m.tmj:17:14: error P011: layers.x must be a number, not a JSON string`,
		}},
		{"broken JSON", `"draworder":"topdown",`, `"draworder":"topdown"`, []string{
			`m.tmj:22:10: error P015: not JSON: invalid character '"' after object key:value pair`,
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			edited := strings.Replace(string(src), c.old, c.new, 1)
			if edited == string(src) {
				t.Fatalf("the edit %q does not apply", c.old)
			}
			_, _, err := tiled.ReadLevel("m.tmj", []byte(edited), nil)
			got := diag.AsList(err, "m.tmj")
			var lines []string
			for _, d := range got {
				lines = append(lines, d.String())
			}
			for _, w := range c.want {
				if !slices.Contains(lines, w) {
					t.Errorf("missing\n  %s\namong\n  %s", w, strings.Join(lines, "\n  "))
				}
			}
		})
	}
}

// TestWrittenByTiled reads testdata/长坂坡-tiled-1.8.2.tmj: the sample
// level exported by Shapan, then opened and saved as JSON by Tiled 1.8.2
// itself (tiled --export-map json). It reads back as the sample.
func TestWrittenByTiled(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	src, err := os.ReadFile("testdata/长坂坡-tiled-1.8.2.tmj")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "ftbt", "by-tiled.tmj")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	back := filepath.Join(dir, "ftbt", "by-tiled.yaml")
	if _, err := formats.Write(back, doc, formats.YAML); err != nil {
		t.Fatal(err)
	}
	got := readYAML(t, back)
	want, _ := samples.Read("ftbt/长坂坡.yaml")
	if string(got) != string(want) {
		t.Errorf("Tiled's own JSON reads back as\n%s", got)
	}
}

// TestEditedExports edits maps our writer exported, as a designer would in
// Tiled, and checks what each reader says.
func TestEditedExports(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	export := func(name string) map[string]any {
		doc, err := formats.Read(filepath.Join(dir, name), formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		data, err := formats.Encode(doc, tiled.Format)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	layer := func(m map[string]any, k int) map[string]any { return m["layers"].([]any)[k].(map[string]any) }
	object := func(m map[string]any, k, o int) map[string]any {
		return layer(m, k)["objects"].([]any)[o].(map[string]any)
	}
	cases := []struct {
		name, sample string
		edit         func(m map[string]any)
		read         func(src []byte) error
		want         string
	}{
		{"a city's defence edited", "battle/赤壁.yaml", func(m map[string]any) {
			props := object(m, 1, 0)["properties"].([]any)
			props[3].(map[string]any)["value"] = 5000
		}, func(src []byte) error { _, _, err := tiled.ReadBattle("m.tmj", src); return err },
			`property "defence" is 5000; the grid makes it 1000`},
		{"a planet dragged off the map", "planets/九州.yaml", func(m map[string]any) {
			object(m, 1, 2)["y"] = 2000.0
		}, func(src []byte) error { _, _, err := tiled.ReadPlanets("m.tmj", src); return err },
			`error P016: layer "planets", object 3 (C): lies at pixel (0, 2000), on cell (0, 63), outside the 13×11 map (a planet the grid does not place has the property placed = false)`},
		{"a planet's def that is no number", "planets/九州.yaml", func(m map[string]any) {
			props := object(m, 1, 0)["properties"].([]any)
			props[1].(map[string]any)["value"] = "[1.5"
		}, func(src []byte) error { _, _, err := tiled.ReadPlanets("m.tmj", src); return err },
			`layer "planets", object 1 (A): property "def" is not a YAML value the game reads`},
		{"a layer Shapan does not know", "battle/赤壁.yaml", func(m map[string]any) {
			m["layers"] = append(m["layers"].([]any), map[string]any{"type": "imagelayer", "name": "backdrop", "image": "x.png"})
		}, func(src []byte) error { _, _, err := tiled.ReadBattle("m.tmj", src); return err },
			`error P011: layer "backdrop": this map has no such layer (its layers: grid, structures); the imagelayer's content would be lost`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := export(c.sample)
			c.edit(m)
			src, _ := json.MarshalIndent(m, "", " ")
			err := c.read(src)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v\nwant %s", err, c.want)
			}
			for _, d := range diag.AsList(err, "m.tmj") {
				if d.Line == 0 {
					t.Errorf("not placed: %s", d)
				}
			}
		})
	}
}

// TestBattleRoster carries a battle map's roster (hero stat overrides,
// kept as read even when out of range) through a Tiled map, and reports a
// roster line edited into something else.
func TestBattleRoster(t *testing.T) {
	src, err := samples.Read("battle/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src = append(src, []byte("roster:\n  - {name: 吕布, force: 110, hp: 1400}\n  - {name: \"yes\", command: 0, range: 99}\n")...)
	m, _, err := battle.Decode("r.yaml", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Roster) != 2 {
		t.Fatalf("the test map has %d roster entries", len(m.Roster))
	}
	f, err := tiled.WriteBattle(m, "r.png")
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := tiled.ReadBattle("r.tmj", f.Map)
	if err != nil {
		t.Fatal(err)
	}
	if d := modeleq.Diff(m, back); d != "" {
		t.Fatalf("the roster changed: %s", d)
	}
	want, _ := battle.Encode(m)
	y, _ := battle.Encode(back)
	if string(y) != string(want) || !strings.Contains(string(y), "{name: 吕布, force: 110, hp: 1400}") {
		t.Errorf("YAML → Tiled → YAML differs:\n%s", y)
	}
	bad := strings.Replace(string(f.Map), "force: 110", "force: lots", 1)
	_, _, err = tiled.ReadBattle("r.tmj", []byte(bad))
	if err == nil || !strings.Contains(err.Error(), `error P014: map properties: property "roster", line 1:`) {
		t.Errorf("got %v", err)
	}
}

// TestTiledMapUnderAnotherExtension reads Tiled's own JSON map saved as
// .json (Tiled's "JSON map files" filter), with its name in capitals and
// with its cells padded past the 64 KiB detection looks at, and our TMX
// saved as .xml: each is read as the Tiled map it is, without --from, into
// the model the .tmj gives.
func TestTiledMapUnderAnotherExtension(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	src, err := os.ReadFile("testdata/长坂坡-tiled-1.8.2.tmj")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, "ftbt", name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	want, err := formats.Read(write("by-tiled.tmj", src), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	padded := strings.Replace(string(src), `"data":[`, `"data":[`+strings.Repeat(" \n", 40<<10), 1)
	tmx, err := tiled.ToTMX(src)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"by-tiled.json": src, "BY-TILED.JSON": src, "padded.json": []byte(padded), "as-xml.xml": tmx,
	} {
		t.Run(name, func(t *testing.T) {
			path := write(name, data)
			got, err := formats.Read(path, formats.Options{})
			if err != nil {
				t.Fatalf("not read as a Tiled map:\n%v", err)
			}
			if got.Format != tiled.Format || got.Kind != want.Kind {
				t.Fatalf("read as %s %s, want %s %s", got.Format, got.Kind, tiled.Format, want.Kind)
			}
			if d := modeleq.Diff(want.Value, got.Value); d != "" {
				t.Errorf("the model differs from the .tmj's: %s", d)
			}
		})
	}
	for _, other := range []string{`{"a": 1}`, "[1, 2]", "<html></html>", "kind: ftbt/level\n"} {
		if tiled.Sniff([]byte(other)) {
			t.Errorf("Sniff takes %q for a Tiled map", other)
		}
	}
}
