package mbgview

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/autosave"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/samples"
)

// openSample starts a headless studio with the 赤壁 sample saved to a
// temporary file and returns the studio, the session and its view.
func openSample(t *testing.T) (*editor.Studio, *editor.Session, *View, string) {
	t.Helper()
	a := guitest.App(t)
	st := editor.New(a, editor.Options{Synchronous: true, AutosaveDir: filepath.Join(t.TempDir(), "autosave")})
	src, err := samples.Read("mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "chibi.yaml")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	st.Window().Resize(fyne.NewSize(1400, 900))
	v := st.ViewOf(s).(*View)
	return st, s, v, path
}

func reread(t *testing.T, path string) *mbg.Scenario {
	t.Helper()
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return doc.Value.(*mbg.Scenario)
}

// findCell returns the entry the officer table shows for (officer, col).
func findCell(t *testing.T, v *View, officer, col int) *forms.Entry {
	t.Helper()
	for row, o := range v.officers.order {
		if o == officer {
			cell := guitest.TableCell(v.officers.table, row, col)
			return cell.(*fyne.Container).Objects[1].(*forms.Entry)
		}
	}
	t.Fatalf("officer %d is not in the table", officer)
	return nil
}

func TestEditTableCellUndoRedoAndSave(t *testing.T) {
	st, s, v, path := openSample(t)
	st.Tab(s).SelectPane(v.panes["officers"])
	// Type a new 谋 (mou) for 张辽 (officer 1) into the table and press Enter.
	cell := findCell(t, v, 1, colWu+2)
	st.Window().Canvas().Focus(cell)
	cell.SetText("")
	test.Type(cell, "81")
	cell.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if got := v.M().Officers[1].Props[2]; got != 81 {
		t.Fatalf("mou after typing: %v", got)
	}
	// An out-of-range value is refused and marked.
	cell = findCell(t, v, 1, colWu)
	cell.SetText("150")
	cell.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if v.M().Officers[1].Props[0] != 92 || cell.Refused() == nil {
		t.Fatalf("150 accepted as wu (now %v)", v.M().Officers[1].Props[0])
	}
	// The table says why above it; Escape puts the document's value back.
	if got := v.officers.refusal.Text; !v.officers.refusal.Visible() || !strings.Contains(got, "wu of 张辽") || !strings.Contains(got, "from 0 to 100") {
		t.Fatalf("the table says %q about the refused value", got)
	}
	cell.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if cell.Text != "92" || len(s.Refusals()) != 0 || v.officers.refusal.Visible() {
		t.Fatalf("Escape left %q and %+v", cell.Text, s.Refusals())
	}
	if !s.Dirty() {
		t.Fatal("the document is not marked changed")
	}
	st.Undo()
	if v.M().Officers[1].Props[2] != 78 {
		t.Fatalf("undo did not restore mou: %v", v.M().Officers[1].Props[2])
	}
	st.Redo()
	st.Save()
	if s.Dirty() {
		t.Fatal("still dirty after saving")
	}
	saved := reread(t, path)
	if saved.Officers[1].Props[2] != 81 || saved.Officers[1].Props[0] != 92 {
		t.Fatalf("saved officer: %+v", saved.Officers[1])
	}
	// Everything else is exactly as before: the file is the sample with
	// one number changed.
	orig, _ := samples.Read("mbg/赤壁.yaml")
	got, _ := os.ReadFile(path)
	got = yamlx.RebaseSchema(got, samples.SchemaLink) // saved, it names the project's schemas
	want := strings.Replace(string(orig), "{name: 张辽, wu: 92, zhan: 93, mou: 78,", "{name: 张辽, wu: 92, zhan: 93, mou: 81,", 1)
	if string(got) != want {
		t.Errorf("the saved file differs from the sample by more than the edit")
	}
}

func TestDragSquareOnTheBoard(t *testing.T) {
	st, s, v, path := openSample(t)
	st.Tab(s).SelectPane(v.panes["board"])
	c := v.board.canvas
	// Drag square 5 (a chance square, at the top) into the middle of the
	// ring — cell (3, 3).
	guitest.Drag(c.Grid, c.CellCentre(5), c.CellPosition(3, 3), 8)
	sq := v.M().Board[5]
	if sq.X != 3 || sq.Y != 3 {
		t.Fatalf("square 5 is at (%d,%d) after the drag", sq.X, sq.Y)
	}
	// The other squares keep their 0 0 and are drawn where the
	// automatic layout put them.
	if sq := v.M().Board[9]; sq.X != 0 || sq.Y != 0 {
		t.Errorf("square 9 was given the position (%d,%d)", sq.X, sq.Y)
	}
	if at := c.cells[9]; at != image.Pt(9, 0) {
		t.Errorf("square 9 is drawn at %v", at)
	}
	// Exported, the game's file differs from the sample's in square 5's
	// line only.
	out := filepath.Join(t.TempDir(), "chibi.map")
	if _, err := st.ExportTo(s, out); err != nil {
		t.Fatal(err)
	}
	orig, _ := samples.Read("mbg/赤壁.map")
	got, _ := os.ReadFile(out)
	var diff []string
	a, b := strings.Split(string(orig), "\n"), strings.Split(string(got), "\n")
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			diff = append(diff, a[i]+" → "+b[i])
		}
	}
	if len(a) != len(b) || len(diff) != 1 || !strings.HasSuffix(diff[0], " 3 3") {
		t.Errorf("the exported map differs from the sample's in:\n%s", strings.Join(diff, "\n"))
	}
	st.Undo()
	if v.M().Board[5].X != 0 || v.M().Board[5].Y != 0 {
		t.Fatal("undo did not restore the automatic layout")
	}
	st.Redo()
	st.Save()
	if got := reread(t, path).Board[5]; got.X != 3 || got.Y != 3 {
		t.Errorf("saved square 5 at (%d,%d)", got.X, got.Y)
	}
}

func TestBoardStripInsertRetypeAndDelete(t *testing.T) {
	st, _, v, _ := openSample(t)
	p := v.board
	p.selectSquare(2) // the first saloon
	p.typeSel.SetSelectedIndex(mbg.ClassInstitute)
	p.baseSel.SetSelectedIndex(1) // 医馆
	sq := v.M().Board[2]
	if sq.Class != mbg.ClassInstitute || sq.Base != 1 {
		t.Fatalf("square 2 is %+v", sq)
	}
	startBefore := v.M().Roles[1].Start
	p.selectSquare(0)
	if !guitest.Button(p.object, "Before") {
		t.Fatal("no Before button")
	}
	if len(v.M().Board) != 37 || v.M().Board[0].Class != mbg.ClassEmpty || v.M().Roles[1].Start != startBefore+1 {
		t.Fatalf("insert: %d squares, first %+v, start %d", len(v.M().Board), v.M().Board[0], v.M().Roles[1].Start)
	}
	st.Undo()
	st.Undo()
	st.Undo()
	if v.M().Board[2].Class != mbg.ClassSaloon || len(v.M().Board) != 36 {
		t.Fatal("undo did not restore the board")
	}
}

func TestProblemSelectsTheOffendingRole(t *testing.T) {
	st, s, v, _ := openSample(t)
	v.roles.Select(2) // 吴
	s.Edit("break the direction", func() { v.M().Roles[2].Dir = 0 })
	var found bool
	for _, d := range s.Problems() {
		if d.Code == "MBG024" && d.Path == "roles[2].dir" {
			found = true
			v.roles.Select(0)
			st.Tab(s).Show(d)
		}
	}
	if !found {
		t.Fatalf("validation did not report the direction: %v", s.Problems())
	}
	if v.selRole != 2 || st.Tab(s).SelectedPane() != v.panes["roles"] {
		t.Errorf("the problem did not select role 2 (selected %d)", v.selRole)
	}
}

func TestClosingAskesBeforeLosingEdits(t *testing.T) {
	st, s, v, path := openSample(t)
	s.Edit("rename", func() { v.M().Officers[0].Name = "魏武帝" })
	asked := 0
	st.SetAskSave(func(_ *editor.Session, answer func(save, discard bool)) {
		asked++
		answer(false, false) // cancel
	})
	st.CloseCurrent()
	if asked != 1 || len(st.Sessions()) != 1 {
		t.Fatal("closing a changed document did not ask, or closed it")
	}
	st.SetAskSave(func(_ *editor.Session, answer func(save, discard bool)) { answer(true, false) })
	st.CloseCurrent()
	if len(st.Sessions()) != 0 {
		t.Fatal("save-and-close did not close")
	}
	if reread(t, path).Officers[0].Name != "魏武帝" {
		t.Error("save-and-close did not save")
	}
}

func TestAutosaveSurvivesACrash(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "autosave")
	a := guitest.App(t)
	st := editor.New(a, editor.Options{Synchronous: true, AutosaveDir: dir})
	src, _ := samples.Read("mbg/赤壁.yaml")
	path := filepath.Join(t.TempDir(), "chibi.yaml")
	os.WriteFile(path, src, 0o644)
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Edit("change win money", func() { s.Model().(*mbg.Scenario).WinMoney = 55555 })
	if err := st.AutosaveNow(s); err != nil {
		t.Fatal(err)
	}
	// "Crash": a new studio starts with the same folder.
	found := autosave.Recoverable(dir)
	if len(found) != 1 || !strings.Contains(found[0].Describe(), "chibi.yaml") {
		t.Fatalf("recoverable: %v", found)
	}
	st2 := editor.New(guitest.App(t), editor.Options{Synchronous: true, AutosaveDir: dir})
	r, err := st2.Restore(found[0])
	if err != nil {
		t.Fatal(err)
	}
	if r.Model().(*mbg.Scenario).WinMoney != 55555 || !r.Dirty() || r.Path != path {
		t.Fatalf("restored: win %v dirty %v path %s", r.Model().(*mbg.Scenario).WinMoney, r.Dirty(), r.Path)
	}
	if len(autosave.Recoverable(dir)) != 0 {
		t.Error("the autosave was not removed after restoring")
	}
	// The file on disk is untouched until the user saves.
	if reread(t, path).WinMoney != 40000 {
		t.Error("the autosave wrote over the document")
	}
}
