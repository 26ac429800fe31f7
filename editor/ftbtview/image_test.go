package ftbtview

import (
	"image"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/internal/imagetest"
)

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
	a := guitest.App(t)
	if _, ok := a.Settings().Theme().(editor.Theme); !ok {
		a.Settings().SetTheme(editor.NewTheme())
	}
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

func TestLevelPaneImages(t *testing.T) {
	s, env := bareSession(t, "长坂坡.yaml")
	v := NewLevel(s, env)
	imagetest.Compare(t, "level-map", capture(t, env, v.Pane("map").Content, func() {
		v.People.Select(5) // 曹纯, with a goal
		v.Painter.View.Fit()
		v.marked.X, v.marked.Y = 20, 3
	}))
	imagetest.Compare(t, "level-people", capture(t, env, v.Pane("people").Content, func() { v.People.Select(6) }))
	imagetest.Compare(t, "level-intro", capture(t, env, v.Pane("intro").Content, nil))
	imagetest.Compare(t, "level-size", capture(t, env, v.Pane("size").Content, nil))
}

func TestLevelWithoutRulesImage(t *testing.T) {
	s, env := bareSession(t, "长坂坡.map")
	v := NewLevel(s, env)
	imagetest.Compare(t, "level-map-no-rules", capture(t, env, v.Pane("map").Content, func() { v.Painter.View.Fit() }))
}

func TestRulesPaneImages(t *testing.T) {
	s, env := bareSession(t, "兵法.yaml")
	v := NewRules(s, env)
	imagetest.Compare(t, "rules-techs", capture(t, env, v.Pane("techs").Content, func() {
		v.Techs.Select(4) // 落石: a long range and an area of radius 2
		sc := v.Stencil
		sc.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: sc.CellCentre([2]int{2, 2})}})
	}))
	imagetest.Compare(t, "rules-terrains", capture(t, env, v.Pane("terrains").Content, func() { v.Terrains.Select(5) }))
	imagetest.Compare(t, "rules-settings", capture(t, env, v.Pane("settings").Content, nil))
}
