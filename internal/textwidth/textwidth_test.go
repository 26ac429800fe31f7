package textwidth

import "testing"

func TestWidth(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"魏", 2},
		{"魏 ab", 5},
		{"赵云", 4},
		{"ＡＢ", 4},       // fullwidth Latin
		{"ｱｲ", 2},       // halfwidth katakana
		{"한글", 4},       // Hangul
		{"é", 1},        // e and a combining acute accent
		{"a\u200bb", 2}, // a zero-width space
		{"—·–", 3},      // ambiguous: narrow
		{"長坂坡 ok", 9},
	} {
		if got := Width(c.s); got != c.want {
			t.Errorf("Width(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

func TestPadding(t *testing.T) {
	if got := PadRight("曹操", 6) + "|"; got != "曹操  |" {
		t.Errorf("PadRight: %q", got)
	}
	if got := PadLeft("吴", 4); got != "  吴" {
		t.Errorf("PadLeft: %q", got)
	}
	if got := PadRight("司马懿", 4); got != "司马懿" {
		t.Errorf("PadRight of wider text: %q", got)
	}
}
