package ftbt

import (
	"github.com/shapan/shapan/formats/cells"
	"slices"
	"sort"
	"unicode"

	"github.com/shapan/shapan/formats/symgrid"
)

// symbolPool lists the default grid symbols: terrain id k is written as
// symbolPool[k] (ids 0-9 as '0'-'9', then 'a'-'z', 'A'-'Z', then the other
// printable ASCII characters). Other values take the symbols left free.
var symbolPool = func() []rune {
	var pool []rune
	for c := '0'; c <= '9'; c++ {
		pool = append(pool, c)
	}
	for c := 'a'; c <= 'z'; c++ {
		pool = append(pool, c)
	}
	for c := 'A'; c <= 'Z'; c++ {
		pool = append(pool, c)
	}
	for c := rune('!'); c <= '~'; c++ {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			pool = append(pool, c)
		}
	}
	return pool
}()

// validSymbol reports whether r may stand for a terrain in a grid row
// (symgrid.ValidSymbol: one printable character, not white space, in the
// Basic Multilingual Plane).
func validSymbol(r rune) bool { return symgrid.ValidSymbol(r) }

// table is the symbol table of legend.
func table(legend []LegendEntry) *symgrid.Table {
	entries := make([]symgrid.Entry, len(legend))
	for i, e := range legend {
		entries[i] = symgrid.Entry{Symbol: e.Symbol, Value: e.Terrain}
	}
	return symgrid.NewTable(entries)
}

// usedIDs returns the distinct terrain ids of the grid, ascending.
func usedIDs(terrain cells.Grid) []int {
	var small [128]bool
	var large map[int]bool
	for _, v := range terrain.All() {
		if v >= 0 && v < len(small) {
			small[v] = true
			continue
		}
		if large == nil {
			large = map[int]bool{}
		}
		large[v] = true
	}
	var ids []int
	for v := range large {
		ids = append(ids, v)
	}
	for v, ok := range small {
		if ok {
			ids = append(ids, v)
		}
	}
	sort.Ints(ids)
	return ids
}

// defaultLegend returns the legend the writer uses when none was chosen:
// every terrain of the rules (when known) and every id of the grid, by id,
// each with its default symbol when it has one and otherwise with the
// first free symbol. It reports false when the pool has too few symbols
// (the grid is then written as rows of integers).
func defaultLegend(terrain cells.Grid, rules *Rules) ([]LegendEntry, bool) {
	used := usedIDs(terrain)
	ids := used
	if rules != nil {
		seen := map[int]bool{}
		ids = nil
		for k := range min(len(rules.Terrains), len(symbolPool)) {
			ids = append(ids, k)
			seen[k] = true
		}
		for _, v := range used {
			if !seen[v] {
				ids = append(ids, v)
			}
		}
		sort.Ints(ids)
		if len(ids) > len(symbolPool) {
			ids = used
		}
	}
	return completeLegend(nil, ids)
}

// completeLegend returns legend extended by an entry for every id of ids it
// does not cover yet; false when the pool runs out of symbols.
func completeLegend(legend []LegendEntry, ids []int) ([]LegendEntry, bool) {
	if legend == nil {
		legend = []LegendEntry{}
	}
	taken := map[rune]bool{}
	covered := map[int]bool{}
	for _, e := range legend {
		taken[e.Symbol] = true
		covered[e.Terrain] = true
	}
	// Ids with a default symbol first, so that others cannot take it.
	var rest []int
	for _, v := range ids {
		if covered[v] {
			continue
		}
		if v >= 0 && v < len(symbolPool) && !taken[symbolPool[v]] {
			legend = append(legend, LegendEntry{Symbol: symbolPool[v], Terrain: v})
			taken[symbolPool[v]] = true
			covered[v] = true
			continue
		}
		rest = append(rest, v)
	}
	// Values without a symbol of their own take punctuation first: a
	// free digit or letter would suggest another terrain id.
	free := append(append([]rune(nil), symbolPool[62:]...), symbolPool[:62]...)
	next := 0
	for _, v := range rest {
		for next < len(free) && taken[free[next]] {
			next++
		}
		if next == len(free) {
			return nil, false
		}
		legend = append(legend, LegendEntry{Symbol: free[next], Terrain: v})
		taken[free[next]] = true
	}
	sort.SliceStable(legend, func(i, j int) bool { return legend[i].Terrain < legend[j].Terrain })
	return legend, true
}

// legendFor returns the legend to write l's grid with: l's own legend
// (its valid entries, in its order) completed for ids it lacks, or the
// default legend; false means rows of integers.
func legendFor(l *Level, rules *Rules) ([]LegendEntry, bool) {
	if l.Legend == nil {
		return defaultLegend(l.Terrain, rules)
	}
	own := []LegendEntry{}
	taken := map[rune]bool{}
	for _, e := range l.Legend {
		if validSymbol(e.Symbol) && !taken[e.Symbol] {
			own = append(own, e)
			taken[e.Symbol] = true
		}
	}
	covered := map[int]bool{}
	for _, e := range own {
		covered[e.Terrain] = true
	}
	var missing []int
	for _, v := range usedIDs(l.Terrain) {
		if !covered[v] {
			missing = append(missing, v)
		}
	}
	if len(missing) == 0 {
		return own, true
	}
	// Keep the person's order and put the new entries after it.
	added, ok := completeLegend(append([]LegendEntry(nil), own...), missing)
	if !ok {
		return nil, false
	}
	out := own
	for _, e := range added {
		if !covered[e.Terrain] {
			out = append(out, e)
		}
	}
	return out, true
}

// LegendFor returns the legend EncodeLevel writes l's grid with (l's own
// legend completed for the ids it lacks, or the default one for the
// rules); false means the grid is written as rows of integers.
func LegendFor(l *Level, rules *Rules) ([]LegendEntry, bool) { return legendFor(l, rules) }

// SetLegend keeps legend as the level's own, unless it is the default
// legend for the level's grid and rules (then Legend is nil), as reading
// a YAML document does.
func (l *Level) SetLegend(legend []LegendEntry, rules *Rules) {
	l.Legend = nil
	if def, ok := defaultLegend(l.Terrain, rules); !ok || !slices.Equal(legend, def) {
		l.Legend = legend
	}
}

// ValidSymbol reports whether r may stand for a terrain in a grid row.
func ValidSymbol(r rune) bool { return validSymbol(r) }
