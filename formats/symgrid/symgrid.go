// Package symgrid is the codec the grid families share for a map written
// as rows of symbols with a legend (an ftbt level's terrain, a battle
// map's cells): which characters may be symbols, the legend's table both
// ways, and reading the rows through it. Each family keeps its own
// choice of default symbols.
//
// A symbol is one printable character that is not white space, from the
// Basic Multilingual Plane: YAML writers escape the characters beyond
// U+FFFD (an emoji such as 🏯), and the grid could then not be written as
// a block of rows — so a legend that names one is refused, with a
// located diagnostic, instead of being read and never written back.
package symgrid

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/cells"
	"github.com/shapan/shapan/formats/token"
)

// Entry is one legend entry: a symbol and the value it stands for.
type Entry struct {
	Symbol rune
	Value  int
}

// ValidSymbol reports whether r can be a grid symbol.
func ValidSymbol(r rune) bool {
	return r <= 0xFFFD && unicode.IsPrint(r) && !unicode.IsSpace(r) && !token.IsSpace(r)
}

// SymbolProblem says why key (a legend key as written) is not a symbol,
// or "" when it is one.
func SymbolProblem(key string) string {
	sym, size := utf8.DecodeRuneInString(key)
	invalidUTF8 := sym == utf8.RuneError && size == 1
	if size > 0 && size == len(key) && !invalidUTF8 && ValidSymbol(sym) {
		return ""
	}
	msg := fmt.Sprintf("symbol %s must be one printable character that is not white space", Quote(key))
	if size > 0 && size == len(key) && sym > 0xFFFD && sym != utf8.RuneError {
		msg += " and not beyond U+FFFD (such as an emoji)"
	}
	return msg
}

// Quote quotes a legend key or symbol for a message, cut at 20
// characters.
func Quote(s string) string {
	if utf8.RuneCountInString(s) > 20 {
		s = string([]rune(s)[:20]) + "…"
	}
	return "'" + s + "'"
}

// Table maps a legend's symbols to values and values to symbols, fast for
// ASCII symbols and small values. When a value has several symbols, the
// first one stands for it.
type Table struct {
	ascii   [128]int
	known   [128]bool
	other   map[rune]int
	symbols [64]rune
	bigs    map[int]rune
}

// NewTable returns the table of legend.
func NewTable(legend []Entry) *Table {
	t := &Table{other: map[rune]int{}, bigs: map[int]rune{}}
	for _, e := range legend {
		if e.Symbol >= 0 && e.Symbol < 128 {
			t.ascii[e.Symbol], t.known[e.Symbol] = e.Value, true
		} else {
			t.other[e.Symbol] = e.Value
		}
		if e.Value >= 0 && e.Value < len(t.symbols) {
			if t.symbols[e.Value] == 0 {
				t.symbols[e.Value] = e.Symbol
			}
		} else if _, ok := t.bigs[e.Value]; !ok {
			t.bigs[e.Value] = e.Symbol
		}
	}
	return t
}

// Value returns the value of symbol r, and false when the legend lacks it.
func (t *Table) Value(r rune) (int, bool) {
	if r >= 0 && r < 128 {
		return t.ascii[r], t.known[r]
	}
	v, ok := t.other[r]
	return v, ok
}

// Symbol returns the symbol of value v (0 when the legend lacks it).
func (t *Table) Symbol(v int) rune {
	if v >= 0 && v < len(t.symbols) {
		return t.symbols[v]
	}
	return t.bigs[v]
}

// DecodeRow reads the symbols of one row w cells wide into the cells of
// g from start (when g is not nil), calling unknown for every symbol the
// table lacks, with its column.
func (t *Table) DecodeRow(row string, g *cells.Grid, start, w int, unknown func(x int, r rune)) {
	x := 0
	for _, r := range row {
		v, ok := t.Value(r)
		if !ok {
			unknown(x, r)
		} else if g != nil && x < w {
			g.Set(start+x, v)
		}
		x++
	}
}

// EncodeRow writes the symbols of values.
func (t *Table) EncodeRow(values []int) string {
	out := make([]rune, len(values))
	for i, v := range values {
		out[i] = t.Symbol(v)
	}
	return string(out)
}

// EncodeGrid writes the symbols of a grid of values w wide, each row
// ended by a newline.
func (t *Table) EncodeGrid(g cells.Grid, w int) string {
	n := g.Len()
	b := make([]byte, 0, n+n/max(w, 1))
	for i, v := range g.All() {
		if s := t.Symbol(v); s < utf8.RuneSelf {
			b = append(b, byte(s))
		} else {
			b = utf8.AppendRune(b, s)
		}
		if (i+1)%w == 0 {
			b = append(b, '\n')
		}
	}
	return string(b)
}
