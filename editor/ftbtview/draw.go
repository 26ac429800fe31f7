package ftbtview

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/preview"
)

// Drawing on images: the map overlay and the stencil are rasters drawn
// with the previews' canvas (preview.Canvas).

func fillRect(img *image.RGBA, x0, y0, x1, y1 float64, c color.Color) {
	preview.CanvasOn(img).FillRect(x0, y0, x1, y1, c)
}

func strokeRect(img *image.RGBA, x0, y0, x1, y1, w float64, c color.Color) {
	preview.CanvasOn(img).StrokeRect(x0, y0, x1, y1, w, c)
}

func fillCircle(img *image.RGBA, cx, cy, r float64, c color.Color) {
	preview.CanvasOn(img).FillCircle(cx, cy, r, c)
}

// line draws a line in pieces of at most 32 pixels, leaving out those
// beyond the image: the cost of a long line across a big map then grows
// with its visible length, not with the area of its bounding box.
func line(img *image.RGBA, x0, y0, x1, y1, w float64, c color.Color) {
	cv := preview.CanvasOn(img)
	n := int(math.Hypot(x1-x0, y1-y0)/32) + 1
	r := img.Bounds()
	m := w + 1
	for i := range n {
		a, e := float64(i)/float64(n), float64(i+1)/float64(n)
		sx, sy := x0+(x1-x0)*a, y0+(y1-y0)*a
		ex, ey := x0+(x1-x0)*e, y0+(y1-y0)*e
		if math.Max(sx, ex) < float64(r.Min.X)-m || math.Min(sx, ex) > float64(r.Max.X)+m ||
			math.Max(sy, ey) < float64(r.Min.Y)-m || math.Min(sy, ey) > float64(r.Max.Y)+m {
			continue
		}
		cv.Line(sx, sy, ex, ey, w, c)
	}
}

// text draws s centred on (x, y).
func text(img *image.RGBA, x, y, size float64, c color.Color, s string) {
	preview.CanvasOn(img).Label(x, y, size, c, s)
}

// DrawPerson draws a person as the level editor shows it, in the cell
// whose top-left pixel is (px, py) and whose size is s pixels: a disc of
// colour col ringed in white, with label (PersonLabels) when the cell
// holds it at a readable size (preview.MinReadable pixels or more; none
// for ""). Test play draws people with it too.
func DrawPerson(img *image.RGBA, px, py, s float64, col color.RGBA, label string) {
	fillCircle(img, px+s/2, py+s/2, s*0.44, col)
	if s >= 8 {
		preview.CanvasOn(img).StrokeCircle(px+s/2, py+s/2, s*0.44, max(1, s/16), white)
	}
	n := len([]rune(label))
	size := max(preview.MinReadable, s*min(0.5, 0.74/float64(max(1, n))))
	if n > 0 && preview.TextWidth(size, label) <= s {
		text(img, px+s/2, py+s/2, size, white, label)
	}
}

// PersonLabels returns the label drawn on each person: the first
// character of the name; the first two when another name starts with the
// same character (曹仁 and 曹洪); the first character and the person's
// number when even two characters do not tell them apart. A person
// without a name is "?".
func PersonLabels(people []ftbt.Person) []string {
	prefix := func(name string, n int) string {
		r := []rune(name)
		if len(r) == 0 {
			return "?"
		}
		return string(r[:min(n, len(r))])
	}
	count := func(n int) map[string]int {
		c := map[string]int{}
		for _, p := range people {
			c[prefix(p.Name, n)]++
		}
		return c
	}
	one, two := count(1), count(2)
	labels := make([]string, len(people))
	for i, p := range people {
		switch {
		case one[prefix(p.Name, 1)] == 1:
			labels[i] = prefix(p.Name, 1)
		case two[prefix(p.Name, 2)] == 1:
			labels[i] = prefix(p.Name, 2)
		default:
			labels[i] = fmt.Sprintf("%s%d", prefix(p.Name, 1), i)
		}
	}
	return labels
}

// cross draws an X filling the square at (x, y) of side s.
func cross(img *image.RGBA, x, y, s, w float64, c color.Color) {
	line(img, x+s*0.2, y+s*0.2, x+s*0.8, y+s*0.8, w, c)
	line(img, x+s*0.8, y+s*0.2, x+s*0.2, y+s*0.8, w, c)
}

// tint mixes c with white: amount 0 is c, 1 is white.
func tint(c color.RGBA, amount float64) color.RGBA { return preview.Tint(c, amount) }

// Colours used by both editors.
var (
	ink       = color.RGBA{0x22, 0x22, 0x22, 0xff}
	white     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	highlight = color.RGBA{0xff, 0xd7, 0x00, 0xff}
)

// minReadable is the smallest text drawn on the maps, in pixels.
const minReadable = preview.MinReadable
