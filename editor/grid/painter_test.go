package grid_test

import (
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	"image"
	"image/color"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/guitest"
)

// painterWindow opens a w×h ftbt level of terrain 0 with a painter
// alone in a 400×300 window, at 10 units a cell from the corner, the map
// focused as after a click.
func painterWindow(t *testing.T, w, h int) (*grid.Painter, *editor.Session, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	src, err := ftbt.EncodeLevel(&ftbt.Level{W: w, H: h, Terrain: cells.Make(w * h)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes("level.yaml", src, formats.Options{From: formats.YAML})
	if err != nil {
		t.Fatal(err)
	}
	s := editor.NewSession(doc)
	p := grid.NewPainter(grid.PaintTarget{Session: s, Label: "paint",
		Cells:   func(m any) grid.Cells { return &m.(*ftbt.Level).Terrain },
		Width:   func(m any) int { return m.(*ftbt.Level).W },
		Color:   func(v int) color.RGBA { return color.RGBA{uint8(40 * v), 0x80, 0x40, 0xff} },
		Default: 0})
	win := test.NewWindow(p.View)
	t.Cleanup(win.Close)
	win.SetPadded(false)
	win.Resize(fyne.NewSize(400, 300))
	p.View.SetView(10, 0, 0)
	guitest.Click(p.View, fyne.NewPos(399, 1)) // beyond the grid: paints nothing
	if win.Canvas().Focused() != p.View {
		t.Fatal("a click did not give the map the focus")
	}
	return p, s, win
}

func terrain(s *editor.Session) []int { return s.Model().(*ftbt.Level).Terrain.Values() }

// painted lists the cells of value v.
func painted(s *editor.Session, w, v int) []image.Point {
	var out []image.Point
	for i, c := range terrain(s) {
		if c == v {
			out = append(out, image.Pt(i%w, i/w))
		}
	}
	return out
}

// typeKeys types characters on what has the focus.
func typeKeys(win fyne.Window, chars string) {
	for _, r := range chars {
		win.Canvas().Focused().TypedRune(r)
	}
}

// at is the centre of cell (x, y) at 10 units a cell.
func at(x, y int) fyne.Position { return fyne.NewPos(float32(x*10+5), float32(y*10+5)) }

// TestToolKeysAndBrushSize: E takes the eraser and B the pencil, ] makes
// the brush 3×3, the outline under the pointer shows the 3×3 square
// before the click, and the click paints it as one edit.
func TestToolKeysAndBrushSize(t *testing.T) {
	p, s, win := painterWindow(t, 30, 20)
	p.Brush = 4
	typeKeys(win, "e")
	if p.Tool != grid.Eraser {
		t.Fatalf("E chose %v", p.Tool)
	}
	typeKeys(win, "f")
	if p.Tool != grid.Fill {
		t.Fatalf("F chose %v", p.Tool)
	}
	typeKeys(win, "b]]")
	if p.Tool != grid.Pencil || p.Size != 3 || p.ToolLabel() != "Pencil 3×3" {
		t.Fatalf("B ] ]: tool %v size %d (%q)", p.Tool, p.Size, p.ToolLabel())
	}
	p.View.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: at(10, 10)}})
	outline := test.WidgetRenderer(p.View).Objects()[2]
	if !outline.Visible() || outline.Position() != fyne.NewPos(90, 90) || outline.Size() != fyne.NewSize(30, 30) {
		t.Errorf("the brush outline under the pointer: shown %v at %v size %v; want the 3×3 square at 90,90",
			outline.Visible(), outline.Position(), outline.Size())
	}
	guitest.Click(p.View, at(10, 10))
	got := painted(s, 30, 4)
	if len(got) != 9 || got[0] != image.Pt(9, 9) || got[8] != image.Pt(11, 11) {
		t.Errorf("a 3×3 click painted %v", got)
	}
	typeKeys(win, "e")
	guitest.Click(p.View, at(11, 11))
	if n := len(painted(s, 30, 4)); n != 5 {
		t.Errorf("the 3×3 eraser left %d cells of 4, want 5", n)
	}
	s.Undo()
	if n := len(painted(s, 30, 4)); n != 9 {
		t.Errorf("undoing the eraser: %d cells, want 9", n)
	}
}

// TestShiftDragPaintsAStraightLine: with Shift held, a wandering drag
// paints the straight line from where it started to where it ends.
func TestShiftDragPaintsAStraightLine(t *testing.T) {
	p, s, win := painterWindow(t, 30, 20)
	p.Brush = 2
	win.Canvas().Focused().(desktop.Keyable).KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	p.View.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary, Modifier: fyne.KeyModifierShift})
	prev := at(2, 2)
	for _, c := range [][2]int{{5, 9}, {9, 1}, {14, 12}, {20, 7}} {
		next := at(c[0], c[1])
		p.View.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: next}, Dragged: fyne.NewDelta(next.X-prev.X, next.Y-prev.Y)})
		prev = next
	}
	p.View.DragEnd()
	var want []image.Point
	for _, c := range grid.LineCells(2, 2, 20, 7) {
		want = append(want, image.Pt(c[0], c[1]))
	}
	got := painted(s, 30, 2)
	slices.SortFunc(want, func(a, b image.Point) int { return (a.Y*30 + a.X) - (b.Y*30 + b.X) })
	if !slices.Equal(got, want) {
		t.Errorf("Shift+drag painted %v\nwant the line %v", got, want)
	}
}

// TestEscapeCancelsAStroke: Escape in the middle of a stroke drops it;
// the rest of the drag paints nothing and nothing is undoable.
func TestEscapeCancelsAStroke(t *testing.T) {
	p, s, win := painterWindow(t, 30, 20)
	p.Brush = 3
	p.View.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary})
	p.View.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: at(6, 2)}, Dragged: fyne.NewDelta(40, 0)})
	if !p.View.Dragging() {
		t.Fatal("no stroke in progress")
	}
	pressKey(t, win, fyne.KeyEscape)
	p.View.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: at(12, 2)}, Dragged: fyne.NewDelta(60, 0)})
	p.View.DragEnd()
	if n := len(painted(s, 30, 3)); n != 0 || s.UndoLabel() != "" {
		t.Errorf("after Escape: %d cells painted, undo %q", n, s.UndoLabel())
	}
	if img := win.Canvas().Capture(); color.RGBAModel.Convert(img.At(65, 25)).(color.RGBA).R != 0 {
		t.Error("the cancelled stroke is still drawn")
	}
}

// TestStampCopyRotateMirror: S selects a rectangle, C copies it as a
// stamp that each click places (centred on the pointer), Z rotates it
// and X mirrors it; Escape puts it down.
func TestStampCopyRotateMirror(t *testing.T) {
	p, s, win := painterWindow(t, 30, 20)
	// A 3×2 pattern at (1,1): values 1 2 3 / 4 5 6.
	l := s.Model().(*ftbt.Level)
	for i, v := range []int{1, 2, 3, 4, 5, 6} {
		l.Terrain.Set((1+i/3)*30+1+i%3, v)
	}
	typeKeys(win, "s")
	guitest.Drag(p.View, at(1, 1), at(3, 2), 3)
	typeKeys(win, "c")
	c := p.Clip()
	if c == nil || c.W != 3 || c.H != 2 || !slices.Equal(c.Values, []int{1, 2, 3, 4, 5, 6}) {
		t.Fatalf("copied %+v", c)
	}
	guitest.Click(p.View, at(11, 11)) // centred: (10,11)–(12,12)
	guitest.Click(p.View, at(21, 11))
	cells := func(x0, y0, w, h int) []int {
		var out []int
		for y := y0; y < y0+h; y++ {
			out = append(out, terrain(s)[y*30+x0:y*30+x0+w]...)
		}
		return out
	}
	if got := cells(10, 11, 3, 2); !slices.Equal(got, []int{1, 2, 3, 4, 5, 6}) {
		t.Errorf("first stamp %v", got)
	}
	if got := cells(20, 11, 3, 2); !slices.Equal(got, []int{1, 2, 3, 4, 5, 6}) {
		t.Errorf("second stamp %v", got)
	}
	typeKeys(win, "z")
	guitest.Click(p.View, at(5, 15)) // 2×3 centred: (5,14)–(6,16)
	if got := cells(5, 14, 2, 3); !slices.Equal(got, []int{4, 1, 5, 2, 6, 3}) {
		t.Errorf("rotated stamp %v, want 4 1 / 5 2 / 6 3", got)
	}
	typeKeys(win, "x")
	guitest.Click(p.View, at(25, 15))
	if got := cells(25, 14, 2, 3); !slices.Equal(got, []int{1, 4, 2, 5, 3, 6}) {
		t.Errorf("rotated and mirrored stamp %v, want 1 4 / 2 5 / 3 6", got)
	}
	pressKey(t, win, fyne.KeyEscape)
	p.Brush = 7
	guitest.Click(p.View, at(15, 5))
	if terrain(s)[5*30+15] != 0 {
		t.Error("after Escape a click still places the stamp")
	}
}

// recorder is a tool of a view's own: it records what the painter asks
// of it and paints what a drag passes over.
type recorder struct{ calls []string }

func (r *recorder) String() string    { return "Recorder" }
func (r *recorder) Key() fyne.KeyName { return "" }
func (r *recorder) Cursor(p *grid.Painter, x, y int) image.Rectangle {
	return image.Rect(x, y, x+2, y+1)
}
func (r *recorder) Press(p *grid.Painter, x, y int) {
	r.calls = append(r.calls, fmt.Sprintf("press %d,%d", x, y))
}
func (r *recorder) Drag(p *grid.Painter, x, y int, start bool) {
	r.calls = append(r.calls, fmt.Sprintf("drag %d,%d %v", x, y, start))
	w, _ := p.GridSize()
	p.Stroke()[y*w+x] = 6
	p.Preview(p.Stroke())
}
func (r *recorder) Release(p *grid.Painter) {
	r.calls = append(r.calls, "release")
	p.Commit()
}

// TestAViewsOwnTool: a tool value a view hands to ToolSelect is offered
// after the tools of every grid, is chosen there, and gets the clicks and
// drags (its preview committed as one edit); a tool key takes it out of
// hand and the drop-down follows.
func TestAViewsOwnTool(t *testing.T) {
	p, s, win := painterWindow(t, 30, 20)
	rec := &recorder{}
	sel := p.ToolSelect(rec)
	if want := append(grid.ToolNames(), "Recorder"); !slices.Equal(sel.Options, want) {
		t.Fatalf("the drop-down offers %v, want %v", sel.Options, want)
	}
	sel.SetSelected("Recorder")
	if p.Tool != rec || p.ToolLabel() != "Recorder" {
		t.Fatalf("choosing Recorder: tool %v", p.Tool)
	}
	guitest.Click(p.View, at(4, 4))
	guitest.Drag(p.View, at(1, 1), at(3, 1), 2)
	if want := []string{"press 4,4", "drag 1,1 true", "drag 2,1 false", "drag 3,1 false", "release"}; !slices.Equal(rec.calls, want) {
		t.Errorf("the tool was asked %v, want %v", rec.calls, want)
	}
	if got := painted(s, 30, 6); len(got) != 3 || s.UndoLabel() != "paint" {
		t.Errorf("the drag painted %v (undo %q), want 3 cells as one edit", got, s.UndoLabel())
	}
	typeKeys(win, "r")
	if p.Tool != grid.Rectangle || sel.Selected != "Rectangle" {
		t.Errorf("R: tool %v, drop-down %q", p.Tool, sel.Selected)
	}
}
