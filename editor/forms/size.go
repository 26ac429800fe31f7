package forms

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// SizeFields are the width and height fields of a grid (a level's map, a
// battle map, a planets grid). They are Entries like every other field:
// what is typed is committed as one undoable edit resizing the grid when
// the field loses the focus, on Enter and before any action; a size the
// grid cannot have stays in the field with the reason beside it while the
// grid keeps its size.
type SizeFields struct {
	Width, Height *Entry
	// Note says what the last resize cut off, as long as the grid has
	// the size it was cut to (an undo hides it).
	Note  *widget.Label
	noteW int
	noteH int
}

// Resizer checks a new size w×h of a grid and applies it as one undoable
// edit. An error in words refuses the size (the grid is left as it is);
// otherwise cut says what the resize removed ("" when nothing).
type Resizer func(w, h int) (cut string, err error)

// Size returns the size fields of a grid whose size size() returns,
// resized by resize. A value typed in one field is applied with the
// other side as the grid has it.
func (b *Binder) Size(size func() (w, h int), resize Resizer) *SizeFields {
	f := &SizeFields{Note: widget.NewLabel("")}
	f.Note.Wrapping = fyne.TextWrapWord
	f.Note.Hide()
	width, height := func() int { w, _ := size(); return w }, func() int { _, h := size(); return h }
	f.Width = f.side(b, "width", width, func(n int) (string, error) { return f.apply(resize, n, height()) })
	f.Height = f.side(b, "height", height, func(n int) (string, error) { return f.apply(resize, width(), n) })
	b.OnReload(func() {
		if w, h := size(); w != f.noteW || h != f.noteH {
			f.Note.Hide()
		}
	})
	return f
}

// side returns the field of one side of the grid.
func (f *SizeFields) side(b *Binder, label string, load func() int, set func(int) (string, error)) *Entry {
	var e *Entry
	e = b.Text(label, func() string { return strconv.Itoa(load()) }, func(s string) error {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return fmt.Errorf("the %s must be a whole number of cells", label)
		}
		if _, err := set(n); err != nil {
			return err
		}
		if shown := strconv.Itoa(n); e.Text != shown {
			e.SetText(shown) // as the document has it: " 040" shows as "40"
		}
		return nil
	})
	return e
}

// apply resizes the grid to w×h and says under the fields what was cut.
func (f *SizeFields) apply(resize Resizer, w, h int) (string, error) {
	cut, err := resize(w, h)
	if err != nil {
		return "", err
	}
	f.noteW, f.noteH = w, h
	if cut == "" {
		f.Note.Hide()
		return "", nil
	}
	f.Note.SetText(fmt.Sprintf("Resizing to %d×%d cut off %s. Ctrl+Z brings it back.", w, h, cut))
	f.Note.Show()
	return cut, nil
}

// CountCut counts, by value, the cells of a w×h grid (row by row) that a
// resize to nw×nh cuts off: those right of column nw or below row nh.
func CountCut(cells interface {
	Len() int
	At(i int) int
}, w, h, nw, nh int) map[int]int {
	out := map[int]int{}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if (x >= nw || y >= nh) && y*w+x < cells.Len() {
				out[cells.At(y*w+x)]++
			}
		}
	}
	return out
}
