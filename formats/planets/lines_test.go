package planets

import (
	"bytes"
	"math/rand/v2"
	"sort"
	"testing"
	"unicode/utf8"
)

// everyLineStart is what the line index stands for: the offset of every
// line start, line breaks counted as YAML counts them.
func everyLineStart(src []byte) []int {
	starts := []int{0}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		i += size
		switch r {
		case '\r':
			if i < len(src) && src[i] == '\n' {
				i++
			}
			starts = append(starts, i)
		case '\n', 0x85, 0x2028, 0x2029:
			starts = append(starts, i)
		}
	}
	return starts
}

// The line index finds every line's start and the line of every offset
// as a list of every line start does, asked in order and at random, on
// texts of every kind of line break, invalid UTF-8 and lines of every
// length.
func TestLinesFindWhatEveryLineStartFinds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := [][]byte{[]byte("a"), []byte("bc: d"), []byte("\n"), []byte("\r\n"), []byte("\r"), []byte("\u0085"), []byte("\u2028"), []byte("\u2029"), []byte("é"), {0xC2}, {0x85}, {0xE2, 0x80}, []byte("\n\n"), bytes.Repeat([]byte("x"), 300), bytes.Repeat([]byte("y"), 5000)}
	for trial := range 60 {
		var src []byte
		for range r.IntN(3000) {
			src = append(src, pieces[r.IntN(len(pieces))]...)
		}
		want := everyLineStart(src)
		l := newLines(src)
		if l.count() != len(want) {
			t.Fatalf("text %d: %d lines, want %d", trial, l.count(), len(want))
		}
		for i, w := range want {
			wantEnd := len(src)
			if i+1 < len(want) {
				wantEnd = want[i+1]
			}
			if got, end := l.span(i); got != w || end != wantEnd {
				t.Fatalf("text %d: line %d spans %d to %d, want %d to %d", trial, i, got, end, w, wantEnd)
			}
		}
		for range 300 {
			i := r.IntN(len(want))
			wantEnd := len(src)
			if i+1 < len(want) {
				wantEnd = want[i+1]
			}
			if got, end := l.span(i); got != want[i] || end != wantEnd {
				t.Fatalf("text %d: line %d spans %d to %d, want %d to %d (at random)", trial, i, got, end, want[i], wantEnd)
			}
			off := r.IntN(len(src) + 1)
			if got, w := l.lineOf(off), sort.SearchInts(want, off+1)-1; got != w {
				t.Fatalf("text %d: offset %d is on line %d, want %d", trial, off, got, w)
			}
		}
	}
}
