package grid

import (
	"fmt"
	"image"

	"fyne.io/fyne/v2"
)

// Tool is a painting tool: a value that says what it is called, which key
// selects it and what the pointer does with it on a Painter's grid. The
// painter calls it for every click and drag that is not placing a stamp
// (a copied selection in hand, or a view's Stamp).
//
// Every tool of every grid is listed once, in tools below: the tool bar's
// drop-down, the Tools menu, the tool keys (typed on the map or anywhere
// outside a text field), Help ▸ Keyboard and the keyboard table of
// docs/studio.md all read that list, so adding a tool is adding one value
// to it. A tool of one view's map alone (the ftbt level's person tool) is
// a value the view hands to its painter's drop-down (ToolSelect); it has
// no key.
type Tool interface {
	// String is the tool's name, as the tool bar and the Tools menu
	// show it ("Pencil").
	fmt.Stringer
	// Key is the key that selects the tool (those of Tiled: B, R, F …;
	// "" for a view's own tool, which has none).
	Key() fyne.KeyName
	// Cursor is what the tool previews under the pointer on cell (x, y):
	// the cells a click there would paint, outlined.
	Cursor(p *Painter, x, y int) image.Rectangle
	// Press is a click on cell (x, y).
	Press(p *Painter, x, y int)
	// Drag is the left button dragged over cell (x, y): start is true
	// for the cell the drag started on. A tool shows a stroke in progress
	// with Painter.Preview.
	Drag(p *Painter, x, y int, start bool)
	// Release ends a drag (Painter.Commit makes the stroke previewed one
	// undoable edit).
	Release(p *Painter)
}

// Canceler is a Tool with more to undo than its preview when Escape
// cancels a drag (the selection being drawn).
type Canceler interface {
	Cancel(p *Painter)
}

// Sized is a Tool that paints with the brush size ([ and ]); the painter
// says the size with its name ("Pencil 3×3").
type Sized interface {
	Sized() bool
}

// tools are the painting tools, in the order of the tool bar and the
// Tools menu.
var tools = []Tool{Pencil, Rectangle, Fill, Picker, Eraser, Select}

// Tools lists every tool in menu order.
func Tools() []Tool { return append([]Tool(nil), tools...) }

// ToolNames are the tools' names in menu order (the tool bar's options).
func ToolNames() []string {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.String()
	}
	return names
}

// ToolForKey returns the tool a key selects.
func ToolForKey(key fyne.KeyName) (Tool, bool) {
	for _, t := range tools {
		if t.Key() == key {
			return t, true
		}
	}
	return nil, false
}

// ToolNamed returns the tool of a name.
func ToolNamed(name string) (Tool, bool) {
	for _, t := range tools {
		if t.String() == name {
			return t, true
		}
	}
	return nil, false
}
