// Package preview renders any Shapan document to an image: the mbg board
// loop with square names and owners, the ftbt terrain grid with its
// people, the Planet-Conquer planet graph with its routes, the battle map.
// `shapan preview` writes these images and the studio shows the same
// rendering. Chinese text is drawn with an embedded CJK font.
package preview

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"slices"
	"sort"
	"sync/atomic"

	"github.com/shapan/shapan/formats"
)

// Options adjust a rendering.
type Options struct {
	// Scale multiplies every size (1 = the default size).
	Scale float64
	// MinText leaves out the texts that would be drawn smaller than
	// MinText pixels (0: none is left out). The studio, which shows
	// previews at the size they are drawn, asks for MinReadable.
	MinText float64
}

// MinReadable is the smallest text the studio shows, in pixels: smaller
// labels are left out rather than drawn unreadable.
const MinReadable = 11

// Factor is the scale every size is multiplied by: Scale, or 1 when it
// is not set.
func (o Options) Factor() float64 { return o.scale() }

func (o Options) scale() float64 {
	if o.Scale <= 0 {
		return 1
	}
	return o.Scale
}

// renderers renders one document kind.
var renderers = map[string]func(doc *formats.Document, o Options) (image.Image, error){}

// Register makes render the preview of documents of kind, for a family
// drawn outside this package.
func Register(kind string, render func(doc *formats.Document, o Options) (image.Image, error)) {
	renderers[kind] = render
}

// Kinds lists the document kinds that have a preview, sorted.
func Kinds() []string {
	out := make([]string, 0, len(renderers))
	for k := range renderers {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Supports reports whether documents of kind have a preview.
func Supports(kind string) bool { return renderers[kind] != nil }

// Validate refuses a scale that is not a finite number in (0, MaxScale]
// (0, the zero value, means 1).
func (o Options) Validate() error {
	if math.IsNaN(o.Scale) || math.IsInf(o.Scale, 0) || o.Scale < 0 || o.Scale > MaxScale {
		return fmt.Errorf("the scale must be a number above 0 and at most %d, not %g", MaxScale, o.Scale)
	}
	return nil
}

// Render draws doc. A scale out of range is an error, and so is an image
// larger than MaxPixels (a *TooLargeError that suggests a scale).
func Render(doc *formats.Document, o Options) (image.Image, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	r, ok := renderers[doc.Kind]
	if !ok {
		return nil, fmt.Errorf("no preview for %s documents", doc.Kind)
	}
	img, err := r(doc, o)
	if t, ok := img.(*TooLarge); ok && err == nil {
		e := *t.Err
		e.Scale = o.scale()
		return nil, &e
	}
	return img, err
}

// WritePNG renders doc and encodes it as PNG.
func WritePNG(w io.Writer, doc *formats.Document, o Options) error {
	img, err := Render(doc, o)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

// Palette of sides and roles, in order; chosen to stay distinct on the
// light backgrounds of the previews. It is the default of PlayerColor.
var Palette = []color.RGBA{
	{0xd6, 0x27, 0x28, 0xff}, // red
	{0x1f, 0x77, 0xb4, 0xff}, // blue
	{0x2c, 0xa0, 0x2c, 0xff}, // green
	{0xff, 0x7f, 0x0e, 0xff}, // orange
	{0x94, 0x67, 0xbd, 0xff}, // purple
	{0x8c, 0x56, 0x4b, 0xff}, // brown
	{0xe3, 0x77, 0xc2, 0xff}, // pink
	{0x17, 0xbe, 0xcf, 0xff}, // cyan
}

// playerColors is the palette PlayerColor uses: Palette, or the colours
// a user chose (SetPlayerColors), read by previews drawn off the UI
// thread while the studio changes them.
var playerColors atomic.Pointer[[]color.RGBA]

// PlayerColor returns the colour of player i (-1: neutral grey): from
// the palette set with SetPlayerColors, else Palette.
func PlayerColor(i int) color.RGBA {
	if i < 0 {
		return color.RGBA{0x99, 0x99, 0x99, 0xff}
	}
	p := Palette
	if set := playerColors.Load(); set != nil && len(*set) > 0 {
		p = *set
	}
	return p[i%len(p)]
}

// SetPlayerColors replaces the colours of the players, in order (the
// studio's side colours, a display preference that no document holds);
// nil or empty goes back to Palette.
func SetPlayerColors(cols []color.RGBA) {
	c := slices.Clone(cols)
	playerColors.Store(&c)
}

// tint mixes c with white: amount 0 is c, 1 is white.
func tint(c color.RGBA, amount float64) color.RGBA {
	mix := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*amount) }
	return color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xff}
}

var (
	white     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	ink       = color.RGBA{0x22, 0x22, 0x22, 0xff}
	faint     = color.RGBA{0x77, 0x77, 0x77, 0xff}
	paper     = color.RGBA{0xf6, 0xf3, 0xea, 0xff}
	gridLine  = color.RGBA{0xcc, 0xc6, 0xb8, 0xff}
	errorRed  = color.RGBA{0xcc, 0x00, 0x00, 0xff}
	highlight = color.RGBA{0xff, 0xd7, 0x00, 0xff}
)
