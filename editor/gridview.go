package editor

import (
	"image"
	"image/color"
	"image/draw"
	"math"

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

// GridView draws a grid with zoom and pan and reports what the pointer
// does on it. Only the visible part is drawn, so it stays responsive on
// big maps: wheel zooms around the pointer, a right-button drag or the
// arrow keys pan, the left button taps and strokes.
type GridView struct {
	widget.BaseWidget
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
	// OnHover reports the cell under the pointer (-1, -1 when outside).
	OnHover func(x, y int)

	// Zoom is the size of a cell in pixels; OffsetX/Y is the pixel of the
	// grid shown at the top-left corner.
	Zoom             float64
	OffsetX, OffsetY float64

	raster   *canvas.Raster
	fitted   bool
	panning  bool
	stroking bool
	lastX    int
	lastY    int
	scale    float32
}

// NewGridView returns a view of src.
func NewGridView(src GridSource) *GridView {
	g := &GridView{Source: src, Zoom: 12, lastX: -1, lastY: -1, scale: 1}
	g.raster = canvas.NewRaster(g.draw)
	g.ExtendBaseWidget(g)
	return g
}

// CreateRenderer implements fyne.Widget.
func (g *GridView) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(g.raster)
}

// Resize lays the view out; the first time it has a size, the whole grid
// is fitted into it.
func (g *GridView) Resize(s fyne.Size) {
	g.BaseWidget.Resize(s)
	if !g.fitted && s.Width > 0 && s.Height > 0 {
		g.fitted = true
		g.Fit()
	}
}

// MinSize is small: the view shows what fits.
func (g *GridView) MinSize() fyne.Size { return fyne.NewSize(200, 150) }

// Redraw repaints the grid (after the source changed).
func (g *GridView) Redraw() { g.raster.Refresh() }

// Fit zooms so the whole grid fits the view.
func (g *GridView) Fit() {
	w, h := g.Source.GridSize()
	size := g.Size()
	if w <= 0 || h <= 0 || size.Width <= 0 || size.Height <= 0 {
		return
	}
	g.Zoom = math.Max(1, math.Min(float64(size.Width)/float64(w), float64(size.Height)/float64(h)))
	g.OffsetX, g.OffsetY = 0, 0
	g.Redraw()
}

// CellAt returns the cell at a position of the widget.
func (g *GridView) CellAt(p fyne.Position) (x, y int, ok bool) {
	w, h := g.Source.GridSize()
	fx := (float64(p.X) + g.OffsetX) / g.Zoom
	fy := (float64(p.Y) + g.OffsetY) / g.Zoom
	x, y = int(math.Floor(fx)), int(math.Floor(fy))
	return x, y, x >= 0 && y >= 0 && x < w && y < h
}

// CellCentre returns the widget position of the centre of a cell.
func (g *GridView) CellCentre(x, y int) fyne.Position {
	return fyne.NewPos(float32((float64(x)+0.5)*g.Zoom-g.OffsetX), float32((float64(y)+0.5)*g.Zoom-g.OffsetY))
}

func (g *GridView) draw(pw, ph int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, pw, ph))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{0x30, 0x30, 0x30, 0xff}), image.Point{}, draw.Src)
	w, h := g.Source.GridSize()
	if w <= 0 || h <= 0 {
		return img
	}
	// The raster is drawn in device pixels; positions are in Fyne units.
	s := float64(pw) / math.Max(1, float64(g.Size().Width))
	if s <= 0 || math.IsNaN(s) || math.IsInf(s, 0) {
		s = 1
	}
	z := g.Zoom * s
	ox, oy := g.OffsetX*s, g.OffsetY*s
	// One colour lookup per cell column/row boundary: compute the cell of
	// every pixel column and row once.
	cols := make([]int, pw)
	for px := range cols {
		cols[px] = int(math.Floor((float64(px) + ox) / z))
	}
	var rowCache []color.RGBA
	for py := 0; py < ph; py++ {
		cy := int(math.Floor((float64(py) + oy) / z))
		if cy < 0 || cy >= h {
			continue
		}
		if py == 0 || cy != int(math.Floor((float64(py-1)+oy)/z)) {
			rowCache = rowCache[:0]
			for cx := 0; cx < w; cx++ {
				if cx >= cols[0] && cx <= cols[pw-1] {
					rowCache = append(rowCache, g.Source.CellColor(cx, cy))
				} else {
					rowCache = append(rowCache, color.RGBA{})
				}
			}
		}
		line := img.Pix[py*img.Stride:]
		for px, cx := range cols {
			if cx < 0 || cx >= w {
				continue
			}
			c := rowCache[cx]
			line[4*px], line[4*px+1], line[4*px+2], line[4*px+3] = c.R, c.G, c.B, 0xff
		}
	}
	// Grid lines when cells are big enough to see them.
	if z >= 8 {
		lineColor := color.RGBA{0, 0, 0, 0x30}
		for cx := max(0, cols[0]); cx <= min(w, cols[pw-1]+1); cx++ {
			px := int(math.Round(float64(cx)*z - ox))
			if px >= 0 && px < pw {
				draw.Draw(img, image.Rect(px, 0, px+1, min(ph, int(float64(h)*z-oy))), image.NewUniform(lineColor), image.Point{}, draw.Over)
			}
		}
		for cy := 0; cy <= h; cy++ {
			py := int(math.Round(float64(cy)*z - oy))
			if py >= 0 && py < ph {
				draw.Draw(img, image.Rect(0, py, min(pw, int(float64(w)*z-ox)), py+1), image.NewUniform(lineColor), image.Point{}, draw.Over)
			}
		}
	}
	if g.Overlay != nil {
		g.Overlay(img, func(x, y int) (float64, float64, float64) {
			return float64(x)*z - ox, float64(y)*z - oy, z
		})
	}
	return img
}

// Tapped reports a click on a cell.
func (g *GridView) Tapped(e *fyne.PointEvent) {
	if x, y, ok := g.CellAt(e.Position); ok && g.OnTap != nil {
		g.OnTap(x, y)
	}
}

// MouseDown notes which button starts a drag (the right one pans).
func (g *GridView) MouseDown(e *desktop.MouseEvent) {
	g.panning = e.Button == desktop.MouseButtonSecondary
}

// MouseUp ends a pan.
func (g *GridView) MouseUp(*desktop.MouseEvent) {}

// Dragged strokes over cells, or pans with the right button.
func (g *GridView) Dragged(e *fyne.DragEvent) {
	if g.panning {
		g.OffsetX -= float64(e.Dragged.DX)
		g.OffsetY -= float64(e.Dragged.DY)
		g.Redraw()
		return
	}
	x, y, ok := g.CellAt(e.Position)
	if !ok || g.OnStroke == nil {
		return
	}
	if !g.stroking {
		g.stroking = true
		// The stroke starts where the drag started.
		if sx, sy, ok := g.CellAt(e.Position.Subtract(fyne.NewPos(e.Dragged.DX, e.Dragged.DY))); ok {
			g.OnStroke(sx, sy, true)
			g.lastX, g.lastY = sx, sy
		} else {
			g.OnStroke(x, y, true)
			g.lastX, g.lastY = x, y
		}
	}
	// Fill the gap between the last cell and this one, so fast strokes
	// leave no holes.
	for _, c := range lineCells(g.lastX, g.lastY, x, y)[1:] {
		g.OnStroke(c[0], c[1], false)
	}
	g.lastX, g.lastY = x, y
}

// DragEnd ends a stroke or a pan.
func (g *GridView) DragEnd() {
	if g.stroking && g.OnStrokeEnd != nil {
		g.OnStrokeEnd()
	}
	g.stroking, g.panning = false, false
	g.lastX, g.lastY = -1, -1
}

// Scrolled zooms around the pointer.
func (g *GridView) Scrolled(e *fyne.ScrollEvent) {
	factor := 1.25
	if e.Scrolled.DY < 0 {
		factor = 1 / factor
	}
	g.ZoomAt(e.Position, factor)
}

// ZoomAt multiplies the zoom by factor, keeping the point at p fixed.
func (g *GridView) ZoomAt(p fyne.Position, factor float64) {
	nz := math.Max(1, math.Min(64, g.Zoom*factor))
	gx := (float64(p.X) + g.OffsetX) / g.Zoom
	gy := (float64(p.Y) + g.OffsetY) / g.Zoom
	g.Zoom = nz
	g.OffsetX = gx*nz - float64(p.X)
	g.OffsetY = gy*nz - float64(p.Y)
	g.Redraw()
}

// MouseIn, MouseMoved and MouseOut report the hovered cell.
func (g *GridView) MouseIn(e *desktop.MouseEvent) { g.MouseMoved(e) }

// MouseMoved reports the hovered cell.
func (g *GridView) MouseMoved(e *desktop.MouseEvent) {
	if g.OnHover == nil {
		return
	}
	if x, y, ok := g.CellAt(e.Position); ok {
		g.OnHover(x, y)
	} else {
		g.OnHover(-1, -1)
	}
}

// MouseOut reports that the pointer left.
func (g *GridView) MouseOut() {
	if g.OnHover != nil {
		g.OnHover(-1, -1)
	}
}

// Pan moves the view by whole cells (the arrow keys).
func (g *GridView) Pan(dx, dy int) {
	g.OffsetX += float64(dx) * g.Zoom * 4
	g.OffsetY += float64(dy) * g.Zoom * 4
	g.Redraw()
}

// lineCells returns the cells from (x0,y0) to (x1,y1) (Bresenham).
func lineCells(x0, y0, x1, y1 int) [][2]int {
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
