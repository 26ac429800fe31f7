package grid_test

import (
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/internal/imagetest"
)

// checker is a w×h grid of two colours with a red column every tenth.
type checker struct{ w, h int }

func (c checker) GridSize() (int, int) { return c.w, c.h }
func (c checker) CellColor(x, y int) color.RGBA {
	switch {
	case x%10 == 0:
		return color.RGBA{0xc0, 0x30, 0x30, 0xff}
	case (x+y)%2 == 0:
		return color.RGBA{0x70, 0xa0, 0x60, 0xff}
	}
	return color.RGBA{0x50, 0x80, 0x50, 0xff}
}

// gridWindow shows a view of a w×h grid alone in a 400×300 window.
func gridWindow(t *testing.T, w, h int) (*grid.GridView, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	g := grid.NewGridView(checker{w, h})
	win := test.NewWindow(g)
	t.Cleanup(win.Close)
	win.SetPadded(false)
	win.Resize(fyne.NewSize(400, 300))
	return g, win
}

// press sends a key to what has the focus, as the driver does.
func pressKey(t *testing.T, win fyne.Window, key fyne.KeyName) {
	t.Helper()
	f := win.Canvas().Focused()
	if f == nil {
		t.Fatal("nothing has the focus")
	}
	f.TypedKey(&fyne.KeyEvent{Name: key})
}

// focus clicks the view (a real click takes the focus) at its top-left
// corner, outside any minimap.
func focus(t *testing.T, win fyne.Window, g *grid.GridView) {
	t.Helper()
	guitest.Click(g, fyne.NewPos(2, 2))
	if win.Canvas().Focused() != g {
		t.Fatal("a click did not give the map the focus")
	}
}

// TestGridViewWheel: the wheel scrolls, Shift+wheel (which the driver
// turns into a sideways scroll) scrolls sideways, Ctrl+wheel zooms about
// the pointer — the cell under it stays under it.
func TestGridViewWheel(t *testing.T) {
	g, win := gridWindow(t, 100, 80)
	g.SetView(16, 0, 0)
	guitest.ScrollAt(g, fyne.NewPos(200, 150), 0, -30)
	if g.OffsetY != 30 || g.OffsetX != 0 || g.Zoom != 16 {
		t.Errorf("a wheel notch down: offset %v,%v zoom %v; want it scrolled 30 down", g.OffsetX, g.OffsetY, g.Zoom)
	}
	guitest.ScrollAt(g, fyne.NewPos(200, 150), -40, 0)
	if g.OffsetX != 40 || g.OffsetY != 30 {
		t.Errorf("Shift+wheel: offset %v,%v; want it scrolled 40 right", g.OffsetX, g.OffsetY)
	}
	focus(t, win, g)
	at := fyne.NewPos(123, 77)
	x0, y0, _ := g.CellAt(at)
	win.Canvas().Focused().(desktop.Keyable).KeyDown(&fyne.KeyEvent{Name: desktop.KeyControlLeft})
	guitest.ScrollAt(g, at, 0, 10)
	win.Canvas().Focused().(desktop.Keyable).KeyUp(&fyne.KeyEvent{Name: desktop.KeyControlLeft})
	if g.Zoom != 20 {
		t.Errorf("Ctrl+wheel up: zoom %v, want 20", g.Zoom)
	}
	if x, y, _ := g.CellAt(at); x != x0 || y != y0 {
		t.Errorf("the zoom moved cell (%d,%d) from under the pointer to (%d,%d)", x0, y0, x, y)
	}
	before := g.OffsetY
	guitest.ScrollAt(g, at, 0, 10)
	if g.Zoom != 20 || g.OffsetY != before-10 {
		t.Errorf("the wheel without Ctrl zoomed (zoom %v) or did not scroll up (offset %v)", g.Zoom, g.OffsetY)
	}
}

// TestGridViewDragPans: a middle-button drag and a Space+drag pan and
// paint nothing; a left drag strokes.
func TestGridViewDragPans(t *testing.T) {
	g, win := gridWindow(t, 100, 80)
	g.SetView(16, 0, 0)
	strokes := 0
	g.OnStroke = func(int, int, bool) { strokes++ }
	g.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonTertiary})
	guitest.Drag(g, fyne.NewPos(200, 150), fyne.NewPos(150, 110), 5)
	if g.OffsetX != 50 || g.OffsetY != 40 || strokes != 0 {
		t.Errorf("middle drag: offset %v,%v, %d strokes; want 50,40 and none", g.OffsetX, g.OffsetY, strokes)
	}
	focus(t, win, g)
	k := win.Canvas().Focused().(desktop.Keyable)
	k.KeyDown(&fyne.KeyEvent{Name: fyne.KeySpace})
	g.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary})
	guitest.Drag(g, fyne.NewPos(200, 150), fyne.NewPos(210, 160), 2)
	k.KeyUp(&fyne.KeyEvent{Name: fyne.KeySpace})
	if g.OffsetX != 40 || g.OffsetY != 30 || strokes != 0 {
		t.Errorf("Space+drag: offset %v,%v, %d strokes; want 40,30 and none", g.OffsetX, g.OffsetY, strokes)
	}
	g.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary})
	guitest.Drag(g, fyne.NewPos(100, 100), fyne.NewPos(180, 100), 4)
	if strokes == 0 || g.OffsetX != 40 {
		t.Errorf("a left drag: %d strokes, offset %v; want strokes and no pan", strokes, g.OffsetX)
	}
}

// TestGridViewKeys: arrows pan, F fits, 1 shows 100%, + and − zoom.
func TestGridViewKeys(t *testing.T) {
	g, win := gridWindow(t, 100, 80)
	g.SetView(16, 0, 0)
	focus(t, win, g)
	pressKey(t, win, fyne.KeyRight)
	pressKey(t, win, fyne.KeyDown)
	pressKey(t, win, fyne.KeyDown)
	if g.OffsetX <= 0 || g.OffsetY != 2*g.OffsetX {
		t.Errorf("→ ↓ ↓: offset %v,%v", g.OffsetX, g.OffsetY)
	}
	pressKey(t, win, fyne.KeyLeft)
	pressKey(t, win, fyne.KeyUp)
	pressKey(t, win, fyne.KeyUp)
	if g.OffsetX != 0 || g.OffsetY != 0 {
		t.Errorf("← ↑ ↑ did not come back: %v,%v", g.OffsetX, g.OffsetY)
	}
	test.Type(win.Canvas().Focused(), "f")
	if g.Zoom != 3.75 || g.UserView() {
		t.Errorf("F: zoom %v, want the 100×80 grid fitted into 400×300 (3.75)", g.Zoom)
	}
	test.Type(win.Canvas().Focused(), "1")
	if g.Zoom != g.Natural || g.ZoomPercent() != 100 {
		t.Errorf("1: zoom %v, want %v", g.Zoom, g.Natural)
	}
	test.Type(win.Canvas().Focused(), "+")
	if g.Zoom != g.Natural*1.25 {
		t.Errorf("+: zoom %v", g.Zoom)
	}
	test.Type(win.Canvas().Focused(), "-")
	if math.Abs(g.Zoom-g.Natural) > 1e-9 {
		t.Errorf("−: zoom %v", g.Zoom)
	}
}

// TestGridViewResize: the map refits as the window is resized until the
// user zooms; then the zoom stays and the map stays in view.
func TestGridViewResize(t *testing.T) {
	g, win := gridWindow(t, 100, 80)
	if g.Zoom != 3.75 {
		t.Fatalf("the first layout fitted to zoom %v, want 3.75", g.Zoom)
	}
	win.Resize(fyne.NewSize(800, 600))
	if g.Zoom != 7.5 {
		t.Errorf("resized to 800×600 the map did not refit: zoom %v", g.Zoom)
	}
	g.SetView(12, 900, 700) // the bottom-right corner
	win.Resize(fyne.NewSize(400, 300))
	if g.Zoom != 12 {
		t.Errorf("the user's zoom was lost on resize: %v", g.Zoom)
	}
	g.PanBy(5000, 5000)
	if x, y, ok := g.CellAt(fyne.NewPos(40, 40)); !ok || x != 99 || y != 79 {
		t.Errorf("panned far away, the view shows cell (%d,%d) %v near its top-left corner; want the map's last cell kept in view", x, y, ok)
	}
}

// TestGridViewMinimap: a map bigger than the view has a minimap; a click
// on it centres the view there; a fitted map has none.
func TestGridViewMinimap(t *testing.T) {
	g, win := gridWindow(t, 200, 150)
	win.Resize(fyne.NewSize(640, 480))
	if _, _, shown := g.MinimapShown(); shown {
		t.Error("a fitted map shows a minimap")
	}
	g.SetView(16, 0, 0)
	pos, size, shown := g.MinimapShown()
	if !shown {
		t.Fatal("a map 3200×2400 in a 640×480 view has no minimap")
	}
	// A click at the middle of the minimap centres the middle cell.
	guitest.Click(g, fyne.NewPos(pos.X+size.Width/2, pos.Y+size.Height/2))
	if x, y, _ := g.CellAt(fyne.NewPos(320, 240)); abs(x-100) > 1 || abs(y-75) > 1 {
		t.Errorf("after a click on the minimap's middle the view's centre is cell (%d,%d), want (100,75)", x, y)
	}
	imagetest.Compare(t, "gridview-minimap", win.Canvas().Capture())
}

func abs(x int) int { return max(x, -x) }
