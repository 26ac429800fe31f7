package cells

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestGridKeepsEveryValue: values from 0 to 255 are kept a byte a cell;
// one outside widens the store, and every value reads back as set.
func TestGridKeepsEveryValue(t *testing.T) {
	g := Make(6)
	for i, v := range []int{0, 1, 7, 255, 3, 2} {
		g.Set(i, v)
	}
	if g.Bytes() != 6 {
		t.Fatalf("%d bytes for 6 small values, want 6", g.Bytes())
	}
	shared := g // a copy shares the cells, as a slice does
	g.Set(1, 9)
	if shared.At(1) != 9 {
		t.Error("a copy does not see a change of a small value")
	}
	g.Set(4, -1)
	g.Set(5, 1<<40)
	if want := []int{0, 9, 7, 255, -1, 1 << 40}; !slices.Equal(g.Values(), want) {
		t.Fatalf("values %v, want %v", g.Values(), want)
	}
	if g.Bytes() != 48 || g.Len() != 6 {
		t.Errorf("widened: %d bytes, %d cells", g.Bytes(), g.Len())
	}
	if !g.Equal(Of(g.Values())) || g.Equal(Of([]int{0, 9, 7, 255, -1, 0})) {
		t.Error("Equal does not compare the values")
	}
	if !Of([]int{1, 2}).Equal(Grid{wide: []int{1, 2}}) {
		t.Error("the same values in either store are not equal")
	}
	row := make([]int, 3)
	g.Read(row, 3)
	if !slices.Equal(row, []int{255, -1, 1 << 40}) || !slices.Equal(g.Ints(0, 2), []int{0, 9}) {
		t.Errorf("Read %v, Ints %v", row, g.Ints(0, 2))
	}
	c := g.Clone()
	c.Set(0, 5)
	if g.At(0) != 0 {
		t.Error("a clone shares its cells")
	}
	var n int
	for i, v := range g.All() {
		if v != g.At(i) {
			t.Errorf("All yields %d at %d, At %d", v, i, g.At(i))
		}
		n++
	}
	if n != 6 {
		t.Errorf("All yielded %d cells", n)
	}
}

// TestGridJSON: a grid is written and read as an array of integers, the
// zero Grid as null, as a []int is.
func TestGridJSON(t *testing.T) {
	for _, values := range [][]int{nil, {}, {0, 3, 255}, {-7, 1000, 2}} {
		want, _ := json.Marshal(values)
		got, err := json.Marshal(Of(values))
		if err != nil || string(got) != string(want) {
			t.Fatalf("%v: %s, %v, want %s", values, got, err, want)
		}
		var back Grid
		if err := json.Unmarshal(got, &back); err != nil || !slices.Equal(back.Values(), values) || back.Nil() != (values == nil) {
			t.Errorf("%s read back as %v, %v", got, back.Values(), err)
		}
	}
}
