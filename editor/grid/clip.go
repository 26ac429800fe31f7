package grid

import (
	"fmt"
	"image"
)

// Clip is a rectangle of copied cells: a stamp placed with a click, as
// often as wanted, rotated and mirrored first if need be.
type Clip struct {
	W, H   int
	Values []int // row-major, W*H
}

// At returns the value at (x, y) of the clip.
func (c *Clip) At(x, y int) int { return c.Values[y*c.W+x] }

// Rotated returns the clip turned a quarter clockwise.
func (c *Clip) Rotated() *Clip {
	r := &Clip{W: c.H, H: c.W, Values: make([]int, len(c.Values))}
	for y := 0; y < c.H; y++ {
		for x := 0; x < c.W; x++ {
			// (x, y) goes to (H-1-y, x).
			r.Values[x*r.W+(c.H-1-y)] = c.At(x, y)
		}
	}
	return r
}

// Mirrored returns the clip flipped left to right.
func (c *Clip) Mirrored() *Clip {
	r := &Clip{W: c.W, H: c.H, Values: make([]int, len(c.Values))}
	for y := 0; y < c.H; y++ {
		for x := 0; x < c.W; x++ {
			r.Values[y*c.W+(c.W-1-x)] = c.At(x, y)
		}
	}
	return r
}

// rect is where the clip lands when placed at (x, y): centred on it.
func (c *Clip) rect(x, y int) image.Rectangle {
	x0, y0 := x-(c.W-1)/2, y-(c.H-1)/2
	return image.Rect(x0, y0, x0+c.W, y0+c.H)
}

// Clip returns the stamp in hand (nil when none).
func (p *Painter) Clip() *Clip { return p.clip }

// CopySelection copies the selected cells as the stamp and takes it in
// hand; it reports whether there was a selection.
func (p *Painter) CopySelection() bool {
	w, h := p.GridSize()
	r := p.View.selCells.Intersect(image.Rect(0, 0, w, h))
	if r.Empty() {
		return false
	}
	c := &Clip{W: r.Dx(), H: r.Dy()}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c.Values = append(c.Values, p.Value(x, y))
		}
	}
	p.clip, p.pasting = c, true
	p.View.SetSelection(image.Rectangle{})
	p.changed()
	return true
}

// Paste takes the copied stamp in hand again; it reports whether there
// is one.
func (p *Painter) Paste() bool {
	if p.clip == nil {
		return false
	}
	p.pasting = true
	p.changed()
	return true
}

// Rotate turns the stamp a quarter clockwise (Z).
func (p *Painter) Rotate() bool { return p.transform((*Clip).Rotated) }

// Flip mirrors the stamp left to right (X).
func (p *Painter) Flip() bool { return p.transform((*Clip).Mirrored) }

func (p *Painter) transform(f func(*Clip) *Clip) bool {
	if p.clip == nil {
		return false
	}
	p.clip, p.pasting = f(p.clip), true
	p.changed()
	return true
}

// placeClip sets the stamp's cells centred on (x, y), as one edit (the
// part beyond the grid is dropped).
func (p *Painter) placeClip(x, y int) {
	w, h := p.GridSize()
	c := p.clip
	r := c.rect(x, y)
	changes := map[int]int{}
	for cy := r.Min.Y; cy < r.Max.Y; cy++ {
		for cx := r.Min.X; cx < r.Max.X; cx++ {
			if cx >= 0 && cy >= 0 && cx < w && cy < h {
				changes[cy*w+cx] = c.At(cx-r.Min.X, cy-r.Min.Y)
			}
		}
	}
	p.Apply(fmt.Sprintf("%s (stamp %d×%d)", p.T.Label, c.W, c.H), changes)
}
