package ftbtview

import (
	"image"
	"image/color"
	"testing"
)

// TestPersonLabelsAreReadableOrHidden draws people in cells of several
// sizes: a label is drawn at 11 pixels or more, and only where the cell
// holds it; the two-character label of a fitted 20-pixel cell is left
// out rather than drawn 7 pixels high.
func TestPersonLabelsAreReadableOrHidden(t *testing.T) {
	white := func(img *image.RGBA) int {
		n := 0
		for i := 0; i < len(img.Pix); i += 4 {
			if img.Pix[i] > 0xf0 && img.Pix[i+1] > 0xf0 && img.Pix[i+2] > 0xf0 {
				n++
			}
		}
		return n
	}
	draw := func(s float64, label string) int {
		img := image.NewRGBA(image.Rect(0, 0, int(s), int(s)))
		DrawPerson(img, 0, 0, s, color.RGBA{0xd6, 0x27, 0x28, 0xff}, label)
		return white(img)
	}
	for _, c := range []struct {
		cell  float64
		label string
		drawn bool
	}{{20, "赵", true}, {20, "赵云", false}, {24, "赵云", true}, {10, "赵", false}, {40, "曹仁", true}} {
		ring := draw(c.cell, "")
		if got := draw(c.cell, c.label) > ring; got != c.drawn {
			t.Errorf("%q in a %v-pixel cell: drawn %v, want %v", c.label, c.cell, got, c.drawn)
		}
	}
}
