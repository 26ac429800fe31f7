// Package guitest helps headless studio tests drive widgets the way the
// real Fyne driver does.
package guitest

import (
	"slices"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// Drag moves the pointer from one position of obj to another in steps, as
// the real driver reports a drag: each event carries the current position
// and the distance since the previous event; DragEnd follows. (The test
// package's Drag sends one event at the start position instead.)
func Drag(obj fyne.Draggable, from, to fyne.Position, steps int) {
	if steps < 1 {
		steps = 1
	}
	prev := from
	for i := 1; i <= steps; i++ {
		f := float32(i) / float32(steps)
		cur := fyne.NewPos(from.X+(to.X-from.X)*f, from.Y+(to.Y-from.Y)*f)
		obj.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: cur}, Dragged: fyne.NewDelta(cur.X-prev.X, cur.Y-prev.Y)})
		prev = cur
	}
	obj.DragEnd()
}

// Tap clicks obj at a position.
func Tap(obj fyne.Tappable, at fyne.Position) {
	obj.Tapped(&fyne.PointEvent{Position: at})
}

// Button finds the button with the given text under root (after laying it
// out) and taps it; it reports whether there was one.
func Button(root fyne.CanvasObject, text string) bool {
	for _, o := range test.LaidOutObjects(root) {
		if b, ok := o.(*widget.Button); ok && b.Text == text && !b.Disabled() {
			test.Tap(b)
			return true
		}
	}
	return false
}

// TableCell returns the object the table shows at a cell, made and bound
// by the table's own CreateCell and UpdateCell (what the table does for a
// visible cell).
func TableCell(t *widget.Table, row, col int) fyne.CanvasObject {
	o := t.CreateCell()
	t.UpdateCell(widget.TableCellID{Row: row, Col: col}, o)
	return o
}

// Click presses and releases the primary button on obj at a position and
// taps it, in the order the real driver does (MouseDown, MouseUp, Tapped).
func Click(obj fyne.Tappable, at fyne.Position) {
	ev := &desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: at}, Button: desktop.MouseButtonPrimary}
	if m, ok := obj.(desktop.Mouseable); ok {
		m.MouseDown(ev)
		m.MouseUp(ev)
	}
	obj.Tapped(&ev.PointEvent)
}

// ScrollAt turns the wheel over obj at a position, as the real driver
// reports it (test.Scroll leaves the position out). dy > 0 is a notch
// up; the driver turns Shift+wheel into dx.
func ScrollAt(obj fyne.Scrollable, at fyne.Position, dx, dy float32) {
	obj.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: at}, Scrolled: fyne.NewDelta(dx, dy)})
}

// shared is the test binary's one Fyne test app (see App).
var shared = sync.OnceValue(test.NewApp)

// App returns the test binary's one Fyne test app for t, as
// test.NewTempApp would return a new one: its preferences and clipboard
// empty, the current app, and the windows opened during t closed when t
// ends. Every test.NewApp empties Fyne's font cache, and the studio's
// Chinese font (4 MB) then takes a fifth of a second of CPU to read
// again, with as much again in garbage collection: one app spares each
// test of a package that. A test that needs an app of its own (another
// theme, scale or driver) keeps test.NewTempApp.
func App(t testing.TB) fyne.App {
	t.Helper()
	a := shared()
	fyne.SetCurrentApp(a)
	if p, ok := a.Preferences().(interface{ WriteValues(func(map[string]any)) }); ok {
		p.WriteValues(func(m map[string]any) { clear(m) })
	} else {
		t.Fatalf("the test app's preferences (%T) cannot be emptied", a.Preferences())
	}
	a.Clipboard().SetContent("")
	open := map[fyne.Window]bool{}
	for _, w := range a.Driver().AllWindows() {
		open[w] = true
	}
	t.Cleanup(func() {
		// A copy: the test driver hands out its own list, which Close edits.
		for _, w := range slices.Clone(a.Driver().AllWindows()) {
			if !open[w] {
				w.Close()
			}
		}
	})
	return a
}
