package planetsview

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
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

// columnKeys name the columns that document paths name: the fields of
// planets.PlanetFields, in table order from colType to colMax.
var columnKeys = planetColumns()

func planetColumns() map[string]int {
	out := map[string]int{}
	for i, key := range planets.PlanetFields.Keys() {
		out[key] = colType + i
	}
	return out
}

// columnKey is the key a column's cells are named by: its field's
// (columnKeys), else the first word of its title ("token").
func columnKey(col int) string {
	if col >= colType && col <= colMax {
		return planets.PlanetFields.Fields[col-colType].Key
	}
	return strings.Fields(columnTitles[col])[0]
}

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
	// refusal says which typed values were refused, and why.
	refusal *widget.Label
	hints   map[*forms.Entry]*typeHint // the type hint beside every cell's entry
	object  fyne.CanvasObject
	// pending is set when the selection changed while the table had no
	// size yet: it is shown when the table is laid out.
	pending bool
}

func newPlanetTable(v *View) *planetTable {
	t := &planetTable{v: v, selRow: -1, info: widget.NewLabel(""), refusal: widget.NewLabel(""), hints: map[*forms.Entry]*typeHint{}}
	t.refusal.Importance = widget.DangerImportance
	t.refusal.Wrapping = fyne.TextWrapWord
	t.refusal.Hide()
	t.table = widget.NewTable(
		func() (int, int) { return len(t.order), numCols },
		func() fyne.CanvasObject {
			e := forms.NewEntry(v.S, nil, nil, nil)
			e.Inline = false // the message goes above the table
			e.OnRefusal = func(error) { t.showRefusals() }
			hint := newTypeHint()
			t.hints[e] = hint
			return container.NewStack(widget.NewLabel("0000000"), container.NewBorder(nil, nil, nil, hint.object(), e))
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
	t.object = container.NewBorder(container.NewVBox(container.NewBorder(nil, nil, container.NewHBox(del, t.info), nil, note), t.refusal), nil, nil, nil,
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
	t.showRefusals()
}

// showRefusals says which values typed in the table were refused.
func (t *planetTable) showRefusals() { forms.ShowRefusals(t.refusal, t.v.S, "planets.") }

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
	if col < colDef || col > colMax {
		return nil
	}
	return m.Planets[i].Attr(columnKey(col))
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
			return fmt.Sprintf("Player %d", s+1)
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
	entry := box.Objects[0].(*forms.Entry)
	hint := box.Objects[1]
	if id.Row < 0 || id.Row >= len(t.order) {
		return
	}
	i, col := t.order[id.Row], id.Col
	if col > colMax {
		box.Hide()
		label.Show()
		label.SetText(t.cellText(i, col))
		return
	}
	label.Hide()
	box.Show()
	if on := col >= colDef; on != hint.Visible() {
		if on {
			hint.Show()
		} else {
			hint.Hide()
		}
		box.Refresh() // lays the entry out again, with or without the hint
	}
	if entry.Focused() {
		return // keep what is being typed
	}
	th := t.hints[entry]
	entry.OnTyped = func(text string) {
		if v := t.value(i, col); v != nil {
			th.set(*v, text, anyNumber)
		}
	}
	entry.Bind(func() forms.FieldRef { return t.cellRef(i, col) },
		func() string { return t.cellText(i, col) },
		func(text string) error { return t.commitCell(entry, i, col, text) })
	entry.OnTyped(entry.Text)
}

// cellRef names the value of a cell.
func (t *planetTable) cellRef(i, col int) forms.FieldRef {
	m := t.v.M()
	key := columnKey(col)
	if i < 0 || i >= len(m.Planets) {
		return forms.FieldRef{Key: fmt.Sprintf("planet %d|%s", i, key), What: key}
	}
	name := m.Planets[i].Name()
	path := "planets." + name
	return forms.FieldRef{Key: path + "|" + key, Path: path, What: key + " of " + name}
}

// commitCell writes the text of a cell into the map as one undoable edit,
// or says why it cannot.
func (t *planetTable) commitCell(e *forms.Entry, i, col int, text string) error {
	v := t.v
	m := v.M()
	if i < 0 || i >= len(m.Planets) {
		return fmt.Errorf("the planet was deleted")
	}
	name := m.Planets[i].Name()
	switch col {
	case colToken:
		to := strings.TrimSpace(text)
		if err := checkRename(m, name, to); err != nil {
			return err
		}
		v.S.Edit("rename planet "+name+" to "+to, func() { renamePlanet(v.M(), name, to) })
		if v.selPlanet == name {
			v.SelectPlanet(to)
		}
	case colType:
		v.S.Edit("change type of "+name, func() { v.M().Planets[i].Type = typeValue(text) })
	default:
		key := columnKey(col)
		nu, err := parseAs(text, anyNumber)
		if err == nil && nu.Type() == planets.Absent {
			err = fmt.Errorf("must not be empty")
		}
		if err != nil {
			return fmt.Errorf("%s of %s %v", key, name, err)
		}
		old := *t.value(i, col)
		if planets.Equal(old, nu) {
			return nil
		}
		v.S.Edit("change "+key+" of "+name, func() { *t.value(i, col) = nu })
		if e.Focused() {
			e.SetText(show(nu)) // as it is written: 2.50 shows as 2.5
		}
		if c := typeChange(old, nu); c != "" {
			v.status(fmt.Sprintf("%s of %s is %s (%s)", key, name, show(nu), c))
		}
	}
	return nil
}
