package planetsplay

import (
	"fmt"
	planetspreview "github.com/shapan/shapan/preview/planets"
	"image"
	"image/color"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/engine"
	peng "github.com/shapan/shapan/engine/planets"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/preview"
)

// planetsImageScale is the scale of the map image drawn under the game
// (larger than the board usually shows it, so that it stays sharp).
const planetsImageScale = 1.5

var (
	planetsPick   = color.NRGBA{0xff, 0xd7, 0x00, 0xff} // the chosen planets
	planetsReach  = color.NRGBA{0x8f, 0xe0, 0xff, 0xff} // planets a route leads to
	planetsShade  = color.NRGBA{0x16, 0x1b, 0x2e, 0xd0}
	planetsBattle = color.NRGBA{0xc0, 0x20, 0x20, 0xff}
)

// planetsBoard draws a game over the map as the preview draws it: each
// planet ringed in its owner's colour with its ships above it, fleets in
// flight on their routes (as far as they have come), battles flagged
// 战, and the orders a person is putting together. A click on a planet
// goes to the orders being put together.
type planetsBoard struct {
	widget.BaseWidget
	m      *planetsMatch
	object fyne.CanvasObject // the board with the players' totals above it
	totals []*widget.Label
	round  *widget.Label
	base   *canvas.Image
	layer  *fyne.Container
	// plain is the map drawn (without its start markers); minText the
	// smallest text the base image was drawn with, in its pixels: texts
	// that would show smaller than preview.MinReadable are left out.
	plain   pfmt.Map
	minText float64
	geo     planetspreview.PlanetLayout
	// Planet centres and radii by id, in pixels of the map image (ok is
	// false for a planet that is not on the grid).
	centre []image.Point
	radius []float64
	placed []bool
	// How the image is fitted into the widget: position = offset + scale
	// × pixel.
	scale  float32
	offset fyne.Position
}

// planetsMoveNumber is how the engine says which move of an order it
// refuses.
var planetsMoveNumber = regexp.MustCompile(`^move \d+: `)

// planetsSubImager is an image that can be cropped.
type planetsSubImager interface {
	SubImage(image.Rectangle) image.Image
}

func newPlanetsBoard(m *planetsMatch) *planetsBoard {
	b := &planetsBoard{m: m, layer: container.NewWithoutLayout()}
	// The map without its start markers: the owners' colours replace them.
	plain := *m.m
	plain.Starts = nil
	b.plain = plain
	b.geo = planetspreview.PlanetMapLayout(&plain, preview.Options{Scale: planetsImageScale})
	b.base = canvas.NewImageFromImage(b.image(0))
	b.base.FillMode = canvas.ImageFillStretch
	pos := m.m.Positions()
	byToken := map[string]int{}
	for i := range m.m.Planets {
		byToken[m.m.Planets[i].Name()] = i
	}
	for _, t := range m.tokens {
		p, ok := pos[t]
		i, known := byToken[t]
		x, y := b.geo.Centre(p)
		r := 0.0
		if known {
			r = planetspreview.PlanetRadius(&m.m.Planets[i], b.geo.Cell)
		}
		b.centre = append(b.centre, image.Pt(int(math.Round(x)), int(math.Round(y))))
		b.radius = append(b.radius, r)
		b.placed = append(b.placed, ok && known)
	}
	b.round = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	var totals []fyne.CanvasObject
	for i := range m.players {
		swatch := canvas.NewRectangle(preview.PlayerColor(i))
		swatch.CornerRadius = 3
		l := widget.NewLabel("")
		b.totals = append(b.totals, l)
		totals = append(totals, container.NewBorder(nil, nil, container.NewCenter(container.NewGridWrap(fyne.NewSize(14, 14), swatch)), nil, l))
	}
	b.ExtendBaseWidget(b)
	top := container.NewBorder(nil, nil, b.round, nil, container.NewGridWithColumns(max(1, min(2, len(totals))), totals...))
	b.object = container.NewBorder(top, nil, nil, nil, b)
	return b
}

// image draws the map without its legend, leaving out the texts smaller
// than minText pixels of the image.
func (b *planetsBoard) image(minText float64) image.Image {
	img := planetspreview.PlanetMap(&b.plain, preview.Options{Scale: planetsImageScale, MinText: minText})
	if sub, ok := img.(planetsSubImager); ok {
		img = sub.SubImage(image.Rect(0, 0, b.geo.Width, b.geo.MapHeight)) // without the legend
	}
	return img
}

// CreateRenderer implements fyne.Widget.
func (b *planetsBoard) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(b.layer) }

// MinSize is small: the map is fitted into whatever room there is.
func (b *planetsBoard) MinSize() fyne.Size { return fyne.NewSize(360, 300) }

// Resize fits the map into the new size.
func (b *planetsBoard) Resize(s fyne.Size) {
	b.BaseWidget.Resize(s)
	b.layer.Resize(s)
	b.draw()
}

// Refresh draws the board again.
func (b *planetsBoard) Refresh() { b.draw() }

// show writes the players' totals and redraws the map.
func (b *planetsBoard) show() {
	m := b.m
	if text := fmt.Sprintf("Round %d", m.round); b.round.Text != text {
		b.round.SetText(text)
	}
	for i, p := range m.players {
		if i >= len(b.totals) {
			break
		}
		who := m.player(i)
		if i < len(m.seats) && m.seats[i].Human {
			who += " — you"
		}
		text := fmt.Sprintf("%s: %s · %s ships · %s", who, planetsCount(p.Planets, "planet"), planetsNum(p.Units), planetsCount(int(p.Points), "point"))
		if !p.Alive {
			text = who + ": out"
		}
		if b.totals[i].Text != text { // a label is slow to measure: only when it changes
			b.totals[i].SetText(text)
		}
	}
	b.draw()
}

// at returns where pixel (x, y) of the map image is on the widget.
func (b *planetsBoard) at(x, y float64) fyne.Position {
	return fyne.NewPos(b.offset.X+float32(x)*b.scale, b.offset.Y+float32(y)*b.scale)
}

// centreOf returns where planet id is drawn on the widget.
func (b *planetsBoard) centreOf(id int) fyne.Position {
	c := b.centre[id]
	return b.at(float64(c.X), float64(c.Y))
}

// planetAt returns the planet drawn at a position of the widget, or -1.
func (b *planetsBoard) planetAt(p fyne.Position) int {
	if b.scale <= 0 {
		return -1
	}
	x := float64((p.X - b.offset.X) / b.scale)
	y := float64((p.Y - b.offset.Y) / b.scale)
	best, bestD := -1, 0.0
	for id, c := range b.centre {
		if !b.placed[id] {
			continue
		}
		d := math.Hypot(x-float64(c.X), y-float64(c.Y))
		if d <= math.Max(b.radius[id]+4, b.geo.Cell*0.45) && (best < 0 || d < bestD) {
			best, bestD = id, d
		}
	}
	return best
}

// Tapped passes a click on a planet to the orders being put together.
func (b *planetsBoard) Tapped(e *fyne.PointEvent) {
	if f := b.m.form; f != nil {
		if id := b.planetAt(e.Position); id >= 0 {
			f.tap(id)
		}
	}
}

// draw lays out the map image and everything drawn over it: the orders
// being put together, the fleets in flight, the owners' rings, the
// chosen planets and where a route leads from the source, then
// garrisons and battle flags on top.
func (b *planetsBoard) draw() {
	size := b.Size()
	w, h := float32(b.geo.Width), float32(b.geo.MapHeight)
	if size.Width <= 0 || size.Height <= 0 || w <= 0 || h <= 0 {
		return
	}
	b.scale = min(size.Width/w, size.Height/h)
	b.offset = fyne.NewPos((size.Width-w*b.scale)/2, (size.Height-h*b.scale)/2)
	// A text the image shows smaller than readable (a planet's stats in a
	// small window) is left out.
	if need := preview.MinReadable / float64(b.scale); math.Abs(need-b.minText) > 0.2 {
		b.minText = need
		b.base.Image = b.image(need)
		b.base.Refresh()
	}
	b.base.Move(b.offset)
	b.base.Resize(fyne.NewSize(w*b.scale, h*b.scale))
	cell := float32(b.geo.Cell) * b.scale
	objs := []fyne.CanvasObject{b.base}
	objs = append(objs, b.plannedFleets(cell)...)
	objs = append(objs, b.flyingFleets(cell)...)
	rings, labels := b.owners(cell)
	objs = append(objs, rings...)
	objs = append(objs, b.chosen(cell)...)
	objs = append(objs, labels...)
	b.layer.Objects = objs
	b.layer.Refresh()
}

// plannedFleets draws the orders being put together: planned fleets as
// lines, and the route being chosen.
func (b *planetsBoard) plannedFleets(cell float32) []fyne.CanvasObject {
	f := b.m.form
	if f == nil {
		return nil
	}
	var objs []fyne.CanvasObject
	for _, mv := range f.moves {
		objs = append(objs, b.route(mv.From, mv.To, planetsAlpha(preview.PlayerColor(f.me), 0xc0), max(2, cell*0.07))...)
		mid := b.along(mv.From, mv.To, 0.65, 0)
		objs = append(objs, planetsBadge(mid, strconv.FormatInt(mv.Count, 10), cell*0.26, planetsAlpha(preview.PlayerColor(f.me), 0xff), color.White)...)
	}
	if f.from >= 0 && f.to >= 0 {
		objs = append(objs, b.route(f.from, f.to, planetsPick, max(2, cell*0.06))...)
	}
	return objs
}

// flyingFleets draws the fleets in flight, grouped where they are drawn
// at the same place.
func (b *planetsBoard) flyingFleets(cell float32) []fyne.CanvasObject {
	m := b.m
	type key struct{ player, from, to, left int }
	groups := map[key]int64{}
	var order []key
	for _, fl := range m.fleets {
		k := key{fl.Player, fl.From, fl.To, int(math.Round(fl.Left.Float() * 100))}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] += fl.Count
	}
	var objs []fyne.CanvasObject
	for _, k := range order {
		total := m.routes[[2]int{k.from, k.to}]
		frac := 0.0
		if total > 0 {
			frac = math.Max(0, math.Min(1, (total-float64(k.left)/100)/total))
		}
		// Left of the direction of travel: fleets going opposite ways on a
		// route pass on different sides.
		at := b.along(k.from, k.to, frac, cell*0.16)
		col := preview.PlayerColor(k.player)
		r := cell * 0.13
		objs = append(objs, planetsCircle(at, r, col, color.White, max(1, cell*0.03)))
		objs = append(objs, planetsBadge(fyne.NewPos(at.X, at.Y-r-cell*0.16), strconv.FormatInt(groups[k], 10), cell*0.24, planetsShade, color.White)...)
	}
	return objs
}

// owners returns the owners' rings, and the garrisons and battle flags
// drawn on top of everything.
func (b *planetsBoard) owners(cell float32) (rings, labels []fyne.CanvasObject) {
	m := b.m
	for id := range m.holds {
		if id >= len(b.centre) || !b.placed[id] {
			continue
		}
		c := b.centreOf(id)
		r := float32(b.radius[id]) * b.scale
		hd := m.holds[id]
		if hd.Owner != peng.Neutral {
			col := preview.PlayerColor(hd.Owner)
			rings = append(rings, planetsCircle(c, r+cell*0.06, color.Transparent, col, max(2, cell*0.09)))
			labels = append(labels, planetsBadge(fyne.NewPos(c.X, c.Y-r-cell*0.3), planetsNum(hd.Count), cell*0.27, col, color.White)...)
		}
		if m.battles[id] {
			labels = append(labels, planetsBadge(fyne.NewPos(c.X-r-cell*0.12, c.Y+r*0.2), "战", cell*0.26, planetsBattle, color.White)...)
		}
	}
	return rings, labels
}

// chosen rings the planets chosen in the orders and those a route leads
// to from the source.
func (b *planetsBoard) chosen(cell float32) []fyne.CanvasObject {
	f := b.m.form
	if f == nil || f.from < 0 || f.from >= len(b.centre) {
		return nil
	}
	var objs []fyne.CanvasObject
	for _, rt := range b.m.adj[f.from] {
		if rt.To < len(b.centre) && b.placed[rt.To] && rt.To != f.to {
			objs = append(objs, planetsCircle(b.centreOf(rt.To), float32(b.radius[rt.To])*b.scale+cell*0.16, color.Transparent, planetsReach, max(1.5, cell*0.04)))
		}
	}
	for _, id := range []int{f.from, f.to} {
		if id >= 0 && id < len(b.centre) && b.placed[id] {
			objs = append(objs, planetsCircle(b.centreOf(id), float32(b.radius[id])*b.scale+cell*0.18, color.Transparent, planetsPick, max(2, cell*0.07)))
		}
	}
	return objs
}

// along returns the point at fraction frac of the way between two
// planets (from just off the first to just off the second), moved aside
// by off (to the left of the direction of travel).
func (b *planetsBoard) along(from, to int, frac float64, off float32) fyne.Position {
	if from < 0 || to < 0 || from >= len(b.centre) || to >= len(b.centre) {
		return fyne.Position{}
	}
	pa, pb := b.centreOf(from), b.centreOf(to)
	dx, dy := pb.X-pa.X, pb.Y-pa.Y
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return pa
	}
	ux, uy := dx/l, dy/l
	// Fleets start and end a little off the planets, clear of their rings.
	gap := float32(b.geo.Cell) * b.scale * 0.22
	ra, rb := float32(b.radius[from])*b.scale+gap, float32(b.radius[to])*b.scale+gap
	if ra+rb > l {
		ra, rb = l/2, l/2
	}
	run := l - ra - rb
	d := ra + run*float32(frac)
	return fyne.NewPos(pa.X+ux*d+uy*off, pa.Y+uy*d-ux*off)
}

// route draws a line between two planets (from just off one to just off
// the other).
func (b *planetsBoard) route(from, to int, col color.Color, width float32) []fyne.CanvasObject {
	if from < 0 || to < 0 || from >= len(b.centre) || to >= len(b.centre) || !b.placed[from] || !b.placed[to] {
		return nil
	}
	l := canvas.NewLine(col)
	l.StrokeWidth = width
	l.Position1, l.Position2 = b.along(from, to, 0, 0), b.along(from, to, 1, 0)
	return []fyne.CanvasObject{l}
}

func planetsCircle(c fyne.Position, r float32, fill, stroke color.Color, width float32) *canvas.Circle {
	o := &canvas.Circle{FillColor: fill, StrokeColor: stroke, StrokeWidth: width}
	o.Position1 = fyne.NewPos(c.X-r, c.Y-r)
	o.Position2 = fyne.NewPos(c.X+r, c.Y+r)
	return o
}

// planetsBadge draws text on a rounded label centred on c.
func planetsBadge(c fyne.Position, s string, size float32, bg, fg color.Color) []fyne.CanvasObject {
	t := canvas.NewText(s, fg)
	t.TextSize = max(preview.MinReadable, size) // never smaller than readable
	t.TextStyle = fyne.TextStyle{Bold: true}
	ms := t.MinSize()
	t.Resize(ms)
	t.Move(fyne.NewPos(c.X-ms.Width/2, c.Y-ms.Height/2))
	pad := ms.Height * 0.25
	r := canvas.NewRectangle(bg)
	r.CornerRadius = ms.Height / 2
	r.Move(fyne.NewPos(c.X-ms.Width/2-pad, c.Y-ms.Height/2))
	r.Resize(fyne.NewSize(ms.Width+2*pad, ms.Height))
	return []fyne.CanvasObject{r, t}
}

func planetsAlpha(c color.RGBA, a uint8) color.NRGBA { return color.NRGBA{c.R, c.G, c.B, a} }

// planetsOrders is a person's orders for the next step, put together on the
// board: a click on one of their planets, a click on a planet a route
// joins to it, the number of ships, Add move; as many moves as they like,
// the terminator if they want, then Submit orders.
type planetsOrders struct {
	m      *planetsMatch
	d      *engine.Decision
	me     int
	holds  []peng.Hold
	points int64
	answer func(engine.Answer) error

	from, to int
	moves    []peng.Move
	syncing  bool // the entry and the slider are being matched

	hint    *widget.Label
	problem *widget.Label
	ships   *widget.Entry
	slider  *widget.Slider
	add     *widget.Button
	queue   *fyne.Container
	warn    *widget.Label
	tactic  *widget.Select
	submit  *widget.Button
	targets []int // planet ids in the order of the tactic's options (after the first)
}

// Ask builds the orders question: the person gives moves on the board.
func (m *planetsMatch) Ask(d *engine.Decision, answer func(engine.Answer) error) fyne.CanvasObject {
	f := &planetsOrders{m: m, d: d, me: d.Player, answer: answer, from: -1, to: -1}
	if a, ok := d.Args.(peng.OrdersArgs); ok {
		f.holds, f.points = a.Holds, a.Points
	} else {
		v := m.g.View()
		f.holds = v.Holds
		if d.Player >= 0 && d.Player < len(v.Players) {
			f.points = v.Players[d.Player].Points
		}
	}
	m.form = f
	title := widget.NewLabelWithStyle(fmt.Sprintf("%s: your orders for round %d", m.player(d.Player), m.g.Round()+1),
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	f.hint = widget.NewLabel("")
	f.problem = widget.NewLabel("")
	f.problem.Importance = widget.DangerImportance
	f.problem.Wrapping = fyne.TextWrapWord
	f.ships = widget.NewEntry()
	f.ships.SetPlaceHolder("ships")
	f.slider = widget.NewSlider(1, 1)
	f.slider.Step = 1
	f.ships.OnChanged = func(s string) {
		if f.syncing {
			return
		}
		if n, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil && n >= f.slider.Min && n <= f.slider.Max {
			f.syncing = true
			f.slider.SetValue(n)
			f.syncing = false
		}
	}
	f.ships.OnSubmitted = func(string) { f.addMove() }
	f.slider.OnChanged = func(v float64) {
		if f.syncing {
			return
		}
		f.syncing = true
		f.ships.SetText(strconv.Itoa(int(v)))
		f.syncing = false
	}
	f.add = widget.NewButton("Add move", f.addMove)
	f.queue = container.NewHBox()
	f.warn = widget.NewLabel("")
	f.warn.Importance = widget.WarningImportance
	options := []string{"no tactic"}
	for id, h := range f.holds {
		who := "neutral"
		if h.Owner != peng.Neutral {
			who = fmt.Sprintf("%s, %s ships", m.player(h.Owner), planetsNum(h.Count))
		}
		options = append(options, fmt.Sprintf("terminator on %s (%s)", m.planet(id), who))
		f.targets = append(f.targets, id)
	}
	f.tactic = widget.NewSelect(options, func(string) { f.problem.SetText("") })
	f.tactic.SetSelectedIndex(0)
	f.submit = widget.NewButton("Submit orders", f.submitOrders)
	f.submit.Importance = widget.HighImportance
	cost := peng.TacticCost[peng.Terminator]
	controls := container.NewHBox(widget.NewLabel("Ships"), container.NewGridWrap(fyne.NewSize(90, 36), f.ships),
		container.NewGridWrap(fyne.NewSize(200, 36), f.slider), f.add, layout.NewSpacer(),
		widget.NewLabel("Tactic"), container.NewGridWrap(fyne.NewSize(280, 36), f.tactic),
		widget.NewLabel(fmt.Sprintf("(%d points; you have %d)", cost, f.points)))
	orders := container.NewBorder(nil, nil, widget.NewLabel("Orders:"), f.submit, container.NewHScroll(container.NewHBox(f.queue, f.warn)))
	f.update()
	// The problem line is always there (empty when there is none), so that
	// the board does not jump when one shows.
	return container.NewVBox(title, f.hint, controls, orders, f.problem)
}

// joined reports whether a route leads from one planet to another.
func (f *planetsOrders) joined(from, to int) bool {
	_, ok := f.m.routes[[2]int{from, to}]
	return ok
}

// garrison returns the ships on planet id when asked.
func (f *planetsOrders) garrison(id int) int64 {
	if id >= 0 && id < len(f.holds) {
		return f.holds[id].Count.Int64()
	}
	return 0
}

func (f *planetsOrders) owner(id int) int {
	if id >= 0 && id < len(f.holds) {
		return f.holds[id].Owner
	}
	return peng.Neutral
}

// tap takes a click on planet id: the source of a move (one of the
// person's planets), then its destination.
func (f *planetsOrders) tap(id int) {
	f.problem.SetText("")
	switch {
	case f.from >= 0 && id == f.from:
		f.from, f.to = -1, -1
	case f.from < 0 || (f.owner(id) == f.me && !f.joined(f.from, id)):
		if f.owner(id) != f.me {
			f.say(fmt.Sprintf("%s is not yours: click one of your planets (ringed in your colour) to send ships from it", f.m.planet(id)))
			return
		}
		f.from, f.to = id, -1
		g := f.garrison(id)
		f.syncing = true
		f.slider.Max = float64(max(1, g))
		f.slider.SetValue(float64(max(1, g/2)))
		f.ships.SetText(strconv.FormatInt(max(1, g/2), 10))
		f.syncing = false
	default:
		f.to = id
	}
	f.update()
}

// say shows why something cannot be done.
func (f *planetsOrders) say(s string) {
	f.problem.SetText(s)
}

// update says what to do next, enables what can be used and redraws the
// board.
func (f *planetsOrders) update() {
	m := f.m
	switch {
	case f.from < 0 && len(f.moves) == 0:
		f.hint.SetText("Click one of your planets to send ships from it, or submit no orders to wait a step.")
	case f.from < 0:
		f.hint.SetText("Click one of your planets to send more ships, or submit your orders.")
	case f.to < 0:
		f.hint.SetText(fmt.Sprintf("From %s (%d ships): click a planet a route leads to (ringed in light blue).", m.planet(f.from), f.garrison(f.from)))
	case f.joined(f.from, f.to):
		f.hint.SetText(fmt.Sprintf("%s → %s, %s: how many ships? Then Add move (or Enter).", m.planet(f.from), m.planet(f.to),
			planetsSteps(peng.Real(m.routes[[2]int{f.from, f.to}]))))
	default:
		f.hint.SetText(fmt.Sprintf("%s → %s: no route joins them.", m.planet(f.from), m.planet(f.to)))
	}
	if f.from >= 0 {
		f.ships.Enable()
		f.slider.Enable()
	} else {
		f.ships.Disable()
		f.slider.Disable()
	}
	if f.from >= 0 && f.to >= 0 {
		f.add.Enable()
	} else {
		f.add.Disable()
	}
	f.queue.RemoveAll()
	sent := map[int]int64{}
	for i, mv := range f.moves {
		i := i
		sent[mv.From] += mv.Count
		f.queue.Add(widget.NewButton(fmt.Sprintf("✕ %d %s → %s", mv.Count, m.planet(mv.From), m.planet(mv.To)), func() { f.remove(i) }))
	}
	if len(f.moves) == 0 {
		f.queue.Add(widget.NewLabel("none yet"))
	}
	var over []string
	for id, n := range sent {
		if g := f.garrison(id); n > g {
			over = append(over, fmt.Sprintf("%s sends %d of its %d ships", m.planet(id), n, g))
		}
	}
	if len(over) > 0 {
		sort.Strings(over)
		f.warn.SetText(strings.Join(over, "; ") + ": the moves it cannot pay for will be dropped")
		f.warn.Show()
	} else {
		f.warn.Hide()
	}
	if len(f.moves) == 0 {
		f.submit.SetText("Submit orders (no moves)")
	} else {
		f.submit.SetText("Submit orders (" + planetsCount(len(f.moves), "move") + ")")
	}
	m.board.draw()
}

// remove takes move i out of the orders.
func (f *planetsOrders) remove(i int) {
	if i >= 0 && i < len(f.moves) {
		f.moves = append(f.moves[:i:i], f.moves[i+1:]...)
	}
	f.problem.SetText("")
	f.update()
}

// order is the orders so far, with moves and the chosen tactic.
func (f *planetsOrders) order(moves []peng.Move) peng.Order {
	o := peng.Order{Moves: append([]peng.Move{}, moves...)}
	if i := f.tactic.SelectedIndex() - 1; i >= 0 && i < len(f.targets) {
		o.Tactic = &peng.Tactic{Type: peng.Terminator, Planet: f.targets[i]}
	}
	return o
}

// check asks the game whether it would accept an order now (nothing
// changes either way).
func (f *planetsOrders) check(o peng.Order) error {
	if f.d.Check == nil {
		return nil
	}
	return f.d.Check(o.Encode())
}

// addMove adds the chosen move to the orders, if the game would accept
// it.
func (f *planetsOrders) addMove() {
	if f.from < 0 || f.to < 0 {
		return
	}
	n, err := strconv.ParseInt(strings.TrimSpace(f.ships.Text), 10, 64)
	if err != nil || n <= 0 {
		f.say(fmt.Sprintf("%q is not a number of ships: enter a whole number above 0", f.ships.Text))
		return
	}
	mv := peng.Move{Count: n, From: f.from, To: f.to}
	o := f.order(append(append([]peng.Move{}, f.moves...), mv))
	o.Tactic = nil // the tactic is checked when the orders are submitted
	if err := f.check(o); err != nil {
		// The reason is about the move being added: no need to number it.
		f.say("The game refuses this move: " + planetsMoveNumber.ReplaceAllString(f.m.words(err), ""))
		return
	}
	f.moves = append(f.moves, mv)
	f.from, f.to = -1, -1 // the next move starts with its source again
	f.problem.SetText("")
	f.update()
}

// submitOrders gives the orders to the game; refused, they stay here with
// the game's reason and nothing changes.
func (f *planetsOrders) submitOrders() {
	o := f.order(f.moves)
	if err := f.check(o); err != nil {
		f.say("The game refuses these orders: " + f.m.words(err))
		return
	}
	f.m.form = nil
	if err := f.answer(o.Encode()); err != nil {
		f.m.form = f
		f.say("The game refuses these orders: " + f.m.words(err))
	}
	f.m.board.draw()
}
