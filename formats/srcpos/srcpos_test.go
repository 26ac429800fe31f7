package srcpos

import (
	"testing"

	"github.com/shapan/shapan/formats/diag"
)

func TestLinesCountCharactersNotBytes(t *testing.T) {
	src := []byte("ab\n赵云 x\n\nlast")
	l := NewLines(src)
	for _, c := range []struct {
		off       int
		line, col int
	}{
		{0, 1, 1}, {1, 1, 2}, {2, 1, 3}, // the newline itself ends line 1
		{3, 2, 1}, {6, 2, 2}, {9, 2, 3}, {10, 2, 4}, // 赵 and 云 are 3 bytes each
		{11, 2, 5}, {12, 3, 1}, {13, 4, 1}, {16, 4, 4},
		{-5, 1, 1},           // clamped to the start
		{len(src) + 9, 4, 5}, // clamped to the end
	} {
		if got := l.Pos(c.off); got != (diag.Pos{Line: c.line, Col: c.col}) {
			t.Errorf("Pos(%d) = %v, want %d:%d", c.off, got, c.line, c.col)
		}
	}
	if string(l.Src()) != string(src) {
		t.Error("Src is not the source")
	}
	if got := NewLines(nil).Pos(3); got != (diag.Pos{Line: 1, Col: 1}) {
		t.Errorf("an empty source: %v", got)
	}
}

func TestLocateFallsBackToTheNearestRecordedParent(t *testing.T) {
	m := New([]byte("line one\nline two\nline three\n"))
	m.SetOffset("cities", 9) // line 2
	m.SetPos("cities[1].name", diag.Pos{Line: 3, Col: 6})
	m.SetPos("cities[1].name", diag.Pos{Line: 9, Col: 9}) // the first record wins
	m.SetOffset("cities", 0)
	for path, want := range map[string]diag.Pos{
		"cities":             {Line: 2, Col: 1},
		"cities[1].name":     {Line: 3, Col: 6},
		"cities[1].name.x":   {Line: 3, Col: 6},
		"cities[4].garrison": {Line: 2, Col: 1},
		"officers[0]":        {},
		"":                   {},
	} {
		if got := m.Locate(path); got != want {
			t.Errorf("Locate(%q) = %v, want %v", path, got, want)
		}
	}
	var none *Map
	if got := none.Locate("x"); got.Known() {
		t.Errorf("a nil map located %v", got)
	}
}

func TestLocateCellsOfAGrid(t *testing.T) {
	m := New(nil)
	m.SetPos("terrain", diag.Pos{Line: 4, Col: 1})
	m.SetGrid("terrain", func(row, col int) diag.Pos {
		if row >= 3 {
			return diag.Pos{} // not a row of the grid: fall back to the grid
		}
		return diag.Pos{Line: 5 + row, Col: 3 + 2*col}
	})
	for path, want := range map[string]diag.Pos{
		"terrain[0][0]": {Line: 5, Col: 3},
		"terrain[2][4]": {Line: 7, Col: 11},
		"terrain[7][0]": {Line: 4, Col: 1},
		"terrain[x][0]": {Line: 4, Col: 1},
		"terrain[1]":    {Line: 4, Col: 1},
	} {
		if got := m.Locate(path); got != want {
			t.Errorf("Locate(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestLocateItemsPrefersTheInnermostList: when a list of items holds lists
// with item functions of their own, the innermost list answers, every time
// (a map's random order once decided).
func TestLocateItemsPrefersTheInnermostList(t *testing.T) {
	m := New(nil)
	m.SetItems("cities", func(i int, rest string) diag.Pos {
		return diag.Pos{Line: 10 + i, Col: 1} // knows only where each city starts
	})
	m.SetItems("cities[2].garrison", func(i int, rest string) diag.Pos {
		if rest != "" {
			return diag.Pos{}
		}
		return diag.Pos{Line: 40 + i, Col: 7}
	})
	for range 50 {
		if got, want := m.Locate("cities[2].garrison[1]"), (diag.Pos{Line: 41, Col: 7}); got != want {
			t.Fatalf("Locate(cities[2].garrison[1]) = %v, want %v", got, want)
		}
		if got, want := m.Locate("cities[3].name"), (diag.Pos{Line: 13, Col: 1}); got != want {
			t.Fatalf("Locate(cities[3].name) = %v, want %v", got, want)
		}
	}
	if got := m.Locate("cities[-1]"); got.Known() {
		t.Errorf("a negative index located %v", got)
	}
}

func TestPathHelpers(t *testing.T) {
	for in, want := range map[string]string{"a.b[3]": "a.b", "a.b": "a", "a": "", "": "", "x[1][2]": "x[1]"} {
		if got := Parent(in); got != want {
			t.Errorf("Parent(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Index("people", 3); got != "people[3]" {
		t.Errorf("Index = %q", got)
	}
	if got := Field("", "kind"); got != "kind" {
		t.Errorf("Field = %q", got)
	}
	if got := Field("people[3]", "hp"); got != "people[3].hp" {
		t.Errorf("Field = %q", got)
	}
}
