package balance

import (
	"fmt"
	"math"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
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
	// a knob moves each side's win rate is measured (effects.go), never
	// assumed (raising a start planet's res can make it lose more).
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
	// Get reads the knob from a model; Set writes x into it.
	Get func(model any) float64
	Set func(model any, x float64)
}

// clamp brings x to the nearest multiple of the knob's grid inside its
// range.
func (k *Knob) clamp(x float64) float64 {
	g := k.Grid
	if g <= 0 {
		return math.Min(math.Max(x, k.Min), k.Max)
	}
	lo, hi := math.Ceil(k.Min/g-1e-9), math.Floor(k.Max/g+1e-9)
	return multiple(math.Min(math.Max(math.Round(x/g), lo), hi), g)
}

// scale is what a move of the knob from x0 is measured against: x0 for
// an amount, the range for the others.
func (k *Knob) scale(x0 float64) float64 {
	if k.Ratio && x0 != 0 {
		return math.Abs(x0)
	}
	if r := k.Max - k.Min; r > 0 {
		return r
	}
	return 1
}

// percent is the move from x0 to x in percent of the knob's scale.
func (k *Knob) percent(x0, x float64) float64 {
	return math.Round((x-x0)/k.scale(x0)*1000) / 10
}

// multiple returns n·unit as the decimal a person would write: 21·0.05
// is 1.05, not 1.0500000000000003.
func multiple(n, unit float64) float64 {
	if unit < 1 {
		return n / math.Round(1/unit)
	}
	return n * unit
}

// onGrid returns the range from lo to hi shrunk to multiples of grid
// (an empty range stays at the multiple nearest lo).
func onGrid(lo, hi, grid float64) (float64, float64) {
	a, b := multiple(math.Ceil(lo/grid-1e-9), grid), multiple(math.Floor(hi/grid+1e-9), grid)
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

// ratioKnob fills the range, grid and step of an amount now at v: from
// v/factor to v·factor within [lo, hi], on a grid of the natural step
// (gridFor), measured by a probe of share of the value.
func ratioKnob(k Knob, v, factor, lo, hi, grid, share float64, integer bool) Knob {
	k.Grid = gridFor(v, grid, integer)
	k.Min, k.Max = around(v, factor, lo, hi)
	k.Min, k.Max = onGrid(k.Min, k.Max, k.Grid)
	k.Step = math.Max(k.Grid, multiple(math.Round(v*share/k.Grid), k.Grid))
	k.Ratio = true
	return k
}

// knobSets are the knobs of each document kind, by kind.
var knobSets = map[string]func(doc *formats.Document) []Knob{}

// registerKnobs makes knobs the knob set of documents of kind.
func registerKnobs(kind string, knobs func(doc *formats.Document) []Knob) {
	knobSets[kind] = knobs
}

// Balanceable reports whether the assistant has knobs for documents of
// kind.
func Balanceable(kind string) bool { return knobSets[kind] != nil }

// defaultKnobs lists, per kind, the patterns of the knobs used when
// --knobs is not given (nil: all).
var defaultKnobs = map[string][]string{}

// sidedByDefault marks the kinds whose default set is the knobs that
// favour a side (all of them when none does): a planets map's start
// planets, where its other planets would make a first step of dozens of
// candidates.
var sidedByDefault = map[string]bool{}

// sided returns the knobs that favour a side, or all of them when none
// does.
func sided(knobs []Knob) []Knob {
	var out []Knob
	for _, k := range knobs {
		if k.Side >= 0 {
			out = append(out, k)
		}
	}
	if len(out) == 0 {
		return knobs
	}
	return out
}

// Knobs returns the knobs of doc that spec selects, sorted by ID. spec
// is a comma-separated list of patterns over knob IDs (path.Match, such
// as "money/*,scope/襄阳"); "" selects the family's default set and "all"
// every knob. A pattern that selects nothing is an error that lists the
// knobs there are.
func Knobs(doc *formats.Document, spec string) ([]Knob, error) {
	make := knobSets[doc.Kind]
	if make == nil {
		return nil, fmt.Errorf("the balance assistant has no knobs for %s documents", doc.Kind)
	}
	all := make(doc)
	sort.SliceStable(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	if strings.TrimSpace(spec) == "all" {
		return nonEmpty(all, doc.Kind)
	}
	if strings.TrimSpace(spec) == "" {
		return defaultSet(all, doc.Kind)
	}
	patterns := strings.Split(spec, ",")
	var out []Knob
	taken := map[string]bool{}
	for _, p := range patterns {
		p = strings.TrimSpace(p)
		if _, err := path.Match(p, ""); err != nil || p == "" {
			return nil, fmt.Errorf("--knobs: %q is not a pattern of knob names such as money/* (%v)", p, err)
		}
		found := false
		for _, k := range all {
			if ok, _ := path.Match(p, k.ID); ok {
				found = true
				if !taken[k.ID] {
					taken[k.ID] = true
					out = append(out, k)
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("--knobs: %q names no knob of this %s; there are %s", p, doc.Kind, knobList(all))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// defaultSet returns the knobs used when --knobs is not given: those
// the kind's default patterns match, or those that favour a side, or
// all — never an opt-in knob.
func defaultSet(all []Knob, kind string) ([]Knob, error) {
	var candidates []Knob
	for _, k := range all {
		if !k.OptIn {
			candidates = append(candidates, k)
		}
	}
	switch patterns := defaultKnobs[kind]; {
	case patterns != nil:
		var out []Knob
		for _, k := range candidates {
			if slices.ContainsFunc(patterns, func(p string) bool { ok, _ := path.Match(p, k.ID); return ok }) {
				out = append(out, k)
			}
		}
		return nonEmpty(out, kind)
	case sidedByDefault[kind]:
		return nonEmpty(sided(candidates), kind)
	}
	return nonEmpty(candidates, kind)
}

func nonEmpty(knobs []Knob, kind string) ([]Knob, error) {
	if len(knobs) == 0 {
		return nil, fmt.Errorf("this %s has nothing the balance assistant can change", kind)
	}
	return knobs, nil
}

// knobList names the knobs for an error message by kind: "money/* (3),
// scope/* (16)".
func knobList(knobs []Knob) string {
	count := map[string]int{}
	var kinds []string
	for _, k := range knobs {
		what, _, _ := strings.Cut(k.ID, "/")
		if count[what] == 0 {
			kinds = append(kinds, what)
		}
		count[what]++
	}
	sort.Strings(kinds)
	parts := make([]string, len(kinds))
	for i, what := range kinds {
		parts[i] = fmt.Sprintf("%s/* (%d)", what, count[what])
	}
	return strings.Join(parts, ", ")
}

// around returns the range of a knob whose value is now v: from v/factor
// to v·factor, within [lo, hi].
func around(v, factor, lo, hi float64) (float64, float64) {
	if v <= 0 {
		return lo, math.Min(hi, math.Max(lo, 1)*factor)
	}
	return math.Max(lo, v/factor), math.Min(hi, v*factor)
}

// info describes k as it is in model, naming the side it favours among
// sides.
func (k *Knob) info(model any, sides []sim.Side) KnobInfo {
	v := k.Get(model)
	info := KnobInfo{ID: k.ID, Path: k.Path, Value: v, Min: round4(k.Min), Max: round4(k.Max), Grid: k.Grid}
	if k.Side >= 0 && k.Side < len(sides) {
		info.Side = sides[k.Side].Name
	}
	if k.Label != nil {
		info.Label = k.Label(v)
		for x := math.Ceil(k.Min); x <= k.Max; x++ {
			info.Labels = append(info.Labels, k.Label(x))
		}
	}
	return info
}

// edit is k changed from one value to another.
func (k *Knob) edit(from, to float64) Edit {
	e := Edit{Knob: k.ID, Path: k.Path, From: from, To: to, Percent: k.percent(from, to)}
	if k.Label != nil {
		e.FromLabel, e.ToLabel = k.Label(from), k.Label(to)
	}
	return e
}

// DescribeKnobs lists the knobs of doc that spec selects (as Knobs
// does) with their values and ranges and the sides they favour, as a
// search's result lists them: what the studio shows while a pattern is
// typed.
func DescribeKnobs(doc *formats.Document, spec string) ([]KnobInfo, error) {
	knobs, err := Knobs(doc, spec)
	if err != nil {
		return nil, err
	}
	var sides []sim.Side
	if f, err := family.Simulate(doc, family.SimOptions{}); err == nil {
		sides = f.Sides()
	}
	out := make([]KnobInfo, len(knobs))
	for i := range knobs {
		out[i] = knobs[i].info(doc.Value, sides)
	}
	return out, nil
}
