package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/shapan/shapan/editor/grid"
)

// The studio's commands are all in its main menu, with their shortcuts
// shown beside them; the menu is the one place a shortcut is bound (the
// desktop driver runs a menu item's action when its shortcut is pressed,
// before the focused widget sees it). Help ▸ Keyboard lists the same
// table, and the keyboard table of docs/studio.md is tested against it.

func ctrl(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
}

func ctrlShift(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
}

// key is a single key typed while no text field has the focus; the menu
// shows it, the window's key handlers run it.
func key(k fyne.KeyName) fyne.Shortcut { return &desktop.CustomShortcut{KeyName: k} }

func item(label string, sc fyne.Shortcut, action func()) *fyne.MenuItem {
	i := fyne.NewMenuItem(label, action)
	i.Shortcut = sc
	return i
}

func (st *Studio) menu() *fyne.MainMenu {
	newItem := fyne.NewMenuItem("New…", st.NewDialog)
	newItem.Shortcut = ctrl(fyne.KeyN)
	recent := fyne.NewMenuItem("Open Recent", nil)
	recent.ChildMenu = fyne.NewMenu("")
	for _, p := range st.recentFiles() {
		recent.ChildMenu.Items = append(recent.ChildMenu.Items, fyne.NewMenuItem(p, func() { st.openReporting(p) }))
	}
	export := fyne.NewMenuItem("Export", nil)
	export.ChildMenu = fyne.NewMenu("",
		item("The game's format…", ctrl(fyne.KeyE), st.ExportDialog),
		item("Tiled map…", nil, st.ExportTiledDialog))
	st.docItems = append([]*fyne.MenuItem{export}, export.ChildMenu.Items...)
	quit := item("Quit", ctrl(fyne.KeyQ), st.Quit)
	quit.IsQuit = true
	file := fyne.NewMenu("File",
		newItem,
		item("Open…", ctrl(fyne.KeyO), st.OpenDialog),
		recent,
		item("Reload from disk", ctrl(fyne.KeyR), st.reloadCurrent),
		fyne.NewMenuItemSeparator(),
		item("Save", ctrl(fyne.KeyS), st.Save),
		item("Save As…", ctrlShift(fyne.KeyS), st.SaveAsDialog),
		export,
		fyne.NewMenuItemSeparator(),
		item("Close", ctrl(fyne.KeyW), st.CloseCurrent),
		quit,
	)
	edit := fyne.NewMenu("Edit",
		item("Undo", &fyne.ShortcutUndo{}, st.Undo),
		item("Redo", &fyne.ShortcutRedo{}, st.Redo),
		item("Redo (as in Tiled)", ctrlShift(fyne.KeyZ), st.Redo),
		fyne.NewMenuItemSeparator(),
		item("Copy", &fyne.ShortcutCopy{}, st.Copy),
		item("Paste", &fyne.ShortcutPaste{}, st.Paste),
	)
	view := fyne.NewMenu("View",
		item("Fit", &desktop.CustomShortcut{KeyName: fyne.KeyF, Modifier: fyne.KeyModifierShift}, func() { st.navigate("Fit", MapNavigator.Fit) }),
		item("Actual size (100%)", key(fyne.Key1), func() { st.navigate("100%", MapNavigator.ActualSize) }),
		item("Zoom in", key(fyne.KeyPlus), func() { st.zoom(true) }),
		item("Zoom out", key(fyne.KeyMinus), func() { st.zoom(false) }),
		fyne.NewMenuItemSeparator(),
		item("Next document", ctrl(fyne.KeyTab), func() { st.cycleTab(1) }),
		item("Previous document", ctrlShift(fyne.KeyTab), func() { st.cycleTab(-1) }),
		item("Problems panel", ctrlShift(fyne.KeyM), st.focusProblems),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Side colours…", st.ShowSideColours),
	)
	tools := fyne.NewMenu("Tools")
	for _, t := range grid.Tools() {
		tools.Items = append(tools.Items, item(t.String(), key(t.Key()), func() { st.SelectTool(t) }))
	}
	tools.Items = append(tools.Items, item("Cancel the drag", key(fyne.KeyEscape), func() { st.cancelDrag() }))
	playMenu := fyne.NewMenu("Play",
		item("Play…", ctrl(fyne.KeyP), st.Play),
		fyne.NewMenuItem("Host on the network…", st.Host),
		item("Balance…", ctrl(fyne.KeyB), st.Balance),
	)
	help := fyne.NewMenu("Help",
		item("Keyboard", key(fyne.KeyF1), st.ShowKeyboardHelp),
		fyne.NewMenuItem("About Shapan", st.ShowAbout),
	)
	return fyne.NewMainMenu(file, edit, view, tools, playMenu, help)
}

// openReporting opens path, showing an error when it does not open.
func (st *Studio) openReporting(path string) {
	if _, err := st.Open(path); err != nil {
		dialog.ShowError(err, st.win)
	}
}

// reloadCurrent reloads the current document from its file.
func (st *Studio) reloadCurrent() {
	if s := st.Current(); s != nil {
		st.ReloadFromDisk(s)
	}
}

// cycleTab selects the next (step 1) or previous (−1) document tab.
func (st *Studio) cycleTab(step int) {
	n := len(st.tabs.Items)
	if n == 0 {
		return
	}
	i := st.tabs.SelectedIndex()
	st.tabs.SelectIndex(((i+step)%n + n) % n)
}

// focusProblems gives the keyboard focus to the Problems panel of the
// current document (Up and Down then walk it, Enter shows a problem).
func (st *Studio) focusProblems() {
	if t := st.current(); t != nil {
		st.win.Canvas().Focus(t.problems.List())
	}
}
