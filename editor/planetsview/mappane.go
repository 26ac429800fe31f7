package planetsview

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/planets"
)

// mapPane is the Map pane: the map canvas with its tool bar, and beside
// it the selected planet or route, the start order and the grid's size.
type mapPane struct {
	v      *View
	canvas *mapCanvas
	hover  *widget.Label // what is under the pointer
	hint   *widget.Label // what a drag will do
	help   *widget.Label // what the mouse does, while hover and hint are empty
	object fyne.CanvasObject

	planetBox, routeBox, noneBox *fyne.Container
	planetTitle, routeTitle      *widget.Label
	planetExtra                  *widget.Label
	startCheck                   *widget.Check
	startLoading                 bool
	steps                        *numberField
	token, typ                   *forms.Entry
	fields                       map[string]*numberField // def, res, cos, max of the selected planet
	starts                       *forms.ItemList
	size                         *forms.SizeFields
	unplaced                     *widget.Label
}

func newMapPane(v *View) *mapPane {
	p := &mapPane{v: v, hover: widget.NewLabel(""), hint: widget.NewLabel("")}
	p.hint.TextStyle = fyne.TextStyle{Italic: true}
	p.canvas = newMapCanvas(v)

	g := p.canvas.Grid
	zoomOut := widget.NewButton("−", func() { g.ZoomStep(false) })
	zoomIn := widget.NewButton("+", func() { g.ZoomStep(true) })
	fit := widget.NewButton("Fit", g.Fit)
	help := widget.NewLabel("Click an empty cell: new planet · drag a planet: move it · drop it on another: route · click a route: edit · drag empty space: pan · Ctrl+wheel: zoom · Del: delete")
	help.Truncation = fyne.TextTruncateEllipsis
	// What is under the pointer and what a drag will do share the tool
	// bar's row with the help (shown while they say nothing), so that the
	// map keeps a row's height.
	p.hover.Truncation = fyne.TextTruncateEllipsis
	p.hint.Truncation = fyne.TextTruncateEllipsis
	p.help = help
	say := container.NewStack(help, container.NewGridWithColumns(2, p.hover, p.hint))
	top := container.NewBorder(nil, nil, container.NewHBox(zoomOut, zoomIn, fit), nil, say)
	mapArea := container.NewBorder(top, nil, nil, nil, p.canvas.Object())

	// What a click shows (the selected planet's or route's form) comes
	// below the hint and the starts, so that it moves none of the controls
	// above it: a click on a start, then on the list's delete button,
	// deletes the start, not the planet whose form opened.
	selection := p.selectionBox()
	side := container.NewVBox(p.noneBox, widget.NewSeparator(), p.startsBox(), widget.NewSeparator(), selection, widget.NewSeparator(), p.gridBox())
	split := container.NewHSplit(mapArea, container.NewVScroll(side))
	split.SetOffset(0.72)
	p.object = split
	return p
}

// selectedPlanet returns the selected planet of m, or nil.
func (v *View) selectedPlanet(m *planets.Map) *planets.Planet {
	if v.selPlanet == "" {
		return nil
	}
	if i := planetIndex(m, v.selPlanet); i >= 0 {
		return &m.Planets[i]
	}
	return nil
}

// selectedRoute returns the selected route of m, or nil.
func (v *View) selectedRoute(m *planets.Map) *planets.Route {
	if v.selRoute >= 0 && v.selRoute < len(m.Routes) {
		return &m.Routes[v.selRoute]
	}
	return nil
}

// numberKeys are the keys of a planet's numbers (def, res, cos, max),
// the real-number fields of planets.PlanetFields in table order.
func numberKeys() []string {
	var out []string
	for _, f := range planets.PlanetFields.Fields {
		if f.Type == field.Number {
			out = append(out, f.Key)
		}
	}
	return out
}

// numberGlyphs are the Chinese of a planet's numbers, in the order of
// numberKeys: 防 defence, 产 growth, 增 constant growth, 限 cap.
var numberGlyphs = []string{"防", "产", "增", "限"}

// attr returns a getter of one attribute of the selected planet.
func (v *View) attr(key string) func(m *planets.Map) *planets.Value {
	return func(m *planets.Map) *planets.Value {
		p := v.selectedPlanet(m)
		if p == nil {
			return nil
		}
		return p.Attr(key)
	}
}

// selectionBox shows the selected planet (token, type, numbers, start) or
// route (steps), or what a click does when nothing is selected.
func (p *mapPane) selectionBox() fyne.CanvasObject {
	v := p.v
	p.planetTitle = widget.NewLabel("")
	p.planetTitle.TextStyle = fyne.TextStyle{Bold: true}
	v.B.Scope(v.planetScope)
	defer v.B.Scope(nil)
	p.token = v.B.Text("token", func() string { return v.selPlanet }, func(s string) error {
		s = strings.TrimSpace(s)
		if err := checkRename(v.M(), v.selPlanet, s); err != nil {
			return err
		}
		from := v.selPlanet
		if s == from {
			return nil
		}
		v.S.Edit("rename planet "+from+" to "+s, func() { renamePlanet(v.M(), from, s) })
		v.SelectPlanet(s)
		v.status("renamed planet " + from + " to " + s + " (its routes and starts follow)")
		return nil
	})
	p.typ = v.B.Text(planets.PlanetFields.Field("type").Key, func() string {
		if pl := v.selectedPlanet(v.M()); pl != nil {
			return show(pl.Type)
		}
		return ""
	}, func(s string) error {
		if v.selectedPlanet(v.M()) == nil {
			return nil
		}
		v.S.Edit("change type of "+v.selPlanet, func() { v.selectedPlanet(v.M()).Type = typeValue(s) })
		return nil
	})
	p.typ.SetPlaceHolder("base, resource, … (a free label)")
	p.fields = map[string]*numberField{}
	items := []*widget.FormItem{widget.NewFormItem("Token", p.token), widget.NewFormItem("Type", p.typ)}
	for i, key := range numberKeys() {
		p.fields[key] = v.numberEntry(key, v.attr(key), anyNumber, false)
		items = append(items, widget.NewFormItem(key+" "+numberGlyphs[i], p.fields[key].Object))
	}
	p.startCheck = widget.NewCheck("Start planet", func(bool) {
		if p.startLoading || v.selPlanet == "" {
			return
		}
		v.ToggleStart(v.selPlanet)
	})
	p.planetExtra = widget.NewLabel("")
	p.planetExtra.Wrapping = fyne.TextWrapWord
	del := widget.NewButtonWithIcon("Delete planet", theme.DeleteIcon(), func() { v.DeletePlanet(v.selPlanet) })
	form := widget.NewForm(items...)
	p.planetBox = container.NewVBox(p.planetTitle, form, p.startCheck, p.planetExtra, del)

	p.routeTitle = widget.NewLabel("")
	p.routeTitle.TextStyle = fyne.TextStyle{Bold: true}
	v.B.Scope(v.routeScope)
	p.steps = v.numberEntry("steps", func(m *planets.Map) *planets.Value {
		if r := v.selectedRoute(m); r != nil {
			return &r.Steps
		}
		return nil
	}, wholeNumber(planets.RouteFields.Field("2")), false)
	delRoute := widget.NewButtonWithIcon("Delete route", theme.DeleteIcon(), func() { v.DeleteRoute(v.selRoute) })
	p.routeBox = container.NewVBox(p.routeTitle, widget.NewForm(widget.NewFormItem("Steps", p.steps.Object)),
		widget.NewLabel("A route runs both ways; a fleet\ntakes this many steps on it."), delRoute)

	none := widget.NewLabel("Click a planet or a route to edit it.\nClick an empty cell to add a planet.")
	p.unplaced = widget.NewLabel("")
	p.unplaced.Wrapping = fyne.TextWrapWord
	p.noneBox = container.NewVBox(none)
	return container.NewVBox(p.planetBox, p.routeBox, p.unplaced)
}

// typeValue is the type label typed: text, or absent when empty.
func typeValue(s string) planets.Value {
	if s = strings.TrimSpace(s); s == "" {
		return planets.Value{}
	}
	return planets.StrValue(s)
}

// startsBox lists the start planets in player order.
func (p *mapPane) startsBox() fyne.CanvasObject {
	v := p.v
	names := func() []string {
		m := v.M()
		out := make([]string, len(m.Starts))
		for i, s := range m.Starts {
			out[i] = s.Key()
			if planetIndex(m, s.Key()) < 0 {
				out[i] += " (no such planet)"
			}
		}
		return out
	}
	p.starts = v.B.NewItemList(names, func(i int) {
		m := v.M()
		if i >= 0 && i < len(m.Starts) && planetIndex(m, m.Starts[i].Key()) >= 0 && v.selPlanet != m.Starts[i].Key() {
			v.SelectPlanet(m.Starts[i].Key())
		}
	}, forms.ItemActions{
		Delete: func(i int) {
			v.S.Edit("remove start "+v.M().Starts[i].Key(), func() {
				m := v.M()
				m.Starts = append(m.Starts[:i:i], m.Starts[i+1:]...)
			})
		},
		Move: func(i, j int) {
			v.S.Edit("reorder starts", func() {
				m := v.M()
				m.Starts[i], m.Starts[j] = m.Starts[j], m.Starts[i]
			})
		},
	})
	space := canvas.NewRectangle(color.Transparent)
	space.SetMinSize(fyne.NewSize(240, 230))
	title := widget.NewLabel("Starts — Player 1, 2, … start there")
	title.TextStyle = fyne.TextStyle{Bold: true}
	return container.NewVBox(title, container.NewStack(space, p.starts.Object))
}

// gridBox holds the grid's width and height.
func (p *mapPane) gridBox() fyne.CanvasObject {
	v := p.v
	v.B.Scope(func() (string, string) { return planets.PathGrid, "the grid" })
	p.size = v.B.Size(func() (int, int) { return splitGrid(v.M()).size() }, v.ResizeGrid)
	v.B.Scope(nil)
	title := widget.NewLabel("Grid")
	title.TextStyle = fyne.TextStyle{Bold: true}
	note := widget.NewLabel("A width or a height applies on Enter\nor when you leave the field; resizing\ncuts or adds cells on the right and\nat the bottom.")
	return container.NewVBox(title, widget.NewForm(widget.NewFormItem("Width", p.size.Width), widget.NewFormItem("Height", p.size.Height)), p.size.Note, note)
}

// ResizeGrid makes the grid w×h cells as one edit; it refuses to cut off
// a planet, and says how many empty cells it cut off.
func (v *View) ResizeGrid(w, h int) (cut string, err error) {
	cw, ch := splitGrid(v.M()).size()
	if cw == w && ch == h {
		return "", nil
	}
	probe := *v.M()
	if err := resizeGrid(&probe, w, h); err != nil {
		return "", err
	}
	cut = describeCut(splitGrid(v.M()), w, h)
	v.S.Edit(fmt.Sprintf("resize the grid to %d×%d", w, h), func() { resizeGrid(v.M(), w, h) })
	v.mp.canvas.Grid.Fit()
	v.status(fmt.Sprintf("the grid is %d×%d", w, h))
	return cut, nil
}

// describeCut says which cells of g a resize to w×h cuts off (none is a
// planet when the resize is allowed; a letter there names no planet).
func describeCut(g *mapRows, w, h int) string {
	n, letters := 0, []string(nil)
	for y, row := range g.rows {
		for x, r := range row {
			if x >= w || y >= h {
				n++
				if isLetter(r) {
					letters = append(letters, string(r))
				}
			}
		}
	}
	switch {
	case n == 0:
		return ""
	case len(letters) > 0:
		return fmt.Sprintf("%d cells, among them %s, which name no planet", n, strings.Join(letters, ", "))
	}
	return fmt.Sprintf("%d empty cells", n)
}

// showSelection shows the selected planet or route beside the map.
func (p *mapPane) showSelection() {
	v := p.v
	m := v.M()
	pl, r := v.selectedPlanet(m), v.selectedRoute(m)
	show := func(o fyne.CanvasObject, on bool) {
		if on {
			o.Show()
		} else {
			o.Hide()
		}
	}
	show(p.planetBox, pl != nil)
	show(p.routeBox, r != nil && pl == nil)
	if pl != nil {
		where := "not on the grid: click an empty cell to place it"
		if pt, ok := m.Position(pl); ok {
			where = grid.CellLabel(pt.X, pt.Y)
		}
		id, _ := m.ID(pl.Token)
		p.planetTitle.SetText(fmt.Sprintf("Planet %s · id %d · %s", pl.Name(), id, where))
		p.startLoading = true
		s := startIndex(m, pl.Name())
		p.startCheck.SetChecked(s >= 0)
		if s >= 0 {
			p.startCheck.Text = fmt.Sprintf("Start planet of Player %d", s+1)
		} else {
			p.startCheck.Text = "Start planet"
		}
		p.startCheck.Refresh()
		p.startLoading = false
		p.planetExtra.SetText(extraText(pl.Extra))
		show(p.planetExtra, len(pl.Extra) > 0)
	}
	if r != nil && pl == nil {
		p.routeTitle.SetText(fmt.Sprintf("Route %d: %s", v.selRoute+1, routeName(*r)))
	}
	var lost []string
	for i := range m.Planets {
		if _, ok := m.Position(&m.Planets[i]); !ok {
			lost = append(lost, m.Planets[i].Name())
		}
	}
	p.unplaced.SetText("")
	if len(lost) > 0 {
		p.unplaced.SetText("Not on the grid: " + strings.Join(lost, ", ") + " — select one, then click an empty cell to place it.")
	}
	show(p.unplaced, len(lost) > 0)
	p.canvas.Refresh()
}

// extraText shows attributes the editor does not know (kept as they are).
func extraText(extra []planets.Pair) string {
	if len(extra) == 0 {
		return ""
	}
	parts := make([]string, len(extra))
	for i, e := range extra {
		parts[i] = e.Key.Key() + ": " + e.Value.Describe()
	}
	return "Other attributes (kept as they are): " + strings.Join(parts, ", ")
}

// showHelp shows the help in the tool bar's row while neither what is
// under the pointer nor what a drag will do is said there.
func (p *mapPane) showHelp() {
	if p.hover.Text == "" && p.hint.Text == "" {
		p.help.Show()
	} else {
		p.help.Hide()
	}
}

// mark outlines a grid cell.
func (p *mapPane) mark(x, y int) { p.canvas.mark(x, y) }

// focusSteps puts the keyboard in the selected route's steps entry, its
// text selected, so that typing a number and Enter sets the steps.
func (p *mapPane) focusSteps() {
	p.v.focus(p.steps.Entry)
	p.steps.Entry.TypedShortcut(&fyne.ShortcutSelectAll{})
}
