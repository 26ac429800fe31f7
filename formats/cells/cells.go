// Package cells is the store of a grid map's cells that the grid families
// share (a battle map's codes, an ftbt level's terrain): one small integer
// per cell, row-major, kept a byte a cell while every value is from 0 to
// 255 — a map's file spends one symbol or more a cell, so the cells are
// no bigger than the file — and 8 bytes a cell once one value is not (a
// file may hold any integer, and every value is kept as read).
package cells

import (
	"encoding/json"
	"iter"
	"strconv"
)

// Grid holds one integer per cell. The zero Grid has no cells (Nil
// reports it, as a nil slice was told apart from an empty one). A Grid
// is a value whose copies share their cells, as slices do: Set changes
// every copy, unless it widens the store (a value outside 0–255), which
// only the Grid it is called on sees; use Clone for a copy of its own.
type Grid struct {
	small []uint8 // every cell while wide is nil
	wide  []int   // every cell once a value did not fit a byte
}

// Make returns a grid of n cells of value 0.
func Make(n int) Grid { return Grid{small: make([]uint8, max(n, 0))} }

// Of returns a grid holding a copy of values (nil values: the zero Grid).
func Of(values []int) Grid {
	if values == nil {
		return Grid{}
	}
	g := Make(len(values))
	for i, v := range values {
		g.Set(i, v)
	}
	return g
}

// Nil reports whether g is the zero Grid (no store at all).
func (g Grid) Nil() bool { return g.small == nil && g.wide == nil }

// Len returns the number of cells.
func (g Grid) Len() int {
	if g.wide != nil {
		return len(g.wide)
	}
	return len(g.small)
}

// At returns the value of cell i; it panics when i is not a cell, as an
// index out of a slice does.
func (g Grid) At(i int) int {
	if g.wide != nil {
		return g.wide[i]
	}
	return int(g.small[i])
}

// Set changes the value of cell i; it panics when i is not a cell.
func (g *Grid) Set(i, v int) {
	if g.wide == nil {
		if v >= 0 && v <= 255 {
			g.small[i] = uint8(v)
			return
		}
		g.widen()
	}
	g.wide[i] = v
}

// widen moves the cells to the 8-byte store.
func (g *Grid) widen() {
	g.wide = make([]int, len(g.small))
	for i, v := range g.small {
		g.wide[i] = int(v)
	}
	g.small = nil
}

// All yields every cell's index and value in order.
func (g Grid) All() iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		if g.wide != nil {
			for i, v := range g.wide {
				if !yield(i, v) {
					return
				}
			}
			return
		}
		for i, v := range g.small {
			if !yield(i, int(v)) {
				return
			}
		}
	}
}

// Ints returns the values of cells i to j-1 as a new slice.
func (g Grid) Ints(i, j int) []int {
	out := make([]int, j-i)
	if g.wide != nil {
		copy(out, g.wide[i:j])
		return out
	}
	for k, v := range g.small[i:j] {
		out[k] = int(v)
	}
	return out
}

// Read copies the values of the cells from start into dst, as many as
// dst holds.
func (g Grid) Read(dst []int, start int) {
	if g.wide != nil {
		copy(dst, g.wide[start:start+len(dst)])
		return
	}
	for k, v := range g.small[start : start+len(dst)] {
		dst[k] = int(v)
	}
}

// Values returns every value as a new slice (nil for the zero Grid).
func (g Grid) Values() []int {
	if g.Nil() {
		return nil
	}
	return g.Ints(0, g.Len())
}

// Clone returns a copy of g that shares nothing with it.
func (g Grid) Clone() Grid {
	var c Grid
	if g.small != nil {
		c.small = append([]uint8{}, g.small...)
	}
	if g.wide != nil {
		c.wide = append([]int{}, g.wide...)
	}
	return c
}

// Equal reports whether g and h hold the same values (however stored).
func (g Grid) Equal(h Grid) bool {
	if g.Len() != h.Len() {
		return false
	}
	if g.wide == nil && h.wide == nil {
		return string(g.small) == string(h.small)
	}
	for i := range g.Len() {
		if g.At(i) != h.At(i) {
			return false
		}
	}
	return true
}

// Bytes returns the memory the cells take, for budgets.
func (g Grid) Bytes() int { return len(g.small) + 8*len(g.wide) }

// MarshalJSON writes the cells as an array of integers, as a slice of
// them is written (null for the zero Grid).
func (g Grid) MarshalJSON() ([]byte, error) {
	if g.Nil() {
		return []byte("null"), nil
	}
	b := make([]byte, 0, 2*g.Len()+2)
	b = append(b, '[')
	for i, v := range g.All() {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads an array of integers (null: the zero Grid).
func (g *Grid) UnmarshalJSON(data []byte) error {
	var values []int
	if err := json.Unmarshal(data, &values); err != nil {
		return err
	}
	*g = Of(values)
	return nil
}
