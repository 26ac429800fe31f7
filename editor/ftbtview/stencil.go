package ftbtview

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/formats/ftbt"
)

// Stencil shows a tech's target offsets as cells around the user (the
// centre) and reports clicks on them; hovering a cell, or right-clicking
// it to keep it, previews the area effect around it: every cell within
// the AoE radius (Manhattan distance) of the target, as in spec 3.6.
type Stencil struct {
	widget.BaseWidget
	// OnToggle is called for a click on the cell at offset d.
	OnToggle func(d [2]int)
	// OnHover reports the offset under the pointer (ok false: none).
	OnHover func(d [2]int, ok bool)

	tech    func() *ftbt.Tech
	raster  *canvas.Raster
	hover   [2]int
	hovered bool
	pin     [2]int
	pinned  bool
}

// Stencil limits: the grid shows at least minSpan and at most maxSpan
// cells on each side of the user, one more than the farthest target so
// that the range can grow by clicking its edge.
const (
	minSpan = 3
	maxSpan = 15
)

// NewStencil returns a stencil of the tech tech returns (nil: none).
func NewStencil(tech func() *ftbt.Tech) *Stencil {
	s := &Stencil{tech: tech}
	s.raster = canvas.NewRaster(s.draw)
	s.ExtendBaseWidget(s)
	return s
}

// CreateRenderer implements fyne.Widget.
func (s *Stencil) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(s.raster) }

// MinSize keeps the cells big enough to click.
func (s *Stencil) MinSize() fyne.Size { return fyne.NewSize(260, 260) }

// Refresh redraws the stencil.
func (s *Stencil) Refresh() { s.raster.Refresh() }

// Span is how many cells the grid shows on each side of the user.
func (s *Stencil) Span() int {
	reach := 0
	if t := s.tech(); t != nil {
		for _, d := range t.Range {
			reach = max(reach, iabs(d[0]), iabs(d[1]))
		}
	}
	return max(minSpan, min(maxSpan, reach+1))
}

// geometry returns the cell size and the top-left corner of the grid for
// a drawing area of w×h.
func (s *Stencil) geometry(w, h float64) (cell, ox, oy float64) {
	n := float64(2*s.Span() + 1)
	cell = math.Floor(math.Min(w, h) / n)
	return cell, math.Floor((w - cell*n) / 2), math.Floor((h - cell*n) / 2)
}

// CellAt returns the offset of the cell at a position.
func (s *Stencil) CellAt(p fyne.Position) ([2]int, bool) {
	size := s.Size()
	cell, ox, oy := s.geometry(float64(size.Width), float64(size.Height))
	if cell <= 0 {
		return [2]int{}, false
	}
	span := s.Span()
	x := int(math.Floor((float64(p.X)-ox)/cell)) - span
	y := int(math.Floor((float64(p.Y)-oy)/cell)) - span
	return [2]int{x, y}, iabs(x) <= span && iabs(y) <= span
}

// CellCentre returns the position of the centre of the cell at offset d.
func (s *Stencil) CellCentre(d [2]int) fyne.Position {
	size := s.Size()
	cell, ox, oy := s.geometry(float64(size.Width), float64(size.Height))
	span := s.Span()
	return fyne.NewPos(float32(ox+(float64(d[0]+span)+0.5)*cell), float32(oy+(float64(d[1]+span)+0.5)*cell))
}

// Target is the cell whose area effect is shown: the hovered cell, else
// the one picked by a click, else the tech's first target.
func (s *Stencil) Target() ([2]int, bool) {
	switch {
	case s.hovered:
		return s.hover, true
	case s.pinned:
		return s.pin, true
	}
	if t := s.tech(); t != nil && len(t.Range) > 0 {
		return t.Range[0], true
	}
	return [2]int{}, false
}

// Tapped adds or removes the clicked target, and previews its area.
func (s *Stencil) Tapped(e *fyne.PointEvent) {
	if d, ok := s.CellAt(e.Position); ok {
		s.pin, s.pinned = d, true
		if s.OnToggle != nil {
			s.OnToggle(d)
		}
		s.Refresh()
	}
}

// TappedSecondary picks the cell whose area effect is shown.
func (s *Stencil) TappedSecondary(e *fyne.PointEvent) {
	if d, ok := s.CellAt(e.Position); ok {
		s.pin, s.pinned = d, true
		s.Refresh()
	}
}

// MouseIn shows the area effect around the cell under the pointer.
func (s *Stencil) MouseIn(e *desktop.MouseEvent) { s.MouseMoved(e) }

// MouseMoved shows the area effect around the cell under the pointer.
func (s *Stencil) MouseMoved(e *desktop.MouseEvent) {
	d, ok := s.CellAt(e.Position)
	if ok == s.hovered && d == s.hover {
		return
	}
	s.hover, s.hovered = d, ok
	if s.OnHover != nil {
		s.OnHover(d, ok)
	}
	s.Refresh()
}

// MouseOut goes back to the picked cell's area.
func (s *Stencil) MouseOut() {
	s.hovered = false
	if s.OnHover != nil {
		s.OnHover([2]int{}, false)
	}
	s.Refresh()
}

// Stencil colours.
var (
	stencilPaper  = color.RGBA{0xf4, 0xf1, 0xe8, 0xff}
	stencilLine   = color.RGBA{0xcc, 0xc6, 0xb8, 0xff}
	stencilTarget = color.RGBA{0xe0, 0x70, 0x50, 0xff}
	stencilTwice  = color.RGBA{0xb0, 0x30, 0x20, 0xff}
	stencilArea   = color.RGBA{0x1f, 0x77, 0xb4, 0xff}
)

func (s *Stencil) draw(pw, ph int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, pw, ph))
	t := s.tech()
	if t == nil {
		return img
	}
	// Geometry in widget units, drawn in device pixels.
	size := s.Size()
	k := 1.0
	if size.Width > 0 {
		k = float64(pw) / float64(size.Width)
	} else {
		size = fyne.NewSize(float32(pw), float32(ph))
	}
	cell, ox, oy := s.geometry(float64(size.Width), float64(size.Height))
	cell, ox, oy = cell*k, ox*k, oy*k
	if cell <= 0 {
		return img
	}
	span := s.Span()
	count := map[[2]int]int{}
	for _, d := range t.Range {
		count[d]++
	}
	target, hasTarget := s.Target()
	radius := max(0, t.AoeRange)
	at := func(d [2]int) (float64, float64) {
		return ox + float64(d[0]+span)*cell, oy + float64(d[1]+span)*cell
	}
	draw.Draw(img, image.Rect(int(ox), int(oy), int(ox+cell*float64(2*span+1)), int(oy+cell*float64(2*span+1))),
		image.NewUniform(stencilPaper), image.Point{}, draw.Src)
	for dy := -span; dy <= span; dy++ {
		for dx := -span; dx <= span; dx++ {
			d := [2]int{dx, dy}
			x, y := at(d)
			switch n := count[d]; {
			case n > 1:
				fillRect(img, x, y, x+cell, y+cell, stencilTwice)
			case n == 1:
				fillRect(img, x, y, x+cell, y+cell, stencilTarget)
			}
			if hasTarget {
				if dist := iabs(dx-target[0]) + iabs(dy-target[1]); dist <= radius {
					// The centre gets the full effect, the rest the ratio.
					alpha := 0.55
					if dist > 0 {
						alpha = 0.15 + 0.35*float64(max(0, min(100, t.AoeRatio)))/100
					}
					// Inset, so that a target keeps its colour around it.
					a := stencilArea
					a.A = uint8(alpha * 255)
					in := math.Round(cell * 0.18)
					fillRect(img, x+in, y+in, x+cell-in, y+cell-in, premultiply(a))
				}
			}
			strokeRect(img, x, y, x+cell+1, y+cell+1, 1, stencilLine)
			if n := count[d]; n > 1 && cell >= 14 {
				if cell*0.5 >= minReadable {
					text(img, x+cell/2, y+cell/2, cell*0.5, white, fmt.Sprint(n))
				}
			}
		}
	}
	if hasTarget {
		x, y := at(target)
		w := math.Max(2, cell/10)
		strokeRect(img, x, y, x+cell+1, y+cell+1, w, stencilArea)
	}
	ux, uy := at([2]int{0, 0})
	fillCircle(img, ux+cell/2, uy+cell/2, cell*0.3, ink)
	return img
}

// premultiply turns a colour with alpha into Go's premultiplied form.
func premultiply(c color.RGBA) color.RGBA {
	f := float64(c.A) / 255
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), c.A}
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
