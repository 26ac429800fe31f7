package battle

import (
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	"github.com/shapan/shapan/formats/symgrid"
	"slices"
)

// StandardLegend returns the legend of the elements: '.' space, '^'
// mountain, '~' water, 'F' flag, 'B' base, 'S' city1, 'M' city2, 'L' city3.
func StandardLegend() []LegendEntry {
	out := make([]LegendEntry, len(Elements))
	for i, e := range Elements {
		out[i] = LegendEntry{e.Symbol, e.Code}
	}
	return out
}

// symbolPool holds the symbols given to codes that have none, in order of
// preference: letters, digits, then punctuation; all printable ASCII that
// the standard legend does not use. (A code from 0 to 9 that is no element
// prefers its own digit.)
var symbolPool = buildPool()

func buildPool() []rune {
	var pool []rune
	add := func(lo, hi rune) {
		for r := lo; r <= hi; r++ {
			if _, std := standardSymbol(r); !std && !slices.Contains(pool, r) {
				pool = append(pool, r)
			}
		}
	}
	add('a', 'z')
	add('A', 'Z')
	add('0', '9')
	add('!', '~')
	return pool
}

func standardSymbol(r rune) (int, bool) {
	for _, e := range Elements {
		if e.Symbol == r {
			return e.Code, true
		}
	}
	return 0, false
}

// ValidSymbol reports whether r can be a grid symbol: a printable
// character that is not white space, from the Basic Multilingual Plane
// (YAML writers escape the others, and the grid could then not be written
// as a block of rows).
func ValidSymbol(r rune) bool { return symgrid.ValidSymbol(r) }

// checkLegend refuses legends whose symbols cannot be written in a grid
// or are given twice.
func checkLegend(legend []LegendEntry) error {
	seen := map[rune]bool{}
	for _, e := range legend {
		if !ValidSymbol(e.Symbol) {
			return fmt.Errorf("legend symbol %q is not a printable character", e.Symbol)
		}
		if seen[e.Symbol] {
			return fmt.Errorf("legend symbol %q is given twice", e.Symbol)
		}
		seen[e.Symbol] = true
	}
	return nil
}

// FullLegend returns the legend the YAML form of m uses: m.Legend (or, when
// nil, the standard legend), then a symbol for every element it lacks and
// for every code of the cells that has none. It reports false when there
// are more distinct codes than symbols to give them; the YAML form then
// writes the cells as integers.
func (m *Map) FullLegend() ([]LegendEntry, bool) {
	return completeLegend(m.Cells, m.Legend)
}

// SetLegend keeps legend, completed, as the map's own, unless it completes
// to the standard legend (then Legend is nil), as reading a YAML document
// does. legend must be valid (see ValidSymbol; no symbol twice).
func (m *Map) SetLegend(legend []LegendEntry) {
	m.Legend = nil
	if full, ok := completeLegend(m.Cells, legend); ok {
		m.Legend = full
		if std, ok := completeLegend(m.Cells, nil); ok && slices.Equal(std, full) {
			m.Legend = nil
		}
	}
}

// completeLegend extends hint (assumed valid, see checkLegend) with the
// elements it lacks and the codes of cells it does not cover, in that
// order. The result is a fixed point: completing it again changes nothing.
func completeLegend(grid cells.Grid, hint []LegendEntry) ([]LegendEntry, bool) {
	used := map[rune]bool{}
	var covered codeSet
	for _, e := range hint {
		used[e.Symbol] = true
		covered.add(e.Code)
	}
	next := 0
	free := func(preferred rune) (rune, bool) {
		if preferred != 0 && !used[preferred] {
			used[preferred] = true
			return preferred, true
		}
		for next < len(symbolPool) {
			s := symbolPool[next]
			next++
			if !used[s] {
				used[s] = true
				return s, true
			}
		}
		return 0, false
	}
	// Every code of the cells needs a symbol; elements no cell holds get
	// one only while symbols are left.
	missing := missingCodes(grid, &covered)
	var codes []LegendEntry
	for _, c := range missing {
		if IsElement(c) {
			continue
		}
		var preferred rune
		if c >= 0 && c <= 9 {
			preferred = '0' + rune(c)
		}
		s, ok := free(preferred)
		if !ok {
			return nil, false
		}
		codes = append(codes, LegendEntry{s, c})
	}
	elements := map[int]rune{}
	for _, e := range Elements {
		if slices.Contains(missing, e.Code) {
			s, ok := free(e.Symbol)
			if !ok {
				return nil, false
			}
			elements[e.Code] = s
		}
	}
	for _, e := range Elements {
		if _, done := elements[e.Code]; !done && !covered.has(e.Code) {
			if s, ok := free(e.Symbol); ok {
				elements[e.Code] = s
			}
		}
	}
	out := make([]LegendEntry, 0, len(hint)+len(elements)+len(codes))
	out = append(out, hint...)
	for _, e := range Elements {
		if s, ok := elements[e.Code]; ok {
			out = append(out, LegendEntry{s, e.Code})
		}
	}
	return append(out, codes...), true
}

// missingCodes returns the distinct codes of cells that covered lacks,
// sorted.
func missingCodes(grid cells.Grid, covered *codeSet) []int {
	var missing codeSet
	var out []int
	last, haveLast := 0, false
	for _, c := range grid.All() {
		if haveLast && c == last {
			continue
		}
		last, haveLast = c, true
		if covered.has(c) || missing.has(c) {
			continue
		}
		missing.add(c)
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// codeSet is a set of codes, fast for the small ones.
type codeSet struct {
	small [64]bool
	big   map[int]bool
}

func (s *codeSet) add(c int) {
	if c >= 0 && c < len(s.small) {
		s.small[c] = true
		return
	}
	if s.big == nil {
		s.big = map[int]bool{}
	}
	s.big[c] = true
}

func (s *codeSet) has(c int) bool {
	if c >= 0 && c < len(s.small) {
		return s.small[c]
	}
	return s.big[c]
}

// table is the symbol table of legend.
func table(legend []LegendEntry) *symgrid.Table {
	entries := make([]symgrid.Entry, len(legend))
	for i, e := range legend {
		entries[i] = symgrid.Entry{Symbol: e.Symbol, Value: e.Code}
	}
	return symgrid.NewTable(entries)
}
