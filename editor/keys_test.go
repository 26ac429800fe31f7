package editor_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/ftbtview"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/guitest"
)

// press presses mod+key as Fyne's desktop driver delivers it: Ctrl+Z and
// Ctrl+Y become the standard fyne.ShortcutUndo and ShortcutRedo (Ctrl+A
// ShortcutSelectAll), anything else with Ctrl a desktop.CustomShortcut;
// the main menu's item with that shortcut runs first, else the focused
// widget gets it, else the window.
func press(st *editor.Studio, mod fyne.KeyModifier, key fyne.KeyName) {
	var sc fyne.Shortcut = &desktop.CustomShortcut{KeyName: key, Modifier: mod}
	if mod == fyne.KeyModifierShortcutDefault {
		switch key {
		case fyne.KeyZ:
			sc = &fyne.ShortcutUndo{}
		case fyne.KeyY:
			sc = &fyne.ShortcutRedo{}
		case fyne.KeyA:
			sc = &fyne.ShortcutSelectAll{}
		case fyne.KeyC:
			sc = &fyne.ShortcutCopy{Clipboard: st.App().Clipboard()}
		case fyne.KeyV:
			sc = &fyne.ShortcutPaste{Clipboard: st.App().Clipboard()}
		}
	}
	if menuAction(st.Window().MainMenu().Items, sc) {
		return
	}
	c := st.Window().Canvas()
	if f, ok := c.Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(sc)
		return
	}
	c.(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(sc)
}

func menuAction(menus []*fyne.Menu, sc fyne.Shortcut) bool {
	for _, m := range menus {
		for _, i := range m.Items {
			if i.Shortcut != nil && i.Shortcut.ShortcutName() == sc.ShortcutName() && i.Action != nil {
				i.Action()
				return true
			}
			if i.ChildMenu != nil && menuAction([]*fyne.Menu{i.ChildMenu}, sc) {
				return true
			}
		}
	}
	return false
}

// typeKey types a key that is not a character (Escape, the arrows) as
// the driver does: to the focused widget, else to the window.
func typeKey(st *editor.Studio, key fyne.KeyName) {
	c := st.Window().Canvas()
	ev := &fyne.KeyEvent{Name: key}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
		return
	}
	c.OnTypedKey()(ev)
}

// typeText types characters as the driver does: to the focused widget,
// else to the window (test.TypeOnCanvas always gives them to the window).
func typeText(st *editor.Studio, text string) {
	c := st.Window().Canvas()
	for _, r := range text {
		if f := c.Focused(); f != nil {
			f.TypedRune(r)
		} else {
			c.OnTypedRune()(r)
		}
	}
}

// TestMainMenuHasEveryCommandWithItsShortcut checks the menu bar: File,
// Edit, View, Tools, Play and Help, every command with its shortcut
// shown, the standard Undo and Redo shortcuts among them.
func TestMainMenuHasEveryCommandWithItsShortcut(t *testing.T) {
	st, _ := newStudio(t)
	var menus []string
	for _, m := range st.Window().MainMenu().Items {
		menus = append(menus, m.Label)
	}
	if want := []string{"File", "Edit", "View", "Tools", "Play", "Help"}; !slices.Equal(menus, want) {
		t.Fatalf("menus %v, want %v", menus, want)
	}
	want := map[string]string{
		"File ▸ New": "Ctrl+N", "File ▸ Open": "Ctrl+O", "File ▸ Save": "Ctrl+S", "File ▸ Save As": "Ctrl+Shift+S",
		"File ▸ Export ▸ The game's format": "Ctrl+E", "File ▸ Close": "Ctrl+W", "File ▸ Quit": "Ctrl+Q",
		"File ▸ Reload from disk": "Ctrl+R",
		"Edit ▸ Undo":             "Ctrl+Z", "Edit ▸ Redo": "Ctrl+Y", "Edit ▸ Redo (as in Tiled)": "Ctrl+Shift+Z",
		"View ▸ Fit": "Shift+F", "View ▸ Actual size (100%)": "1", "View ▸ Zoom in": "+", "View ▸ Zoom out": "−",
		"Tools ▸ Pencil": "B", "Tools ▸ Rectangle": "R", "Tools ▸ Fill": "F", "Tools ▸ Picker": "I", "Tools ▸ Eraser": "E",
		"Tools ▸ Cancel the drag": "Escape", "Play ▸ Play": "Ctrl+P", "Play ▸ Balance": "Ctrl+B", "Help ▸ Keyboard": "F1",
	}
	got := map[string]string{}
	for _, k := range st.KeyBindings() {
		got[k.Does] = k.Keys
	}
	for does, keys := range want {
		if got[does] != keys {
			t.Errorf("%s: shortcut %q, want %q", does, got[does], keys)
		}
	}
	undo := findMenuItem(st.Window().MainMenu(), "Edit", "Undo")
	if _, ok := undo.Shortcut.(*fyne.ShortcutUndo); !ok {
		t.Errorf("Edit ▸ Undo is bound to %T, not the standard fyne.ShortcutUndo the driver sends for Ctrl+Z", undo.Shortcut)
	}
}

// TestManualKeyboardTableIsTheWindows compares the studio manual's
// keyboard table (docs/studio.md) with Help ▸ Keyboard, line for line.
func TestManualKeyboardTableIsTheWindows(t *testing.T) {
	data, err := os.ReadFile("../docs/studio.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, "## Keyboard")
	if start < 0 {
		t.Fatal("docs/studio.md has no Keyboard section")
	}
	row := regexp.MustCompile(`(?m)^\| (.+?) \| (.+?) \|$`)
	var readme []string
	section := text[start+3:]
	if end := strings.Index(section, "\n#"); end >= 0 {
		section = section[:end]
	}
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		if m[1] != "Keys" && !strings.HasPrefix(m[1], "---") {
			readme = append(readme, strings.ReplaceAll(m[1], "`", "")+" = "+m[2])
		}
	}
	st, _ := newStudio(t)
	var window []string
	for _, k := range st.KeyBindings() {
		window = append(window, k.Keys+" = "+k.Does)
	}
	if !slices.Equal(readme, window) {
		t.Errorf("docs/studio.md's keyboard table:\n%s\nHelp ▸ Keyboard:\n%s", strings.Join(readme, "\n"), strings.Join(window, "\n"))
	}
}

// TestUndoInAFieldUndoesTheTypingFirst types into a focused cell and
// presses the standard Ctrl+Z: the typing is undone, the document is not;
// pressed again, Ctrl+Z undoes the document's last edit, and Ctrl+Y and
// Ctrl+Shift+Z redo it; outside a field Ctrl+Z undoes the document.
func TestUndoInAFieldUndoesTheTypingFirst(t *testing.T) {
	st, s, _ := openSampleCopy(t, "mbg/赤壁.yaml")
	st.ShowPane(s, "Officers")
	wu := func(i int) float32 { return s.Model().(*mbg.Scenario).Officers[i].Props[0] }
	retype(st, field(t, st, "ability wu of 曹操"), "55")
	st.Window().Canvas().Unfocus()
	if wu(0) != 55 {
		t.Fatalf("the value typed was not committed: %v", wu(0))
	}
	cell := field(t, st, "ability wu of 张辽")
	st.Window().Canvas().Focus(cell)
	typeKey(st, fyne.KeyEnd)
	typeText(st, "1")
	if cell.Text != "921" || !s.Dirty() {
		t.Fatalf("typing: cell %q, dirty %v", cell.Text, s.Dirty())
	}
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyZ)
	if cell.Text != "92" || wu(0) != 55 || wu(1) != 92 {
		t.Fatalf("Ctrl+Z in the field: cell %q, wu of 曹操 %v; want the typing undone (92) and the document as it was (55)", cell.Text, wu(0))
	}
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyZ)
	if wu(0) != 72 || cell.Text != "92" || s.CanUndo() {
		t.Fatalf("Ctrl+Z again: wu of 曹操 %v, cell %q; want the document's edit undone (72)", wu(0), cell.Text)
	}
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyY)
	if wu(0) != 55 {
		t.Fatalf("Ctrl+Y: wu of 曹操 %v, want 55", wu(0))
	}
	st.Window().Canvas().Unfocus()
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyZ)
	if wu(0) != 72 {
		t.Fatalf("Ctrl+Z outside a field: wu of 曹操 %v, want 72", wu(0))
	}
	press(st, fyne.KeyModifierShortcutDefault|fyne.KeyModifierShift, fyne.KeyZ)
	if wu(0) != 55 {
		t.Fatalf("Ctrl+Shift+Z: wu of 曹操 %v, want 55", wu(0))
	}
}

// TestToolKeysReachTheMapPane types B, R, F, I on an ftbt level's map:
// each selects its tool; typed in a text field, they are text.
func TestToolKeysReachTheMapPane(t *testing.T) {
	st, s, _ := openSampleCopy(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
	st.ShowPane(s, "Map")
	v := st.ViewOf(s).(*ftbtview.LevelView)
	for _, k := range []struct {
		r    string
		tool grid.Tool
	}{{"r", grid.Rectangle}, {"f", grid.Fill}, {"i", grid.Picker}, {"b", grid.Pencil}} {
		typeText(st, k.r)
		if v.Painter.Tool != k.tool {
			t.Errorf("typing %s selected %v, not %v (status %q)", k.r, v.Painter.Tool, k.tool, st.StatusText())
		}
	}
}

// TestCtrlCAndCtrlVOnTheMap selects cells of an ftbt level's map with S
// and a drag: Ctrl+C copies them as a stamp that each click places;
// Escape puts it down, Ctrl+V takes it again. C and V still do the same.
func TestCtrlCAndCtrlVOnTheMap(t *testing.T) {
	st, s, _ := openSampleCopy(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
	st.ShowPane(s, "Map")
	v := st.ViewOf(s).(*ftbtview.LevelView)
	g := v.Painter.View
	l := s.Model().(*ftbt.Level)
	for i, val := range []int{1, 2, 3, 4, 5, 6} {
		l.Terrain.Set((1+i/3)*l.W+1+i%3, val)
	}
	cells := func(x0, y0 int) []int {
		return append(l.Terrain.Ints(y0*l.W+x0, y0*l.W+x0+3), l.Terrain.Ints((y0+1)*l.W+x0, (y0+1)*l.W+x0+3)...)
	}
	stamp := []int{1, 2, 3, 4, 5, 6}
	st.Window().Canvas().Focus(g) // what a click on the map does
	typeText(st, "s")
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyC)
	if !strings.HasPrefix(st.StatusText(), "Copy: nothing to copy") {
		t.Fatalf("Ctrl+C with nothing selected says %q", st.StatusText())
	}
	guitest.Drag(g, g.CellCentre(1, 1), g.CellCentre(3, 2), 3)
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyC)
	if c := v.Painter.Clip(); c == nil || !slices.Equal(c.Values, stamp) {
		t.Fatalf("Ctrl+C copied %+v (status %q)", c, st.StatusText())
	}
	guitest.Click(g, g.CellCentre(11, 11))
	if got := cells(10, 11); !slices.Equal(got, stamp) {
		t.Fatalf("the stamp copied with Ctrl+C placed %v", got)
	}
	typeKey(st, fyne.KeyEscape)
	before := cells(20, 11)
	v.Painter.SetTool(grid.Picker)
	guitest.Click(g, g.CellCentre(21, 11))
	if got := cells(20, 11); !slices.Equal(got, before) {
		t.Fatalf("after Escape a click still placed the stamp: %v", got)
	}
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyV)
	guitest.Click(g, g.CellCentre(21, 11))
	if got := cells(20, 11); !slices.Equal(got, stamp) {
		t.Fatalf("the stamp taken again with Ctrl+V placed %v (status %q)", got, st.StatusText())
	}
	typeKey(st, fyne.KeyEscape)
	typeText(st, "v")
	guitest.Click(g, g.CellCentre(6, 15))
	if got := cells(5, 15); !slices.Equal(got, stamp) {
		t.Fatalf("V no longer takes the stamp: %v", got)
	}
}

// TestCtrlCAndCtrlVInAField copies the text of a table cell with Ctrl+C
// and pastes it into another with Ctrl+V: the menu's Copy and Paste act
// on the field that has the focus, not on a map.
func TestCtrlCAndCtrlVInAField(t *testing.T) {
	st, s, _ := openSampleCopy(t, "mbg/赤壁.yaml")
	st.ShowPane(s, "Officers")
	from, to := field(t, st, "ability wu of 曹操"), field(t, st, "ability wu of 张辽")
	st.Window().Canvas().Focus(from)
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyA)
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyC)
	if got := st.App().Clipboard().Content(); got != from.Text {
		t.Fatalf("Ctrl+C in a field put %q on the clipboard, not %q", got, from.Text)
	}
	st.Window().Canvas().Focus(to)
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyA)
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyV)
	st.Window().Canvas().Unfocus()
	if wu := s.Model().(*mbg.Scenario).Officers[1].Props[0]; to.Text != from.Text || wu != 72 {
		t.Fatalf("Ctrl+V in a field: %q, 武 of 张辽 %v; want 72", to.Text, wu)
	}
}

// TestToolKeysAfterAClickOnThePalette clicks the ftbt level's terrain
// list, which takes the focus, and types R and B: the tools change, as
// they do with the map focused, and the terrain chosen stays.
func TestToolKeysAfterAClickOnThePalette(t *testing.T) {
	st, s, _ := openSampleCopy(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
	st.ShowPane(s, "Map")
	v := st.ViewOf(s).(*ftbtview.LevelView)
	var palette *grid.KeyList
	for _, o := range shown(st.Window().Content()) {
		if l, ok := o.(*grid.KeyList); ok {
			palette = l
		}
	}
	if palette == nil {
		t.Fatal("the Map pane shows no terrain list that passes the tool keys on")
	}
	palette.Select(5)
	st.Window().Canvas().Focus(palette) // what a click on it does
	for _, k := range []struct {
		r    string
		tool grid.Tool
	}{{"r", grid.Rectangle}, {"b", grid.Pencil}} {
		typeText(st, k.r)
		if v.Painter.Tool != k.tool || v.Painter.Brush != 5 {
			t.Errorf("typing %s on the focused terrain list: tool %v, terrain %d; want %v, 5", k.r, v.Painter.Tool, v.Painter.Brush, k.tool)
		}
	}
}

// fakeMap is a view of a document of the test kind "test/map" that
// records what the studio asks of its map.
type fakeMap struct {
	pane  *container.TabItem
	asked []string
}

func (f *fakeMap) Panes() []*container.TabItem { return []*container.TabItem{f.pane} }
func (f *fakeMap) Refresh()                    {}
func (f *fakeMap) Select(string) *container.TabItem {
	return nil
}
func (f *fakeMap) SetTool(p *container.TabItem, tool grid.Tool) bool {
	f.asked = append(f.asked, "tool "+tool.String())
	return p == f.pane
}
func (f *fakeMap) CancelDrag(p *container.TabItem) bool {
	f.asked = append(f.asked, "cancel")
	return true
}
func (f *fakeMap) Fit(p *container.TabItem) bool { f.asked = append(f.asked, "fit"); return true }
func (f *fakeMap) ActualSize(p *container.TabItem) bool {
	f.asked = append(f.asked, "100%")
	return true
}
func (f *fakeMap) Zoom(p *container.TabItem, in bool) bool {
	f.asked = append(f.asked, map[bool]string{true: "zoom in", false: "zoom out"}[in])
	return true
}
func (f *fakeMap) Pan(p *container.TabItem, dx, dy int) bool {
	f.asked = append(f.asked, "pan "+strings.Repeat("+", max(dx, 0))+strings.Repeat("-", max(-dx, 0))+"|"+
		strings.Repeat("+", max(dy, 0))+strings.Repeat("-", max(-dy, 0)))
	return true
}

// TestKeysAreHandedToTheMapView types every tool and navigation key with
// no field focused: the view of the selected tab is asked, through
// editor.MapTools and editor.MapNavigator, for exactly what each key
// means; with a text field focused, the same keys are text.
func TestKeysAreHandedToTheMapView(t *testing.T) {
	fake := &fakeMap{}
	entry := widget.NewEntry()
	fake.pane = container.NewTabItem("Map", container.NewVBox(entry))
	editor.RegisterView("test/map", func(*editor.Session, editor.Env) editor.View { return fake })
	st, _ := newStudio(t)
	st.AddNew(&formats.Document{Kind: "test/map", Format: formats.YAML, Value: &struct{ N int }{}}, "map")
	c := st.Window().Canvas()
	typeText(st, "brfieF1+-")
	for _, k := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyLeft, fyne.KeyRight, fyne.KeyUp, fyne.KeyDown} {
		typeKey(st, k)
	}
	want := []string{"tool Pencil", "tool Rectangle", "tool Fill", "tool Picker", "tool Eraser", "fit", "100%", "zoom in", "zoom out",
		"cancel", "pan -|", "pan +|", "pan |-", "pan |+"}
	if !slices.Equal(fake.asked, want) {
		t.Errorf("the view was asked\n%v\nnot\n%v", fake.asked, want)
	}
	fake.asked = nil
	c.Focus(entry)
	typeText(st, "brf")
	if len(fake.asked) > 0 || entry.Text != "brf" {
		t.Errorf("keys typed in a field: view asked %v, field %q", fake.asked, entry.Text)
	}
}
