package preview

import (
	"image"
	"image/color"
	"math"
)

// Canvas is an image with the drawing operations of the previews —
// rectangles, anti-aliased lines, circles and polygons, text with Chinese
// characters — for images drawn outside this package (the balance charts
// of package preview/charts, the studio's rasters): one canvas for every
// picture Shapan makes. Coordinates are pixels, y downwards.
type Canvas struct{ c *canvas }

// NewCanvas returns a w×h canvas filled with bg.
func NewCanvas(w, h int, bg color.Color) *Canvas { return &Canvas{newCanvas(w, h, bg)} }

// CanvasOn returns a canvas that draws on img.
func CanvasOn(img *image.RGBA) *Canvas { return &Canvas{&canvas{img: img}} }

// SetMinText leaves out the texts drawn from now on smaller than px
// pixels (Options.MinText).
func (c *Canvas) SetMinText(px float64) { c.c.minText = px }

// Result returns what was drawn, as a preview returns it: the image, or
// a TooLarge image when the canvas asked for was larger than MaxPixels
// (Render turns it into an error).
func (c *Canvas) Result() image.Image { return c.c.image() }

// TooLarge reports whether the canvas asked for was larger than
// MaxPixels: nothing is drawn on it, and Result is a TooLarge image.
func (c *Canvas) TooLarge() bool { return c.c.over != nil }

// Image returns the image drawn on.
func (c *Canvas) Image() *image.RGBA { return c.c.img }

// FillRect fills the rectangle [x0,x1)×[y0,y1); a translucent colour is
// blended over what is there.
func (c *Canvas) FillRect(x0, y0, x1, y1 float64, col color.Color) { c.c.fillRect(x0, y0, x1, y1, col) }

// StrokeRect draws the outline of a rectangle, w pixels wide.
func (c *Canvas) StrokeRect(x0, y0, x1, y1, w float64, col color.Color) {
	c.c.strokeRect(x0, y0, x1, y1, w, col)
}

// Line draws a segment w pixels wide.
func (c *Canvas) Line(x0, y0, x1, y1, w float64, col color.Color) { c.c.line(x0, y0, x1, y1, w, col) }

// FillCircle draws a filled circle.
func (c *Canvas) FillCircle(cx, cy, r float64, col color.Color) { c.c.fillCircle(cx, cy, r, col) }

// StrokeCircle draws a ring w pixels wide on the circle of radius r.
func (c *Canvas) StrokeCircle(cx, cy, r, w float64, col color.Color) {
	const n = 48
	pts := make([][2]float64, 0, 2*n+2)
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / n
		pts = append(pts, [2]float64{cx + (r+w/2)*math.Cos(a), cy + (r+w/2)*math.Sin(a)})
	}
	for i := n; i >= 0; i-- {
		a := 2 * math.Pi * float64(i) / n
		pts = append(pts, [2]float64{cx + (r-w/2)*math.Cos(a), cy + (r-w/2)*math.Sin(a)})
	}
	c.c.fillPath(pts, col)
}

// Label draws s centred on (x, y), Chinese and Latin alike; nothing when
// it would be too small to read (below 4 pixels).
func (c *Canvas) Label(x, y, size float64, col color.Color, s string) {
	if size >= 4 {
		c.c.text(x, y, size, col, anchorCentre, s)
	}
}

// FillPolygon fills a closed polygon.
func (c *Canvas) FillPolygon(pts [][2]float64, col color.Color) { c.c.fillPath(pts, col) }

// Anchor is where text stands relative to its x: its left end, its
// centre or its right end.
type Anchor int

// The text anchors.
const (
	AnchorLeft   Anchor = anchorLeft
	AnchorCentre Anchor = anchorCentre
	AnchorRight  Anchor = anchorRight
)

// Text draws s at size pixels, the middle of its line box at y, anchored
// at x.
func (c *Canvas) Text(x, y, size float64, col color.Color, a Anchor, s string) {
	c.c.text(x, y, size, col, int(a), s)
}

// TextWidth returns the width of s drawn at size.
func TextWidth(size float64, s string) float64 { return textWidth(size, s) }

// FitText shortens s with "…" until it fits in width pixels at size.
func FitText(size, width float64, s string) string { return fitText(size, width, s) }

// Tint mixes c with white: amount 0 is c, 1 is white.
func Tint(c color.RGBA, amount float64) color.RGBA { return tint(c, amount) }

// The colours of the previews, for drawings that should match them.
var (
	InkColor   = ink      // text and lines
	FaintColor = faint    // secondary text
	PaperColor = paper    // background
	GridColor  = gridLine // grid lines, tile borders
	// WhiteColor, ErrorColor and HighlightColor: a plain white, the red
	// of what is wrong, the yellow of what is picked out.
	WhiteColor     = white
	ErrorColor     = errorRed
	HighlightColor = highlight
)
