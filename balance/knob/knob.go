// Package knob is the balance assistant's registry of knobs: the numbers
// of a document the search may change, with their ranges and natural
// steps. Each family's knobs live in a sub-package of balance
// (balance/mbg, balance/ftbt, balance/planets, balance/battle) that
// registers them here by document kind; the search (package balance)
// reads them from here and names no family.
package knob

import (
	"math"

	"github.com/shapan/shapan/formats"
)

// Knob is one number of a document the search may change.
type Knob struct {
	// ID names the knob for --knobs: "what/whose" ("money/魏", "hp/赵云").
	ID string
	// Path is the YAML path of the value it edits ("roles[0].money"),
	// for people reading a proposal.
	Path string
	// Side is the index of the side (sim.Family.Sides) the knob belongs
	// to — an mbg role's money, an ftbt person's hp, a start planet's
	// res — or -1 when it belongs to none. It is no direction: which way
	// a knob moves each side's win rate is measured (balance/effects.go),
	// never assumed (raising a start planet's res can make it lose more).
	Side int
	// Min and Max bound the values the search tries: the family's legal
	// range, narrowed to keep the map's character, on the knob's grid.
	Min, Max float64
	// Step is how far the search moves the knob to measure its effect (a
	// quarter to two fifths of the value, one level or one scope).
	Step float64
	// Grid is the knob's natural step: every value the search proposes
	// is a multiple of it (money by 100s, hp by 5s, a planet's res and
	// def by 0.05, its max by 10s, a level or a scope by 1), so that a
	// proposal holds numbers a designer would write, and two points of
	// the search are never one document.
	Grid float64
	// Fine, when set, is a step finer than Grid that a bisection over a
	// cliff may set (package balance, cliff.go): a knob whose games can
	// jump from one side winning every game to the other between two
	// neighbouring values of its grid (an ftbt side's strength by 5 %)
	// has its fair window between them. A value on Fine is still one a
	// designer would write (a side's people 1 % weaker). 0: none; the
	// bisection never moves the knob off its grid.
	Fine float64
	// Ratio knobs are amounts (money, hp, res): a move is measured
	// against the value (12000 → 9000 is −25 %). The others (a level, a
	// scope, a start cell) are measured against their range.
	Ratio bool
	// OptIn knobs are never in the default set: only a --knobs pattern
	// that matches them (or "all") selects them. Moving a start changes a
	// map more than a number does.
	OptIn bool
	// Label, when set, names the value x for people: a start/K knob's
	// values are ranks in a list of planets, and "A", "f" say which. A
	// knob without it is read as its number.
	Label func(x float64) string
	// Order, for a knob with a Label, says how its values run from Min
	// to Max, for people ("weakest first"; "" says nothing).
	Order string
	// Get reads the knob from a model; Set writes x into it.
	Get func(model any) float64
	Set func(model any, x float64)
}

// Clamp brings x to the nearest multiple of the knob's grid inside its
// range.
func (k *Knob) Clamp(x float64) float64 {
	g := k.Grid
	if g <= 0 {
		return math.Min(math.Max(x, k.Min), k.Max)
	}
	lo, hi := math.Ceil(k.Min/g-1e-9), math.Floor(k.Max/g+1e-9)
	v := Multiple(math.Min(math.Max(math.Round(x/g), lo), hi), g)
	if v == 0 {
		return 0 // never −0 (Ceil(−1e-9) is): it prints "→ -0" and is another point's key
	}
	return v
}

// ClampFine brings x to the nearest multiple of the knob's Fine step (its
// Grid when it has none) inside its range.
func (k *Knob) ClampFine(x float64) float64 {
	if k.Fine <= 0 {
		return k.Clamp(x)
	}
	f := *k
	f.Grid = k.Fine
	return f.Clamp(x)
}

// Scale is what a move of the knob from x0 is measured against: x0 for
// an amount, the range for the others.
func (k *Knob) Scale(x0 float64) float64 {
	if k.Ratio && x0 != 0 {
		return math.Abs(x0)
	}
	if r := k.Max - k.Min; r > 0 {
		return r
	}
	return 1
}

// Percent is the move from x0 to x in percent of the knob's scale.
func (k *Knob) Percent(x0, x float64) float64 {
	return math.Round((x-x0)/k.Scale(x0)*1000) / 10
}

// Multiple returns n·unit as the decimal a person would write: 21·0.05
// is 1.05, not 1.0500000000000003.
func Multiple(n, unit float64) float64 {
	if unit < 1 {
		return n / math.Round(1/unit)
	}
	return n * unit
}

// onGrid returns the range from lo to hi shrunk to multiples of grid
// (an empty range stays at the multiple nearest lo).
func onGrid(lo, hi, grid float64) (float64, float64) {
	a, b := Multiple(math.Ceil(lo/grid-1e-9), grid), Multiple(math.Floor(hi/grid+1e-9), grid)
	if b < a {
		return a, a
	}
	return a, b
}

// gridFor is the natural step of an amount now at v: step, or a finer
// one (a tenth, down to whole numbers, or hundredths for a fraction) for
// a value of only a few steps, so that it can still move by a quarter.
func gridFor(v, step float64, integer bool) float64 {
	for step > 0 && math.Abs(v) < 4*step {
		next := step / 10
		if integer && next < 1 {
			return 1
		}
		if next < 0.01 {
			return 0.01
		}
		step = next
	}
	return step
}

// Amount fills the range, grid and step of k, an amount now at v: from
// v/factor to v·factor within [lo, hi], on a grid of the natural step
// grid (finer for a value of only a few steps; whole numbers at least
// when integer), measured by a probe of share of the value.
func Amount(k Knob, v, factor, lo, hi, grid, share float64, integer bool) Knob {
	k.Grid = gridFor(v, grid, integer)
	k.Min, k.Max = around(v, factor, lo, hi)
	k.Min, k.Max = onGrid(k.Min, k.Max, k.Grid)
	k.Step = math.Max(k.Grid, Multiple(math.Round(v*share/k.Grid), k.Grid))
	k.Ratio = true
	return k
}

// around returns the range of a knob whose value is now v: from v/factor
// to v·factor, within [lo, hi].
func around(v, factor, lo, hi float64) (float64, float64) {
	if v <= 0 {
		return lo, math.Min(hi, math.Max(lo, 1)*factor)
	}
	return math.Max(lo, v/factor), math.Min(hi, v*factor)
}

// Set is what the assistant knows of the documents of one kind.
type Set struct {
	// Knobs returns every knob of doc.
	Knobs func(doc *formats.Document) []Knob
	// Default lists the patterns of the knobs used when --knobs is not
	// given (nil: those that belong to a side when Sided, else all).
	Default []string
	// Sided makes the default set the knobs that belong to a side (all
	// of them when none does): a planets map's start planets, where its
	// other planets would make a first step of dozens of candidates.
	Sided bool
	// Spot, when set, says where the family's preview of doc (package
	// preview, at scale 1) draws what the knob id changes — a centre and
	// a radius in pixels — given the side the knob belongs to by name;
	// false when the map does not draw it (an mbg officer's abilities).
	// The studio rings it on a proposal's map.
	Spot func(doc *formats.Document, id, side string) (x, y, r float64, ok bool)
	// Note, when set, says why no game of doc can be decided ("" when
	// games can be): the studio shows it before any game is played.
	Note func(doc *formats.Document) string
}

// sets are the knob sets, by document kind.
var sets = map[string]Set{}

// Register makes s the knob set of documents of kind. A family's
// sub-package of balance calls it from its init.
func Register(kind string, s Set) {
	if s.Knobs == nil {
		panic("knob.Register: " + kind + " without Knobs")
	}
	sets[kind] = s
}

// For returns the knob set of documents of kind.
func For(kind string) (Set, bool) {
	s, ok := sets[kind]
	return s, ok
}
