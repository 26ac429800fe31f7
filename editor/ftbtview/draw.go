package ftbtview

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/shapan/shapan/internal/cjkfont"
)

// Drawing on images: the map overlay and the stencil are rasters, so the
// few shapes they need (rectangles, discs, lines, a letter) are drawn here.

func fillRect(img *image.RGBA, x0, y0, x1, y1 float64, c color.Color) {
	r := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1)))
	draw.Draw(img, r.Intersect(img.Bounds()), image.NewUniform(c), image.Point{}, draw.Over)
}

func strokeRect(img *image.RGBA, x0, y0, x1, y1, w float64, c color.Color) {
	fillRect(img, x0, y0, x1, y0+w, c)
	fillRect(img, x0, y1-w, x1, y1, c)
	fillRect(img, x0, y0, x0+w, y1, c)
	fillRect(img, x1-w, y0, x1, y1, c)
}

// fillPath fills a closed polygon with anti-aliasing; only the polygon's
// bounding box is rasterised, so small shapes on a big image are cheap.
func fillPath(img *image.RGBA, pts [][2]float64, c color.Color) {
	if len(pts) < 3 {
		return
	}
	x0, y0, x1, y1 := pts[0][0], pts[0][1], pts[0][0], pts[0][1]
	for _, p := range pts {
		x0, y0 = math.Min(x0, p[0]), math.Min(y0, p[1])
		x1, y1 = math.Max(x1, p[0]), math.Max(y1, p[1])
	}
	box := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1))+1, int(math.Ceil(y1))+1)
	r := box.Intersect(img.Bounds())
	if r.Empty() {
		return
	}
	// The rasteriser covers the visible part of the box, its origin at
	// r.Min (it clips what lies outside).
	z := vector.NewRasterizer(r.Dx(), r.Dy())
	at := func(p [2]float64) (float32, float32) {
		return float32(p[0] - float64(r.Min.X)), float32(p[1] - float64(r.Min.Y))
	}
	z.MoveTo(at(pts[0]))
	for _, p := range pts[1:] {
		z.LineTo(at(p))
	}
	z.ClosePath()
	z.Draw(img, r, image.NewUniform(c), image.Point{})
}

func fillCircle(img *image.RGBA, cx, cy, r float64, c color.Color) {
	if cx+r < 0 || cy+r < 0 || cx-r > float64(img.Bounds().Dx()) || cy-r > float64(img.Bounds().Dy()) {
		return
	}
	const n = 32
	pts := make([][2]float64, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / n
		pts[i] = [2]float64{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	fillPath(img, pts, c)
}

func strokeCircle(img *image.RGBA, cx, cy, r, w float64, c color.Color) {
	const n = 32
	pts := make([][2]float64, 0, 2*n+2)
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / n
		pts = append(pts, [2]float64{cx + (r+w/2)*math.Cos(a), cy + (r+w/2)*math.Sin(a)})
	}
	for i := n; i >= 0; i-- {
		a := 2 * math.Pi * float64(i) / n
		pts = append(pts, [2]float64{cx + (r-w/2)*math.Cos(a), cy + (r-w/2)*math.Sin(a)})
	}
	fillPath(img, pts, c)
}

func line(img *image.RGBA, x0, y0, x1, y1, w float64, c color.Color) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	fillPath(img, [][2]float64{{x0 + nx, y0 + ny}, {x1 + nx, y1 + ny}, {x1 - nx, y1 - ny}, {x0 - nx, y0 - ny}}, c)
}

// DrawPerson draws a person as the level editor shows it, in the cell
// whose top-left pixel is (px, py) and whose size is s pixels: a disc of
// colour col ringed in white, with the first character of name when the
// cell is big enough (none for ""). Test play draws people with it too.
func DrawPerson(img *image.RGBA, px, py, s float64, col color.RGBA, name string) {
	fillCircle(img, px+s/2, py+s/2, s*0.44, col)
	if s >= 8 {
		strokeCircle(img, px+s/2, py+s/2, s*0.44, max(1, s/16), white)
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

// The fonts: Go's sans-serif for Latin text, Droid Sans Fallback for
// Chinese (it has no Latin glyphs), picked per character.
var (
	fontOnce   sync.Once
	latinFont  *opentype.Font
	cjkFont    *opentype.Font
	faceMu     sync.Mutex
	faceByKind = map[[2]float64]font.Face{}
)

func face(size float64, cjk bool) font.Face {
	fontOnce.Do(func() {
		latinFont, _ = opentype.Parse(goregular.TTF)
		cjkFont, _ = opentype.Parse(cjkfont.TTF)
	})
	faceMu.Lock()
	defer faceMu.Unlock()
	key := [2]float64{size, 0}
	f := latinFont
	if cjk {
		key[1], f = 1, cjkFont
	}
	if fc, ok := faceByKind[key]; ok {
		return fc
	}
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil
	}
	faceByKind[key] = fc
	return fc
}

// text draws s centred on (x, y).
func text(img *image.RGBA, x, y, size float64, c color.Color, s string) {
	if size < 4 {
		return
	}
	type glyph struct {
		f font.Face
		r rune
	}
	var glyphs []glyph
	width := 0.0
	for _, r := range s {
		f := face(size, r >= 0x2e80)
		if f == nil {
			return
		}
		adv, _ := f.GlyphAdvance(r)
		width += float64(adv) / 64
		glyphs = append(glyphs, glyph{f, r})
	}
	m := face(size, false).Metrics()
	base := y + float64(m.CapHeight)/64/2
	dot := x - width/2
	for _, g := range glyphs {
		d := &font.Drawer{Dst: img, Src: image.NewUniform(c), Face: g.f,
			Dot: fixed.Point26_6{X: fixed.Int26_6(dot * 64), Y: fixed.Int26_6(base * 64)}}
		d.DrawString(string(g.r))
		adv, _ := g.f.GlyphAdvance(g.r)
		dot += float64(adv) / 64
	}
}

// tint mixes c with white: amount 0 is c, 1 is white.
func tint(c color.RGBA, amount float64) color.RGBA {
	mix := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*amount) }
	return color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xff}
}

// Colours used by both editors.
var (
	ink       = color.RGBA{0x22, 0x22, 0x22, 0xff}
	white     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	highlight = color.RGBA{0xff, 0xd7, 0x00, 0xff}
)
