package token

import (
	"bytes"
	"strings"
	"testing"
)

func TestRelayout(t *testing.T) {
	for _, c := range []struct {
		name        string
		base, fresh string
		names       []int
		want        string
	}{
		{"unedited", "3  \n  x\t1\n y 2\n\n", "3\nx 1\ny 2\n", nil, "3  \n  x\t1\n y 2\n\n"},
		{"a value changed in place", "a  1\n  b 2\n", "a 1\nb 3\n", nil, "a  1\n  b 3\n"},
		{"an item added", "2\nx   1\ny   2\n", "3\nx 1\ny 2\nz 5\n", nil, "3\nx   1\ny   2\nz 5\n"},
		{"an item deleted", "3\nx  1\ny  2\nz  5\n", "2\nx 1\nz 5\n", nil, "2\nx  1\nz  5\n"},
		{"spellings the game reads the same", "010 1.50 T 0x1F", "8 1.5 true 31", nil, "010 1.50 T 0x1F"},
		{"a name is text", "01 01", "1 1", []int{0}, "1 01"}, // offsets,
		{"CRLF line ends", "a 1\r\nb 2\r\n", "a 1\nb 2\nc 3\n", nil, "a 1\r\nb 2\r\nc 3\r\n"},
		{"empty base", "", "a 1\n", nil, "a 1\n"},
		{"all new", "x y z", "1 2", []int{0, 2, 4}, "1 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := string(Relayout(Layout{Src: []byte(c.base), Names: c.names}, []byte(c.fresh)))
			if got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestRelayoutBigEdit: far more edits than the aligner searches are
// paired in order, and the tokens are still fresh's.
func TestRelayoutBigEdit(t *testing.T) {
	var base, fresh strings.Builder
	for i := range 5000 {
		base.WriteString("  7\n")
		fresh.WriteString(strings.Repeat("9 ", i%3+1))
	}
	got := Relayout(Layout{Src: []byte(base.String())}, []byte(fresh.String()))
	if !sameTokens(got, []byte(fresh.String())) {
		t.Fatal("the tokens written are not fresh's")
	}
}

func sameTokens(a, b []byte) bool {
	x, y := split(a), split(b)
	if len(x.toks) != len(y.toks) {
		return false
	}
	for i := range x.toks {
		if !bytes.Equal(x.tok(i), y.tok(i)) && !sameValue(x.tok(i), y.tok(i)) {
			return false
		}
	}
	return true
}

// FuzzRelayout: whatever the two files, the tokens written are fresh's
// (or the same values), and a file laid out as itself is itself.
func FuzzRelayout(f *testing.F) {
	f.Add([]byte("3\n x 1\n y 2\n"), []byte("4 x 1 y 2 z 3"))
	f.Add([]byte("010 1.50 T\r\n"), []byte("8 1.5 false\n9\n"))
	f.Fuzz(func(t *testing.T, base, fresh []byte) {
		if len(base) > 4096 || len(fresh) > 4096 {
			return
		}
		got := Relayout(Layout{Src: base}, fresh)
		if !sameTokens(got, fresh) {
			t.Fatalf("Relayout(%q, %q) = %q: not fresh's tokens", base, fresh, got)
		}
		if self := Relayout(Layout{Src: base}, base); !bytes.Equal(self, base) && len(split(base).toks) > 0 {
			t.Fatalf("Relayout(%q, itself) = %q", base, self)
		}
	})
}
