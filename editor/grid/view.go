package grid

import (
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// GridSource is what a GridView shows: a W×H grid of coloured cells.
type GridSource interface {
	GridSize() (w, h int)
	CellColor(x, y int) color.RGBA
}

// GridView is the studio's one navigable map widget: every map view (the
// grids of ftbt, battle and planets, the mbg board, the play windows)
// shows its map through it, so that they all navigate alike. It draws
// only the visible part of a grid, so it stays responsive on big maps,
// and reports what the pointer does on the cells:
//
//	wheel scrolls · Shift+wheel scrolls sideways · Ctrl+wheel zooms about the pointer
//	middle-drag, Space+drag (or right-drag where the driver delivers it) pans
//	arrows pan · F fits · 1 shows 100% · + / − zoom about the centre
//	a click on the minimap (shown when the map is bigger than the view) jumps there
//
// The left button taps and strokes. The map is fitted into the view
// whenever the view's size changes, until the user zooms or pans; from
// then on the zoom is kept and the map stays scrolled into view.
type GridView struct {
	widget.BaseWidget
	// env is the studio the view forwards keys to (ForwardTo), for
	// status messages; nil without one.
	env    Env
	Source GridSource
	// Overlay draws on top of the cells (people, planets, markers). cell
	// maps a cell to its top-left pixel in img and gives the cell size.
	Overlay func(img *image.RGBA, cell func(x, y int) (px, py, size float64))
	// OnTap is called for a click on a cell.
	OnTap func(x, y int)
	// OnStroke is called as the left button drags over cells: start is
	// true for the first cell of a stroke; OnStrokeEnd ends it.
	OnStroke    func(x, y int, start bool)
	OnStrokeEnd func()
	// OnStrokeCancel is called when Escape cancels a stroke in progress:
	// nothing of it may stay (OnStrokeEnd does not follow).
	OnStrokeCancel func()
	// OnHover reports the cell under the pointer (-1, -1 when outside).
	OnHover func(x, y int)
	// OnKey and OnRune receive the keys and characters the view does not
	// use itself while it has the focus (the studio's tool keys); they
	// report whether they used them.
	OnKey  func(*fyne.KeyEvent) bool
	OnRune func(rune) bool
	// OnViewChange is called after the view zoomed, panned or fitted.
	OnViewChange func()
	// Cursor returns the cells to outline under the pointer when it is on
	// cell (x, y) (a brush, a stamp); an empty rectangle outlines nothing.
	Cursor func(x, y int) image.Rectangle

	// Zoom is the size of a cell in Fyne units; OffsetX/Y is the point of
	// the grid (in units at this zoom) shown at the top-left corner.
	Zoom             float64
	OffsetX, OffsetY float64
	// Natural is the zoom shown as 100% (key 1); MinZoom and MaxZoom
	// bound the zoom.
	Natural, MinZoom, MaxZoom float64
	// FitMargin is how many cells of room Fit leaves around the grid (for
	// markers that reach beyond it).
	FitMargin float64
	// RefitOnGrowOnly keeps the fitted zoom when the view shrinks (a play
	// window whose question panel grows a little), so that the cells do
	// not move under the pointer; the view fits again when it grows.
	RefitOnGrowOnly bool
	// NoMinimap hides the minimap.
	NoMinimap bool

	raster *canvas.Raster
	// minimapLayer, when a view asked for it (MinimapLayer), draws the
	// minimap above what the view draws over the grid; the raster then
	// leaves it out.
	minimapLayer *canvas.Raster
	cursor       *canvas.Rectangle
	selection    *canvas.Rectangle
	selCells     image.Rectangle

	userView  bool      // the user zoomed or panned: keep the zoom on resize
	fitSize   fyne.Size // the size of the view at the last fit
	button    desktop.MouseButton
	mods      fyne.KeyModifier // modifiers seen with the last mouse or key event
	spaceDown bool
	drag      dragKind
	lastX     int
	lastY     int
	hoverX    int
	hoverY    int
}

// dragKind is what a drag in progress does.
type dragKind int

const (
	dragNone     dragKind = iota
	dragStroke            // the left button strokes over cells
	dragPan               // a middle, right or Space drag pans
	dragMinimap           // a drag on the minimap moves the view
	dragCanceled          // Escape cancelled it: the rest is ignored
)

// NewGridView returns a view of src.
func NewGridView(src GridSource) *GridView {
	g := &GridView{Source: src, Zoom: 12, Natural: 16, MinZoom: 0.05, MaxZoom: 64,
		lastX: -1, lastY: -1, hoverX: -1, hoverY: -1}
	g.raster = canvas.NewRaster(g.draw)
	g.cursor = &canvas.Rectangle{FillColor: color.Transparent, StrokeColor: color.RGBA{0xff, 0xff, 0xff, 0xe0}, StrokeWidth: 1.5}
	g.cursor.Hide()
	g.selection = &canvas.Rectangle{FillColor: color.NRGBA{0x40, 0x90, 0xff, 0x30}, StrokeColor: color.RGBA{0x40, 0x90, 0xff, 0xff}, StrokeWidth: 2}
	g.selection.Hide()
	g.ExtendBaseWidget(g)
	return g
}

// CreateRenderer implements fyne.Widget.
func (g *GridView) CreateRenderer() fyne.WidgetRenderer { return &gridRenderer{g: g} }

// gridRenderer lays the raster over the whole view and the outlines on
// it (they move without drawing the cells again).
type gridRenderer struct{ g *GridView }

func (r *gridRenderer) Layout(s fyne.Size) {
	r.g.raster.Resize(s)
	r.g.placeOutlines()
}
func (r *gridRenderer) MinSize() fyne.Size { return r.g.MinSize() }
func (r *gridRenderer) Refresh() {
	frames.change()
	r.g.placeOutlines()
	r.g.raster.Refresh()
	if r.g.minimapLayer != nil {
		r.g.minimapLayer.Refresh()
	}
}
func (r *gridRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.g.raster, r.g.selection, r.g.cursor}
}
func (r *gridRenderer) Destroy() {}

// Resize lays the view out. Until the user zooms or pans, the whole grid
// is fitted into it; afterwards the zoom is kept and the grid stays in
// view.
func (g *GridView) Resize(s fyne.Size) {
	g.BaseWidget.Resize(s)
	if s.Width <= 0 || s.Height <= 0 {
		return
	}
	grew := s.Width > g.fitSize.Width || s.Height > g.fitSize.Height
	switch {
	case !g.userView && (grew || !g.RefitOnGrowOnly):
		g.Fit()
		return
	case !g.userView:
		// Shrunk a little: the fitted zoom stays, the map stays centred.
		w, h := g.Source.GridSize()
		g.OffsetX = -(float64(s.Width) - float64(w)*g.Zoom) / 2
		g.OffsetY = -(float64(s.Height) - float64(h)*g.Zoom) / 2
	}
	g.clamp()
	g.viewChanged()
}

// MinSize is small: the view shows what fits.
func (g *GridView) MinSize() fyne.Size { return fyne.NewSize(200, 150) }

// Redraw repaints the grid (after the source changed).
func (g *GridView) Redraw() {
	frames.change()
	g.placeOutlines()
	g.raster.Refresh()
	if g.minimapLayer != nil {
		g.minimapLayer.Refresh()
	}
}

// UserView reports whether the user zoomed or panned since the last fit.
func (g *GridView) UserView() bool { return g.userView }

// CellAt returns the cell at a position of the widget.
func (g *GridView) CellAt(p fyne.Position) (x, y int, ok bool) {
	w, h := g.Source.GridSize()
	fx := (float64(p.X) + g.OffsetX) / g.Zoom
	fy := (float64(p.Y) + g.OffsetY) / g.Zoom
	x, y = floor(fx), floor(fy)
	return x, y, x >= 0 && y >= 0 && x < w && y < h
}

// CellCentre returns the widget position of the centre of a cell.
func (g *GridView) CellCentre(x, y int) fyne.Position {
	return fyne.NewPos(float32((float64(x)+0.5)*g.Zoom-g.OffsetX), float32((float64(y)+0.5)*g.Zoom-g.OffsetY))
}

// Hovered returns the cell under the pointer (-1, -1 when none).
func (g *GridView) Hovered() (x, y int) { return g.hoverX, g.hoverY }

// SetSelection outlines a rectangle of cells (an empty one hides it).
func (g *GridView) SetSelection(r image.Rectangle) {
	g.selCells = r
	g.placeOutlines()
}

// placeOutlines moves the cursor and selection outlines over their cells.
func (g *GridView) placeOutlines() {
	place := func(o *canvas.Rectangle, r image.Rectangle) {
		if r.Empty() {
			o.Hide()
			return
		}
		x0, y0 := float64(r.Min.X)*g.Zoom-g.OffsetX, float64(r.Min.Y)*g.Zoom-g.OffsetY
		o.Move(fyne.NewPos(float32(x0), float32(y0)))
		o.Resize(fyne.NewSize(float32(float64(r.Dx())*g.Zoom), float32(float64(r.Dy())*g.Zoom)))
		o.Show()
		o.Refresh()
	}
	cur := image.Rectangle{}
	if g.Cursor != nil && g.hoverX >= 0 && g.drag != dragPan {
		cur = g.Cursor(g.hoverX, g.hoverY)
	}
	place(g.cursor, cur)
	place(g.selection, g.selCells)
}

// Tapped reports a click on a cell, or jumps to a point of the minimap.
func (g *GridView) Tapped(e *fyne.PointEvent) {
	frames.input("tap")
	if g.JumpMinimap(e.Position) {
		return
	}
	if x, y, ok := g.CellAt(e.Position); ok && g.OnTap != nil {
		g.OnTap(x, y)
	}
}

// MouseDown takes the focus (for the keys) and notes which button starts
// a drag: the middle one, the right one or any with Space held pans.
func (g *GridView) MouseDown(e *desktop.MouseEvent) {
	frames.input("press")
	g.button, g.mods = e.Button, e.Modifier
	if c := fyne.CurrentApp().Driver().CanvasForObject(g); c != nil && c.Focused() != g {
		c.Focus(g)
	}
}

// MouseUp implements desktop.Mouseable.
func (g *GridView) MouseUp(e *desktop.MouseEvent) { g.mods = e.Modifier }

// Dragged strokes over cells, pans, or moves the view from the minimap.
func (g *GridView) Dragged(e *fyne.DragEvent) {
	frames.input("drag")
	if g.drag == dragNone {
		start := e.Position.Subtract(fyne.NewPos(e.Dragged.DX, e.Dragged.DY))
		switch {
		case g.button == desktop.MouseButtonTertiary || g.button == desktop.MouseButtonSecondary || g.spaceDown:
			g.drag = dragPan
			g.placeOutlines()
		case g.inMinimap(start):
			g.drag = dragMinimap
		default:
			g.drag = dragStroke
		}
	}
	switch g.drag {
	case dragPan:
		g.PanBy(-float64(e.Dragged.DX), -float64(e.Dragged.DY))
	case dragMinimap:
		g.JumpMinimap(e.Position)
	case dragStroke:
		g.strokeTo(e)
	}
}

// strokeTo reports the cells a left-button drag passes over.
func (g *GridView) strokeTo(e *fyne.DragEvent) {
	x, y, ok := g.CellAt(e.Position)
	g.hover(x, y, ok)
	if !ok || g.OnStroke == nil {
		return
	}
	if g.lastX < 0 {
		// The stroke starts where the drag started.
		if sx, sy, ok := g.CellAt(e.Position.Subtract(fyne.NewPos(e.Dragged.DX, e.Dragged.DY))); ok {
			x0, y0 := sx, sy
			g.OnStroke(x0, y0, true)
			g.lastX, g.lastY = x0, y0
		} else {
			g.OnStroke(x, y, true)
			g.lastX, g.lastY = x, y
		}
	}
	// Fill the gap between the last cell and this one, so fast strokes
	// leave no holes.
	for _, c := range LineCells(g.lastX, g.lastY, x, y)[1:] {
		g.OnStroke(c[0], c[1], false)
	}
	g.lastX, g.lastY = x, y
}

// DragEnd ends a stroke or a pan.
func (g *GridView) DragEnd() {
	if g.drag == dragStroke && g.lastX >= 0 && g.OnStrokeEnd != nil {
		g.OnStrokeEnd()
	}
	g.drag = dragNone
	g.button = 0
	g.lastX, g.lastY = -1, -1
	g.placeOutlines()
}

// CancelDrag cancels a drag in progress (Escape): a stroke is dropped
// and the rest of the drag is ignored. It reports whether there was one.
func (g *GridView) CancelDrag() bool {
	if g.drag != dragStroke && g.drag != dragPan {
		return false
	}
	if g.drag == dragStroke && g.lastX >= 0 && g.OnStrokeCancel != nil {
		g.OnStrokeCancel()
	}
	g.drag = dragCanceled
	g.lastX, g.lastY = -1, -1
	g.Redraw()
	return true
}

// Dragging reports whether a stroke is in progress.
func (g *GridView) Dragging() bool { return g.drag == dragStroke && g.lastX >= 0 }

// Scrolled scrolls the view (sideways with Shift, which the driver turns
// into a horizontal scroll) or, with Ctrl, zooms about the pointer.
func (g *GridView) Scrolled(e *fyne.ScrollEvent) {
	frames.input("scroll")
	if g.Modifiers()&(fyne.KeyModifierControl|fyne.KeyModifierSuper) != 0 {
		factor := zoomStep
		if e.Scrolled.DY < 0 || (e.Scrolled.DY == 0 && e.Scrolled.DX < 0) {
			factor = 1 / factor
		}
		g.ZoomAt(e.Position, factor)
		return
	}
	dx, dy := float64(e.Scrolled.DX), float64(e.Scrolled.DY)
	if g.Modifiers()&fyne.KeyModifierShift != 0 && dx == 0 {
		dx, dy = dy, 0 // drivers that leave Shift+wheel vertical
	}
	g.PanBy(-dx, -dy)
}

// Modifiers returns the modifier keys held now.
func (g *GridView) Modifiers() fyne.KeyModifier {
	if d, ok := fyne.CurrentApp().Driver().(desktop.Driver); ok {
		return d.CurrentKeyModifiers()
	}
	return g.mods
}

// MouseIn reports the hovered cell.
func (g *GridView) MouseIn(e *desktop.MouseEvent) { g.MouseMoved(e) }

// MouseMoved reports the hovered cell and moves the cursor outline.
func (g *GridView) MouseMoved(e *desktop.MouseEvent) {
	g.mods = e.Modifier
	x, y, ok := g.CellAt(e.Position)
	if g.inMinimap(e.Position) {
		ok = false
	}
	g.hover(x, y, ok)
}

// MouseOut reports that the pointer left.
func (g *GridView) MouseOut() { g.hover(-1, -1, false) }

func (g *GridView) hover(x, y int, ok bool) {
	if !ok {
		x, y = -1, -1
	}
	if x == g.hoverX && y == g.hoverY {
		return
	}
	g.hoverX, g.hoverY = x, y
	g.placeOutlines()
	if g.OnHover != nil {
		g.OnHover(x, y)
	}
}

// RefreshHover reports the hovered cell again (after an edit changed
// what is there), so that hover texts never go stale.
func (g *GridView) RefreshHover() {
	g.placeOutlines()
	if g.OnHover != nil {
		g.OnHover(g.hoverX, g.hoverY)
	}
}

// ForwardTo passes the keys and characters the view and its OnKey and
// OnRune do not use to the studio's map keys (ForwardKey and
// ForwardRune), so that they work the same while the map has the focus.
func (g *GridView) ForwardTo(env Env) {
	g.env = env
	onKey, onRune := g.OnKey, g.OnRune
	g.OnKey = func(e *fyne.KeyEvent) bool {
		return (onKey != nil && onKey(e)) || ForwardKey(env, e)
	}
	g.OnRune = func(r rune) bool {
		return (onRune != nil && onRune(r)) || ForwardRune(env, r)
	}
}

// status shows msg in the studio's status line (when the view has one).
func (g *GridView) status(msg string) {
	if g.env != nil {
		g.env.Status(msg)
	}
}

// SpaceHeld reports whether Space is held (a drag then pans).
func (g *GridView) SpaceHeld() bool { return g.spaceDown }

// FocusGained implements fyne.Focusable.
func (g *GridView) FocusGained() {}

// FocusLost forgets a held Space.
func (g *GridView) FocusLost() { g.spaceDown = false }

// KeyDown notes Space and the modifiers (desktop.Keyable).
func (g *GridView) KeyDown(e *fyne.KeyEvent) {
	switch e.Name {
	case fyne.KeySpace:
		g.spaceDown = true
	case desktop.KeyShiftLeft, desktop.KeyShiftRight:
		g.mods |= fyne.KeyModifierShift
	case desktop.KeyControlLeft, desktop.KeyControlRight:
		g.mods |= fyne.KeyModifierControl
	}
}

// KeyUp notes that Space or a modifier was released.
func (g *GridView) KeyUp(e *fyne.KeyEvent) {
	switch e.Name {
	case fyne.KeySpace:
		g.spaceDown = false
	case desktop.KeyShiftLeft, desktop.KeyShiftRight:
		g.mods &^= fyne.KeyModifierShift
	case desktop.KeyControlLeft, desktop.KeyControlRight:
		g.mods &^= fyne.KeyModifierControl
	}
}

// TypedKey pans with the arrows and cancels a drag with Escape; other
// keys go to OnKey.
func (g *GridView) TypedKey(e *fyne.KeyEvent) {
	frames.input("key")
	if g.OnKey != nil && e.Name != fyne.KeyEscape && g.OnKey(e) {
		return
	}
	switch e.Name {
	case fyne.KeyLeft:
		g.Pan(-1, 0)
	case fyne.KeyRight:
		g.Pan(1, 0)
	case fyne.KeyUp:
		g.Pan(0, -1)
	case fyne.KeyDown:
		g.Pan(0, 1)
	case fyne.KeyEscape:
		if !g.CancelDrag() && g.OnKey != nil {
			g.OnKey(e)
		}
	}
}

// TypedRune offers a character to OnRune first (the tool keys), then
// navigates: F fits, 1 shows 100%, + and − zoom.
func (g *GridView) TypedRune(r rune) {
	frames.input("rune")
	if r == ' ' || (g.OnRune != nil && g.OnRune(r)) {
		return
	}
	switch r {
	case 'f', 'F':
		g.Fit()
	case '1':
		g.ActualSize()
	case '+', '=':
		g.ZoomStep(true)
	case '-', '−':
		g.ZoomStep(false)
	}
}

// LineCells returns the cells from (x0,y0) to (x1,y1) (Bresenham).
func LineCells(x0, y0, x1, y1 int) [][2]int {
	var out [][2]int
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := 1, 1
	if x0 > x1 {
		sx = -1
	}
	if y0 > y1 {
		sy = -1
	}
	err := dx + dy
	for {
		out = append(out, [2]int{x0, y0})
		if x0 == x1 && y0 == y1 {
			return out
		}
		e2 := 2 * err
		if e2 >= dy {
			err += dy
			x0 += sx
		}
		if e2 <= dx {
			err += dx
			y0 += sy
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
