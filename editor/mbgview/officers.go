package mbgview

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats/mbg"
)

// Officer table columns; colWu..colWu+4 are the five abilities.
const (
	colName  = 0
	colWu    = 1
	colLevel = 6
	colHP    = 7
	colPrice = 8
	colPlace = 9
	numCols  = 10
)

var officerHeaders = []string{"名字 name", "武 wu", "战 zhan", "谋 mou", "政 zheng", "经 jing", "level", "HP", "hire price", "at the start"}

var levelNames = []string{"low 下", "medium 中", "high 上"}

// officerTable is a sortable table of the roster: names and the five
// abilities are edited in place (range-checked 0–100); level, HP and hire
// price are derived as the game derives them.
type officerTable struct {
	v        *View
	table    *widget.Table
	order    []int // row → officer index, by the current sort
	sortCol  int
	sortDesc bool
	selected int // officer index
	object   fyne.CanvasObject
	info     *widget.Label
	refusal  *widget.Label // the typed values refused, in words
}

func newOfficerTable(v *View) *officerTable {
	t := &officerTable{v: v, sortCol: -1, selected: -1, info: widget.NewLabel("")}
	t.table = widget.NewTable(
		func() (int, int) { return len(t.order), numCols },
		func() fyne.CanvasObject {
			e := forms.NewEntry(v.S, nil, nil, nil)
			e.Inline = false // the message goes above the table
			e.OnRefusal = func(error) { t.showInfo() }
			return container.NewStack(widget.NewLabel("0000000000"), e)
		},
		t.updateCell)
	t.table.ShowHeaderRow = true
	t.table.CreateHeader = func() fyne.CanvasObject { return widget.NewButton("header", nil) }
	t.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		b := o.(*widget.Button)
		if id.Col < 0 || id.Col >= numCols {
			b.SetText("")
			return
		}
		text := officerHeaders[id.Col]
		if id.Col == t.sortCol {
			if t.sortDesc {
				text += " ▼"
			} else {
				text += " ▲"
			}
		}
		b.SetText(text)
		col := id.Col
		b.OnTapped = func() { t.sortBy(col) }
	}
	t.table.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(t.order) {
			t.selected = t.order[id.Row]
			t.showInfo()
		}
	}
	widths := []float32{120, 64, 64, 64, 72, 64, 90, 70, 130, 150}
	for i, w := range widths {
		t.table.SetColumnWidth(i, w)
	}
	add := widget.NewButtonWithIcon("Add officer", theme.ContentAddIcon(), func() {
		m := v.M()
		name := uniqueName("新人", m.OfficerNames())
		v.S.Edit("add officer", func() {
			v.M().Officers = append(v.M().Officers, mbg.Officer{Name: name, Props: [5]float32{50, 50, 50, 50, 50}})
		})
		t.selectRow(len(v.M().Officers) - 1)
	})
	del := widget.NewButtonWithIcon("Delete officer", theme.DeleteIcon(), func() {
		i := t.selected
		if i < 0 || i >= len(v.M().Officers) {
			return
		}
		v.S.Edit("delete officer "+v.M().Officers[i].Name, func() {
			v.M().RemapOfficers(mbg.Removal(len(v.M().Officers), i))
		})
		t.selected = -1
		t.showInfo()
	})
	t.refusal = widget.NewLabel("")
	t.refusal.Importance = widget.DangerImportance
	t.refusal.Wrapping = fyne.TextWrapWord
	t.object = container.NewBorder(container.NewVBox(container.NewHBox(add, del, t.info), t.refusal), nil, nil, nil, t.table)
	t.refresh()
	return t
}

// refresh re-sorts and redraws the table from the model.
func (t *officerTable) refresh() {
	m := t.v.M()
	t.order = make([]int, len(m.Officers))
	for i := range t.order {
		t.order[i] = i
	}
	if t.sortCol >= 0 {
		key := func(i int) string { return t.cellText(i, t.sortCol) }
		num := t.sortCol != colName && t.sortCol != colPlace && t.sortCol != colLevel
		sort.SliceStable(t.order, func(a, b int) bool {
			x, y := t.order[a], t.order[b]
			var less bool
			if num {
				fx, _ := strconv.ParseFloat(strings.Fields(key(x) + " 0")[0], 64)
				fy, _ := strconv.ParseFloat(strings.Fields(key(y) + " 0")[0], 64)
				less = fx < fy
			} else if t.sortCol == colLevel {
				less = mbgeng.Stats(m.Officers[x].Props).Level < mbgeng.Stats(m.Officers[y].Props).Level
			} else {
				less = key(x) < key(y)
			}
			if t.sortDesc {
				return !less && key(x) != key(y)
			}
			return less
		})
	}
	t.table.Refresh()
	t.showInfo()
}

func (t *officerTable) sortBy(col int) {
	if t.sortCol == col {
		t.sortDesc = !t.sortDesc
	} else {
		t.sortCol, t.sortDesc = col, false
	}
	t.refresh()
}

// selectRow selects officer i and scrolls to it.
func (t *officerTable) selectRow(i int) {
	for row, o := range t.order {
		if o == i {
			t.selected = i
			t.table.Select(widget.TableCellID{Row: row, Col: colName})
			t.table.ScrollTo(widget.TableCellID{Row: row, Col: colName})
			t.showInfo()
			return
		}
	}
}

func (t *officerTable) showInfo() {
	m := t.v.M()
	if t.refusal != nil {
		forms.ShowRefusals(t.refusal, t.v.S, "officers[")
	}
	if t.selected < 0 || t.selected >= len(m.Officers) {
		t.info.SetText(fmt.Sprintf("%d officers", len(m.Officers)))
		return
	}
	t.info.SetText(fmt.Sprintf("%d officers · selected %s", len(m.Officers), m.Officers[t.selected].Name))
}

// cellText is what a cell shows.
func (t *officerTable) cellText(officer, col int) string {
	m := t.v.M()
	o := m.Officers[officer]
	st := mbgeng.Stats(o.Props)
	switch {
	case col == colName:
		return o.Name
	case col >= colWu && col < colWu+5:
		return strconv.FormatFloat(float64(o.Props[col-colWu]), 'f', -1, 32)
	case col == colLevel:
		if st.Level >= 0 && st.Level < len(levelNames) {
			return levelNames[st.Level]
		}
	case col == colHP:
		return strconv.FormatFloat(float64(st.HPMax), 'f', 0, 32)
	case col == colPrice:
		return fmt.Sprintf("%.0f–%.0f", st.PriceLow, st.PriceHigh)
	case col == colPlace:
		where, idx := m.Placement(officer)
		switch where {
		case "garrison":
			return "城 " + m.Cities[idx].Name
		case "retinue":
			return "随行 " + m.Roles[idx].Name
		}
		return "free 在野"
	}
	return ""
}

func (t *officerTable) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	stack := o.(*fyne.Container)
	label := stack.Objects[0].(*widget.Label)
	entry := stack.Objects[1].(*forms.Entry)
	if id.Row < 0 || id.Row >= len(t.order) {
		return
	}
	officer, col := t.order[id.Row], id.Col
	editable := col == colName || (col >= colWu && col < colWu+5)
	if !editable {
		entry.Hide()
		label.Show()
		label.SetText(t.cellText(officer, col))
		return
	}
	label.Hide()
	entry.Show()
	entry.Bind(func() forms.FieldRef { return t.cellRef(officer, col) },
		func() string {
			if officer >= len(t.v.M().Officers) {
				return ""
			}
			return t.cellText(officer, col)
		},
		func(text string) error { return t.commitCell(officer, col, text) })
	if !entry.Focused() {
		// Mark a bad value as it is typed, without a tick in every good
		// cell.
		entry.OnTyped = func(s string) { entry.SetValidationError(checkCell(col, s)) }
	}
}

// cellRef names the value of a cell.
func (t *officerTable) cellRef(officer, col int) forms.FieldRef {
	key, what := "name", "name"
	if col != colName {
		f := mbg.Ability(col - colWu)
		key, what = f.Key, f.Name()
	}
	path := fmt.Sprintf("officers[%d]", officer)
	if m := t.v.M(); officer < len(m.Officers) {
		what += " of " + m.Officers[officer].Name
	}
	return forms.FieldRef{Key: path + "|" + key, Path: path, What: what}
}

// checkCell says why text cannot go into a cell of column col (nil when
// it can): names must be one word, abilities numbers within the field
// table's limits (0 to 100).
func checkCell(col int, text string) error {
	if col == colName {
		name := strings.TrimSpace(text)
		if name == "" || strings.ContainsAny(name, " \t") {
			return fmt.Errorf("a name must not be empty or contain spaces")
		}
		return nil
	}
	// The limits and the name are the field table's (check warns of
	// other values).
	f := mbg.Ability(col - colWu)
	_, err := forms.Float{Label: f.Name(), Field: f}.Parse(text)
	return err
}

// commitCell writes a cell into the scenario as one undoable edit, or
// says why it cannot.
func (t *officerTable) commitCell(i, col int, text string) error {
	v := t.v
	m := v.M()
	if i < 0 || i >= len(m.Officers) {
		return fmt.Errorf("the officer was deleted")
	}
	if err := checkCell(col, text); err != nil {
		return err
	}
	text = strings.TrimSpace(text)
	if col == colName {
		v.S.Edit("rename officer", func() { v.M().Officers[i].Name = text })
		return nil
	}
	x, _ := strconv.ParseFloat(text, 32)
	k := col - colWu
	v.S.Edit("change "+mbg.PropKeys[k]+" of "+m.Officers[i].Name, func() { v.M().Officers[i].Props[k] = float32(x) })
	return nil
}
