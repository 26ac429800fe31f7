package preview

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/shapan/shapan/internal/cjkfont"
)

// canvas is an RGBA image with the few drawing operations previews need.
type canvas struct {
	img *image.RGBA
	// minText is the smallest text drawn, in pixels (0: any).
	minText float64
	// over is set when the image asked for is larger than MaxPixels: then
	// nothing is drawn and the result is a TooLarge image.
	over *TooLargeError
}

// textDrawn, when set (by tests), learns the size of every text drawn.
var textDrawn func(size float64)

// MaxPixels caps the size of a preview: 64 megapixels (256 MiB of RGBA),
// far above any real document at scale 1.
const MaxPixels = 64 << 20

// MaxScale is the largest Options.Scale.
const MaxScale = 64

// TooLargeError says that a preview would be larger than MaxPixels.
type TooLargeError struct {
	W, H  int
	Scale float64 // the scale it was drawn at (0 when unknown)
}

func (e *TooLargeError) Error() string {
	mp := float64(e.W) * float64(e.H) / (1 << 20)
	msg := fmt.Sprintf("the preview would be %d×%d pixels (%.0f megapixels), more than the limit of %d megapixels", e.W, e.H, mp, MaxPixels>>20)
	if e.Scale > 0 {
		if fit := e.Scale * math.Sqrt(float64(MaxPixels)/(float64(e.W)*float64(e.H))); fit >= 0.05 {
			return msg + fmt.Sprintf("; use a smaller --scale (at most %.2g)", math.Floor(fit*100)/100)
		}
	}
	return msg + "; the document is too large to draw (its grid, or the display coordinates of its squares, span too far)"
}

func newCanvas(w, h int, bg color.Color) *canvas {
	if float64(max(w, 0))*float64(max(h, 0)) > MaxPixels {
		return &canvas{img: image.NewRGBA(image.Rect(0, 0, 1, 1)), over: &TooLargeError{W: w, H: h}}
	}
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h))}
	draw.Draw(c.img, c.img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	return c
}

// image returns what was drawn: the RGBA image, or a TooLarge image.
func (c *canvas) image() image.Image {
	if c.over != nil {
		return &TooLarge{RGBA: c.img, Err: c.over}
	}
	return c.img
}

// TooLarge is the 1×1 image a drawing function returns instead of an
// image larger than MaxPixels; Err says how large it would have been.
// Render turns it into that error.
type TooLarge struct {
	*image.RGBA
	Err *TooLargeError
}

// fillRect fills the rectangle [x0,x1)×[y0,y1).
func (c *canvas) fillRect(x0, y0, x1, y1 float64, col color.Color) {
	r := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1)))
	draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Over)
}

// strokeRect draws the outline of a rectangle, w pixels wide.
func (c *canvas) strokeRect(x0, y0, x1, y1, w float64, col color.Color) {
	c.fillRect(x0, y0, x1, y0+w, col)
	c.fillRect(x0, y1-w, x1, y1, col)
	c.fillRect(x0, y0, x0+w, y1, col)
	c.fillRect(x1-w, y0, x1, y1, col)
}

// fillPath rasterises a closed polygon with anti-aliasing.
func (c *canvas) fillPath(pts [][2]float64, col color.Color) {
	if len(pts) < 3 {
		return
	}
	// Rasterise only the polygon's bounding box (clipped to the image):
	// the cost of a small shape must not grow with the canvas.
	minX, minY, maxX, maxY := pts[0][0], pts[0][1], pts[0][0], pts[0][1]
	for _, p := range pts[1:] {
		minX, maxX = math.Min(minX, p[0]), math.Max(maxX, p[0])
		minY, maxY = math.Min(minY, p[1]), math.Max(maxY, p[1])
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(c.img.Bounds())
	if box.Empty() {
		return
	}
	ox, oy := float32(box.Min.X), float32(box.Min.Y)
	z := vector.NewRasterizer(box.Dx(), box.Dy())
	z.MoveTo(float32(pts[0][0])-ox, float32(pts[0][1])-oy)
	for _, p := range pts[1:] {
		z.LineTo(float32(p[0])-ox, float32(p[1])-oy)
	}
	z.ClosePath()
	z.Draw(c.img, box, image.NewUniform(col), image.Point{})
}

// fillCircle draws a filled circle.
func (c *canvas) fillCircle(cx, cy, r float64, col color.Color) {
	const n = 48
	pts := make([][2]float64, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / n
		pts[i] = [2]float64{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	c.fillPath(pts, col)
}

// line draws a segment w pixels wide.
func (c *canvas) line(x0, y0, x1, y1, w float64, col color.Color) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	c.fillPath([][2]float64{{x0 + nx, y0 + ny}, {x1 + nx, y1 + ny}, {x1 - nx, y1 - ny}, {x0 - nx, y0 - ny}}, col)
}

// Text anchors.
const (
	anchorLeft = iota
	anchorCentre
	anchorRight
)

// text draws s with its baseline centred vertically on y (the middle of
// the line box is at y) and anchored horizontally at x.
func (c *canvas) text(x, y, size float64, col color.Color, anchor int, s string) {
	if size < c.minText {
		return
	}
	if textDrawn != nil {
		textDrawn(size)
	}
	face := faceFor(size)
	face.use.Lock()
	defer face.use.Unlock()
	d := &font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face}
	w := float64(d.MeasureString(s)) / 64
	switch anchor {
	case anchorCentre:
		x -= w / 2
	case anchorRight:
		x -= w
	}
	m := face.Metrics()
	asc, desc := float64(m.Ascent)/64, float64(m.Descent)/64
	d.Dot = fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6((y + (asc-desc)/2) * 64)}
	d.DrawString(s)
}

// textWidth measures s at size.
func textWidth(size float64, s string) float64 {
	face := faceFor(size)
	face.use.Lock()
	defer face.use.Unlock()
	return float64(font.MeasureString(face, s)) / 64
}

// fitText shortens s with "…" until it fits in width pixels.
func fitText(size, width float64, s string) string {
	if textWidth(size, s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if t := string(r) + "…"; textWidth(size, t) <= width {
			return t
		}
	}
	return string(r)
}

// The two fonts: Go's own sans-serif for Latin text and Droid Sans
// Fallback for Chinese; a composite face picks, per character, the first
// font that has it.
var (
	fontsOnce sync.Once
	latin     *sfnt.Font
	cjk       *sfnt.Font
	facesMu   sync.Mutex
	faces     = map[float64]*fallbackFace{}
)

func loadFonts() {
	var err error
	if latin, err = opentype.Parse(goregular.TTF); err != nil {
		panic("preview: the embedded Latin font is broken: " + err.Error())
	}
	if cjk, err = opentype.Parse(cjkfont.TTF); err != nil {
		panic("preview: the embedded CJK font is broken: " + err.Error())
	}
}

// faceFor returns the face of the size, shared by every preview drawn:
// hold its use lock while drawing or measuring with it.
func faceFor(size float64) *fallbackFace {
	fontsOnce.Do(loadFonts)
	facesMu.Lock()
	defer facesMu.Unlock()
	if f, ok := faces[size]; ok {
		return f
	}
	opts := &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone}
	l, err := opentype.NewFace(latin, opts)
	if err != nil {
		panic(err)
	}
	c, err := opentype.NewFace(cjk, opts)
	if err != nil {
		panic(err)
	}
	f := &fallbackFace{faces: []font.Face{l, c}, fonts: []*sfnt.Font{latin, cjk}}
	faces[size] = f
	return f
}

// fallbackFace draws each rune with the first face whose font has it.
type fallbackFace struct {
	// use is held while text is drawn or measured with the face: an
	// opentype face returns every glyph's mask in one buffer of its own,
	// so two previews drawn at once (the studio renders each document's
	// on a goroutine of its own) would draw each other's glyphs, or past
	// the buffer's end.
	use   sync.Mutex
	mu    sync.Mutex
	faces []font.Face
	fonts []*sfnt.Font
	buf   sfnt.Buffer
}

func (f *fallbackFace) pick(r rune) font.Face {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, fnt := range f.fonts {
		if x, err := fnt.GlyphIndex(&f.buf, r); err == nil && x != 0 {
			return f.faces[i]
		}
	}
	return f.faces[0]
}

func (f *fallbackFace) Close() error { return nil }

func (f *fallbackFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	return f.pick(r).Glyph(dot, r)
}

func (f *fallbackFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	return f.pick(r).GlyphBounds(r)
}

func (f *fallbackFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) { return f.pick(r).GlyphAdvance(r) }

func (f *fallbackFace) Kern(r0, r1 rune) fixed.Int26_6 { return 0 }

func (f *fallbackFace) Metrics() font.Metrics { return f.faces[0].Metrics() }
