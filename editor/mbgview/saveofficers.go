package mbgview

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/mbg"
)

// Kinds of cells of the save's officer table.
const (
	kindText   = iota // an entry, committed on Enter or when it loses the focus
	kindChoice        // a select
	kindCheck         // a check box
)

// saveColumn is one column of the officer table: how its cells show an
// officer and how an edit of a cell changes the save.
type saveColumn struct {
	title string
	// field is the table's row of the value the column shows (nil for
	// the name): its key names the value's document path and its name
	// the value in messages.
	field *field.Field
	width float32
	kind  int
	// text is what a text cell shows (and the sort key without num).
	text func(m *mbg.Save, p int) string
	// num is the sort key of a numeric column.
	num func(m *mbg.Save, p int) float64
	// commit applies the text typed into a cell.
	commit func(p int, text string) error
	// options and index are a choice's options and the option shown;
	// choose applies the option chosen.
	options func(m *mbg.Save, p int) []string
	index   func(m *mbg.Save, p int) int
	choose  func(p int, i int) error
	// checked and toggle are a check box's state and its change.
	checked func(m *mbg.Save, p int) bool
	toggle  func(p int, on bool) error
}

// saveOfficerTable is the sortable officer table of a save: every field
// of an officer is edited in its cell; role, job and location move him as
// the game does (see saveops.go).
type saveOfficerTable struct {
	v        *SaveView
	cols     []saveColumn
	table    *widget.Table
	order    []int // row → officer, by the current sort
	sortCol  int
	sortDesc bool
	selected int
	info     *widget.Label
	refusal  *widget.Label // the typed values refused, in words
	object   fyne.CanvasObject
}

// Columns of the officer table that tests address.
const (
	scolName  = 0
	scolRole  = 1
	scolJob   = 2
	scolAt    = 3
	scolHPMax = 4
	scolHP    = 5
	scolWu    = 6
	scolQuit  = 11
	scolLevel = 14
)

func newSaveOfficerTable(v *SaveView) *saveOfficerTable {
	t := &saveOfficerTable{v: v, sortCol: -1, selected: -1, info: widget.NewLabel("")}
	t.cols = v.officerColumns()
	t.table = widget.NewTable(
		func() (int, int) { return len(t.order), len(t.cols) },
		t.createCell,
		t.updateCell)
	t.table.ShowHeaderRow = true
	t.table.CreateHeader = func() fyne.CanvasObject { return widget.NewButton("header", nil) }
	t.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		b := o.(*widget.Button)
		if id.Col < 0 || id.Col >= len(t.cols) {
			b.SetText("")
			return
		}
		text := t.cols[id.Col].title
		if id.Col == t.sortCol {
			text += map[bool]string{false: " ▲", true: " ▼"}[t.sortDesc]
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
	for i, c := range t.cols {
		t.table.SetColumnWidth(i, c.width)
	}
	hint := widget.NewLabel("Role: the officer joins that role's retinue. Job: he takes it in his city, or the first institute or room with a free slot. " +
		"At: where he does his job.")
	hint.Truncation = fyne.TextTruncateEllipsis
	t.refusal = widget.NewLabel("")
	t.refusal.Importance = widget.DangerImportance
	t.refusal.Wrapping = fyne.TextWrapWord
	t.object = container.NewBorder(container.NewVBox(t.info, t.refusal, hint), nil, nil, nil, t.table)
	t.refresh()
	return t
}

// officerColumns describes the table's columns.
func (v *SaveView) officerColumns() []saveColumn {
	cols := append([]saveColumn{v.nameColumn()}, v.placeColumns()...)
	// The limits and the names in messages are the field table's: the
	// hit points within their maximum.
	r := &mbg.SaveOfficerFields
	cols = append(cols,
		v.numberColumn("HP max", r.Field("hp_max"), func(o *mbg.SaveOfficer) *float32 { return &o.HPMax }, nil),
		v.numberColumn("HP 体力", r.Field("hp"), func(o *mbg.SaveOfficer) *float32 { return &o.HP }, func(o *mbg.SaveOfficer) float64 { return float64(o.HPMax) }))
	cols[4].width, cols[5].width = 60, 60
	for k, key := range mbg.PropKeys {
		// An ability's limits are the field table's (check warns of a
		// value beyond them).
		title := []string{"武", "战", "谋", "政", "经"}[k] + " " + key
		cols = append(cols, v.numberColumn(title, r.Field(key), func(o *mbg.SaveOfficer) *float32 { return &o.Props[k] }, nil))
	}
	cols = append(cols,
		saveColumn{title: "quit 离", field: r.Field("quit"), width: 56, kind: kindCheck,
			text:    func(m *mbg.Save, p int) string { return fmt.Sprint(m.Officers[p].Quit) },
			checked: func(m *mbg.Save, p int) bool { return m.Officers[p].Quit },
			toggle: func(p int, on bool) error {
				return v.setOfficer("change quitting", p, func(o *mbg.SaveOfficer) { o.Quit = on })
			}},
		v.counterColumn("流言 rumour", r.Field("rumour"), func(o *mbg.SaveOfficer) *int { return &o.Rumour }),
		v.counterColumn("毒 poison", r.Field("poison"), func(o *mbg.SaveOfficer) *int { return &o.Poison }),
		saveColumn{title: "level", field: r.Field("level"), width: 112, kind: kindChoice,
			text:    func(m *mbg.Save, p int) string { return itoa(m.Officers[p].Level) },
			num:     func(m *mbg.Save, p int) float64 { return float64(m.Officers[p].Level) },
			options: func(*mbg.Save, int) []string { return levelNames },
			index:   func(m *mbg.Save, p int) int { return m.Officers[p].Level },
			choose: func(p int, i int) error {
				return v.apply("change level of "+v.M().Officers[p].Name, func(s *mbg.Save) error {
					mbgeng.SetLevel(s, p, i)
					return nil
				})
			}})
	cols[len(cols)-2].width = 66
	return cols
}

// setOfficer changes officer p of the save as one edit.
func (v *SaveView) setOfficer(label string, p int, op func(o *mbg.SaveOfficer)) error {
	return v.apply(label+" of "+v.M().Officers[p].Name, func(s *mbg.Save) error {
		op(&s.Officers[p])
		return nil
	})
}

// numberColumn is a column of the officer's number of the table's field
// f (get points to it), within the field's limits, or from 0 to
// max(officer) when max is not nil; an HP beyond the maximum is lowered
// to it.
func (v *SaveView) numberColumn(title string, f *field.Field, get func(o *mbg.SaveOfficer) *float32, max func(o *mbg.SaveOfficer) float64) saveColumn {
	return saveColumn{title: title, field: f, width: 66, kind: kindText,
		text: func(m *mbg.Save, p int) string { return ftoa(*get(&m.Officers[p])) },
		num:  func(m *mbg.Save, p int) float64 { return float64(*get(&m.Officers[p])) },
		commit: func(p int, text string) error {
			n := forms.Float{Label: f.Name(), Field: f}
			if max != nil {
				n = forms.Float{Label: f.Name(), Max: max(&v.M().Officers[p])}
			}
			x, err := n.Parse(text)
			if err != nil {
				return err
			}
			return v.setOfficer("change "+title, p, func(o *mbg.SaveOfficer) {
				*get(o) = x
				o.HP = min(o.HP, o.HPMax)
			})
		}}
}

// counterColumn is a column of rounds left of the officer, within the
// limits of the table's field f (0 to 99).
func (v *SaveView) counterColumn(title string, f *field.Field, get func(o *mbg.SaveOfficer) *int) saveColumn {
	return saveColumn{title: title, field: f, width: 84, kind: kindText,
		text: func(m *mbg.Save, p int) string { return itoa(*get(&m.Officers[p])) },
		num:  func(m *mbg.Save, p int) float64 { return float64(*get(&m.Officers[p])) },
		commit: func(p int, text string) error {
			n, err := forms.Int{Label: f.Name(), Field: f}.Parse(text)
			if err != nil {
				return err
			}
			return v.setOfficer("change "+title, p, func(o *mbg.SaveOfficer) { *get(o) = n })
		}}
}

// nameColumn is the column of the officer's name.
func (v *SaveView) nameColumn() saveColumn {
	return saveColumn{title: "名字 name", width: 84, kind: kindText,
		text: func(m *mbg.Save, p int) string { return m.Officers[p].Name },
		commit: func(p int, text string) error {
			name := strings.TrimSpace(text)
			if name == "" || strings.ContainsAny(name, " \t") {
				return fmt.Errorf("a name must not be empty or contain spaces")
			}
			return v.setOfficer("rename", p, func(o *mbg.SaveOfficer) { o.Name = name })
		}}
}

// placeColumns are the columns of the officer's role, job and place:
// choosing moves him as the game does.
func (v *SaveView) placeColumns() []saveColumn {
	return []saveColumn{
		{title: "阵营 role", width: 96, kind: kindChoice,
			text:    func(m *mbg.Save, p int) string { return mbgeng.RoleName(m, m.Officers[p].Role) },
			num:     func(m *mbg.Save, p int) float64 { return float64(m.Officers[p].Role) },
			options: func(m *mbg.Save, p int) []string { return append([]string{"free 在野"}, v.roleNames()...) },
			index:   func(m *mbg.Save, p int) int { return m.Officers[p].Role + 1 },
			choose: func(p int, i int) error {
				return v.apply("change role of "+v.M().Officers[p].Name, func(s *mbg.Save) error { return mbgeng.SetOfficerRole(s, p, i-1) })
			}},
		{title: "职务 job", width: 164, kind: kindChoice,
			text: func(m *mbg.Save, p int) string { return officerWhere(m, p) },
			num:  func(m *mbg.Save, p int) float64 { return float64(m.Officers[p].Job) },
			options: func(m *mbg.Save, p int) []string {
				if m.Officers[p].Role == -1 {
					return []string{"free 在野"}
				}
				return jobTitles
			},
			index: func(m *mbg.Save, p int) int {
				if m.Officers[p].Role == -1 {
					return 0
				}
				return m.Officers[p].Job + 1
			},
			choose: func(p int, i int) error {
				if v.M().Officers[p].Role == -1 {
					return nil
				}
				return v.apply("change job of "+v.M().Officers[p].Name, func(s *mbg.Save) error { return mbgeng.SetOfficerJob(s, p, i-1) })
			}},
		{title: "所在 at", width: 106, kind: kindChoice,
			text:    func(m *mbg.Save, p int) string { return jobPlaceName(m, m.Officers[p].Job, m.Officers[p].Loc) },
			options: v.placeOptions,
			index: func(m *mbg.Save, p int) int {
				if m.Officers[p].Job == mbg.JobNone {
					return 0
				}
				return m.Officers[p].Loc
			},
			choose: func(p int, i int) error {
				if v.M().Officers[p].Job == mbg.JobNone {
					return nil
				}
				return v.apply("move "+v.M().Officers[p].Name, func(s *mbg.Save) error { return mbgeng.SetOfficerLoc(s, p, i) })
			}},
	}
}

// placeOptions are the places officer p's job can be done at.
func (v *SaveView) placeOptions(m *mbg.Save, p int) []string {
	switch job := m.Officers[p].Job; {
	case mbgeng.CityJob(job):
		return v.cityOwnerLabels()
	case job == mbg.JobResearcher:
		return v.instNames()
	case job == mbg.JobTrainee:
		return v.roomNames()
	}
	return []string{"—"}
}

// refresh re-sorts and redraws the table from the model.
func (t *saveOfficerTable) refresh() {
	m := t.v.M()
	t.order = make([]int, len(m.Officers))
	for i := range t.order {
		t.order[i] = i
	}
	if t.sortCol >= 0 && t.sortCol < len(t.cols) {
		c := t.cols[t.sortCol]
		slices.SortStableFunc(t.order, func(a, b int) int {
			var d int
			if c.num != nil {
				d = cmp.Compare(c.num(m, a), c.num(m, b))
			} else {
				d = strings.Compare(c.text(m, a), c.text(m, b))
			}
			if t.sortDesc {
				return -d
			}
			return d
		})
	}
	t.table.Refresh()
	t.showInfo()
}

func (t *saveOfficerTable) sortBy(col int) {
	if t.sortCol == col {
		t.sortDesc = !t.sortDesc
	} else {
		t.sortCol, t.sortDesc = col, false
	}
	t.refresh()
}

// selectRow selects officer p and scrolls to him.
func (t *saveOfficerTable) selectRow(p int) {
	row := slices.Index(t.order, p)
	if row < 0 {
		return
	}
	t.selected = p
	t.table.Select(widget.TableCellID{Row: row, Col: scolName})
	t.table.ScrollTo(widget.TableCellID{Row: row, Col: scolName})
	t.showInfo()
}

func (t *saveOfficerTable) showInfo() {
	m := t.v.M()
	if t.refusal != nil {
		forms.ShowRefusals(t.refusal, t.v.S, "officers[")
	}
	free := 0
	for _, pool := range m.Free {
		free += len(pool)
	}
	text := fmt.Sprintf("%d officers, %d free", len(m.Officers), free)
	if t.selected >= 0 && t.selected < len(m.Officers) {
		text += fmt.Sprintf(" · selected %s (%s)", m.Officers[t.selected].Name, officerWhere(m, t.selected))
	}
	t.info.SetText(text)
}

// The widgets of a cell, one shown at a time.
const (
	cellLabel = iota
	cellText
	cellSelect
	cellCheck
)

func (t *saveOfficerTable) createCell() fyne.CanvasObject {
	e := forms.NewEntry(t.v.S, nil, nil, nil)
	e.Inline = false // the message goes above the table
	e.OnRefusal = func(error) { t.showInfo() }
	return container.NewStack(widget.NewLabel("0000000000"), e, widget.NewSelect(nil, nil), widget.NewCheck("", nil))
}

func (t *saveOfficerTable) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	objs := o.(*fyne.Container).Objects
	if id.Row < 0 || id.Row >= len(t.order) || id.Col < 0 || id.Col >= len(t.cols) {
		return
	}
	m, p, c := t.v.M(), t.order[id.Row], t.cols[id.Col]
	show := map[int]int{kindText: cellText, kindChoice: cellSelect, kindCheck: cellCheck}[c.kind]
	for k, obj := range objs {
		if k == show {
			obj.Show()
		} else {
			obj.Hide()
		}
	}
	switch c.kind {
	case kindText:
		e := objs[cellText].(*forms.Entry)
		e.Bind(func() forms.FieldRef { return t.cellRef(p, c) },
			func() string {
				if p >= len(t.v.M().Officers) {
					return ""
				}
				return c.text(t.v.M(), p)
			},
			func(text string) error { return c.commit(p, text) })
	case kindChoice:
		s := objs[cellSelect].(*widget.Select)
		s.OnChanged = nil
		s.Options = forms.UniqueOptions(c.options(m, p))
		if i := c.index(m, p); i >= 0 && i < len(s.Options) {
			s.SetSelectedIndex(i)
		} else {
			s.ClearSelected()
		}
		if len(s.Options) <= 1 {
			s.Disable()
		} else {
			s.Enable()
		}
		s.OnChanged = func(string) {
			if i := s.SelectedIndex(); i >= 0 && i != c.index(t.v.M(), p) {
				c.choose(p, i)
			}
		}
		s.Refresh()
	case kindCheck:
		ch := objs[cellCheck].(*widget.Check)
		ch.OnChanged = nil
		ch.SetChecked(c.checked(m, p))
		ch.OnChanged = func(on bool) {
			if on != c.checked(t.v.M(), p) {
				c.toggle(p, on)
			}
		}
	}
}

// cellRef names the value of a text cell: the column's field (the name
// without one) and the officer.
func (t *saveOfficerTable) cellRef(p int, c saveColumn) forms.FieldRef {
	key, what := "name", "name"
	if c.field != nil {
		key, what = c.field.Key, c.field.Name()
	}
	path := fmt.Sprintf("officers[%d]", p)
	if m := t.v.M(); p < len(m.Officers) {
		what += " of " + m.Officers[p].Name
	}
	return forms.FieldRef{Key: path + "|" + key, Path: path, What: what}
}
