package planetsview

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/formats/planets"
)

// Columns of the planet table.
const (
	colToken = iota
	colType
	colDef
	colRes
	colCos
	colMax
	colStart
	colAt
	colRoutes
	colOther
	numCols
)

var columnTitles = []string{"token", "type", "def 防", "res 产", "cos 增", "max 限", "start", "at (x, y)", "routes", "other attributes"}

var columnWidths = []float32{70, 120, 120, 120, 120, 120, 80, 90, 70, 260}

// columnKeys name the columns that document paths name.
var columnKeys = map[string]int{"type": colType, "def": colDef, "res": colRes, "cos": colCos, "max": colMax}

// planetTable is the Planets pane: one row per planet in id order (the
// order the game numbers them), its token, type and numbers edited in
// place; numbers keep their typing and show it.
type planetTable struct {
	v      *View
	table  *widget.Table
	order  []int // row → index in Planets
	selRow int
	selCol int
	info   *widget.Label
	object fyne.CanvasObject
	// pending is set when the selection changed while the table had no
	// size yet: it is shown when the table is laid out.
	pending bool
}

func newPlanetTable(v *View) *planetTable {
	t := &planetTable{v: v, selRow: -1, info: widget.NewLabel("")}
	t.table = widget.NewTable(
		func() (int, int) { return len(t.order), numCols },
		func() fyne.CanvasObject {
			e := &cellEntry{t: t, hint: newTypeHint()}
			e.ExtendBaseWidget(e)
			e.OnSubmitted = func(string) { e.commit() }
			e.AlwaysShowValidationError = true
			e.OnChanged = func(s string) { e.changed(s) }
			return container.NewStack(widget.NewLabel("0000000"), container.NewBorder(nil, nil, nil, e.hint.object(), e))
		},
		t.updateCell)
	t.table.ShowHeaderRow = true
	t.table.CreateHeader = func() fyne.CanvasObject {
		l := widget.NewLabel("header")
		l.TextStyle = fyne.TextStyle{Bold: true}
		return l
	}
	t.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Col >= 0 && id.Col < numCols {
			o.(*widget.Label).SetText(columnTitles[id.Col])
		}
	}
	for i, w := range columnWidths {
		t.table.SetColumnWidth(i, w)
	}
	t.table.OnSelected = func(id widget.TableCellID) {
		t.selRow, t.selCol = id.Row, id.Col
		if id.Row >= 0 && id.Row < len(t.order) {
			if name := v.M().Planets[t.order[id.Row]].Name(); name != v.selPlanet {
				v.SelectPlanet(name)
			}
		}
	}
	del := widget.NewButtonWithIcon("Delete planet", theme.DeleteIcon(), func() { v.DeletePlanet(v.selPlanet) })
	note := widget.NewLabel("Add planets on the Map. Numbers keep their type: 2 is an integer, 2.0 a real (an integer def fights differently).")
	note.Truncation = fyne.TextTruncateEllipsis
	t.object = container.NewBorder(container.NewBorder(nil, nil, container.NewHBox(del, t.info), nil, note), nil, nil, nil,
		container.New(tableLayout{t}, t.table))
	t.refresh()
	return t
}

// refresh shows the planets of the current model.
func (t *planetTable) refresh() {
	m := t.v.M()
	t.order = t.order[:0]
	for _, p := range m.ByID() {
		for i := range m.Planets {
			if &m.Planets[i] == p {
				t.order = append(t.order, i)
			}
		}
	}
	t.info.SetText(fmt.Sprintf("%d planets", len(m.Planets)))
	t.table.Refresh()
}

// showSelection selects the row of the selected planet.
func (t *planetTable) showSelection() {
	m := t.v.M()
	for row, i := range t.order {
		if i < len(m.Planets) && m.Planets[i].Name() == t.v.selPlanet {
			if t.selRow != row {
				t.selRow = row
				t.selectCell()
			}
			return
		}
	}
	if t.selRow >= 0 {
		t.selRow = -1
		t.table.UnselectAll()
	}
}

// focusColumn selects the column of an attribute in the selected row.
func (t *planetTable) focusColumn(key string) {
	col, ok := columnKeys[key]
	if !ok || t.selRow < 0 {
		return
	}
	t.selCol = col
	t.selectCell()
}

// selectCell selects and shows the selected cell, or waits until the
// table has its size (scrolling a table that is still tiny, as it is
// before its pane is first shown, would leave it scrolled wrongly).
func (t *planetTable) selectCell() {
	if s := t.table.Size(); s.Width < 300 || s.Height < 200 {
		t.pending = true
		return
	}
	t.pending = false
	if t.selRow >= 0 && t.selRow < len(t.order) {
		id := widget.TableCellID{Row: t.selRow, Col: max(t.selCol, 0)}
		t.table.Select(id)
		t.table.ScrollTo(id)
	}
}

// tableLayout fills its space with the table and then shows a selection
// made before the table had a size.
type tableLayout struct{ t *planetTable }

// MinSize is the table's.
func (l tableLayout) MinSize(objects []fyne.CanvasObject) fyne.Size { return objects[0].MinSize() }

// Layout sizes the table.
func (l tableLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	objects[0].Move(fyne.NewPos(0, 0))
	objects[0].Resize(size)
	if l.t.pending {
		l.t.selectCell()
	}
}

// value returns the typed value of a number column of planet i.
func (t *planetTable) value(i, col int) *planets.Value {
	m := t.v.M()
	if i < 0 || i >= len(m.Planets) {
		return nil
	}
	p := &m.Planets[i]
	switch col {
	case colDef:
		return &p.Def
	case colRes:
		return &p.Res
	case colCos:
		return &p.Cos
	case colMax:
		return &p.Max
	}
	return nil
}

// cellText is what a cell shows.
func (t *planetTable) cellText(i, col int) string {
	m := t.v.M()
	if i < 0 || i >= len(m.Planets) {
		return ""
	}
	p := &m.Planets[i]
	switch col {
	case colToken:
		return p.Name()
	case colType:
		return show(p.Type)
	case colStart:
		if s := startIndex(m, p.Name()); s >= 0 {
			return fmt.Sprintf("player %d", s+1)
		}
		return ""
	case colAt:
		if pt, ok := m.Position(p); ok {
			return fmt.Sprintf("(%d, %d)", pt.X, pt.Y)
		}
		return "not placed"
	case colRoutes:
		n := 0
		for _, r := range m.Routes {
			if planets.SameKey(r.From, p.Token) || planets.SameKey(r.To, p.Token) {
				n++
			}
		}
		return fmt.Sprint(n)
	case colOther:
		return strings.TrimPrefix(extraText(p.Extra), "Other attributes (kept as they are): ")
	}
	if v := t.value(i, col); v != nil {
		return show(*v)
	}
	return ""
}

func (t *planetTable) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	stack := o.(*fyne.Container)
	label := stack.Objects[0].(*widget.Label)
	box := stack.Objects[1].(*fyne.Container)
	entry := box.Objects[0].(*cellEntry)
	hint := box.Objects[1]
	if id.Row < 0 || id.Row >= len(t.order) {
		return
	}
	i := t.order[id.Row]
	text := t.cellText(i, id.Col)
	if id.Col > colMax {
		box.Hide()
		label.Show()
		label.SetText(text)
		return
	}
	label.Hide()
	box.Show()
	if on := id.Col >= colDef; on != hint.Visible() {
		if on {
			hint.Show()
		} else {
			hint.Hide()
		}
		box.Refresh() // lays the entry out again, with or without the hint
	}
	if entry.focused && entry.planet == i && entry.col == id.Col {
		return // keep what is being typed
	}
	entry.planet, entry.col = i, id.Col
	entry.SetText(text)
	entry.refuse(nil)
	entry.changed(text)
}

// cellEntry edits one cell of the planet table; it commits on Enter or
// when the focus leaves it.
type cellEntry struct {
	widget.Entry
	t       *planetTable
	planet  int
	col     int
	focused bool
	hint    *typeHint
	err     error // why the text was refused
}

// refuse marks the cell with why its text was refused (nil clears it).
func (e *cellEntry) refuse(err error) {
	e.err = err
	e.SetValidationError(err)
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

// changed updates the type hint as the text is typed.
func (e *cellEntry) changed(text string) {
	if v := e.t.value(e.planet, e.col); v != nil {
		e.hint.set(*v, text, anyNumber)
	}
}

// commit writes the cell into the map as one undoable edit, unless it is
// unchanged or refused (then the cell is marked with the reason).
func (e *cellEntry) commit() {
	v := e.t.v
	m := v.M()
	if e.planet < 0 || e.planet >= len(m.Planets) || e.Text == e.t.cellText(e.planet, e.col) {
		e.refuse(nil)
		return
	}
	name := m.Planets[e.planet].Name()
	i := e.planet
	switch e.col {
	case colToken:
		to := strings.TrimSpace(e.Text)
		if err := checkRename(m, name, to); err != nil {
			e.refuse(err)
			return
		}
		v.S.Edit("rename planet "+name+" to "+to, func() { renamePlanet(v.M(), name, to) })
		if v.selPlanet == name {
			v.SelectPlanet(to)
		}
	case colType:
		v.S.Edit("change type of "+name, func() { v.M().Planets[i].Type = typeValue(e.Text) })
	default:
		key := strings.Fields(columnTitles[e.col])[0]
		nu, err := parseAs(e.Text, anyNumber)
		if err == nil && nu.Type == planets.Absent {
			err = fmt.Errorf("must not be empty")
		}
		if err != nil {
			e.refuse(fmt.Errorf("%s of %s %v", key, name, err))
			return
		}
		old := *e.t.value(i, e.col)
		if planets.Equal(old, nu) {
			return
		}
		col := e.col
		v.S.Edit("change "+key+" of "+name, func() { *e.t.value(i, col) = nu })
		e.SetText(show(nu)) // as it is written: 2.50 shows as 2.5
		if c := typeChange(old, nu); c != "" {
			v.status(fmt.Sprintf("%s of %s is %s (%s)", key, name, show(nu), c))
		}
	}
	e.refuse(nil)
}
