package editor

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// Tool is a grid painting tool.
type Tool int

// The painting tools.
const (
	Pencil Tool = iota
	Rectangle
	Fill
	Picker
)

// ToolNames label the tools in the tool bar.
var ToolNames = []string{"Pencil", "Rectangle", "Fill", "Picker"}

// PaintTarget is the grid a Painter edits: its cells live in the session's
// model; Cells returns them (row-major, len W*H).
type PaintTarget struct {
	Session *Session
	Label   string // names the edits ("paint terrain")
	Cells   func(model any) []int
	Width   func(model any) int
	// Color is the colour of a value.
	Color func(v int) color.RGBA
}

// Painter paints values onto a grid with the four tools, showing a stroke
// while it is drawn and committing it as one undoable edit at the end.
type Painter struct {
	T     PaintTarget
	View  *GridView
	Tool  Tool
	Brush int
	// OnPick reports the value the picker took.
	OnPick func(v int)
	// Stamp, when set, replaces the tools: a click at (x,y) returns the
	// cells and values to set (structures such as a 3×3 zone).
	Stamp func(x, y int) (cells, values []int)
	// Mirror, when set, paints every cell also at the cell it returns
	// (symmetric painting); ok false leaves a cell alone.
	Mirror func(x, y int) (mx, my int, ok bool)

	pending map[int]int // cell → value of the stroke being drawn
	start   [2]int
}

// NewPainter returns a painter over t, with its grid view.
func NewPainter(t PaintTarget) *Painter {
	p := &Painter{T: t, pending: map[int]int{}}
	p.View = NewGridView(p)
	p.View.OnTap = p.tap
	p.View.OnStroke = p.stroke
	p.View.OnStrokeEnd = p.commit
	return p
}

// GridSize implements GridSource over the session's current grid.
func (p *Painter) GridSize() (int, int) {
	m := p.T.Session.Model()
	w := p.T.Width(m)
	if w <= 0 {
		return 0, 0
	}
	return w, len(p.T.Cells(m)) / w
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
	if i < 0 || i >= len(cells) {
		return color.RGBA{}
	}
	return p.T.Color(cells[i])
}

// Value returns the value of a cell.
func (p *Painter) Value(x, y int) int {
	m := p.T.Session.Model()
	return p.T.Cells(m)[y*p.T.Width(m)+x]
}

func (p *Painter) tap(x, y int) {
	w, _ := p.GridSize()
	switch {
	case p.Stamp != nil:
		cells, values := p.Stamp(x, y)
		p.T.Session.EditCells(p.T.Label, p.T.Cells, cells, values)
	case p.Tool == Picker:
		p.Brush = p.Value(x, y)
		if p.OnPick != nil {
			p.OnPick(p.Brush)
		}
	case p.Tool == Fill:
		p.fill(x, y)
	default:
		cells, values := p.mirrored(map[int]int{y*w + x: p.Brush})
		p.T.Session.EditCells(p.T.Label, p.T.Cells, cells, values)
	}
	p.View.Redraw()
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

func (p *Painter) stroke(x, y int, start bool) {
	if p.Stamp != nil || p.Tool == Picker || p.Tool == Fill {
		if start {
			p.tap(x, y)
		}
		return
	}
	w, _ := p.GridSize()
	if start {
		p.pending = map[int]int{}
		p.start = [2]int{x, y}
	}
	switch p.Tool {
	case Pencil:
		p.pending[y*w+x] = p.Brush
	case Rectangle:
		p.pending = map[int]int{}
		x0, x1 := min(p.start[0], x), max(p.start[0], x)
		y0, y1 := min(p.start[1], y), max(p.start[1], y)
		for cy := y0; cy <= y1; cy++ {
			for cx := x0; cx <= x1; cx++ {
				p.pending[cy*w+cx] = p.Brush
			}
		}
	}
	p.View.Redraw()
}

func (p *Painter) commit() {
	if len(p.pending) == 0 {
		return
	}
	cells, values := p.mirrored(p.pending)
	p.pending = map[int]int{}
	p.T.Session.EditCells(p.T.Label, p.T.Cells, cells, values)
	p.View.Redraw()
}

// fill flood-fills the 4-connected region of the clicked value.
func (p *Painter) fill(x, y int) {
	w, h := p.GridSize()
	cells := p.T.Cells(p.T.Session.Model())
	from := cells[y*w+x]
	if from == p.Brush {
		return
	}
	seen := make([]bool, len(cells))
	stack := []int{y*w + x}
	var region []int
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[c] || cells[c] != from {
			continue
		}
		seen[c] = true
		region = append(region, c)
		cx, cy := c%w, c/w
		if cx > 0 {
			stack = append(stack, c-1)
		}
		if cx < w-1 {
			stack = append(stack, c+1)
		}
		if cy > 0 {
			stack = append(stack, c-w)
		}
		if cy < h-1 {
			stack = append(stack, c+w)
		}
	}
	changes := make(map[int]int, len(region))
	for _, c := range region {
		changes[c] = p.Brush
	}
	cells, values := p.mirrored(changes)
	p.T.Session.EditCells(p.T.Label, p.T.Cells, cells, values)
}

// Toolbar returns the tool chooser and zoom buttons for the painter.
func (p *Painter) Toolbar() fyne.CanvasObject {
	tools := widget.NewRadioGroup(ToolNames, func(s string) {
		for i, n := range ToolNames {
			if n == s {
				p.Tool = Tool(i)
			}
		}
	})
	tools.Horizontal = true
	tools.SetSelected(ToolNames[p.Tool])
	zoomIn := widget.NewButton("+", func() { p.View.ZoomStep(true) })
	zoomOut := widget.NewButton("−", func() { p.View.ZoomStep(false) })
	fit := widget.NewButton("Fit", p.View.Fit)
	return container.NewHBox(tools, widget.NewSeparator(), zoomOut, zoomIn, fit)
}

// CellLabel formats a cell position for status messages.
func CellLabel(x, y int) string { return fmt.Sprintf("(x %d, y %d)", x, y) }

// centre is the middle of a grid view, in its own units.
func centre(g *GridView) fyne.Position { return g.centre() }
