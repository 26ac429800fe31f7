package grid

import (
	"image"

	"fyne.io/fyne/v2"
)

// The painting tools. Each is one value; tools in tool.go lists them.
var (
	// Pencil paints the brush value under the pointer, a brush square at
	// a time; Shift+drag paints a straight line (B).
	Pencil Tool = brush{name: "Pencil", key: fyne.KeyB}
	// Rectangle paints the rectangle dragged out (R).
	Rectangle Tool = rectangle{}
	// Fill flood-fills the region of equal values clicked (F).
	Fill Tool = &click{name: "Fill", key: fyne.KeyF, press: (*Painter).fill}
	// Picker takes the clicked cell's value as the brush value (I).
	Picker Tool = &click{name: "Picker", key: fyne.KeyI, press: (*Painter).pick}
	// Eraser paints the default value (the default terrain) as the pencil
	// paints (E).
	Eraser Tool = brush{name: "Eraser", key: fyne.KeyE, erase: true}
	// Select selects the rectangle dragged out, to copy as a stamp (S).
	Select Tool = selection{}
)

// brush is the pencil and the eraser: a Size×Size square under the
// pointer.
type brush struct {
	name  string
	key   fyne.KeyName
	erase bool
}

func (t brush) String() string    { return t.name }
func (t brush) Key() fyne.KeyName { return t.key }
func (t brush) Sized() bool       { return true }

func (t brush) Cursor(p *Painter, x, y int) image.Rectangle { return square(x, y, p.Size) }

// value is what the brush paints.
func (t brush) value(p *Painter) int {
	if t.erase {
		return p.T.Default
	}
	return p.Brush
}

func (t brush) Press(p *Painter, x, y int) {
	changes := map[int]int{}
	p.dab(changes, square(x, y, p.Size), t.value(p))
	p.Apply(p.T.Label, changes)
}

func (t brush) Drag(p *Painter, x, y int, start bool) {
	changes := p.Stroke()
	if p.View.Modifiers()&fyne.KeyModifierShift != 0 {
		// A straight line from where the stroke started.
		changes = map[int]int{}
		sx, sy := p.StrokeStart()
		for _, c := range LineCells(sx, sy, x, y) {
			p.dab(changes, square(c[0], c[1], p.Size), t.value(p))
		}
	} else {
		p.dab(changes, square(x, y, p.Size), t.value(p))
	}
	p.Preview(changes)
}

func (t brush) Release(p *Painter) { p.Commit() }

// rectangle paints the rectangle from where the drag started to the
// pointer; a click paints one cell.
type rectangle struct{}

func (rectangle) String() string                              { return "Rectangle" }
func (rectangle) Key() fyne.KeyName                           { return fyne.KeyR }
func (rectangle) Cursor(p *Painter, x, y int) image.Rectangle { return square(x, y, 1) }
func (rectangle) Release(p *Painter)                          { p.Commit() }

func (rectangle) Press(p *Painter, x, y int) {
	changes := map[int]int{}
	p.dab(changes, square(x, y, 1), p.Brush)
	p.Apply(p.T.Label, changes)
}

func (rectangle) Drag(p *Painter, x, y int, start bool) {
	w, _ := p.GridSize()
	sx, sy := p.StrokeStart()
	changes := map[int]int{}
	x0, x1 := min(sx, x), max(sx, x)
	y0, y1 := min(sy, y), max(sy, y)
	for cy := y0; cy <= y1; cy++ {
		for cx := x0; cx <= x1; cx++ {
			changes[cy*w+cx] = p.Brush
		}
	}
	p.Preview(changes)
}

// click is a tool that acts on the cell clicked, or on the cell a drag
// starts on (the rest of the drag does nothing). It holds a function, so
// its tools are pointers (comparable).
type click struct {
	name  string
	key   fyne.KeyName
	press func(p *Painter, x, y int)
}

func (t click) String() string                              { return t.name }
func (t click) Key() fyne.KeyName                           { return t.key }
func (t click) Cursor(p *Painter, x, y int) image.Rectangle { return square(x, y, 1) }
func (t click) Press(p *Painter, x, y int)                  { t.press(p, x, y) }
func (t click) Release(p *Painter)                          { p.Commit() }

func (t click) Drag(p *Painter, x, y int, start bool) {
	if start {
		p.Click(x, y)
	}
}

// selection selects the rectangle of cells dragged out (C copies it).
type selection struct{}

func (selection) String() string                              { return "Select" }
func (selection) Key() fyne.KeyName                           { return fyne.KeyS }
func (selection) Cursor(p *Painter, x, y int) image.Rectangle { return square(x, y, 1) }
func (selection) Press(p *Painter, x, y int)                  { p.View.SetSelection(square(x, y, 1)) }
func (selection) Release(p *Painter)                          { p.Commit() }
func (selection) Cancel(p *Painter)                           { p.View.SetSelection(image.Rectangle{}) }

func (selection) Drag(p *Painter, x, y int, start bool) {
	sx, sy := p.StrokeStart()
	p.View.SetSelection(image.Rect(min(sx, x), min(sy, y), max(sx, x)+1, max(sy, y)+1))
}

// square is the n×n square of cells centred on (x, y) (up and left of
// the centre when n is even).
func square(x, y, n int) image.Rectangle {
	x0, y0 := x-(n-1)/2, y-(n-1)/2
	return image.Rect(x0, y0, x0+n, y0+n)
}
