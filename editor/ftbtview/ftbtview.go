// Package ftbtview is the studio's editor of the war-chess game ftbt: the
// rules (terrains with their costs and colours, techs with a clickable
// target stencil and an area-effect preview, the limits and the computer
// player's constants) and levels (a terrain painter with the rules'
// terrains as palette, people placed and dragged on the map, a people
// form with AI settings and goals picked on the map, the intro text, the
// size and the rules the level is played with).
package ftbtview

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/ftbt"
)

func init() {
	editor.RegisterView(ftbt.KindRules, func(s *editor.Session, env editor.Env) editor.View { return NewRules(s, env) })
	editor.RegisterView(ftbt.KindLevel, func(s *editor.Session, env editor.Env) editor.View { return NewLevel(s, env) })
}

// sel returns i when it is a valid index of n items, else -1.
func sel(i, n int) int {
	if i >= 0 && i < n {
		return i
	}
	return -1
}

// uniqueName returns base followed by the first number that makes it a
// name not yet in names.
func uniqueName(base string, names []string) string {
	taken := map[string]bool{}
	for _, n := range names {
		taken[n] = true
	}
	for i := 1; ; i++ {
		if n := base + strconv.Itoa(i); !taken[n] {
			return n
		}
	}
}

// listWithForm lays out an item list beside its form.
func listWithForm(list, form fyne.CanvasObject, offset float64) fyne.CanvasObject {
	split := container.NewHSplit(list, form)
	split.SetOffset(offset)
	return split
}

// boundCheck is a check box showing a boolean of the model; ticking it is
// one undoable edit.
func boundCheck(b *forms.Binder, label string, load func() bool, set func(bool)) *widget.Check {
	c := widget.NewCheck(label, nil)
	reload := func() {
		if c.Checked != load() {
			c.SetChecked(load())
		}
	}
	c.OnChanged = func(on bool) {
		if b.Loading() || on == load() {
			return
		}
		b.S.Edit(changeLabel(label), func() { set(on) })
	}
	b.OnReload(reload)
	reload() // OnChanged ignores it: the value equals the model's
	return c
}

// changeLabel names an edit after the label of the widget that made it.
func changeLabel(label string) string {
	return "change " + strings.ToLower(strings.TrimSuffix(label, ":"))
}

// enable enables or disables widgets.
func enable(on bool, ws ...fyne.Disableable) {
	for _, w := range ws {
		if on {
			w.Enable()
		} else {
			w.Disable()
		}
	}
}

// paneShower is what the studio offers to show a pane of a document (the
// Env of a view is the studio).
type paneShower interface {
	ShowPane(s *editor.Session, prefix string) bool
}
