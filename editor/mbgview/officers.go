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
}

func newOfficerTable(v *View) *officerTable {
	t := &officerTable{v: v, sortCol: -1, selected: -1, info: widget.NewLabel("")}
	t.table = widget.NewTable(
		func() (int, int) { return len(t.order), numCols },
		func() fyne.CanvasObject {
			e := &cellEntry{t: t}
			e.ExtendBaseWidget(e)
			e.OnSubmitted = func(string) { e.commit() }
			// Mark a bad value as it is typed, without a tick in every
			// good cell.
			e.AlwaysShowValidationError = true
			e.OnChanged = func(s string) { e.SetValidationError(e.check(s)) }
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
	t.object = container.NewBorder(container.NewHBox(add, del, t.info), nil, nil, nil, t.table)
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
				less = mbg.Stats(m.Officers[x].Props).Level < mbg.Stats(m.Officers[y].Props).Level
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
	st := mbg.Stats(o.Props)
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
	entry := stack.Objects[1].(*cellEntry)
	if id.Row < 0 || id.Row >= len(t.order) {
		return
	}
	officer := t.order[id.Row]
	text := t.cellText(officer, id.Col)
	editable := id.Col == colName || (id.Col >= colWu && id.Col < colWu+5)
	if !editable {
		entry.Hide()
		label.Show()
		label.SetText(text)
		return
	}
	label.Hide()
	entry.Show()
	if entry.focused && entry.officer == officer && entry.col == id.Col {
		return // keep what is being typed
	}
	entry.officer, entry.col = officer, id.Col
	entry.SetText(text)
	entry.SetValidationError(nil)
}

// cellEntry edits one cell of the officer table; it commits on Enter or
// when the focus leaves it.
type cellEntry struct {
	widget.Entry
	t       *officerTable
	officer int
	col     int
	focused bool
}

// FocusGained marks the cell as being edited.
func (e *cellEntry) FocusGained() {
	e.focused = true
	e.Entry.FocusGained()
}

// FocusLost commits the cell.
func (e *cellEntry) FocusLost() {
	e.focused = false
	e.Entry.FocusLost()
	e.commit()
}

// check says why text cannot go into the cell (nil when it can): names
// must be one word, abilities numbers from 0 to 100.
func (e *cellEntry) check(text string) error {
	if e.col == colName {
		name := strings.TrimSpace(text)
		if name == "" || strings.ContainsAny(name, " \t") {
			return fmt.Errorf("a name must not be empty or contain spaces")
		}
		return nil
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(text), 32)
	if err != nil || x < 0 || x > 100 {
		return fmt.Errorf("%s must be a number from 0 to 100", mbg.PropKeys[e.col-colWu])
	}
	return nil
}

// commit writes the cell into the scenario as one undoable edit, unless
// it is unchanged or fails the check (then the cell stays marked).
func (e *cellEntry) commit() {
	v := e.t.v
	m := v.M()
	if e.officer < 0 || e.officer >= len(m.Officers) || e.Text == e.t.cellText(e.officer, e.col) {
		return
	}
	if err := e.check(e.Text); err != nil {
		e.SetValidationError(err)
		return
	}
	i, text := e.officer, strings.TrimSpace(e.Text)
	if e.col == colName {
		v.S.Edit("rename officer", func() { v.M().Officers[i].Name = text })
		return
	}
	x, _ := strconv.ParseFloat(text, 32)
	k := e.col - colWu
	v.S.Edit("change "+mbg.PropKeys[k]+" of "+m.Officers[i].Name, func() { v.M().Officers[i].Props[k] = float32(x) })
}
