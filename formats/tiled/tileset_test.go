package tiled_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/tiled"
	"github.com/shapan/shapan/internal/modeleq"
)

// TestExternalTilesets writes every grid sample as a map whose tileset is
// a file of its own — JSON (.tsj) or XML (.tsx), beside the map or in a
// folder below it (which exists), for a .tmj and a .tmx map — and reads it
// back as the same document.
func TestExternalTilesets(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	for name, doc := range gridSamples(t, dir) {
		base := strings.TrimSuffix(filepath.Join(dir, name), ".yaml")
		os.Mkdir(filepath.Join(filepath.Dir(base), "sets"), 0o755)
		for _, c := range []struct{ mapExt, tileset string }{{".tmj", "t.tsj"}, {".tmx", "t.tsx"}, {".tmj", "sets/t.tsx"}, {".tmx", "sets/t.tsj"}} {
			out := base + "-ext" + strings.NewReplacer("/", "-", ".", "-").Replace(c.tileset) + c.mapExt
			doc.Tileset = c.tileset
			written, err := formats.Write(out, doc, tiled.Format)
			doc.Tileset = ""
			if err != nil {
				t.Fatalf("%s with %s: %v", name, c.tileset, err)
			}
			ts := filepath.Join(filepath.Dir(out), filepath.FromSlash(c.tileset))
			if !strings.Contains(strings.Join(written, " "), ts) {
				t.Fatalf("wrote %v, not the tileset %s", written, ts)
			}
			src, _ := os.ReadFile(out)
			if strings.Contains(string(src), `"code"`) || !strings.Contains(string(src), c.tileset) {
				t.Errorf("%s: the map holds its tileset, or does not name %s", filepath.Base(out), c.tileset)
			}
			readsBack(t, dir, name, out, doc)
		}
	}
}

// TestTilesetOutsideTheMapsFolder: a map naming a tileset outside its
// folder (a parent folder, an absolute path, a link out of the folder), a
// tileset that is missing or is not one, is refused at the map's source
// attribute with the reason; a tileset is not written outside the folder
// either.
func TestTilesetOutsideTheMapsFolder(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	doc := gridSamples(t, dir)["battle/赤壁.yaml"]
	doc.Tileset = "t.tsj"
	good := filepath.Join(dir, "battle", "good.tmj")
	if _, err := formats.Write(good, doc, tiled.Format); err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(good)
	os.WriteFile(filepath.Join(dir, "t.tsj"), []byte("{}"), 0o644)
	if err := os.Symlink(filepath.Join(dir, "t.tsj"), filepath.Join(dir, "battle", "link.tsj")); err != nil {
		t.Fatal(err)
	}
	outside := "it is outside the folder of the file that names it"
	for _, c := range []struct{ source, want string }{
		{"../t.tsj", outside},
		{filepath.Join(dir, "battle", "t.tsj"), outside},
		{"link.tsj", outside},
		{"none.tsj", "error P011: tileset none.tsj: the tileset cannot be read: there is no such file"},
		{"赤壁.yaml", "the tileset is not a Tiled tileset (.tsj or .tsx)"},
	} {
		path := writeFile(t, filepath.Join(dir, "battle"), "m.tmj", strings.Replace(string(src), `"source": "t.tsj"`, `"source": "`+c.source+`"`, 1))
		_, err := formats.Read(path, formats.Options{})
		l := diag.AsList(err, path)
		if len(l) != 1 || l[0].Line == 0 || !strings.Contains(l[0].String(), "tileset "+c.source+": ") || !strings.Contains(l[0].String(), c.want) {
			t.Errorf("source %s: got %v\nwant one placed error with %q", c.source, err, c.want)
		}
	}
	for _, name := range []string{"../t.tsj", "/tmp/t.tsj", "t.png"} {
		doc.Tileset = name
		if _, err := formats.Render(filepath.Join(dir, "battle", "w.tmj"), doc, tiled.Format); err == nil {
			t.Errorf("the tileset %s is written", name)
		}
	}
}

// TestConfinedMapTileset: a map sent from elsewhere reads its tileset
// only from the files sent with it, by a plain name.
func TestConfinedMapTileset(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	doc := gridSamples(t, dir)["battle/赤壁.yaml"]
	doc.Tileset = "t.tsj"
	files, err := formats.Render(filepath.Join(dir, "m.tmj"), doc, tiled.Format)
	if err != nil {
		t.Fatal(err)
	}
	src, set := files[filepath.Join(dir, "m.tmj")], files[filepath.Join(dir, "t.tsj")]
	back, err := formats.ReadConfined("m.tmj", src, formats.Files{"t.tsj": set}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := modeleq.Diff(doc.Value, back.Value); d != "" {
		t.Error(d)
	}
	if _, err := formats.ReadConfined("m.tmj", src, nil, formats.Options{}); err == nil || !strings.Contains(err.Error(), "there is no such file") {
		t.Errorf("without the tileset sent: %v", err)
	}
	sub := strings.Replace(string(src), `"source": "t.tsj"`, `"source": "sets/t.tsj"`, 1)
	if _, err := formats.ReadConfined("m.tmj", []byte(sub), formats.Files{"sets/t.tsj": set}, formats.Options{}); err == nil || !strings.Contains(err.Error(), "it is a path") {
		t.Errorf("a tileset in a folder, sent: %v", err)
	}
}

// TestTiledReadsOurTilesets runs Debian's Tiled on a map whose tileset is
// a .tsx Shapan wrote: Tiled exports the map (naming the tileset) and the
// tileset as JSON (tiled --export-tileset), and Shapan reads the map with
// either tileset as the sample.
func TestTiledReadsOurTilesets(t *testing.T) {
	tiledBin, err := exec.LookPath("tiled")
	if err != nil {
		if os.Getenv("SHAPAN_REQUIRE_TILED") != "" {
			t.Fatal("tiled is not installed, and SHAPAN_REQUIRE_TILED is set")
		}
		t.Skip("tiled is not installed (Debian: apt-get install tiled): skipping the tilesets read by Tiled")
	}
	dir := t.TempDir()
	copySamples(t, dir)
	name := "ftbt/长坂坡.yaml"
	doc := gridSamples(t, dir)[name]
	doc.Tileset = "ground.tsx"
	m := filepath.Join(dir, "ftbt", "ours.tmx")
	if _, err := formats.Write(m, doc, tiled.Format); err != nil {
		t.Fatal(err)
	}
	doc.Tileset = ""
	run := func(args ...string) {
		cmd := exec.Command(tiledBin, args...)
		cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen", "XDG_RUNTIME_DIR="+t.TempDir())
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("tiled %v: %v\n%s", args, err, b)
		}
	}
	byTiled := filepath.Join(dir, "ftbt", "by-tiled.tmj")
	run("--export-map", "json", m, byTiled)
	run("--export-tileset", "json", filepath.Join(dir, "ftbt", "ground.tsx"), filepath.Join(dir, "ftbt", "ground-by-tiled.tsj"))
	src, _ := os.ReadFile(byTiled)
	if !strings.Contains(string(src), `"source":"ground.tsx"`) {
		t.Fatalf("Tiled's map does not name the tileset:\n%.400s", src)
	}
	readsBack(t, dir, name, byTiled, doc)
	other := writeFile(t, filepath.Join(dir, "ftbt"), "by-tiled-tsj.tmj", strings.Replace(string(src), `"source":"ground.tsx"`, `"source":"ground-by-tiled.tsj"`, 1))
	readsBack(t, dir, name, other, doc)
}
