package battleview

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/diag"
)

// Roster table columns: the name, the class (not editable), the four
// stats a roster entry may change (spec Part 2 §2.3, in the order of
// battle.RosterStats) and the skills (not editable).
const (
	colName   = 0
	colClass  = 1
	colStat   = 2 // colStat+k is battle.RosterStats[k]
	colSkills = colStat + len(battle.RosterStats)
	numCols   = colSkills + 1
)

var rosterHeaders = [numCols]string{"名字 name", "class", "武力 force", "统帅 command", "体力 hp", "攻击距离 range", "skills"}

// rosterPath is the document path of a roster entry ("roster[2]" and
// below).
var rosterPath = regexp.MustCompile(`^roster\[(\d+)\]`)

// rosterTable edits the map's roster override: one row per entry, the
// hero's name and the stats it changes typed in place (an empty cell
// keeps the default, shown greyed), each range-checked, each change one
// undoable edit; Add and Remove add the next hero not yet changed and
// remove the selected row. The roster's problems (what `shapan check`
// reports) are listed above the table; choosing one selects its row.
type rosterTable struct {
	v        *View
	table    *widget.Table
	selected int // the selected entry, -1 for none
	info     *widget.Label
	refusal  *widget.Label // typed values refused, in words
	problems *fyne.Container
	object   fyne.CanvasObject
}

func newRosterTable(v *View) *rosterTable {
	t := &rosterTable{v: v, selected: -1, info: widget.NewLabel(""), problems: container.NewVBox()}
	t.table = widget.NewTable(
		func() (int, int) { return len(v.M().Roster), numCols },
		func() fyne.CanvasObject {
			e := forms.NewEntry(v.S, nil, nil, nil)
			e.Inline = false // the reason goes above the table
			e.OnRefusal = func(error) { t.showInfo() }
			return container.NewStack(widget.NewLabel("0000000000"), e)
		},
		t.updateCell)
	t.table.ShowHeaderRow = true
	t.table.CreateHeader = func() fyne.CanvasObject {
		return widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	t.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Col >= 0 && id.Col < numCols {
			o.(*widget.Label).SetText(rosterHeaders[id.Col])
		}
	}
	t.table.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(v.M().Roster) {
			t.selected = id.Row
			t.showInfo()
		}
	}
	for i, w := range []float32{110, 70, 110, 120, 110, 130, 200} {
		t.table.SetColumnWidth(i, w)
	}
	add := widget.NewButtonWithIcon("Add hero", theme.ContentAddIcon(), t.Add)
	remove := widget.NewButtonWithIcon("Remove hero", theme.DeleteIcon(), t.Remove)
	t.refusal = widget.NewLabel("")
	t.refusal.Importance = widget.DangerImportance
	t.refusal.Wrapping = fyne.TextWrapWord
	note := widget.NewLabel("Each row changes the stats of one of the nine heroes (spec Part 2 §2.3); an empty cell keeps the default.\n" +
		"The grid file has no room for the roster: a map with one is exported as YAML only.")
	top := container.NewVBox(note, container.NewHBox(add, remove, t.info), t.problems, t.refusal)
	t.object = container.NewBorder(top, nil, nil, nil, t.table)
	v.S.Listen(func(c editor.Change) {
		if c == editor.ProblemsChanged {
			t.showProblems()
		}
	})
	t.refresh()
	return t
}

// refresh redraws the table from the model.
func (t *rosterTable) refresh() {
	if t.selected >= len(t.v.M().Roster) {
		t.selected = -1
	}
	t.table.Refresh()
	t.showInfo()
	t.showProblems()
}

// showInfo says how many heroes the roster changes and which is
// selected, and shows the values refused.
func (t *rosterTable) showInfo() {
	r := t.v.M().Roster
	text := fmt.Sprintf("%d of %d heroes changed", len(r), len(battle.DefaultRoster))
	if t.selected >= 0 && t.selected < len(r) {
		text += " · selected " + r[t.selected].Name
	}
	t.info.SetText(text)
	forms.ShowRefusals(t.refusal, t.v.S, battle.PathRoster+"[")
}

// showProblems lists the roster's problems, each a button that selects
// its row.
func (t *rosterTable) showProblems() {
	t.problems.RemoveAll()
	for _, d := range t.v.S.Problems() {
		if d.Path != battle.PathRoster && !strings.HasPrefix(d.Path, battle.PathRoster+"[") {
			continue
		}
		d := d
		b := widget.NewButtonWithIcon(fmt.Sprintf("%s %s", d.Code, d.Message), severityIcon(d.Severity), func() { t.v.Select(d.Path) })
		b.Alignment = widget.ButtonAlignLeading
		t.problems.Add(b)
	}
	t.problems.Refresh()
}

func severityIcon(s diag.Severity) fyne.Resource {
	if s == diag.Error {
		return theme.ErrorIcon()
	}
	return theme.WarningIcon()
}

// selectRow selects entry i and scrolls to it.
func (t *rosterTable) selectRow(i int) {
	if i < 0 || i >= len(t.v.M().Roster) {
		return
	}
	t.selected = i
	t.table.Select(widget.TableCellID{Row: i, Col: colName})
	t.table.ScrollTo(widget.TableCellID{Row: i, Col: colName})
	t.showInfo()
}

// Add adds a row for the first hero of the roster order that the roster
// does not change yet.
func (t *rosterTable) Add() {
	m := t.v.M()
	name := ""
	for _, h := range battle.DefaultRoster {
		if entryOf(m.Roster, h.Name) < 0 {
			name = h.Name
			break
		}
	}
	if name == "" {
		t.v.env.Status("the roster changes every hero already")
		return
	}
	t.v.S.Edit("add "+name+" to the roster", func() {
		m := t.v.M()
		m.Roster = append(m.Roster, battle.RosterEntry{Name: name})
	})
	t.selectRow(len(t.v.M().Roster) - 1)
}

// Remove removes the selected row.
func (t *rosterTable) Remove() {
	i := t.selected
	r := t.v.M().Roster
	if i < 0 || i >= len(r) {
		t.v.env.Status("select a row of the roster to remove it")
		return
	}
	t.v.S.Edit("remove "+r[i].Name+" from the roster", func() {
		m := t.v.M()
		m.Roster = append(m.Roster[:i:i], m.Roster[i+1:]...)
		if len(m.Roster) == 0 {
			m.Roster = nil
		}
	})
	t.selected = -1
	t.table.UnselectAll()
	t.showInfo()
}

// entryOf returns the index of the roster entry of a hero, or -1.
func entryOf(r []battle.RosterEntry, name string) int {
	for i, e := range r {
		if e.Name == name {
			return i
		}
	}
	return -1
}

func (t *rosterTable) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	stack := o.(*fyne.Container)
	label := stack.Objects[0].(*widget.Label)
	entry := stack.Objects[1].(*forms.Entry)
	r := t.v.M().Roster
	if id.Row < 0 || id.Row >= len(r) {
		return
	}
	i, col := id.Row, id.Col
	if col == colClass || col == colSkills {
		entry.Hide()
		label.Show()
		label.SetText(t.derived(i, col))
		return
	}
	label.Hide()
	entry.Show()
	entry.SetPlaceHolder(t.placeholder(i, col))
	entry.Bind(func() forms.FieldRef { return t.cellRef(i, col) },
		func() string { return t.cellText(i, col) },
		func(text string) error { return t.commitCell(i, col, text) })
	if !entry.Focused() {
		// A bad value is marked as it is typed.
		entry.OnTyped = func(s string) { entry.SetValidationError(t.checkCell(i, col, s)) }
	}
}

// hero returns the default stats of entry i's hero (nil when the name is
// none of the nine).
func (t *rosterTable) hero(i int) *battle.Hero {
	r := t.v.M().Roster
	if i < 0 || i >= len(r) {
		return nil
	}
	if h := battle.HeroIndex(r[i].Name); h >= 0 {
		return &battle.DefaultRoster[h]
	}
	return nil
}

// derived is what the class and skills columns show.
func (t *rosterTable) derived(i, col int) string {
	h := t.hero(i)
	if h == nil {
		return "?"
	}
	if col == colClass {
		return h.Class.String()
	}
	return h.Skills[0] + " · " + h.Skills[1]
}

// placeholder shows a stat's default in an empty cell.
func (t *rosterTable) placeholder(i, col int) string {
	h := t.hero(i)
	if h == nil || col < colStat || col >= colSkills {
		return ""
	}
	return "default " + strconv.Itoa([4]int{h.Force, h.Command, h.HP, h.Range}[col-colStat])
}

// cellText is what an editable cell shows: the name, or the stat the
// entry sets ("" when it keeps the default).
func (t *rosterTable) cellText(i, col int) string {
	r := t.v.M().Roster
	if i >= len(r) {
		return ""
	}
	if col == colName {
		return r[i].Name
	}
	if v := *r[i].Field(col - colStat); v != nil {
		return strconv.Itoa(*v)
	}
	return ""
}

// cellRef names the value of a cell, with the document path check uses.
func (t *rosterTable) cellRef(i, col int) forms.FieldRef {
	key := battle.RosterFields.Field("name").Key
	if col != colName {
		key = battle.RosterStats[col-colStat].Key
	}
	path := fmt.Sprintf("%s[%d]", battle.PathRoster, i)
	what := key
	if r := t.v.M().Roster; i < len(r) {
		what += " of " + r[i].Name
	}
	return forms.FieldRef{Key: path + "|" + key, Path: path + "." + key, What: what}
}

// checkCell says why text cannot go into a cell (nil when it can): a
// name must be one of the nine heroes, not changed by another row; a
// stat a whole number in its range, or empty for the default.
func (t *rosterTable) checkCell(i, col int, text string) error {
	text = strings.TrimSpace(text)
	if col == colName {
		if battle.HeroIndex(text) < 0 {
			return fmt.Errorf("the name must be one of the nine heroes: %s", strings.Join(battle.HeroNames(), ", "))
		}
		if j := entryOf(t.v.M().Roster, text); j >= 0 && j != i {
			return fmt.Errorf("%s is changed by row %d already", text, j+1)
		}
		return nil
	}
	if text == "" {
		return nil
	}
	st := battle.RosterStats[col-colStat]
	v, err := strconv.Atoi(text)
	if err != nil || v < st.Min || v > st.Max {
		return fmt.Errorf("%s must be a whole number from %d to %d (empty: the default)", st.Key, st.Min, st.Max)
	}
	return nil
}

// commitCell writes a cell into the map as one undoable edit, or says
// why it cannot.
func (t *rosterTable) commitCell(i, col int, text string) error {
	r := t.v.M().Roster
	if i < 0 || i >= len(r) {
		return fmt.Errorf("the row was removed")
	}
	if err := t.checkCell(i, col, text); err != nil {
		return err
	}
	text = strings.TrimSpace(text)
	if col == colName {
		if text != r[i].Name {
			t.v.S.Edit("change the hero of roster row "+strconv.Itoa(i+1)+" to "+text, func() { t.v.M().Roster[i].Name = text })
		}
		return nil
	}
	k := col - colStat
	var value *int
	if text != "" {
		v, _ := strconv.Atoi(text)
		value = &v
	}
	if old := *r[i].Field(k); (old == nil) == (value == nil) && (old == nil || *old == *value) {
		return nil
	}
	t.v.S.Edit("change "+battle.RosterStats[k].Key+" of "+r[i].Name, func() { *t.v.M().Roster[i].Field(k) = value })
	return nil
}
