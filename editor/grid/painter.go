package grid

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// MaxBrushSize is the largest brush, in cells a side.
const MaxBrushSize = 9

// Cells is a grid of values inside a model, edited in place (a
// *cells.Grid of the formats); the same type as editor/history's Cells.
type Cells = interface {
	Len() int
	At(i int) int
	Set(i, v int)
}

// Session is the document a Painter edits (an *editor.Session): its
// model, and an undoable edit of cells of a grid in it.
type Session interface {
	Model() any
	// EditCells sets cells of the grid that grid finds in the model to
	// values, as one undoable edit named label.
	EditCells(label string, grid func(model any) Cells, cells, values []int)
}

// PaintTarget is the grid a Painter edits: its cells live in the session's
// model; Cells returns them (row-major, len W*H).
type PaintTarget struct {
	Session Session
	Label   string // names the edits ("paint terrain")
	Cells   func(model any) Cells
	Width   func(model any) int
	// Color is the colour of a value.
	Color func(v int) color.RGBA
	// Default is the value the eraser paints (the default terrain).
	Default int
}

// Painter paints values onto a grid with the tools (Tools), showing a
// stroke while it is drawn and committing it as one undoable edit at the
// end:
//
//	B pencil · R rectangle · F fill · I picker · E eraser · S select (the tools' keys)
//	[ and ] brush size 1–9 · Shift+drag a straight line · Escape cancels a drag
//	C copies the selection as a stamp, V takes it again; Z rotates it, X mirrors it
type Painter struct {
	T    PaintTarget
	View *GridView
	// Tool is the tool in hand (never nil).
	Tool Tool
	// Brush is the value the tools paint.
	Brush int
	// Size is the brush's side in cells (1–9) for the pencil and eraser.
	Size int
	// OnPick reports the value the picker took.
	OnPick func(v int)
	// OnChange reports a change of tool, brush size or stamp (for tool
	// bars and status lines).
	OnChange func()
	// Stamp, when set, replaces the tools: a click at (x,y) returns the
	// cells and values to set (structures such as a 3×3 zone).
	Stamp func(x, y int) (cells, values []int)
	// Mirror, when set, paints every cell also at the cell it returns
	// (symmetric painting); ok false leaves a cell alone.
	Mirror func(x, y int) (mx, my int, ok bool)

	clip    *Clip // the copied stamp
	pasting bool  // a click places the clip
	pending map[int]int
	start   [2]int
	sizeSel *MapSelect
}

// NewPainter returns a painter over t, with its grid view.
func NewPainter(t PaintTarget) *Painter {
	p := &Painter{T: t, Tool: Pencil, Size: 1, pending: map[int]int{}}
	p.View = NewGridView(p)
	p.View.OnTap = p.Click
	p.View.OnStroke = p.stroke
	p.View.OnStrokeEnd = p.release
	p.View.OnStrokeCancel = p.cancel
	p.View.Cursor = p.cursor
	p.View.OnRune = p.TypedRune
	p.View.OnKey = p.TypedKey
	return p
}

// GridSize implements GridSource over the session's current grid.
func (p *Painter) GridSize() (int, int) {
	m := p.T.Session.Model()
	w := p.T.Width(m)
	if w <= 0 {
		return 0, 0
	}
	return w, p.T.Cells(m).Len() / w
}

// CellColor implements GridSource, showing the stroke in progress.
func (p *Painter) CellColor(x, y int) color.RGBA {
	m := p.T.Session.Model()
	w := p.T.Width(m)
	i := y*w + x
	if v, ok := p.pending[i]; ok {
		return p.T.Color(v)
	}
	cells := p.T.Cells(m)
	if i < 0 || i >= cells.Len() {
		return color.RGBA{}
	}
	return p.T.Color(cells.At(i))
}

// CellRow implements RowSource: one row's colours, with a small cache of
// the colours of values, and the stroke in progress on top.
func (p *Painter) CellRow(y, x0, x1 int, out []color.RGBA) {
	m := p.T.Session.Model()
	w := p.T.Width(m)
	cells := p.T.Cells(m)
	var cache [64]color.RGBA
	var known [64]bool
	for x := x0; x <= x1; x++ {
		i := y*w + x
		if i < 0 || i >= cells.Len() {
			out[x] = color.RGBA{}
			continue
		}
		v := cells.At(i)
		if v >= 0 && v < len(cache) {
			if !known[v] {
				cache[v], known[v] = p.T.Color(v), true
			}
			out[x] = cache[v]
		} else {
			out[x] = p.T.Color(v)
		}
	}
	if len(p.pending) > 0 {
		for x := x0; x <= x1; x++ {
			if v, ok := p.pending[y*w+x]; ok {
				out[x] = p.T.Color(v)
			}
		}
	}
}

// Value returns the value of a cell.
func (p *Painter) Value(x, y int) int {
	m := p.T.Session.Model()
	return p.T.Cells(m).At(y*p.T.Width(m) + x)
}

// SetTool selects a tool (the stamp in hand is put down); a tool other
// than Select clears the selection.
func (p *Painter) SetTool(t Tool) {
	p.Tool, p.pasting = t, false
	if t != Select {
		p.View.SetSelection(image.Rectangle{})
	}
	p.changed()
}

// SetSize sets the brush size, 1–9.
func (p *Painter) SetSize(n int) {
	p.Size = max(1, min(MaxBrushSize, n))
	if p.sizeSel != nil {
		p.sizeSel.SetSelectedIndex(p.Size - 1)
	}
	p.changed()
}

func (p *Painter) changed() {
	p.View.RefreshHover()
	if p.OnChange != nil {
		p.OnChange()
	}
}

// ToolLabel says what a click does now ("Pencil 3×3", "Stamp 4×2").
func (p *Painter) ToolLabel() string {
	switch {
	case p.pasting && p.clip != nil:
		return fmt.Sprintf("Stamp %d×%d", p.clip.W, p.clip.H)
	case p.Stamp != nil:
		return "Place"
	case p.Tool == nil:
		return ""
	}
	if s, ok := p.Tool.(Sized); ok && s.Sized() && p.Size > 1 {
		return fmt.Sprintf("%s %d×%d", p.Tool, p.Size, p.Size)
	}
	return p.Tool.String()
}

// cursor outlines what a click at (x, y) paints: the stamp in hand, or
// what the tool previews.
func (p *Painter) cursor(x, y int) image.Rectangle {
	switch {
	case p.pasting && p.clip != nil:
		return p.clip.rect(x, y)
	case p.Stamp != nil:
		return square(x, y, 1)
	}
	return p.Tool.Cursor(p, x, y)
}

// dab adds the cells of r on the grid, set to v, to changes.
func (p *Painter) dab(changes map[int]int, r image.Rectangle, v int) {
	w, h := p.GridSize()
	r = r.Intersect(image.Rect(0, 0, w, h))
	for cy := r.Min.Y; cy < r.Max.Y; cy++ {
		for cx := r.Min.X; cx < r.Max.X; cx++ {
			changes[cy*w+cx] = v
		}
	}
}

// Click does what a click on cell (x, y) does: places the stamp in hand
// or the view's Stamp, or else presses the tool.
func (p *Painter) Click(x, y int) {
	switch {
	case p.pasting && p.clip != nil:
		p.placeClip(x, y)
	case p.Stamp != nil:
		cells, values := p.Stamp(x, y)
		p.T.Session.EditCells(p.T.Label, p.T.Cells, cells, values)
	default:
		p.Tool.Press(p, x, y)
	}
	p.View.Redraw()
	p.View.RefreshHover()
}

// Apply sets cells (index → value), with their mirror images when
// mirroring is on, as one undoable edit named label.
func (p *Painter) Apply(label string, changes map[int]int) {
	cells, values := p.mirrored(changes)
	p.T.Session.EditCells(label, p.T.Cells, cells, values)
}

// mirrored adds the mirror images of a set of cell changes (when
// mirroring is on) and returns them as lists.
func (p *Painter) mirrored(changes map[int]int) (cells, values []int) {
	w, _ := p.GridSize()
	if p.Mirror != nil && w > 0 {
		for c, v := range changes {
			if mx, my, ok := p.Mirror(c%w, c/w); ok {
				if _, set := changes[my*w+mx]; !set {
					changes[my*w+mx] = v
				}
			}
		}
	}
	for c, v := range changes {
		cells = append(cells, c)
		values = append(values, v)
	}
	return cells, values
}

// stroke is a drag over cell (x, y): it places the stamp on the cell the
// drag starts on, or else hands the drag to the tool.
func (p *Painter) stroke(x, y int, start bool) {
	if p.Stamp != nil || p.pasting {
		if start {
			p.Click(x, y)
		}
		return
	}
	if start {
		p.pending = map[int]int{}
		p.start = [2]int{x, y}
	}
	p.Tool.Drag(p, x, y, start)
}

// StrokeStart is the cell the drag in progress started on.
func (p *Painter) StrokeStart() (x, y int) { return p.start[0], p.start[1] }

// Stroke returns the cells of the stroke in progress (index → value; the
// map itself, to add to).
func (p *Painter) Stroke() map[int]int { return p.pending }

// Preview makes changes the stroke in progress, shown on the grid over
// the document's cells until Commit or Escape.
func (p *Painter) Preview(changes map[int]int) {
	p.pending = changes
	p.View.Redraw()
}

// Commit makes the stroke in progress one undoable edit (nothing when
// there is none).
func (p *Painter) Commit() {
	if len(p.pending) == 0 {
		return
	}
	changes := p.pending
	p.pending = map[int]int{}
	p.Apply(p.T.Label, changes)
	p.View.Redraw()
	p.View.RefreshHover()
}

// release ends a drag.
func (p *Painter) release() { p.Tool.Release(p) }

// cancel drops the stroke in progress (Escape).
func (p *Painter) cancel() {
	p.pending = map[int]int{}
	if c, ok := p.Tool.(Canceler); ok {
		c.Cancel(p)
	}
	p.View.Redraw()
}

// pick takes the value of cell (x, y) as the brush value (the picker).
func (p *Painter) pick(x, y int) {
	p.Brush = p.Value(x, y)
	if p.OnPick != nil {
		p.OnPick(p.Brush)
	}
}

// fill flood-fills the 4-connected region of the clicked value.
func (p *Painter) fill(x, y int) {
	w, h := p.GridSize()
	cells := p.T.Cells(p.T.Session.Model())
	region := FloodRegion(cells, w, h, x, y)
	if len(region) == 0 || cells.At(region[0]) == p.Brush {
		return
	}
	changes := make(map[int]int, len(region))
	for _, c := range region {
		changes[c] = p.Brush
	}
	p.Apply(p.T.Label, changes)
}

// FloodRegion returns the cells of the 4-connected region of equal
// values that holds (x, y), starting with (x, y).
func FloodRegion(cells Cells, w, h, x, y int) []int {
	if x < 0 || y < 0 || x >= w || y >= h {
		return nil
	}
	from := cells.At(y*w + x)
	seen := make([]bool, cells.Len())
	stack := []int{y*w + x}
	seen[y*w+x] = true
	var region []int
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		region = append(region, c)
		cx, cy := c%w, c/w
		for _, n := range [4]int{c - 1, c + 1, c - w, c + w} {
			switch {
			case n == c-1 && cx == 0, n == c+1 && cx == w-1, n == c-w && cy == 0, n == c+w && cy == h-1:
				continue
			}
			if !seen[n] && cells.At(n) == from {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return region
}

// TypedRune handles the painter's keys: the tool keys (B R F I E S), [
// and ] for the brush size, C copy, V paste, Z rotate, X mirror. It
// reports whether it used the character.
func (p *Painter) TypedRune(r rune) bool {
	if t, ok := ToolForKey(fyne.KeyName(strings.ToUpper(string(r)))); ok && r >= 'a' && r <= 'z' {
		p.SetTool(t)
		return true
	}
	switch r {
	case '[':
		p.SetSize(p.Size - 1)
	case ']':
		p.SetSize(p.Size + 1)
	case 'c':
		return p.CopySelection()
	case 'v':
		return p.Paste()
	case 'z':
		return p.Rotate()
	case 'x':
		return p.Flip()
	default:
		return false
	}
	return true
}

// TypedKey handles Escape when no drag is in progress: it puts the stamp
// down, then clears the selection.
func (p *Painter) TypedKey(e *fyne.KeyEvent) bool {
	if e.Name != fyne.KeyEscape {
		return false
	}
	msg := p.Escape()
	if msg == "" {
		return false
	}
	p.View.status(msg)
	return true
}

// Escape puts the stamp in hand down, or else clears the selection, and
// says which it did ("" for neither).
func (p *Painter) Escape() string {
	switch {
	case p.pasting:
		p.pasting = false
		p.changed()
		return "Put the stamp down (Ctrl+V takes it again)"
	case !p.View.selCells.Empty():
		p.View.SetSelection(image.Rectangle{})
		return "Cleared the selection"
	}
	return ""
}

// Toolbar returns the tool chooser, the brush size, the stamp buttons and
// the zoom buttons for the painter.
func (p *Painter) Toolbar() fyne.CanvasObject {
	return container.NewHBox(p.ToolSelect(), p.BrushControls(), widget.NewSeparator(), p.ZoomButtons())
}

// ToolSelect returns the tool bar's drop-down of the tools (Tools), then
// a view's own tools (extra: tools of its map alone, such as the ftbt
// level's person tool). Choosing one selects it; it follows the tool
// chosen otherwise (a key, the Tools menu).
func (p *Painter) ToolSelect(extra ...Tool) *MapSelect {
	all := append(Tools(), extra...)
	names := make([]string, len(all))
	for i, t := range all {
		names[i] = t.String()
	}
	tools := NewMapSelect(names, func(s string) {
		for _, t := range all {
			if t.String() == s && t != p.Tool {
				p.SetTool(t)
			}
		}
		// What the map shows and says under the pointer may depend on
		// the tool (and is said once the drop-down is first set).
		p.View.Redraw()
		p.View.RefreshHover()
	}, p.View)
	tools.SetSelected(p.Tool.String())
	prev := p.OnChange
	p.OnChange = func() {
		if tools.Selected != p.Tool.String() {
			tools.SetSelected(p.Tool.String())
		}
		if prev != nil {
			prev()
		}
	}
	return tools
}

// BrushControls are the brush size and the stamp buttons.
func (p *Painter) BrushControls() fyne.CanvasObject {
	sizes := make([]string, MaxBrushSize)
	for i := range sizes {
		sizes[i] = fmt.Sprintf("%d×%d", i+1, i+1)
	}
	p.sizeSel = NewMapSelect(sizes, func(s string) {
		var n int
		fmt.Sscanf(s, "%d", &n)
		if n != p.Size {
			p.SetSize(n)
		}
	}, p.View)
	p.sizeSel.SetSelectedIndex(p.Size - 1)
	return container.NewHBox(p.sizeSel,
		widget.NewButton("Copy", func() { p.CopySelection() }),
		widget.NewButton("Paste", func() { p.Paste() }),
		widget.NewButton("⟳", func() { p.Rotate() }),
		widget.NewButton("⇋", func() { p.Flip() }))
}

// ZoomButtons are −, + and Fit.
func (p *Painter) ZoomButtons() fyne.CanvasObject {
	return container.NewHBox(
		widget.NewButton("−", func() { p.View.ZoomStep(false) }),
		widget.NewButton("+", func() { p.View.ZoomStep(true) }),
		widget.NewButton("Fit", p.View.Fit))
}

// CellLabel formats a cell position for status messages.
func CellLabel(x, y int) string { return fmt.Sprintf("(x %d, y %d)", x, y) }
