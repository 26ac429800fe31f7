package editor

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// KeyBinding is one line of Help ▸ Keyboard: the keys and what they do.
type KeyBinding struct {
	Keys, Does string
}

// moreKeys are the keys that are not menu commands.
var moreKeys = []KeyBinding{
	{"Arrow keys", "pan the map (no text field focused)"},
	{"Ctrl+Z in a text field", "undo the typing in the field first, then the document"},
	{"Escape in a text field", "put the document's value back"},
	{"Enter or Tab in a text field", "commit the value typed (so does any command above)"},
}

// KeyBindings lists every shortcut of the studio: each menu command with
// its shortcut, in menu order, then the keys that are not commands.
func (st *Studio) KeyBindings() []KeyBinding {
	var out []KeyBinding
	var visit func(menu string, items []*fyne.MenuItem)
	visit = func(menu string, items []*fyne.MenuItem) {
		for _, i := range items {
			if i.ChildMenu != nil {
				visit(menu+" ▸ "+i.Label, i.ChildMenu.Items)
			}
			if i.Shortcut != nil {
				out = append(out, KeyBinding{ShortcutText(i.Shortcut), menu + " ▸ " + strings.TrimSuffix(i.Label, "…")})
			}
		}
	}
	for _, m := range st.win.MainMenu().Items {
		visit(m.Label, m.Items)
	}
	return append(out, moreKeys...)
}

// ShortcutText writes a shortcut as docs/studio.md and Help ▸ Keyboard do:
// "Ctrl+Shift+S", "B", "Shift+F".
func ShortcutText(s fyne.Shortcut) string {
	ks, ok := s.(fyne.KeyboardShortcut)
	if !ok {
		return s.ShortcutName()
	}
	var b strings.Builder
	mod := ks.Mod()
	if mod&(fyne.KeyModifierControl|fyne.KeyModifierSuper) != 0 {
		b.WriteString("Ctrl+")
	}
	if mod&fyne.KeyModifierAlt != 0 {
		b.WriteString("Alt+")
	}
	if mod&fyne.KeyModifierShift != 0 {
		b.WriteString("Shift+")
	}
	name := string(ks.Key())
	switch ks.Key() {
	case fyne.KeyPlus:
		name = "+"
	case fyne.KeyMinus:
		name = "−"
	}
	b.WriteString(name)
	return b.String()
}

// ShowKeyboardHelp shows every shortcut (Help ▸ Keyboard, F1).
func (st *Studio) ShowKeyboardHelp() {
	keys := st.KeyBindings()
	table := widget.NewTable(
		func() (int, int) { return len(keys), 2 },
		func() fyne.CanvasObject { return widget.NewLabel("Ctrl+Shift+Tab") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			k := keys[id.Row]
			if id.Col == 0 {
				o.(*widget.Label).SetText(k.Keys)
			} else {
				o.(*widget.Label).SetText(k.Does)
			}
		})
	table.SetColumnWidth(0, 220)
	table.SetColumnWidth(1, 460)
	d := dialog.NewCustom("Keyboard", "Close", container.NewStack(table), st.win)
	d.Resize(fyne.NewSize(720, 560))
	d.Show()
}
