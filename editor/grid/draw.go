package grid

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// PictureSource is a GridSource drawn as a picture rather than as
// coloured cells (the mbg board): a cell is one pixel of the picture at
// 100%, and Picture draws the whole grid at zoom pixels a cell.
type PictureSource interface {
	GridSource
	Picture(zoom float64) image.Image
}

var (
	colBackdrop = color.RGBA{0x30, 0x30, 0x30, 0xff}
	colGridLine = color.RGBA{0, 0, 0, 0x30}
	colMiniView = color.RGBA{0xff, 0xd7, 0x00, 0xff}
	colMiniEdge = color.RGBA{0xe0, 0xe0, 0xe0, 0xff}
)

// draw renders the visible part of the grid in device pixels.
func (g *GridView) draw(pw, ph int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, pw, ph))
	w, h := g.Source.GridSize()
	if w <= 0 || h <= 0 || pw <= 0 || ph <= 0 {
		draw.Draw(img, img.Bounds(), image.NewUniform(colBackdrop), image.Point{}, draw.Src)
		return img
	}
	// The raster is drawn in device pixels; positions are in Fyne units.
	s := float64(pw) / math.Max(1, float64(g.Size().Width))
	if s <= 0 || math.IsNaN(s) || math.IsInf(s, 0) {
		s = 1
	}
	z := g.Zoom * s
	ox, oy := g.OffsetX*s, g.OffsetY*s
	// The backdrop around the grid (the grid covers the rest).
	grid := image.Rect(int(math.Ceil(-ox)), int(math.Ceil(-oy)), int(float64(w)*z-ox), int(float64(h)*z-oy))
	for _, r := range []image.Rectangle{image.Rect(0, 0, pw, grid.Min.Y), image.Rect(0, grid.Max.Y, pw, ph),
		image.Rect(0, 0, grid.Min.X, ph), image.Rect(grid.Max.X, 0, pw, ph)} {
		draw.Draw(img, r.Intersect(img.Bounds()), image.NewUniform(colBackdrop), image.Point{}, draw.Src)
	}
	if ps, ok := g.Source.(PictureSource); ok {
		pic := ps.Picture(z)
		draw.Draw(img, img.Bounds(), pic, image.Pt(int(math.Round(ox)), int(math.Round(oy))), draw.Src)
	} else {
		g.drawCells(img, w, h, z, ox, oy)
		if z >= 8 {
			drawGridLines(img, w, h, z, ox, oy)
		}
	}
	if g.Overlay != nil {
		g.Overlay(img, func(x, y int) (float64, float64, float64) {
			return float64(x)*z - ox, float64(y)*z - oy, z
		})
	}
	if g.minimapLayer == nil {
		g.drawMinimap(img, s)
	}
	frames.drawn()
	return img
}

// MinimapLayer returns an object that draws the minimap alone, for a view
// that draws over the grid (planets and routes as objects of their own):
// stacked above them, the minimap is never drawn over. The grid then
// leaves the minimap out of its own picture.
func (g *GridView) MinimapLayer() fyne.CanvasObject {
	if g.minimapLayer == nil {
		g.minimapLayer = canvas.NewRaster(func(pw, ph int) image.Image {
			img := image.NewRGBA(image.Rect(0, 0, pw, ph)) // transparent
			if w, h := g.Source.GridSize(); w > 0 && h > 0 && pw > 0 {
				g.drawMinimap(img, float64(pw)/math.Max(1, float64(g.Size().Width)))
			}
			return img
		})
	}
	return g.minimapLayer
}

// MinimapSource is a GridSource whose minimap shows more than its cells'
// colours (the planets the view draws over an empty grid).
type MinimapSource interface {
	MinimapColor(x, y int) color.RGBA
}

// drawCells colours the visible cells, looking each one up once.
func (g *GridView) drawCells(img *image.RGBA, w, h int, z, ox, oy float64) {
	pw, ph := img.Bounds().Dx(), img.Bounds().Dy()
	cols := make([]int, pw)
	for px := range cols {
		cols[px] = floor((float64(px) + ox) / z)
	}
	x0, x1 := max(0, cols[0]), min(w-1, cols[pw-1])
	if x0 > x1 {
		return
	}
	row := make([]color.RGBA, w)
	rowY := -1
	for py := 0; py < ph; py++ {
		cy := floor((float64(py) + oy) / z)
		if cy < 0 || cy >= h {
			continue
		}
		line := img.Pix[py*img.Stride : py*img.Stride+4*pw]
		if cy == rowY {
			copy(line, img.Pix[(py-1)*img.Stride:(py-1)*img.Stride+4*pw])
			continue
		}
		rowY = cy
		g.cellRow(cy, x0, x1, row)
		for px, cx := range cols {
			if cx < x0 || cx > x1 {
				continue
			}
			c := row[cx]
			line[4*px], line[4*px+1], line[4*px+2], line[4*px+3] = c.R, c.G, c.B, 0xff
		}
	}
}

// RowSource is a GridSource that colours a run of cells of a row at once
// (faster than one CellColor call a cell on big grids).
type RowSource interface {
	CellRow(y, x0, x1 int, out []color.RGBA)
}

// cellRow fills out[x0..x1] with the colours of row y.
func (g *GridView) cellRow(y, x0, x1 int, out []color.RGBA) {
	if rs, ok := g.Source.(RowSource); ok {
		rs.CellRow(y, x0, x1, out)
		return
	}
	for x := x0; x <= x1; x++ {
		out[x] = g.Source.CellColor(x, y)
	}
}

// drawGridLines draws the lines between cells big enough to see them.
func drawGridLines(img *image.RGBA, w, h int, z, ox, oy float64) {
	pw, ph := img.Bounds().Dx(), img.Bounds().Dy()
	lines := image.NewUniform(colGridLine)
	bottom := min(ph, int(float64(h)*z-oy))
	right := min(pw, int(float64(w)*z-ox))
	for cx := max(0, floor(ox/z)); cx <= min(w, floor((float64(pw)+ox)/z)+1); cx++ {
		if px := int(math.Round(float64(cx)*z - ox)); px >= 0 && px < pw {
			draw.Draw(img, image.Rect(px, max(0, int(-oy)), px+1, bottom), lines, image.Point{}, draw.Over)
		}
	}
	for cy := max(0, floor(oy/z)); cy <= min(h, floor((float64(ph)+oy)/z)+1); cy++ {
		if py := int(math.Round(float64(cy)*z - oy)); py >= 0 && py < ph {
			draw.Draw(img, image.Rect(max(0, int(-ox)), py, right, py+1), lines, image.Point{}, draw.Over)
		}
	}
}

// --- the minimap ---

// minimapState is where the minimap is, in Fyne units (zero size: not
// shown).
type minimapState struct {
	x, y, w, h float64
	scale      float64 // units a cell
}

// Minimap limits.
const (
	minimapMaxW, minimapMaxH = 160.0, 120.0
	minimapMargin            = 8.0
)

// minimapLayout places the minimap in the bottom-right corner when the
// grid is bigger than the view.
func (g *GridView) minimapLayout() minimapState {
	w, h := g.Source.GridSize()
	size := g.Size()
	vw, vh := float64(size.Width), float64(size.Height)
	if g.NoMinimap || w <= 0 || h <= 0 || vw < 2*minimapMaxW || vh < 1.5*minimapMaxH {
		return minimapState{}
	}
	if float64(w)*g.Zoom <= vw+0.5 && float64(h)*g.Zoom <= vh+0.5 {
		return minimapState{}
	}
	sc := math.Min(minimapMaxW/float64(w), minimapMaxH/float64(h))
	mw, mh := float64(w)*sc, float64(h)*sc
	return minimapState{x: vw - mw - minimapMargin, y: vh - mh - minimapMargin, w: mw, h: mh, scale: sc}
}

// MinimapShown reports whether the minimap is shown, and where.
func (g *GridView) MinimapShown() (fyne.Position, fyne.Size, bool) {
	m := g.minimapLayout()
	return fyne.NewPos(float32(m.x), float32(m.y)), fyne.NewSize(float32(m.w), float32(m.h)), m.w > 0
}

func (g *GridView) inMinimap(p fyne.Position) bool {
	m := g.minimapLayout()
	x, y := float64(p.X), float64(p.Y)
	return m.w > 0 && x >= m.x && y >= m.y && x < m.x+m.w && y < m.y+m.h
}

// JumpMinimap centres the view on the point of the minimap at p, if p is
// on the minimap.
func (g *GridView) JumpMinimap(p fyne.Position) bool {
	if !g.inMinimap(p) {
		return false
	}
	m := g.minimapLayout()
	size := g.Size()
	cx, cy := (float64(p.X)-m.x)/m.scale, (float64(p.Y)-m.y)/m.scale
	g.OffsetX = cx*g.Zoom - float64(size.Width)/2
	g.OffsetY = cy*g.Zoom - float64(size.Height)/2
	g.userView = true
	g.clamp()
	g.viewChanged()
	return true
}

// drawMinimap draws the whole grid small, with the visible part framed.
func (g *GridView) drawMinimap(img *image.RGBA, s float64) {
	m := g.minimapLayout()
	if m.w <= 0 {
		return
	}
	w, h := g.Source.GridSize()
	x0, y0 := int(m.x*s), int(m.y*s)
	x1, y1 := int((m.x+m.w)*s), int((m.y+m.h)*s)
	cell := m.scale * s
	row := make([]color.RGBA, w)
	ms, custom := g.Source.(MinimapSource)
	for py := y0; py < y1; py++ {
		cy := min(h-1, int(float64(py-y0)/cell))
		for px := x0; px < x1; px++ {
			cx := min(w-1, int(float64(px-x0)/cell))
			if custom {
				img.SetRGBA(px, py, ms.MinimapColor(cx, cy))
				continue
			}
			g.cellRow(cy, cx, cx, row)
			img.SetRGBA(px, py, row[cx])
		}
	}
	strokePixels(img, x0-1, y0-1, x1+1, y1+1, colMiniEdge)
	size := g.Size()
	vx0 := m.x + g.OffsetX/g.Zoom*m.scale
	vy0 := m.y + g.OffsetY/g.Zoom*m.scale
	vx1 := vx0 + float64(size.Width)/g.Zoom*m.scale
	vy1 := vy0 + float64(size.Height)/g.Zoom*m.scale
	strokePixels(img, int(math.Max(vx0, m.x)*s), int(math.Max(vy0, m.y)*s), int(math.Min(vx1, m.x+m.w)*s), int(math.Min(vy1, m.y+m.h)*s), colMiniView)
}

// strokePixels outlines the pixel rectangle [x0,x1)×[y0,y1) one pixel wide.
func strokePixels(img *image.RGBA, x0, y0, x1, y1 int, col color.RGBA) {
	u := image.NewUniform(col)
	for _, r := range []image.Rectangle{image.Rect(x0, y0, x1, y0+1), image.Rect(x0, y1-1, x1, y1), image.Rect(x0, y0, x0+1, y1), image.Rect(x1-1, y0, x1, y1)} {
		draw.Draw(img, r.Intersect(img.Bounds()), u, image.Point{}, draw.Src)
	}
}
