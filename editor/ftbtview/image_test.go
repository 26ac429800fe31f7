package ftbtview

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/formats"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// paneSize is the size the panes are drawn at.
var paneSize = fyne.NewSize(1100, 640)

// testEnv is the studio around a view drawn on its own.
type testEnv struct {
	win    fyne.Window
	status string
}

func (e *testEnv) Window() fyne.Window { return e.win }
func (e *testEnv) Status(msg string)   { e.status = msg }

// bareSession opens a sample copy as a session outside a studio (nothing
// is edited, so nothing is validated in the background).
func bareSession(t *testing.T, name string) (*editor.Session, *testEnv) {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(editor.NewTheme())
	doc, err := formats.Read(filepath.Join(sampleFiles(t), name), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return editor.NewSession(doc), &testEnv{}
}

// capture draws a pane's content in a window of paneSize; prepare runs
// once it is laid out.
func capture(t *testing.T, env *testEnv, content fyne.CanvasObject, prepare func()) image.Image {
	t.Helper()
	w := test.NewWindow(content)
	t.Cleanup(w.Close)
	env.win = w
	w.SetPadded(false)
	w.Resize(paneSize)
	if prepare != nil {
		prepare()
	}
	return w.Canvas().Capture()
}

// compareGolden compares img with testdata/name.png: the same size, and
// at most 0.5% of the pixels different (fonts may rasterise a little
// differently between library versions). -update rewrites the file.
func compareGolden(t *testing.T, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no golden image %s (run go test ./editor/ftbtview -update): %v", path, err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("%s: size %v, golden %v", name, img.Bounds(), want.Bounds())
	}
	b := img.Bounds()
	diff := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, _ := img.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			if absDiff(r1, r2) > 0x1000 || absDiff(g1, g2) > 0x1000 || absDiff(b1, b2) > 0x1000 {
				diff++
			}
		}
	}
	if frac := float64(diff) / float64(b.Dx()*b.Dy()); frac > 0.005 {
		out := filepath.Join(t.TempDir(), name+".png")
		if g, err := os.Create(out); err == nil {
			png.Encode(g, img)
			g.Close()
		}
		t.Errorf("%s differs from its golden image in %.2f%% of the pixels (got: %s)", name, 100*frac, out)
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestLevelPaneImages(t *testing.T) {
	s, env := bareSession(t, "长坂坡.yaml")
	v := NewLevel(s, env)
	compareGolden(t, "level-map", capture(t, env, v.Pane("map").Content, func() {
		v.People.Select(5) // 曹纯, with a goal
		v.Painter.View.Fit()
		v.marked.X, v.marked.Y = 20, 3
	}))
	compareGolden(t, "level-people", capture(t, env, v.Pane("people").Content, func() { v.People.Select(6) }))
	compareGolden(t, "level-intro", capture(t, env, v.Pane("intro").Content, nil))
	compareGolden(t, "level-size", capture(t, env, v.Pane("size").Content, nil))
}

func TestLevelWithoutRulesImage(t *testing.T) {
	s, env := bareSession(t, "长坂坡.map")
	v := NewLevel(s, env)
	compareGolden(t, "level-map-no-rules", capture(t, env, v.Pane("map").Content, func() { v.Painter.View.Fit() }))
}

func TestRulesPaneImages(t *testing.T) {
	s, env := bareSession(t, "兵法.yaml")
	v := NewRules(s, env)
	compareGolden(t, "rules-techs", capture(t, env, v.Pane("techs").Content, func() {
		v.Techs.Select(4) // 落石: a long range and an area of radius 2
		sc := v.Stencil
		sc.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: sc.CellCentre([2]int{2, 2})}})
	}))
	compareGolden(t, "rules-terrains", capture(t, env, v.Pane("terrains").Content, func() { v.Terrains.Select(5) }))
	compareGolden(t, "rules-settings", capture(t, env, v.Pane("settings").Content, nil))
}
