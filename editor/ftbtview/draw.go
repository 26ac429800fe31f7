package ftbtview

import (
	"image"
	"image/color"

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

func line(img *image.RGBA, x0, y0, x1, y1, w float64, c color.Color) {
	preview.CanvasOn(img).Line(x0, y0, x1, y1, w, c)
}

// text draws s centred on (x, y).
func text(img *image.RGBA, x, y, size float64, c color.Color, s string) {
	preview.CanvasOn(img).Label(x, y, size, c, s)
}

// DrawPerson draws a person as the level editor shows it, in the cell
// whose top-left pixel is (px, py) and whose size is s pixels: a disc of
// colour col ringed in white, with the first character of name when the
// cell is big enough (none for ""). Test play draws people with it too.
func DrawPerson(img *image.RGBA, px, py, s float64, col color.RGBA, name string) {
	fillCircle(img, px+s/2, py+s/2, s*0.44, col)
	if s >= 8 {
		preview.CanvasOn(img).StrokeCircle(px+s/2, py+s/2, s*0.44, max(1, s/16), white)
	}
	if s >= 12 && name != "" {
		text(img, px+s/2, py+s/2, s*0.5, white, string([]rune(name)[:1]))
	}
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
