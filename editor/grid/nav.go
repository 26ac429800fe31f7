package grid

import (
	"math"

	"fyne.io/fyne/v2"
)

// zoomStep is the factor of one zoom step (a wheel notch with Ctrl, + or −).
const zoomStep = 1.25

// panStep is how far an arrow key pans, in Fyne units.
const panStep = 48

// keepVisible is how much of the map, in Fyne units, always stays in view.
const keepVisible = 48

// Fit zooms so the whole grid fits the view, centred in it; the view
// fits again when its size changes, until the user zooms or pans.
func (g *GridView) Fit() {
	w, h := g.Source.GridSize()
	size := g.Size()
	if w <= 0 || h <= 0 || size.Width <= 0 || size.Height <= 0 {
		return
	}
	z := math.Min(float64(size.Width)/(float64(w)+g.FitMargin), float64(size.Height)/(float64(h)+g.FitMargin))
	g.Zoom = math.Max(g.MinZoom, math.Min(g.MaxZoom, z))
	g.OffsetX = -(float64(size.Width) - float64(w)*g.Zoom) / 2
	g.OffsetY = -(float64(size.Height) - float64(h)*g.Zoom) / 2
	g.userView, g.fitSize = false, size
	g.viewChanged()
}

// ActualSize shows the grid at 100% (Natural), keeping the centre of the
// view where it is.
func (g *GridView) ActualSize() {
	g.ZoomAt(g.centre(), g.Natural/g.Zoom)
}

// ZoomStep zooms in or out by one step about the centre of the view.
func (g *GridView) ZoomStep(in bool) {
	f := zoomStep
	if !in {
		f = 1 / f
	}
	g.ZoomAt(g.centre(), f)
}

// ZoomPercent is the zoom as a percentage of Natural.
func (g *GridView) ZoomPercent() int { return int(math.Round(100 * g.Zoom / g.Natural)) }

func (g *GridView) centre() fyne.Position {
	s := g.Size()
	return fyne.NewPos(s.Width/2, s.Height/2)
}

// ZoomAt multiplies the zoom by factor, keeping the point at p fixed.
func (g *GridView) ZoomAt(p fyne.Position, factor float64) {
	nz := math.Max(g.MinZoom, math.Min(g.MaxZoom, g.Zoom*factor))
	gx := (float64(p.X) + g.OffsetX) / g.Zoom
	gy := (float64(p.Y) + g.OffsetY) / g.Zoom
	g.Zoom = nz
	g.OffsetX = gx*nz - float64(p.X)
	g.OffsetY = gy*nz - float64(p.Y)
	g.userView = true
	g.clamp()
	g.viewChanged()
}

// Pan moves the view by steps (an arrow key is one step).
func (g *GridView) Pan(dx, dy int) {
	g.PanBy(float64(dx)*panStep, float64(dy)*panStep)
}

// PanBy moves the view by dx, dy Fyne units (the map moves the other
// way), keeping some of the map in view.
func (g *GridView) PanBy(dx, dy float64) {
	if dx == 0 && dy == 0 {
		return
	}
	g.OffsetX += dx
	g.OffsetY += dy
	g.userView = true
	g.clamp()
	g.viewChanged()
}

// SetView shows the grid at zoom with (ox, oy) at the top-left corner, as
// if the user had zoomed and panned there.
func (g *GridView) SetView(zoom, ox, oy float64) {
	g.Zoom, g.OffsetX, g.OffsetY = zoom, ox, oy
	g.userView = true
	g.clamp()
	g.viewChanged()
}

// CentreOn scrolls so that cell (x, y) is in the middle of the view.
func (g *GridView) CentreOn(x, y int) {
	size := g.Size()
	g.OffsetX = (float64(x)+0.5)*g.Zoom - float64(size.Width)/2
	g.OffsetY = (float64(y)+0.5)*g.Zoom - float64(size.Height)/2
	g.userView = true
	g.clamp()
	g.viewChanged()
}

// clamp keeps at least keepVisible units of the grid (all of it when it
// is smaller) in view.
func (g *GridView) clamp() {
	w, h := g.Source.GridSize()
	size := g.Size()
	if size.Width <= 0 || size.Height <= 0 || w <= 0 || h <= 0 {
		return
	}
	g.OffsetX = clampOffset(g.OffsetX, float64(w)*g.Zoom, float64(size.Width))
	g.OffsetY = clampOffset(g.OffsetY, float64(h)*g.Zoom, float64(size.Height))
}

// clampOffset bounds the offset of content of length c in a view of
// length v so that min(c, keepVisible) of it stays visible.
func clampOffset(off, c, v float64) float64 {
	keep := math.Min(c, math.Min(v, keepVisible))
	lo, hi := keep-v, c-keep
	return math.Max(lo, math.Min(hi, off))
}

// viewChanged redraws after a zoom or a pan and tells OnViewChange.
func (g *GridView) viewChanged() {
	g.Redraw()
	if g.OnViewChange != nil {
		g.OnViewChange()
	}
}

func floor(f float64) int { return int(math.Floor(f)) }
