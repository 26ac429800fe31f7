package symgrid

import (
	"strings"
	"testing"

	"github.com/shapan/shapan/formats/cells"
)

func TestValidSymbols(t *testing.T) {
	for _, tc := range []struct {
		key  string
		want string // "" valid, else a part of the problem
	}{
		{".", ""}, {"山", ""}, {"~", ""}, {"\uFFFD", ""},
		{"🏯", "not beyond U+FFFD"}, {" ", "white space"}, {"\t", "white space"}, {"\u3000", "white space"},
		{"ab", "one printable character"}, {"", "one printable character"}, {"\x07", "printable"},
		{"\xff", "printable"},
	} {
		got := SymbolProblem(tc.key)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("SymbolProblem(%q) = %q, want %q", tc.key, got, tc.want)
		}
	}
}

func TestTableBothWays(t *testing.T) {
	legend := []Entry{{'.', 0}, {'^', 1}, {'城', 50}, {'x', 1000}, {'y', 1000}, {'-', -3}}
	tab := NewTable(legend)
	for _, e := range legend {
		if v, ok := tab.Value(e.Symbol); !ok || v != e.Value {
			t.Errorf("Value(%q) = %d, %v", e.Symbol, v, ok)
		}
	}
	if s := tab.Symbol(1000); s != 'x' {
		t.Errorf("the first symbol stands for a value, not %q", s)
	}
	if _, ok := tab.Value('?'); ok {
		t.Error("an unknown symbol was found")
	}
	row := tab.EncodeRow([]int{0, 1, 50, 1000, -3})
	if row != ".^城x-" {
		t.Fatalf("EncodeRow = %q", row)
	}
	if g := tab.EncodeGrid(cells.Of([]int{0, 1, 50, 1000}), 2); g != ".^\n城x\n" {
		t.Fatalf("EncodeGrid = %q", g)
	}
	g := cells.Make(7)
	var unknown []int
	tab.DecodeRow(row+"?", &g, 1, 6, func(x int, r rune) { unknown = append(unknown, x) })
	if g.At(3) != 50 || g.At(5) != -3 || len(unknown) != 1 || unknown[0] != 5 {
		t.Fatalf("DecodeRow: cells %v, unknown at %v", g.Values(), unknown)
	}
}
