package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// The studio's shell owns the keyboard: the main menu and the single keys
// typed while no text field has the focus. It hands what is about a map
// to the view of the selected tab through the two interfaces below, which
// a view implements when one of its panes shows a map. Each method is
// given the pane shown and reports whether that pane handled the command
// (false: the pane has no map, or no such tool), so that the shell can
// say so in the status bar.
//
//	B pencil · R rectangle · F fill · I picker · E eraser (the default terrain)
//	Escape cancels the drag in progress
//	arrows pan · F (on a pane without Fill) or Shift+F fit · 1 100% · + / − zoom

// Eraser paints a grid's default terrain (E); the other tools are in
// painter.go.
const Eraser = Picker + 1

var toolKeys = []struct {
	tool Tool
	key  fyne.KeyName
	name string
}{
	{Pencil, fyne.KeyB, "Pencil"},
	{Rectangle, fyne.KeyR, "Rectangle"},
	{Fill, fyne.KeyF, "Fill"},
	{Picker, fyne.KeyI, "Picker"},
	{Eraser, fyne.KeyE, "Eraser"},
}

// Tools lists every tool in menu order, with the key that selects it
// (as in Tiled): B pencil, R rectangle, F fill, I picker, E eraser.
func Tools() []Tool {
	out := make([]Tool, len(toolKeys))
	for i, k := range toolKeys {
		out[i] = k.tool
	}
	return out
}

// String names the tool as the Tools menu does.
func (t Tool) String() string {
	for _, k := range toolKeys {
		if k.tool == t {
			return k.name
		}
	}
	return "no tool"
}

// Key returns the key that selects the tool.
func (t Tool) Key() fyne.KeyName {
	for _, k := range toolKeys {
		if k.tool == t {
			return k.key
		}
	}
	return ""
}

// ToolForKey returns the tool a key selects.
func ToolForKey(key fyne.KeyName) (Tool, bool) {
	for _, k := range toolKeys {
		if k.key == key {
			return k.tool, true
		}
	}
	return -1, false
}

// MapTools is implemented by a view with painting tools on some of its
// panes. The studio calls it for the Tools menu and the tool keys.
type MapTools interface {
	// SetTool selects tool on pane and reports whether pane has it.
	SetTool(pane *container.TabItem, tool Tool) bool
	// CancelDrag cancels a drag in progress on pane (a stroke, a
	// rectangle, a move: nothing of it stays in the document) and reports
	// whether there was one.
	CancelDrag(pane *container.TabItem) bool
}

// MapClipboard is implemented by a view whose maps copy a selection as a
// stamp (Edit ▸ Copy and Paste, C and V on the map).
type MapClipboard interface {
	// CopySelection copies the cells selected on pane's map as the stamp
	// and takes it in hand; it reports whether there was a selection.
	CopySelection(pane *container.TabItem) bool
	// PasteStamp takes the copied stamp in hand again; it reports
	// whether there is one.
	PasteStamp(pane *container.TabItem) bool
}

// MapNavigator is implemented by a view with a map on some of its panes.
// The studio calls it for the View menu and the navigation keys.
type MapNavigator interface {
	// Fit zooms pane's map so that all of it shows.
	Fit(pane *container.TabItem) bool
	// ActualSize shows pane's map at 100%.
	ActualSize(pane *container.TabItem) bool
	// Zoom zooms pane's map in (in) or out by one step about its centre.
	Zoom(pane *container.TabItem, in bool) bool
	// Pan scrolls pane's map by dx, dy steps (an arrow key is one step).
	Pan(pane *container.TabItem, dx, dy int) bool
}

// ForwardKey and ForwardRune are what a map widget that takes the focus
// (to receive keys itself) calls with the keys and characters it does not
// use, so that the tool and navigation keys work the same while it has
// the focus; they report whether the studio used them:
//
//	func (m *myMap) TypedKey(k *fyne.KeyEvent) {
//		if !m.handled(k) { editor.ForwardKey(m.env, k) }
//	}
//	func (m *myMap) TypedRune(r rune) { editor.ForwardRune(m.env, r) }
func ForwardKey(env Env, k *fyne.KeyEvent) bool {
	if f, ok := env.(interface{ MapKey(*fyne.KeyEvent) bool }); ok {
		return f.MapKey(k)
	}
	return false
}

// ForwardRune passes a typed character to the studio's tool and
// navigation keys (B, R, F, I, E, Shift+F, 1, +, −).
func ForwardRune(env Env, r rune) bool {
	if f, ok := env.(interface{ MapRune(rune) bool }); ok {
		return f.MapRune(r)
	}
	return false
}

// KeyList is a widget.List that passes the characters typed while it has
// the focus to the studio's tool and navigation keys (editor.ForwardRune),
// so that B, R, F, … still work after a click on a list beside a map (a
// terrain palette); Space still selects, the arrows still walk the list.
type KeyList struct {
	widget.List
	env Env
}

// NewKeyList returns a KeyList as widget.NewList would make it.
func NewKeyList(env Env, length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *KeyList {
	l := &KeyList{env: env}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.ExtendBaseWidget(l)
	return l
}

// TypedRune implements fyne.Focusable.
func (l *KeyList) TypedRune(r rune) {
	if r == ' ' || !ForwardRune(l.env, r) {
		l.List.TypedRune(r)
	}
}

// MapSelect is a drop-down beside a map (its tools, its brush size) that
// leaves the keyboard to the map: once an option is chosen, with the
// pointer or the keyboard, the map has the focus again, so that the tool
// and navigation keys (B, R, F, the arrows) work at once; a character
// typed while the drop-down has the focus goes to the map too.
type MapSelect struct {
	widget.Select
	// Map is the widget the keys go to.
	Map fyne.Focusable
}

// NewMapSelect returns a MapSelect of options for the map m; changed is
// called with the option chosen.
func NewMapSelect(options []string, changed func(string), m fyne.Focusable) *MapSelect {
	s := &MapSelect{Map: m}
	s.Options = options
	s.PlaceHolder = "(Select one)"
	s.OnChanged = func(o string) {
		if changed != nil {
			changed(o)
		}
		s.giveBack()
	}
	s.ExtendBaseWidget(s)
	return s
}

// giveBack focuses the map when the drop-down has the focus.
func (s *MapSelect) giveBack() {
	if s.Map == nil || fyne.CurrentApp() == nil {
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(s); c != nil && c.Focused() == fyne.Focusable(s) {
		c.Focus(s.Map)
	}
}

// TypedRune implements fyne.Focusable: the character goes to the map.
func (s *MapSelect) TypedRune(r rune) {
	if s.Map != nil {
		s.Map.TypedRune(r)
	}
}

// TypedKey implements fyne.Focusable: Space and the arrows work the
// drop-down, the other keys go to the map.
func (s *MapSelect) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeySpace, fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight:
		s.Select.TypedKey(k)
	default:
		if s.Map != nil {
			s.Map.TypedKey(k)
		}
	}
}
