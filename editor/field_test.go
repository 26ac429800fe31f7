package editor_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/samples"
)

// openSampleCopy writes the named samples into a folder (the first is
// the document, the others the files it names) and opens the first.
func openSampleCopy(t *testing.T, names ...string) (*editor.Studio, *editor.Session, string) {
	t.Helper()
	dir := t.TempDir()
	for _, name := range names {
		data, err := samples.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	st, _ := newStudio(t)
	path := filepath.Join(dir, filepath.Base(names[0]))
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return st, s, path
}

// shown lists the objects the window shows, as its renderers laid them
// out.
func shown(o fyne.CanvasObject) []fyne.CanvasObject {
	if !o.Visible() {
		return nil
	}
	out := []fyne.CanvasObject{o}
	switch c := o.(type) {
	case *fyne.Container:
		for _, child := range c.Objects {
			out = append(out, shown(child)...)
		}
	case fyne.Widget:
		for _, child := range test.WidgetRenderer(c).Objects() {
			out = append(out, shown(child)...)
		}
	}
	return out
}

// field finds the field the window shows for a value ("ability wu of
// 曹操").
func field(t *testing.T, st *editor.Studio, what string) *forms.Entry {
	t.Helper()
	for _, o := range shown(st.Window().Content()) {
		if e, ok := o.(*forms.Entry); ok && e.Ref().What == what {
			return e
		}
	}
	t.Fatalf("no field for %s is shown", what)
	return nil
}

// retype clicks into a field, selects its text and types text over it,
// without pressing Enter or Tab.
func retype(st *editor.Studio, e *forms.Entry, text string) {
	st.Window().Canvas().Focus(e) // what a click into the field does
	test.Tap(e)
	e.TypedShortcut(&fyne.ShortcutSelectAll{})
	test.Type(e, text)
}

// shortcut presses Ctrl+key as the desktop driver delivers it (see
// press).
func shortcut(st *editor.Studio, key fyne.KeyName) {
	press(st, fyne.KeyModifierShortcutDefault, key)
}

func readScenario(t *testing.T, path string) *mbg.Scenario {
	t.Helper()
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return doc.Value.(*mbg.Scenario)
}

// TestCtrlSSavesTheCellBeingTyped types a new 武 for 曹操 into the
// officer table and presses Ctrl+S without Enter or Tab: the file holds
// the typed value, and the value is one undoable edit. While the text is
// typed, the window and the tab say the document has unsaved changes.
func TestCtrlSSavesTheCellBeingTyped(t *testing.T) {
	st, s, path := openSampleCopy(t, "mbg/赤壁.yaml")
	st.ShowPane(s, "Officers")
	cell := field(t, st, "ability wu of 曹操")
	retype(st, cell, "55")
	if !s.Dirty() || s.Modified() || !strings.HasPrefix(st.Window().Title(), "● ") {
		t.Fatalf("typed text: dirty %v, modified %v, title %q", s.Dirty(), s.Modified(), st.Window().Title())
	}
	shortcut(st, fyne.KeyS)
	if got := readScenario(t, path).Officers[0].Props[0]; got != 55 {
		t.Fatalf("Ctrl+S saved wu %v, not the 55 typed", got)
	}
	if s.Dirty() || strings.HasPrefix(st.Window().Title(), "● ") {
		t.Fatalf("after saving: dirty %v, title %q", s.Dirty(), st.Window().Title())
	}
	if s.UndoLabel() != "change wu of 曹操" {
		t.Fatalf("the typed value is not one edit: undo %q", s.UndoLabel())
	}
	shortcut(st, fyne.KeyZ)
	if wu := s.Model().(*mbg.Scenario).Officers[0].Props[0]; wu != 72 || cell.Text != "72" {
		t.Fatalf("undo left wu %v, the cell shows %q", wu, cell.Text)
	}
}

// TestEveryActionCommitsTheFieldBeingTyped types a person's abi into the
// people form of an ftbt level and, without Enter or Tab, starts each
// action on the document: each sees the typed value.
func TestEveryActionCommitsTheFieldBeingTyped(t *testing.T) {
	var seen *ftbt.Level
	editor.RegisterPlay(ftbt.KindLevel, func(_ *editor.Studio, s *editor.Session) { seen = s.Model().(*ftbt.Level) })
	editor.RegisterBalance(ftbt.KindLevel, func(_ *editor.Studio, s *editor.Session) { seen = s.Model().(*ftbt.Level) })
	read := func(t *testing.T, path string) *ftbt.Level {
		doc, err := formats.Read(path, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return doc.Value.(*ftbt.Level)
	}
	actions := map[string]func(t *testing.T, st *editor.Studio, s *editor.Session, path string) *ftbt.Level{
		"Ctrl+S": func(t *testing.T, st *editor.Studio, s *editor.Session, path string) *ftbt.Level {
			shortcut(st, fyne.KeyS)
			return read(t, path)
		},
		"the Save button": func(t *testing.T, st *editor.Studio, s *editor.Session, path string) *ftbt.Level {
			test.Tap(button(t, st, "Save"))
			return read(t, path)
		},
		"Export": func(t *testing.T, st *editor.Studio, s *editor.Session, path string) *ftbt.Level {
			out := filepath.Join(filepath.Dir(path), "out.map")
			if _, err := st.ExportTo(s, out); err != nil {
				t.Fatal(err)
			}
			return read(t, out)
		},
		"Ctrl+P": func(t *testing.T, st *editor.Studio, s *editor.Session, path string) *ftbt.Level {
			seen = nil
			shortcut(st, fyne.KeyP)
			return seen
		},
		"Ctrl+B": func(t *testing.T, st *editor.Studio, s *editor.Session, path string) *ftbt.Level {
			seen = nil
			shortcut(st, fyne.KeyB)
			return seen
		},
		"Ctrl+W": func(t *testing.T, st *editor.Studio, s *editor.Session, path string) *ftbt.Level {
			asked := false
			st.SetAskSave(func(_ *editor.Session, answer func(save, discard bool)) { asked = true; answer(true, false) })
			shortcut(st, fyne.KeyW)
			if !asked || len(st.Sessions()) != 0 {
				t.Fatalf("closing did not ask to save the typed value (asked %v)", asked)
			}
			return read(t, path)
		},
	}
	for name, act := range actions {
		t.Run(name, func(t *testing.T) {
			st, s, path := openSampleCopy(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
			st.ShowPane(s, "People")
			st.ViewOf(s).Select("people[0]")
			abi := field(t, st, "abi of 赵云")
			retype(st, abi, "33")
			got := act(t, st, s, path)
			if got == nil || got.People[0].Abi != 33 {
				t.Fatalf("%s did not see the typed abi: %+v", name, got)
			}
		})
	}
}

// button finds a button of the studio window by its text.
func button(t *testing.T, st *editor.Studio, text string) *widget.Button {
	t.Helper()
	for _, o := range shown(st.Window().Content()) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	t.Fatalf("no %s button", text)
	return nil
}

// TestRefusedValueStaysWithItsReason types letters into a person's abi
// and leaves the field: the letters stay with the reason in words under
// the field, the document keeps its abi, the Problems panel lists the
// field and leads back to it, and Save warns that the value shown was not
// saved.
func TestRefusedValueStaysWithItsReason(t *testing.T) {
	st, s, path := openSampleCopy(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
	var warned string
	st.SetWarn(func(msg string) { warned = msg })
	st.ShowPane(s, "People")
	view := st.ViewOf(s)
	view.Select("people[0]")
	abi := field(t, st, "abi of 赵云")
	before := abi.Text
	retype(st, abi, "3x")
	test.FocusNext(st.Window().Canvas()) // Tab
	if abi.Text != "3x" || abi.Refused() == nil || s.Model().(*ftbt.Level).People[0].Abi != 24 {
		t.Fatalf("after Tab the field shows %q (%v); abi is %d", abi.Text, abi.Refused(), s.Model().(*ftbt.Level).People[0].Abi)
	}
	if msg := shownText(abi); !strings.Contains(msg, "abi must be a whole number") || !strings.Contains(msg, `keeps "`+before+`"`) {
		t.Fatalf("the field says %q under it", msg)
	}
	rows := st.Tab(s).ProblemRows()
	if len(rows) == 0 || !strings.HasPrefix(rows[0], `not applied: abi of 赵云: "3x"`) {
		t.Fatalf("the Problems panel shows %q", rows)
	}
	// Another person, then back: the refused text is still with 赵云.
	view.Select("people[1]")
	if abi.Text == "3x" {
		t.Fatal("the refused text of 赵云 is shown for another person")
	}
	view.Select("people[0]")
	if abi.Text != "3x" {
		t.Fatalf("back on 赵云 the field shows %q", abi.Text)
	}
	st.ShowPane(s, "Map")
	st.Tab(s).ChooseProblem(0)
	if st.Window().Canvas().Focused() != abi || !st.Tab(s).SelectedPane().Content.Visible() || !strings.HasPrefix(st.Tab(s).SelectedPane().Text, "People") {
		t.Fatal("choosing the problem does not lead to the field")
	}
	shortcut(st, fyne.KeyS)
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if doc.Value.(*ftbt.Level).People[0].Abi != 24 || !strings.Contains(warned, "abi of 赵云") || !strings.Contains(warned, "not applied") {
		t.Fatalf("saved abi %d; the warning was %q", doc.Value.(*ftbt.Level).People[0].Abi, warned)
	}
	if !s.Dirty() || s.Modified() {
		t.Fatal("the tab no longer shows that the value shown is not in the file")
	}
	// Correcting the value applies it and clears the problem.
	retype(st, abi, "31")
	abi.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if s.Model().(*ftbt.Level).People[0].Abi != 31 || len(s.Refusals()) != 0 || strings.Contains(strings.Join(st.Tab(s).ProblemRows(), "\n"), "not applied") {
		t.Fatalf("correcting left abi %d, refusals %+v", s.Model().(*ftbt.Level).People[0].Abi, s.Refusals())
	}
	if shownText(abi) != "" {
		t.Fatalf("the field still says %q", shownText(abi))
	}
}

// shownText is the message a field shows under itself.
func shownText(e *forms.Entry) string {
	for _, o := range shown(e) {
		if txt, ok := o.(*canvas.Text); ok && txt.Text != "" && txt.TextSize < 14 {
			return txt.Text
		}
	}
	return ""
}

// saveThroughDialog chooses name in the open file dialog of the studio
// window, presses its Save button and confirms overwriting a file.
func saveThroughDialog(t *testing.T, st *editor.Studio, name string) {
	t.Helper()
	top := st.Window().Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no file dialog is shown")
	}
	var nameEntry *widget.Entry
	for _, o := range shown(top) {
		if e, ok := o.(*widget.Entry); ok && strings.HasSuffix(e.Text, ".yaml") {
			nameEntry = e
		}
	}
	if nameEntry == nil {
		t.Fatal("the dialog has no file name entry")
	}
	nameEntry.SetText(name)
	tapIn(t, top, "Save")
	if confirm := st.Window().Canvas().Overlays().Top(); confirm != top {
		tapIn(t, confirm, "Yes")
	}
}

// tapIn taps the button with the given text under root.
func tapIn(t *testing.T, root fyne.CanvasObject, text string) {
	t.Helper()
	for _, o := range shown(root) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			test.Tap(b)
			return
		}
	}
	t.Fatalf("no %s button", text)
}

// TestSaveAsDialogWritesAtomically saves through the Fyne save dialog:
// over an existing file, a save that fails leaves the old file as it was
// (the dialog used to empty it before the save was attempted); a save
// that succeeds replaces it whole.
func TestSaveAsDialogWritesAtomically(t *testing.T) {
	st, s, path := openSampleCopy(t, "mbg/赤壁.yaml")
	st.SetWarn(func(string) {})
	target := filepath.Join(filepath.Dir(path), "target.yaml")
	old := []byte("kind: mbg/scenario\n# the designer's previous work\n")
	if err := os.WriteFile(target, old, 0o644); err != nil {
		t.Fatal(err)
	}
	// A document that cannot be written: the save fails.
	good := s.Document().Value
	s.Document().Value = "not a scenario"
	st.SaveAsDialog()
	saveThroughDialog(t, st, "target.yaml")
	if got, _ := os.ReadFile(target); string(got) != string(old) {
		t.Fatalf("a failed save changed the old file to %q", got)
	}
	if s.Path != path {
		t.Fatalf("a failed save moved the document to %s", s.Path)
	}
	for st.Window().Canvas().Overlays().Top() != nil { // the error
		st.Window().Canvas().Overlays().Remove(st.Window().Canvas().Overlays().Top())
	}
	s.Document().Value = good
	st.SaveAsDialog()
	saveThroughDialog(t, st, "target.yaml")
	if got := readScenario(t, target); len(got.Officers) != 30 || s.Path != target {
		t.Fatalf("the saved file has %d officers; the document is at %s", len(got.Officers), s.Path)
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*tmp*"))
	if len(leftovers) > 0 {
		t.Fatalf("temporary files left: %v", leftovers)
	}
}
