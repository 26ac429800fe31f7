package balance

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"

	bal "github.com/shapan/shapan/balance"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/preview"
)

// A proposal's map: the document's preview image (package preview) as it
// is (before) or with the proposal's edits applied to a copy (after),
// every place an edit changes ringed in markColor with its values
// written beside it ("res 1.5 → 1.2"). The document itself is not
// touched: Apply does that.

// markColor rings what a proposal changes on its map.
var markColor = color.RGBA{0xff, 0x2b, 0xd6, 0xff}

// spot is where a map's preview draws what a knob changes, in the
// image's pixels: a circle around it.
type spot struct{ x, y, r float64 }

// atScale is the spot on the map drawn at scale (the locators give it on
// the map at scale 1); a ring stays 8 pixels wide at least.
func (sp spot) atScale(scale float64) spot {
	return spot{sp.x * scale, sp.y * scale, math.Max(8, sp.r*scale)}
}

// knobSpot is the spot of a knob's subject on the preview of doc, at
// scale 1 (the family's balance package says where); false when the map
// does not draw it.
func knobSpot(doc *formats.Document, k bal.KnobInfo) (spot, bool) {
	x, y, r, ok := bal.Spot(doc, k)
	return spot{x, y, r}, ok
}

// proposalMap renders doc (a copy the caller owns) with the edits
// applied when after is set, every edit's subject ringed and labelled
// with its values. The map is drawn at the size it is shown, at most
// view pixels (none: its own size), so that its texts are shown at the
// size they are drawn: none smaller than readable (the preview leaves
// those out), the values beside the rings 14 pixels high. It returns the
// image and the edits the map does not draw (an mbg officer's
// abilities), which the caller lists.
func proposalMap(doc *formats.Document, knobs []bal.KnobInfo, edits []bal.Edit, after bool, view image.Point) (*image.RGBA, []bal.Edit, error) {
	if after {
		if err := bal.Apply(doc, edits); err != nil {
			return nil, nil, err
		}
	}
	img, err := preview.Render(doc, preview.Options{})
	if err != nil {
		return nil, nil, fmt.Errorf("drawing the map: %w", err)
	}
	scale := 1.0
	if b := img.Bounds(); view.X > 0 && view.Y > 0 && b.Dx() > 0 && b.Dy() > 0 {
		scale = math.Min(1, math.Min(float64(view.X)/float64(b.Dx()), float64(view.Y)/float64(b.Dy())))
	}
	if scale < 0.99 {
		if img, err = preview.Render(doc, preview.Options{Scale: scale, MinText: preview.MinReadable}); err != nil {
			return nil, nil, fmt.Errorf("drawing the map: %w", err)
		}
	} else {
		scale = 1
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	c := preview.CanvasOn(rgba)
	info := map[string]bal.KnobInfo{}
	for _, k := range knobs {
		info[k.ID] = k
	}
	var unplaced []bal.Edit
	labels := map[spot]int{} // the labels written beside each spot so far
	for _, e := range edits {
		k := info[e.Knob] // the side a knob favours, when the result names it
		k.ID = e.Knob
		sp, ok := knobSpot(doc, k)
		if !ok {
			unplaced = append(unplaced, e)
			continue
		}
		sp = sp.atScale(scale) // the knobs' spots are at scale 1
		markSpot(c, sp, e, after, labels[sp])
		labels[sp]++
	}
	return rgba, unplaced, nil
}

// markSpot rings a spot and writes the edit's values beside it
// ("def 1.5 → 1.8"), the value the map shows (the new one after, the old
// one before) bright and the other dim, on a dark plate that keeps them
// readable on any map; line is the number of labels written beside the
// spot already (an edit of def and one of res of a planet), which this
// one goes below.
func markSpot(c *preview.Canvas, sp spot, e bal.Edit, after bool, line int) {
	c.StrokeCircle(sp.x, sp.y, sp.r, 4, markColor)
	what, _, _ := strings.Cut(e.Knob, "/")
	bright, dim := color.RGBA{0xff, 0xff, 0xff, 0xff}, color.RGBA{0x9a, 0x8f, 0xa8, 0xff}
	was, now := dim, bright
	if !after {
		was, now = bright, dim
	}
	parts := []struct {
		text string
		col  color.RGBA
	}{{what + " ", bright}, {valueText(e.From, e.FromLabel), was}, {" → ", bright}, {valueText(e.To, e.ToLabel), now}}
	const size = 14
	w := 0.0
	for _, p := range parts {
		w += preview.TextWidth(size, p.text)
	}
	x, y := sp.x+sp.r+4, math.Max(sp.y-sp.r-2, size)
	if below := y + float64(line)*(size+8); below+size < float64(c.Image().Bounds().Dy()) {
		y = below
	} else {
		y -= float64(line) * (size + 8) // no room below: above
	}
	if right := float64(c.Image().Bounds().Dx()); x+w+4 > right {
		x = sp.x - sp.r - 4 - w // the plate on the left of the ring, inside the image
	}
	c.FillRect(x-3, y-size/2-3, x+w+3, y+size/2+3, color.RGBA{0x20, 0x10, 0x20, 0xe0})
	c.StrokeRect(x-3, y-size/2-3, x+w+3, y+size/2+3, 1, markColor)
	for _, p := range parts {
		c.Text(x, y, size, p.col, preview.AnchorLeft, p.text)
		x += preview.TextWidth(size, p.text)
	}
}

// number writes a knob's value as the proposals do: 1.5, 12000.
func number(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// valueText is a value as a proposal names it: its label when it has
// one (the planet a start/K knob chooses), else its number.
func valueText(x float64, label string) string {
	if label != "" {
		return label
	}
	return number(x)
}
