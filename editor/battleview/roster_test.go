package battleview

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/internal/guitest"
)

// rosterCell returns the entry the roster table shows for (row, col).
func rosterCell(t *testing.T, v *View, row, col int) *forms.Entry {
	t.Helper()
	cell := guitest.TableCell(v.Roster.table, row, col)
	e, ok := cell.(*fyne.Container).Objects[1].(*forms.Entry)
	if !ok || !e.Visible() {
		t.Fatalf("roster cell (%d,%d) is not editable", row, col)
	}
	return e
}

// typeInto types text into a roster cell as a person does (focus, type,
// Enter) after clearing it.
func typeInto(st *editor.Studio, e *forms.Entry, text string) {
	st.Window().Canvas().Focus(e)
	e.SetText("")
	test.Type(e, text)
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

// TestRosterTableEditsUndoAndSave adds heroes to the roster with the Add
// button, types stats into the table (a value out of range refused and
// said above the table, a name taken twice refused), removes a row,
// undoes and redoes, and saves: the file has the roster key, and check's
// problems of the roster are listed above the table.
func TestRosterTableEditsUndoAndSave(t *testing.T) {
	st, s, v, path := open(t)
	st.Tab(s).SelectPane(v.rosterPane)
	pane := v.rosterPane.Content
	for range 2 {
		if !guitest.Button(pane, "Add hero") {
			t.Fatal("no Add hero button")
		}
	}
	if r := v.M().Roster; len(r) != 2 || r[0].Name != "吕布" || r[1].Name != "赵云" {
		t.Fatalf("after two Adds the roster is %+v", r)
	}
	if got := v.Roster.info.Text; !strings.Contains(got, "2 of 9 heroes changed") || !strings.Contains(got, "selected 赵云") {
		t.Errorf("the table says %q", got)
	}
	// 吕布's force to 110, his hp to 1400.
	typeInto(st, rosterCell(t, v, 0, colStat), "110")
	typeInto(st, rosterCell(t, v, 0, colStat+2), "1400")
	e := v.M().Roster[0]
	if e.Force == nil || *e.Force != 110 || e.HP == nil || *e.HP != 1400 || e.Command != nil {
		t.Fatalf("吕布's entry after typing: %+v", e)
	}
	// A range beyond 20 is refused, and the table says why.
	cell := rosterCell(t, v, 1, colStat+3)
	typeInto(st, cell, "25")
	if v.M().Roster[1].Range != nil || cell.Refused() == nil {
		t.Fatalf("range 25 accepted: %+v", v.M().Roster[1])
	}
	if got := v.Roster.refusal.Text; !v.Roster.refusal.Visible() || !strings.Contains(got, "range of 赵云") || !strings.Contains(got, "from 1 to 20") {
		t.Errorf("the table says %q of range 25", got)
	}
	cell.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	// A name another row changes is refused; a free one renames the row.
	name := rosterCell(t, v, 1, colName)
	typeInto(st, name, "吕布")
	if v.M().Roster[1].Name != "赵云" || name.Refused() == nil {
		t.Fatalf("two rows for 吕布: %+v", v.M().Roster)
	}
	name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	typeInto(st, rosterCell(t, v, 1, colName), "周瑜")
	typeInto(st, rosterCell(t, v, 1, colStat+1), "10")
	if e := v.M().Roster[1]; e.Name != "周瑜" || e.Command == nil || *e.Command != 10 {
		t.Fatalf("row 2 after renaming: %+v", e)
	}
	// The class and skills columns follow the name.
	if got := guitest.TableCell(v.Roster.table, 1, colSkills).(*fyne.Container).Objects[0].(interface{ Visible() bool }); !got.Visible() {
		t.Error("the skills cell is not a label")
	}
	if got := v.Roster.derived(1, colSkills); got != "火攻 · 连营" {
		t.Errorf("周瑜's skills show %q", got)
	}
	// A third row, removed again; undo brings it back, redo removes it.
	guitest.Button(pane, "Add hero")
	if n := len(v.M().Roster); n != 3 {
		t.Fatalf("%d rows after the third Add", n)
	}
	guitest.Button(pane, "Remove hero")
	if n := len(v.M().Roster); n != 2 {
		t.Fatalf("%d rows after Remove", n)
	}
	st.Undo()
	if n := len(v.M().Roster); n != 3 {
		t.Fatalf("undo left %d rows", n)
	}
	st.Redo()
	st.Save()
	saved := reread(t, path)
	if len(saved.Roster) != 2 || *saved.Roster[0].Force != 110 || *saved.Roster[1].Command != 10 {
		t.Fatalf("saved roster: %+v", saved.Roster)
	}
	src, _ := os.ReadFile(path)
	if !strings.Contains(string(src), "roster:") {
		t.Errorf("the saved file has no roster key:\n%s", src)
	}
}

// TestRosterProblemsSelectTheirRow: a roster check refuses (an unknown
// hero, typed into the YAML) is listed above the table, and clicking it
// selects its row.
func TestRosterProblemsSelectTheirRow(t *testing.T) {
	st, s, v, _ := open(t)
	s.Edit("roster with an unknown hero", func() {
		m := v.M()
		m.Roster = []battle.RosterEntry{{Name: "吕布"}, {Name: "张飞"}}
	})
	st.Tab(s).SelectPane(v.rosterPane)
	var texts []string
	for _, o := range v.Roster.problems.Objects {
		if b, ok := o.(*widget.Button); ok {
			texts = append(texts, b.Text)
		}
	}
	if len(texts) == 0 || !strings.Contains(strings.Join(texts, "\n"), "张飞") {
		t.Fatalf("the roster's problems listed: %q", texts)
	}
	test.Tap(v.Roster.problems.Objects[0].(*widget.Button))
	if v.Roster.selected != 1 {
		t.Errorf("clicking the problem selected row %d, want 1", v.Roster.selected)
	}
}
