package editor

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/grid"
)

// mapPane returns the selected tab and the pane it shows (nil, nil when
// no document is open).
func (st *Studio) mapPane() (*docTab, *container.TabItem) {
	t := st.current()
	if t == nil {
		return nil, nil
	}
	return t, t.panes.Selected()
}

// SelectTool selects a painting tool on the pane shown (the Tools menu,
// the tool's key) and reports whether the pane has it.
func (st *Studio) SelectTool(tool grid.Tool) bool {
	ok := st.setTool(tool)
	if ok {
		st.Status("Tool: " + tool.String())
	} else if _, pane := st.mapPane(); pane != nil {
		st.Status(fmt.Sprintf("%s: the pane %q has no such tool", tool, pane.Text))
	}
	return ok
}

// setTool selects a tool on the pane shown, saying nothing, and reports
// whether the pane has it.
func (st *Studio) setTool(tool grid.Tool) bool {
	t, pane := st.mapPane()
	if t == nil {
		return false
	}
	if mt, is := t.view.(MapTools); is {
		return mt.SetTool(pane, tool)
	}
	return paneGrid(pane).setTool(tool)
}

// Copy is Edit ▸ Copy (Ctrl+C): the selected text of the focused text
// field, or else the selection of the map on the pane shown, as a stamp.
func (st *Studio) Copy() {
	st.clipboardCommand(&fyne.ShortcutCopy{Clipboard: st.app.Clipboard()}, "Copy",
		MapClipboard.CopySelection, "in a text field it copies the text; on a map, select cells first (S, then drag)")
}

// Paste is Edit ▸ Paste (Ctrl+V): the clipboard's text into the focused
// text field, or else the copied stamp in hand again on the map.
func (st *Studio) Paste() {
	st.clipboardCommand(&fyne.ShortcutPaste{Clipboard: st.app.Clipboard()}, "Paste",
		MapClipboard.PasteStamp, "in a text field it pastes the clipboard; on a map, copy a selection first")
}

// clipboardCommand gives sc to the focused widget when it handles
// shortcuts (a text field: the desktop driver runs the menu's command
// before the widget sees the keys), and otherwise runs onMap on the pane
// shown, saying why when it did nothing.
func (st *Studio) clipboardCommand(sc fyne.Shortcut, what string, onMap func(MapClipboard, *container.TabItem) bool, hint string) {
	if f, ok := st.win.Canvas().Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(sc)
		return
	}
	t, pane := st.mapPane()
	if t == nil {
		return
	}
	mc, ok := t.view.(MapClipboard)
	switch {
	case !ok || !onMap(mc, pane):
		st.Status(fmt.Sprintf("%s: nothing to %s on the pane %q — %s", what, strings.ToLower(what), pane.Text, hint))
	case what == "Copy":
		st.Status("Copied the selection: each click places it (Z rotates, X mirrors, Escape puts it down)")
	default:
		st.Status("Stamp in hand: each click places it")
	}
}

// cancelDrag cancels the drag in progress on the pane shown (Escape).
func (st *Studio) cancelDrag() bool {
	t, pane := st.mapPane()
	if t == nil {
		return false
	}
	before := st.StatusText()
	if mt, is := t.view.(MapTools); is && mt.CancelDrag(pane) {
		if st.StatusText() == before {
			st.Status("Cancelled")
		}
		return true
	}
	return false
}

// navigate runs a View menu command on the pane shown.
func (st *Studio) navigate(what string, f func(MapNavigator, *container.TabItem) bool) bool {
	t, pane := st.mapPane()
	if t == nil {
		return false
	}
	ok := false
	if n, is := t.view.(MapNavigator); is {
		ok = f(n, pane)
	} else {
		ok = f(paneGrid(pane), pane)
	}
	if !ok {
		st.Status(fmt.Sprintf("%s: the pane %q shows no map", what, pane.Text))
	}
	return ok
}

func (st *Studio) zoom(in bool) bool {
	return st.navigate("Zoom", func(n MapNavigator, p *container.TabItem) bool { return n.Zoom(p, in) })
}

func (st *Studio) pan(dx, dy int) bool {
	return st.navigate("Pan", func(n MapNavigator, p *container.TabItem) bool { return n.Pan(p, dx, dy) })
}

// MapKey handles a key typed while no text field has the focus (the
// window's key handler; focused map widgets call it through ForwardKey):
// Escape cancels a drag, the arrows pan, F1 shows the keyboard.
func (st *Studio) MapKey(k *fyne.KeyEvent) bool {
	if top := st.win.Canvas().Overlays().Top(); top != nil {
		// A dialog is shown: the keys are its own, never the map's.
		dialogKey(top, k)
		return true
	}
	switch k.Name {
	case fyne.KeyEscape:
		return st.cancelDrag()
	case fyne.KeyLeft:
		return st.pan(-1, 0)
	case fyne.KeyRight:
		return st.pan(1, 0)
	case fyne.KeyUp:
		return st.pan(0, -1)
	case fyne.KeyDown:
		return st.pan(0, 1)
	case fyne.KeyF1:
		st.ShowKeyboardHelp()
		return true
	}
	return false
}

// MapRune handles a character typed while no text field has the focus:
// the tool keys, Shift+F (and F on a pane without Fill) fit, 1 100%, + and
// − zoom.
func (st *Studio) MapRune(r rune) bool {
	if st.win.Canvas().Overlays().Top() != nil {
		return true // a dialog is shown: typing there never reaches the map
	}
	switch r {
	case 'F':
		return st.navigate("Fit", MapNavigator.Fit)
	case 'f':
		// Fill where the pane has it, else Fit (the mbg board).
		if st.setTool(grid.Fill) {
			st.Status("Tool: " + grid.Fill.String())
			return true
		}
		if st.navigate("Fit", MapNavigator.Fit) {
			st.Status("Fit: the whole map shows")
			return true
		}
		return false
	case '1':
		return st.navigate("100%", MapNavigator.ActualSize)
	case '+', '=':
		return st.zoom(true)
	case '-':
		return st.zoom(false)
	}
	if tool, ok := grid.ToolForKey(fyne.KeyName(strings.ToUpper(string(r)))); ok {
		return st.SelectTool(tool)
	}
	return false
}

// DialogKeys makes the keys typed in win while a dialog is shown over it
// (and none of its fields has the focus) the dialog's: Return presses its
// default button, Escape its Cancel (see dialogKey). Other keys go to
// other (nil: nowhere). The studio's own window does the same in MapKey.
func DialogKeys(win fyne.Window, other func(*fyne.KeyEvent)) {
	win.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) {
		if top := win.Canvas().Overlays().Top(); top != nil {
			dialogKey(top, k)
			return
		}
		if other != nil {
			other(k)
		}
	})
}

// dialogKey handles a key typed while the dialog top is shown and none
// of its fields has the focus: Return presses its default button (the
// highlighted one, or its only one), Escape its Cancel, No or Close button
// (or its only one); Escape closes a pop-up without buttons.
func dialogKey(top fyne.CanvasObject, k *fyne.KeyEvent) {
	var buttons, defaults []*widget.Button
	var cancel *widget.Button
	walk(top, func(o fyne.CanvasObject) {
		b, ok := o.(*widget.Button)
		if !ok || b.Disabled() || !shownIn(top, b) || b.OnTapped == nil {
			return
		}
		buttons = append(buttons, b)
		if b.Importance == widget.HighImportance {
			defaults = append(defaults, b)
		}
		if cancel == nil && slices.Contains([]string{"Cancel", "No", "Close"}, b.Text) {
			cancel = b
		}
	})
	press := func(b *widget.Button) { b.Tapped(&fyne.PointEvent{}) }
	switch k.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		switch {
		case len(defaults) == 1:
			press(defaults[0])
		case len(buttons) == 1:
			press(buttons[0])
		}
	case fyne.KeyEscape:
		switch {
		case len(buttons) == 1:
			press(buttons[0])
		case cancel != nil:
			press(cancel)
		case len(buttons) == 0:
			top.Hide()
		}
	}
}

// shownIn reports whether o and every container between top and o are
// visible.
func shownIn(top, o fyne.CanvasObject) bool {
	var path []fyne.CanvasObject
	var find func(n fyne.CanvasObject) bool
	find = func(n fyne.CanvasObject) bool {
		path = append(path, n)
		if n == o {
			return true
		}
		found := false
		walkChildren(n, func(c fyne.CanvasObject) {
			if !found && find(c) {
				found = true
			}
		})
		if !found {
			path = path[:len(path)-1]
		}
		return found
	}
	if !find(top) {
		return false
	}
	for _, n := range path {
		if !n.Visible() {
			return false
		}
	}
	return true
}

// gridPane drives the grid painter a pane shows through its exported
// controls, for views that do not implement MapTools or MapNavigator
// themselves.
type gridPane struct {
	grid  *grid.GridView
	tools *widget.RadioGroup
}

// paneGrid finds the grid view and the tool chooser pane shows.
func paneGrid(pane *container.TabItem) gridPane {
	var g gridPane
	if pane == nil {
		return g
	}
	walk(pane.Content, func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *grid.GridView:
			if g.grid == nil {
				g.grid = w
			}
		case *widget.RadioGroup:
			names := grid.ToolNames()
			if g.tools == nil && len(w.Options) >= len(names) && slices.Equal(w.Options[:len(names)], names) {
				g.tools = w
			}
		}
	})
	return g
}

func (g gridPane) setTool(t grid.Tool) bool {
	if g.tools == nil || t == nil {
		return false
	}
	g.tools.SetSelected(t.String())
	return true
}

func (g gridPane) Fit(*container.TabItem) bool {
	if g.grid == nil {
		return false
	}
	g.grid.Fit()
	return true
}

func (g gridPane) ActualSize(*container.TabItem) bool {
	if g.grid == nil {
		return false
	}
	g.grid.ZoomAt(centre(g.grid), 16/g.grid.Zoom)
	return true
}

func (g gridPane) Zoom(_ *container.TabItem, in bool) bool {
	if g.grid == nil {
		return false
	}
	f := 0.8
	if in {
		f = 1.25
	}
	g.grid.ZoomAt(centre(g.grid), f)
	return true
}

func (g gridPane) Pan(_ *container.TabItem, dx, dy int) bool {
	if g.grid == nil {
		return false
	}
	g.grid.Pan(dx, dy)
	return true
}

// centre is the middle of a grid view, in its own units.
func centre(g *grid.GridView) fyne.Position {
	s := g.Size()
	return fyne.NewPos(s.Width/2, s.Height/2)
}

// walk calls f on every object of tree (the contents of every pane,
// split, scroll and form under it).
func walk(tree fyne.CanvasObject, f func(fyne.CanvasObject)) {
	if tree == nil {
		return
	}
	f(tree)
	walkChildren(tree, func(c fyne.CanvasObject) { walk(c, f) })
}

// walkChildren calls f on each object directly under o (a container's
// objects, the content of a scroll, split, tab, form, card or pop-up).
func walkChildren(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	switch c := o.(type) {
	case *fyne.Container:
		for _, child := range c.Objects {
			f(child)
		}
	case *container.Scroll:
		f(c.Content)
	case *container.Split:
		f(c.Leading)
		f(c.Trailing)
	case *container.AppTabs:
		for _, item := range c.Items {
			f(item.Content)
		}
	case *container.DocTabs:
		for _, item := range c.Items {
			f(item.Content)
		}
	case *widget.Form:
		for _, item := range c.Items {
			f(item.Widget)
		}
	case *widget.Card:
		f(c.Content)
	case *widget.PopUp:
		f(c.Content)
	}
}

// dialogEntry is a text field of a dialog whose Escape closes the dialog
// (a field with the focus gets the keys, and widget.Entry does nothing
// with Escape).
type dialogEntry struct {
	widget.Entry
	onEscape func()
}

func newDialogEntry(onEscape func()) *dialogEntry {
	e := &dialogEntry{onEscape: onEscape}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey implements fyne.Focusable.
func (e *dialogEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && e.onEscape != nil {
		e.onEscape()
		return
	}
	e.Entry.TypedKey(k)
}
