package tiled_test

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/tiled"
	"github.com/shapan/shapan/internal/modeleq"
	"github.com/shapan/shapan/samples"
)

// gridSamples returns the sample documents a Tiled map holds, read from
// dir (a copy of the samples).
func gridSamples(t *testing.T, dir string) map[string]*formats.Document {
	t.Helper()
	out := map[string]*formats.Document{}
	for _, name := range samples.YAML() {
		doc, err := formats.Read(filepath.Join(dir, name), formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(tiledKinds, doc.Kind) {
			out[name] = doc
		}
	}
	if len(out) < len(tiledKinds) {
		t.Fatalf("%d grid samples", len(out))
	}
	return out
}

// readsBack reads the map at path and wants the document of name back,
// as a model and as YAML.
func readsBack(t *testing.T, dir, name, path string, doc *formats.Document) {
	t.Helper()
	back, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatalf("%s does not read back:\n%v", filepath.Base(path), err)
	}
	if d := modeleq.Diff(doc.Value, back.Value); d != "" {
		t.Fatalf("%s: the model changed: %s", filepath.Base(path), d)
	}
	yaml := path + ".yaml"
	if _, err := formats.Write(yaml, back, formats.YAML); err != nil {
		t.Fatal(err)
	}
	want, _ := samples.Read(name)
	if got := readYAML(t, yaml); string(got) != string(want) {
		t.Errorf("%s → YAML differs:\n%s", filepath.Base(path), got)
	}
}

// TestTMXRoundTrip writes every grid sample as TMX (Tiled's XML form,
// which Tiled saves by default) and reads it back unchanged.
func TestTMXRoundTrip(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	for name, doc := range gridSamples(t, dir) {
		out := strings.TrimSuffix(filepath.Join(dir, name), ".yaml") + ".tmx"
		if _, err := formats.Write(out, doc, tiled.Format); err != nil {
			t.Fatal(err)
		}
		readsBack(t, dir, name, out, doc)
	}
}

var csvData = regexp.MustCompile(`(?s)<data encoding="csv">\n(.*?)\n\s*</data>`)

// TestTMXLayerFormats reads tile layers in every format Tiled offers but
// zstd: CSV, base64, base64 with zlib and with gzip.
func TestTMXLayerFormats(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	name := "ftbt/长坂坡.yaml"
	doc := gridSamples(t, dir)[name]
	out := filepath.Join(dir, "ftbt", "level.tmx")
	if _, err := formats.Write(out, doc, tiled.Format); err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(out)
	m := csvData.FindSubmatch(src)
	if m == nil {
		t.Fatal("no CSV layer")
	}
	var bin []byte
	for _, f := range strings.FieldsFunc(string(m[1]), func(r rune) bool { return r == ',' || r == '\n' }) {
		n, _ := strconv.ParseUint(f, 10, 32)
		bin = binary.LittleEndian.AppendUint32(bin, uint32(n))
	}
	var z, g bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(bin)
	zw.Close()
	gw := gzip.NewWriter(&g)
	gw.Write(bin)
	gw.Close()
	for form, data := range map[string]string{
		`encoding="base64"`:                    base64.StdEncoding.EncodeToString(bin),
		`encoding="base64" compression="zlib"`: base64.StdEncoding.EncodeToString(z.Bytes()),
		`encoding="base64" compression="gzip"`: base64.StdEncoding.EncodeToString(g.Bytes()),
	} {
		edited := csvData.ReplaceAll(src, []byte("<data "+form+">\n   "+data+"\n  </data>"))
		path := filepath.Join(dir, "ftbt", "level-"+strconv.Itoa(len(form))+".tmx")
		os.WriteFile(path, edited, 0o644)
		readsBack(t, dir, name, path, doc)
	}
}

// TestTMXDiagnosticsArePlaced: what does not fit is reported as in a
// .tmj, at the line and column of the XML.
func TestTMXDiagnosticsArePlaced(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	doc := gridSamples(t, dir)["ftbt/长坂坡.yaml"]
	out := filepath.Join(dir, "ftbt", "level.tmx")
	if _, err := formats.Write(out, doc, tiled.Format); err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(out)
	lines := strings.Split(string(src), "\n")
	row := slices.Index(lines, `  <data encoding="csv">`) + 1 // the map's first row
	lines[row] = "99" + lines[row][strings.IndexByte(lines[row], ','):]
	people := regexp.MustCompile(`<object id="\d+" name="赵云"[^>]*>`)
	text := people.ReplaceAllStringFunc(strings.Join(lines, "\n"), func(s string) string {
		return regexp.MustCompile(` x="[\d.]+"`).ReplaceAllString(s, ` x="99999"`)
	})
	os.WriteFile(out, []byte(text), 0o644)
	_, err := formats.Read(out, formats.Options{})
	got := map[string]diag.Diagnostic{}
	for _, d := range diag.AsList(err, out) {
		got[d.Code] = d
	}
	if d := got[diag.CodeNoCode]; d.Line != row+1 || d.Col != 1 || !strings.Contains(d.Message, "cell (0, 0)") {
		t.Errorf("a tile of no tileset: %v, want line %d column 1", d, row+1)
	}
	xLine := slices.IndexFunc(strings.Split(text, "\n"), func(l string) bool { return strings.Contains(l, `name="赵云"`) }) + 1
	if d := got[diag.CodeOffGrid]; d.Line != xLine || !strings.Contains(d.Message, "赵云") {
		t.Errorf("a person off the map: %v, want line %d", d, xLine)
	}
	if bad, err := formats.Read(writeFile(t, dir, "bad.tmx", "<map version=\"1.8\">\n<layer>\n</map>\n"), formats.Options{}); err == nil {
		t.Errorf("broken XML read as %v", bad)
	} else if d := diag.AsList(err, "")[0]; d.Line != 3 {
		t.Errorf("broken XML: %v, want line 3", d)
	}
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTiledReadsAndWritesOurTMX runs Debian's Tiled (tiled --export-map,
// headless): every grid sample written as TMX, exported by Tiled as JSON
// and as TMX, reads back as the same document.
func TestTiledReadsAndWritesOurTMX(t *testing.T) {
	program, err := exec.LookPath("tiled")
	if err != nil {
		if os.Getenv("SHAPAN_REQUIRE_TILED") != "" {
			t.Fatal("tiled is not installed, and SHAPAN_REQUIRE_TILED is set")
		}
		t.Skip("tiled is not installed (Debian: apt-get install tiled): skipping the round trip through Tiled")
	}
	dir := t.TempDir()
	copySamples(t, dir)
	for name, doc := range gridSamples(t, dir) {
		base := strings.TrimSuffix(filepath.Join(dir, name), ".yaml")
		if _, err := formats.Write(base+".tmx", doc, tiled.Format); err != nil {
			t.Fatal(err)
		}
		for _, form := range []string{"json", "tmx"} {
			out := base + ".by-tiled." + map[string]string{"json": "tmj", "tmx": "tmx"}[form]
			cmd := exec.Command(program, "--export-map", form, base+".tmx", out)
			cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen", "XDG_RUNTIME_DIR="+t.TempDir())
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("tiled --export-map %s %s: %v\n%s", form, filepath.Base(base), err, b)
			}
			readsBack(t, dir, name, out, doc)
		}
	}
}

// TestPlanetsRoutesArePolylines: a planets map's routes are polyline
// objects from planet to planet (Tiled and tmxrasterizer draw them), and
// they are read back from the objects: deleting one in Tiled deletes the
// route.
func TestPlanetsRoutesArePolylines(t *testing.T) {
	dir := t.TempDir()
	copySamples(t, dir)
	doc := gridSamples(t, dir)["planets/九州.yaml"]
	out := filepath.Join(dir, "planets", "routes.tmj")
	if _, err := formats.Write(out, doc, tiled.Format); err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(out)
	var m tiled.Map
	if err := json.Unmarshal(src, &m); err != nil {
		t.Fatal(err)
	}
	centres := map[string][2]float64{}
	var routes *tiled.Layer
	for i := range m.Layers {
		l := &m.Layers[i]
		for _, o := range l.Objects {
			if l.Name == "planets" {
				centres[o.Name] = [2]float64{o.X + o.Width/2, o.Y + o.Height/2}
			}
		}
		if l.Name == "routes" {
			routes = l
		}
	}
	pm := doc.Value.(*planets.Map)
	if routes == nil || len(routes.Objects) != len(pm.Routes) {
		t.Fatalf("routes layer %+v; the map has %d routes", routes, len(pm.Routes))
	}
	for k, o := range routes.Objects {
		var pts []struct{ X, Y float64 }
		json.Unmarshal(o.Polyline, &pts)
		from, to := pm.Routes[k].From.Text(), pm.Routes[k].To.Text()
		a, b := centres[from], centres[to]
		if len(pts) != 2 || o.X != a[0] || o.Y != a[1] || o.X+pts[1].X != b[0] || o.Y+pts[1].Y != b[1] {
			t.Errorf("route %d (%s–%s): polyline at (%v, %v) %+v, want from %v to %v", k, from, to, o.X, o.Y, pts, a, b)
		}
	}
	// Deleted in Tiled: the first route object goes.
	routes.Objects = routes.Objects[1:]
	edited, _ := json.Marshal(&m)
	path := writeFile(t, filepath.Join(dir, "planets"), "fewer.tmj", string(edited))
	back, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Value.(*planets.Map).Routes; len(got) != len(pm.Routes)-1 || !planets.Equal(got[0].From, pm.Routes[1].From) {
		t.Errorf("after deleting the first route object: %d routes", len(got))
	}
}

// A cell that holds no tile id is reported where it is written, in a
// .tmj's data array and in a .tmx's CSV alike (the places of a layer's
// cells are found only when a message needs one).
func TestBadCellsAreFoundWhereTheyAreWritten(t *testing.T) {
	tmj, err := os.ReadFile("testdata/handmade.tmj")
	if err != nil {
		t.Fatal(err)
	}
	tmx, err := tiled.ToTMX(tmj)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"-1", "1.5", "4294967296"} {
		for _, form := range []struct {
			file string
			src  []byte
		}{{"m.tmj", tmj}, {"m.tmx", tmx}} {
			edited := strings.Replace(string(form.src), "2147483650", bad, 1)
			at := bytes.Index(form.src, []byte("2147483650"))
			line := strings.Count(edited[:at], "\n") + 1
			col := at - strings.LastIndex(edited[:at], "\n")
			_, _, err := tiled.ReadLevel(form.file, []byte(edited), nil)
			want := form.file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + `: error P014: layer "terrain", cell (1, 1): ` + bad + " is no tile id"
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s with %s: got %v, want %q", form.file, bad, err, want)
			}
		}
	}
}
