package planetsview

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/preview"
)

// Colours of the map (those of the preview, so that the two look alike).
var (
	colSpace    = color.RGBA{0x1c, 0x22, 0x3a, 0xff}  // a cell of the grid
	colSymbol   = color.RGBA{0x2a, 0x30, 0x4c, 0xff}  // a cell holding another character (#, a digit, a space)
	colBeyond   = color.RGBA{0x10, 0x13, 0x20, 0xff}  // beyond the end of a short row
	colOutside  = color.NRGBA{0x30, 0x30, 0x30, 0xff} // around the grid
	colRoute    = color.NRGBA{0x7f, 0x8c, 0xb0, 0xff}
	colSelected = color.NRGBA{0xff, 0xd7, 0x00, 0xff}
	colLabelBg  = color.NRGBA{0x16, 0x1b, 0x2e, 0xe6}
	colLabel    = color.NRGBA{0xd8, 0xdf, 0xf0, 0xff}
	colInk      = color.NRGBA{0x16, 0x1b, 0x2e, 0xff}
	colBase     = color.NRGBA{0xe0, 0x9b, 0x5a, 0xff}
	colResource = color.NRGBA{0x8f, 0xc9, 0x8a, 0xff}
	colPlain    = color.NRGBA{0xc9, 0xb3, 0x7e, 0xff}
	colNewRoute = color.NRGBA{0x8f, 0xe0, 0xff, 0xff}
)

// mapCanvas draws the map over an grid.GridView (which draws the cells
// and holds zoom and pan) and turns the pointer into edits: a click on an
// empty cell places a planet, a click selects a planet or a route, a
// drag moves a planet to an empty cell or, dropped on another planet,
// joins the two by a route; a drag that starts on empty space pans, and
// the rest navigates as every map does (grid.GridView).
type mapCanvas struct {
	widget.BaseWidget
	v     *View
	Grid  *grid.GridView
	layer *fyne.Container

	// What the pointer does.
	button   desktop.MouseButton
	dragging bool
	panning  bool
	minimap  bool   // the drag moves the view from the minimap
	canceled bool   // Escape cancelled the drag: the rest is ignored
	dragFrom string // token of the planet being dragged
	dragPos  fyne.Position
	marked   image.Point // a cell chosen from the Problems panel
	hovered  image.Point // the cell under the pointer

	// Objects reused from one drawing to the next.
	lines   []*canvas.Line
	circles []*canvas.Circle
	texts   []*canvas.Text
	rects   []*canvas.Rectangle
	nLine   int
	nCircle int
	nText   int
	nRect   int
	order   []fyne.CanvasObject

	// The grid split into rows, cached per revision of the session.
	cacheRev  int
	cacheGrid *mapRows
}

func newMapCanvas(v *View) *mapCanvas {
	c := &mapCanvas{v: v, marked: image.Pt(-1, -1), hovered: image.Pt(-1, -1), cacheRev: -1}
	c.Grid = grid.NewGridView(gridSource{c})
	c.Grid.Zoom, c.Grid.Natural, c.Grid.FitMargin = 40, 40, 0.8
	c.Grid.OnViewChange = c.draw
	c.layer = container.NewWithoutLayout()
	c.ExtendBaseWidget(c)
	return c
}

// CreateRenderer implements fyne.Widget.
func (c *mapCanvas) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(c.layer) }

// Object is the canvas with its grid under it and the grid's minimap
// above it (the planets are never drawn over the minimap).
func (c *mapCanvas) Object() fyne.CanvasObject {
	return container.NewStack(c.Grid, c, c.Grid.MinimapLayer())
}

// MinSize is small: the canvas shows what fits.
func (c *mapCanvas) MinSize() fyne.Size { return fyne.NewSize(200, 150) }

// Resize lays the drawing out again (the grid under it fits itself into
// the view until the designer zooms or pans).
func (c *mapCanvas) Resize(s fyne.Size) {
	c.BaseWidget.Resize(s)
	c.layer.Resize(s)
	c.draw()
}

// Refresh draws the map again from the model.
func (c *mapCanvas) Refresh() {
	c.Grid.Redraw()
	c.draw()
	c.describeHovered()
}

// grid returns the current grid split into rows.
func (c *mapCanvas) grid() *mapRows {
	if rev := c.v.S.Revision(); rev != c.cacheRev || c.cacheGrid == nil {
		c.cacheRev, c.cacheGrid = rev, splitGrid(c.v.M())
	}
	return c.cacheGrid
}

// gridSource shows the grid's cells to the GridView.
type gridSource struct{ c *mapCanvas }

// GridSize is the size of the grid, at least one cell.
func (s gridSource) GridSize() (int, int) {
	w, h := s.c.grid().size()
	return max(w, 1), max(h, 1)
}

// CellColor colours empty space, other characters and the cells beyond
// the end of a short row.
func (s gridSource) CellColor(x, y int) color.RGBA {
	switch r := s.c.grid().at(x, y); {
	case r == 0:
		return colBeyond
	case r == '.' || isLetter(r):
		return colSpace
	}
	return colSymbol
}

// MinimapColor implements grid.MinimapSource: the minimap shows the
// planets, which the map draws over an empty grid, in their colours.
func (s gridSource) MinimapColor(x, y int) color.RGBA {
	if r := s.c.grid().at(x, y); isLetter(r) {
		m := s.c.v.M()
		if i := planetIndex(m, string(r)); i >= 0 {
			n := planetColor(&m.Planets[i])
			return color.RGBA{n.R, n.G, n.B, 0xff}
		}
	}
	return s.CellColor(x, y)
}

// cellAt returns the cell at a position.
func (c *mapCanvas) cellAt(p fyne.Position) (int, int, bool) { return c.Grid.CellAt(p) }

// planetAt returns the token of the planet on the cell at p ("" when the
// cell holds no planet).
func (c *mapCanvas) planetAt(p fyne.Position) string {
	x, y, ok := c.cellAt(p)
	if !ok {
		return ""
	}
	if r := c.grid().at(x, y); isLetter(r) && planetIndex(c.v.M(), string(r)) >= 0 {
		// The last occurrence of a letter places the planet (spec 1.4).
		if pt := c.v.M().Positions()[string(r)]; pt.X == x && pt.Y == y {
			return string(r)
		}
	}
	return ""
}

// routeAt returns the index of the route drawn nearest to p, within a few
// pixels, or -1.
func (c *mapCanvas) routeAt(p fyne.Position) int {
	m := c.v.M()
	pos := m.Positions()
	best, bestD := -1, math.Max(6, c.Grid.Zoom*0.15)
	for i, r := range m.Routes {
		a, okA := pos[r.From.Key()]
		b, okB := pos[r.To.Key()]
		if !okA || !okB {
			continue
		}
		pa, pb := c.Grid.CellCentre(a.X, a.Y), c.Grid.CellCentre(b.X, b.Y)
		if d := segmentDistance(p, pa, pb); d <= bestD {
			best, bestD = i, d
		}
	}
	return best
}

// segmentDistance is the distance from p to the segment ab.
func segmentDistance(p, a, b fyne.Position) float64 {
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, (float64(p.X-a.X)*dx+float64(p.Y-a.Y)*dy)/l))
	}
	return math.Hypot(float64(p.X-a.X)-t*dx, float64(p.Y-a.Y)-t*dy)
}

// Tapped selects the planet or route clicked, or places a planet on an
// empty cell.
func (c *mapCanvas) Tapped(e *fyne.PointEvent) {
	c.v.focus(c)
	if c.Grid.JumpMinimap(e.Position) {
		return
	}
	if t := c.planetAt(e.Position); t != "" {
		c.v.SelectPlanet(t)
		return
	}
	if i := c.routeAt(e.Position); i >= 0 {
		c.v.SelectRoute(i)
		return
	}
	if x, y, ok := c.cellAt(e.Position); ok {
		c.v.PlaceAt(x, y)
	}
}

// MouseDown notes the button that starts a drag.
func (c *mapCanvas) MouseDown(e *desktop.MouseEvent) {
	c.button = e.Button
	c.v.focus(c)
}

// MouseUp implements desktop.Mouseable.
func (c *mapCanvas) MouseUp(*desktop.MouseEvent) {}

// KeyDown and KeyUp tell the grid about Space (Space+drag pans).
func (c *mapCanvas) KeyDown(e *fyne.KeyEvent) { c.Grid.KeyDown(e) }

// KeyUp implements desktop.Keyable.
func (c *mapCanvas) KeyUp(e *fyne.KeyEvent) { c.Grid.KeyUp(e) }

// Dragged moves a planet, draws a route or pans.
func (c *mapCanvas) Dragged(e *fyne.DragEvent) {
	if c.canceled {
		return
	}
	if !c.dragging {
		c.dragging = true
		start := e.Position.Subtract(fyne.NewPos(e.Dragged.DX, e.Dragged.DY))
		c.dragFrom = ""
		if c.button != desktop.MouseButtonSecondary && c.button != desktop.MouseButtonTertiary && !c.Grid.SpaceHeld() {
			c.dragFrom = c.planetAt(start)
		}
		c.panning = c.dragFrom == ""
		c.minimap = c.dragFrom == "" && c.Grid.JumpMinimap(start)
	}
	switch {
	case c.panning && c.minimap:
		c.Grid.JumpMinimap(e.Position)
		return
	case c.panning:
		c.Grid.PanBy(-float64(e.Dragged.DX), -float64(e.Dragged.DY))
		return
	}
	c.dragPos = e.Position
	c.v.mp.hint.SetText(c.dropText())
	c.v.mp.showHelp()
	c.draw()
}

// dropTarget says what dropping the dragged planet at the pointer does:
// the planet there (a route), or the empty cell (a move).
func (c *mapCanvas) dropTarget() (planet string, x, y int, ok bool) {
	x, y, ok = c.cellAt(c.dragPos)
	if !ok {
		return "", 0, 0, false
	}
	if r := c.grid().at(x, y); isLetter(r) {
		if t := string(r); t != c.dragFrom && planetIndex(c.v.M(), t) >= 0 {
			return t, x, y, true
		}
		return "", x, y, false
	}
	return "", x, y, true
}

func (c *mapCanvas) dropText() string {
	planet, x, y, ok := c.dropTarget()
	switch {
	case !ok:
		return "drop " + c.dragFrom + " on an empty cell to move it, on another planet to join them by a route"
	case planet != "":
		if findRoute(c.v.M(), c.dragFrom, planet) >= 0 {
			return fmt.Sprintf("%s and %s are joined already", c.dragFrom, planet)
		}
		pos := c.v.M().Positions()
		return fmt.Sprintf("route %s–%s of %d steps", c.dragFrom, planet, defaultSteps(pos[c.dragFrom], pos[planet]))
	}
	return fmt.Sprintf("move %s to %s", c.dragFrom, grid.CellLabel(x, y))
}

// DragEnd moves the planet or adds the route.
func (c *mapCanvas) DragEnd() {
	from := c.dragFrom
	planet, x, y, ok := c.dropTarget()
	wasPanning := c.panning
	canceled := c.canceled
	c.button = 0
	c.dragging, c.panning, c.minimap, c.canceled, c.dragFrom = false, false, false, false, ""
	if canceled {
		c.draw()
		return
	}
	c.v.mp.hint.SetText("")
	c.v.mp.showHelp()
	if wasPanning || from == "" {
		return
	}
	switch {
	case !ok:
		c.draw()
	case planet != "":
		c.v.JoinPlanets(from, planet)
	default:
		c.v.MovePlanet(from, x, y)
	}
	c.draw()
}

// Scrolled scrolls or, with Ctrl, zooms (as every map does).
func (c *mapCanvas) Scrolled(e *fyne.ScrollEvent) { c.Grid.Scrolled(e) }

// MouseIn, MouseMoved and MouseOut describe the cell under the pointer.
func (c *mapCanvas) MouseIn(e *desktop.MouseEvent) { c.MouseMoved(e) }

// MouseMoved describes the cell under the pointer.
func (c *mapCanvas) MouseMoved(e *desktop.MouseEvent) {
	c.Grid.MouseMoved(e)
	c.hovered = image.Pt(-1, -1)
	if x, y, ok := c.cellAt(e.Position); ok {
		c.hovered = image.Pt(x, y)
	}
	c.describeHovered()
}

// MouseOut clears the description.
func (c *mapCanvas) MouseOut() {
	c.hovered = image.Pt(-1, -1)
	c.describeHovered()
}

// describeHovered describes the cell under the pointer (again after an
// edit).
func (c *mapCanvas) describeHovered() {
	text := ""
	if w, h := c.grid().size(); c.hovered.X >= 0 && c.hovered.X < max(w, 1) && c.hovered.Y < h {
		text = c.describeCell(c.hovered.X, c.hovered.Y)
	}
	if c.v.mp != nil && c.v.mp.hover.Text != text {
		c.v.mp.hover.SetText(text)
		c.v.mp.showHelp()
	}
}

// describeCell says what is at a cell.
func (c *mapCanvas) describeCell(x, y int) string {
	r := c.grid().at(x, y)
	where := grid.CellLabel(x, y)
	switch {
	case r == 0:
		return where + " beyond the end of its row"
	case !isLetter(r):
		if r == '.' {
			return where
		}
		return fmt.Sprintf("%s %q (empty space)", where, r)
	}
	m := c.v.M()
	i := planetIndex(m, string(r))
	if i < 0 {
		return fmt.Sprintf("%s the letter %c has no planet entry (click to add one)", where, r)
	}
	return where + " " + planetSummary(m, &m.Planets[i])
}

// planetSummary describes a planet in one line.
func planetSummary(m *planets.Map, p *planets.Planet) string {
	var b strings.Builder
	b.WriteString(p.Name())
	if p.Type.Type() != planets.Absent {
		b.WriteString(" " + show(p.Type))
	}
	fmt.Fprintf(&b, " · def %s res %s cos %s max %s", show(p.Def), show(p.Res), show(p.Cos), show(p.Max))
	if s := startIndex(m, p.Name()); s >= 0 {
		fmt.Fprintf(&b, " · start of Player %d", s+1)
	}
	return b.String()
}

// FocusGained, FocusLost, TypedRune and TypedKey let the keyboard delete
// the selection (Delete, Backspace), clear it (Escape) and navigate as
// on every map (arrows, F, 1, + and −).
func (c *mapCanvas) FocusGained() {}

// FocusLost implements fyne.Focusable.
func (c *mapCanvas) FocusLost() { c.Grid.FocusLost() }

// TypedRune navigates (F fits, 1 shows 100%, + and − zoom).
func (c *mapCanvas) TypedRune(r rune) { c.Grid.TypedRune(r) }

// TypedKey deletes, clears the selection or pans.
func (c *mapCanvas) TypedKey(e *fyne.KeyEvent) {
	switch e.Name {
	case fyne.KeyDelete, fyne.KeyBackspace:
		if c.v.selPlanet != "" {
			c.v.DeletePlanet(c.v.selPlanet)
		} else if c.v.selRoute >= 0 {
			c.v.DeleteRoute(c.v.selRoute)
		}
	case fyne.KeyEscape:
		if !c.CancelDrag() {
			c.v.SelectPlanet("")
		}
	default:
		c.Grid.TypedKey(e)
	}
}

// CancelDrag cancels a planet move, a route or a pan in progress and
// reports whether there was one.
func (c *mapCanvas) CancelDrag() bool {
	if !c.dragging || c.canceled {
		return false
	}
	c.canceled, c.dragFrom, c.panning = true, "", false
	c.v.mp.hint.SetText("")
	c.v.mp.showHelp()
	c.draw()
	return true
}

// mark outlines a cell and brings it to the middle of the view.
func (c *mapCanvas) mark(x, y int) {
	c.marked = image.Pt(x, y)
	if c.Grid.Size().Width > 0 {
		c.Grid.CentreOn(x, y)
	}
	c.Refresh()
}

// planetRadius is the radius of a planet of the given cap on cells of
// size z (as the preview sizes planets).
func planetRadius(p *planets.Planet, z float64) float64 {
	capacity, _ := p.Max.Float64()
	r := z * (0.22 + 0.06*math.Log10(math.Max(10, capacity)))
	return math.Min(r, z*0.45)
}

// planetColor colours a planet by its type label.
func planetColor(p *planets.Planet) color.NRGBA {
	t := strings.ToLower(p.Type.Text())
	switch {
	case strings.Contains(t, "base"):
		return colBase
	case strings.Contains(t, "resource"):
		return colResource
	}
	return colPlain
}

// Drawing: the objects are reused from one drawing to the next and put
// in order (routes, their labels, planets, markers).

func (c *mapCanvas) line(a, b fyne.Position, width float32, col color.Color) {
	if c.nLine == len(c.lines) {
		c.lines = append(c.lines, canvas.NewLine(col))
	}
	l := c.lines[c.nLine]
	c.nLine++
	l.Position1, l.Position2, l.StrokeWidth, l.StrokeColor = a, b, width, col
	c.order = append(c.order, l)
}

func (c *mapCanvas) circle(centre fyne.Position, r float64, fill, stroke color.Color, width float32) {
	if c.nCircle == len(c.circles) {
		c.circles = append(c.circles, &canvas.Circle{})
	}
	o := c.circles[c.nCircle]
	c.nCircle++
	rr := float32(r)
	o.Position1 = fyne.NewPos(centre.X-rr, centre.Y-rr)
	o.Position2 = fyne.NewPos(centre.X+rr, centre.Y+rr)
	o.FillColor, o.StrokeColor, o.StrokeWidth = fill, stroke, width
	c.order = append(c.order, o)
}

// text draws s centred on centre.
func (c *mapCanvas) text(centre fyne.Position, s string, size float32, col color.Color, bold bool) fyne.Size {
	if c.nText == len(c.texts) {
		c.texts = append(c.texts, &canvas.Text{})
	}
	t := c.texts[c.nText]
	c.nText++
	t.Text, t.TextSize, t.Color, t.TextStyle = s, size, col, fyne.TextStyle{Bold: bold}
	ms := t.MinSize()
	t.Resize(ms)
	t.Move(fyne.NewPos(centre.X-ms.Width/2, centre.Y-ms.Height/2))
	c.order = append(c.order, t)
	return ms
}

func (c *mapCanvas) rect(pos fyne.Position, size fyne.Size, fill, stroke color.Color, width, radius float32) {
	if c.nRect == len(c.rects) {
		c.rects = append(c.rects, &canvas.Rectangle{})
	}
	o := c.rects[c.nRect]
	c.nRect++
	o.FillColor, o.StrokeColor, o.StrokeWidth, o.CornerRadius = fill, stroke, width, radius
	o.Move(pos)
	o.Resize(size)
	c.order = append(c.order, o)
}

// draw lays out the map's objects for the current model, zoom and pan.
func (c *mapCanvas) draw() {
	c.nLine, c.nCircle, c.nText, c.nRect = 0, 0, 0, 0
	c.order = c.order[:0]
	m := c.v.M()
	g := c.Grid
	pos := m.Positions()
	// The routes of a planet being moved follow it.
	if c.dragFrom != "" {
		if target, x, y, ok := c.dropTarget(); ok && target == "" {
			pos[c.dragFrom] = planets.Point{X: x, Y: y}
		}
	}
	c.coverOutside()
	if c.marked.X >= 0 {
		p := g.CellCentre(c.marked.X, c.marked.Y)
		h := float32(g.Zoom / 2)
		c.rect(fyne.NewPos(p.X-h-2, p.Y-h-2), fyne.NewSize(2*h+4, 2*h+4), color.Transparent, colSelected, 2, 0)
	}
	c.drawRoutes(m, pos)
	// A route being drawn.
	if c.dragFrom != "" {
		if target, _, _, ok := c.dropTarget(); ok && target != "" {
			c.line(c.at(pos[c.dragFrom]), c.at(pos[target]), 3, colNewRoute)
		}
	}
	c.drawPlanets(m)
	// Where a dragged planet would go.
	if c.dragFrom != "" {
		if target, x, y, ok := c.dropTarget(); ok && target == "" {
			if i := planetIndex(m, c.dragFrom); i >= 0 {
				centre := g.CellCentre(x, y)
				r := planetRadius(&m.Planets[i], g.Zoom)
				c.circle(centre, r, planetColor(&m.Planets[i]), colSelected, 2)
				c.text(centre, c.dragFrom, float32(math.Max(preview.MinReadable, r*1.05)), colInk, true)
			}
		}
	}
	c.finish()
}

// at is the centre of the cell of p.
func (c *mapCanvas) at(p planets.Point) fyne.Position { return c.Grid.CellCentre(p.X, p.Y) }

// coverOutside covers what the grid view draws beyond the grid (its lines
// run on there when the grid is centred).
func (c *mapCanvas) coverOutside() {
	g, z := c.Grid, c.Grid.Zoom
	gw, gh := gridSource{c}.GridSize()
	size := c.Size()
	tl, br := g.CellCentre(0, 0), g.CellCentre(gw-1, gh-1)
	h := float32(z / 2)
	x0, y0, x1, y1 := tl.X-h, tl.Y-h, br.X+h, br.Y+h
	c.rect(fyne.NewPos(0, 0), fyne.NewSize(max(0, x0), size.Height), colOutside, color.Transparent, 0, 0)
	c.rect(fyne.NewPos(x1, 0), fyne.NewSize(max(0, size.Width-x1), size.Height), colOutside, color.Transparent, 0, 0)
	c.rect(fyne.NewPos(0, 0), fyne.NewSize(size.Width, max(0, y0)), colOutside, color.Transparent, 0, 0)
	c.rect(fyne.NewPos(0, y1), fyne.NewSize(size.Width, max(0, size.Height-y1)), colOutside, color.Transparent, 0, 0)
}

// drawRoutes draws the routes between the planets at pos, then their
// step counts on top of every line.
func (c *mapCanvas) drawRoutes(m *planets.Map, pos map[string]planets.Point) {
	z, at := c.Grid.Zoom, c.at
	type label struct {
		a, b     fyne.Position // the route's ends
		text     string
		selected bool
	}
	var labels []label
	for i, r := range m.Routes {
		a, okA := pos[r.From.Key()]
		b, okB := pos[r.To.Key()]
		if !okA || !okB {
			continue
		}
		pa, pb := at(a), at(b)
		sel := i == c.v.selRoute
		col, width := color.Color(colRoute), float32(2)
		if sel {
			col, width = colSelected, 4
		}
		c.line(pa, pb, width, col)
		labels = append(labels, label{pa, pb, show(r.Steps), sel})
	}
	labelSize := float32(math.Max(preview.MinReadable, math.Min(14, z*0.3)))
	for _, l := range labels {
		fg := color.Color(colLabel)
		if l.selected {
			fg = colSelected
		}
		// The background is laid first and sized after the text.
		c.rect(fyne.Position{}, fyne.Size{}, colLabelBg, color.Transparent, 0, 4)
		bg := c.rects[c.nRect-1]
		ts := c.text(fyne.Position{}, l.text, labelSize, fg, true)
		at := routeLabelAt(l.a, l.b, fyne.NewSize(ts.Width+8, ts.Height), z)
		c.texts[c.nText-1].Move(fyne.NewPos(at.X-ts.Width/2, at.Y-ts.Height/2))
		bg.Move(fyne.NewPos(at.X-ts.Width/2-4, at.Y-ts.Height/2))
		bg.Resize(fyne.NewSize(ts.Width+8, ts.Height))
	}
}

// drawPlanets draws the planets, then the start numbers above them all.
func (c *mapCanvas) drawPlanets(m *planets.Map) {
	z, at := c.Grid.Zoom, c.at
	type number struct {
		at   fyne.Position
		text string
		size float32 // the badge's radius
		col  color.Color
	}
	var numbers []number
	for i := range m.Planets {
		p := &m.Planets[i]
		pt, ok := m.Position(p)
		if !ok {
			continue
		}
		centre := at(pt)
		r := planetRadius(p, z)
		ring := math.Max(2, z*0.08)
		name := p.Name()
		if s := startIndex(m, name); s >= 0 {
			pc := preview.PlayerColor(s)
			c.circle(centre, r+ring, pc, color.Transparent, 0)
			d := float32((r + ring) * 0.78)
			numbers = append(numbers, number{fyne.NewPos(centre.X+d, centre.Y-d), fmt.Sprint(s + 1), float32(math.Max(7, z*0.2)), pc})
		}
		body := color.Color(planetColor(p))
		if name == c.dragFrom {
			nc := planetColor(p)
			nc.A = 0x70
			body = nc
		}
		c.circle(centre, r, body, colInk, 1)
		c.text(centre, name, float32(math.Max(preview.MinReadable, r*1.05)), colInk, true)
		if name == c.v.selPlanet {
			c.circle(centre, r+ring+3, color.Transparent, colSelected, 2.5)
		}
	}
	for _, n := range numbers { // a badge in the player's colour
		c.circle(n.at, float64(n.size), n.col, colInk, 1)
		c.text(n.at, n.text, max(preview.MinReadable, n.size*1.3), color.White, true)
	}
}

// routeLabelAt is where the step label of size box of the route from a
// to b goes: on the middle of the line when the line shows enough of
// itself around it, else beside the line, so that a short route stays
// visible under its label (cells of size z).
func routeLabelAt(a, b fyne.Position, box fyne.Size, z float64) fyne.Position {
	mid := fyne.NewPos((a.X+b.X)/2, (a.Y+b.Y)/2)
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	length := math.Hypot(dx, dy)
	// The line is hidden under the planets for about 0.45 z at each end.
	if length == 0 || length-0.9*z >= float64(max(box.Width, box.Height))+2*z*0.25 {
		return mid
	}
	nx, ny := -dy/length, dx/length
	if ny > 0 || (ny == 0 && nx > 0) { // above (or left of) the line
		nx, ny = -nx, -ny
	}
	// Far enough that the box clears the line: half the box's extent
	// along the normal, and a gap.
	d := (math.Abs(nx)*float64(box.Width)+math.Abs(ny)*float64(box.Height))/2 + 4
	return fyne.NewPos(mid.X+float32(nx*d), mid.Y+float32(ny*d))
}

// finish shows the objects drawn.
func (c *mapCanvas) finish() {
	c.layer.Objects = append(c.layer.Objects[:0], c.order...)
	c.layer.Refresh()
}
