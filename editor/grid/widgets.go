package grid

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Env is what a map needs of the studio around it: its status line. When
// it also has MapKey and MapRune (the studio does), the keys and
// characters a map does not use go there (ForwardKey, ForwardRune).
type Env interface {
	// Status shows a short message in the status bar.
	Status(msg string)
}

// ForwardKey and ForwardRune are what a map widget that takes the focus
// (to receive keys itself) calls with the keys and characters it does not
// use, so that the tool and navigation keys work the same while it has
// the focus; they report whether the studio used them:
//
//	func (m *myMap) TypedKey(k *fyne.KeyEvent) {
//		if !m.handled(k) { grid.ForwardKey(m.env, k) }
//	}
//	func (m *myMap) TypedRune(r rune) { grid.ForwardRune(m.env, r) }
func ForwardKey(env Env, k *fyne.KeyEvent) bool {
	if f, ok := env.(interface{ MapKey(*fyne.KeyEvent) bool }); ok {
		return f.MapKey(k)
	}
	return false
}

// ForwardRune passes a typed character to the studio's tool and
// navigation keys (the tools' keys, Shift+F, 1, +, −).
func ForwardRune(env Env, r rune) bool {
	if f, ok := env.(interface{ MapRune(rune) bool }); ok {
		return f.MapRune(r)
	}
	return false
}

// KeyList is a widget.List that passes the characters typed while it has
// the focus to the studio's tool and navigation keys (ForwardRune), so
// that B, R, F, … still work after a click on a list beside a map (a
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
