package balance

import (
	"fmt"
	"math"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/shapan/shapan/balance/knob"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
)

// Knob is one number of a document the search may change (package
// knob, where each family registers its knobs).
type Knob = knob.Knob

// Balanceable reports whether the assistant has knobs for documents of
// kind.
func Balanceable(kind string) bool {
	_, ok := knob.For(kind)
	return ok
}

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
	set, ok := knob.For(doc.Kind)
	if !ok {
		return nil, fmt.Errorf("the balance assistant has no knobs for %s documents", doc.Kind)
	}
	all := set.Knobs(doc)
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

// widerKnobs returns the spec of the knobs of doc that are not in have,
// named only (no default knob, no opt-in one) and belong to a side, and
// how many they are (0: none).
func widerKnobs(doc *formats.Document, have []Knob) (string, int) {
	all, err := Knobs(doc, "all")
	if err != nil {
		return "", 0
	}
	in := map[string]bool{}
	for _, k := range have {
		in[k.ID] = true
	}
	var ids []string
	for _, k := range all {
		if !in[k.ID] && !k.OptIn && k.Side >= 0 {
			ids = append(ids, escapePattern(k.ID))
		}
	}
	return strings.Join(ids, ","), len(ids)
}

// escapePattern is a path.Match pattern that matches id alone.
func escapePattern(id string) string {
	var b strings.Builder
	for _, r := range id {
		if strings.ContainsRune(`*?[]\\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
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
	set, _ := knob.For(kind)
	switch patterns := set.Default; {
	case patterns != nil:
		var out []Knob
		for _, k := range candidates {
			if slices.ContainsFunc(patterns, func(p string) bool { ok, _ := path.Match(p, k.ID); return ok }) {
				out = append(out, k)
			}
		}
		return nonEmpty(out, kind)
	case set.Sided:
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

// describeKnob describes k as it is in model, naming the side it favours
// among sides.
func describeKnob(k *Knob, model any, sides []sim.Side) KnobInfo {
	v := k.Get(model)
	info := KnobInfo{ID: k.ID, Path: k.Path, Value: v, Min: round4(k.Min), Max: round4(k.Max), Grid: k.Grid}
	if k.Side >= 0 && k.Side < len(sides) {
		info.Side = sides[k.Side].Name
	}
	if k.Label != nil {
		info.Label, info.Order = k.Label(v), k.Order
		for x := math.Ceil(k.Min); x <= k.Max; x++ {
			info.Labels = append(info.Labels, k.Label(x))
		}
	}
	return info
}

// editOf is k changed from one value to another.
func editOf(k *Knob, from, to float64) Edit {
	e := Edit{Knob: k.ID, Path: k.Path, From: from, To: to, Percent: k.Percent(from, to)}
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
		out[i] = describeKnob(&knobs[i], doc.Value, sides)
	}
	return out, nil
}

// Spot says where the preview of doc (package preview, at scale 1) draws
// what the knob k changes: a centre and a radius in pixels; false when
// the family's map does not draw it (an mbg officer's abilities).
func Spot(doc *formats.Document, k KnobInfo) (x, y, r float64, ok bool) {
	set, found := knob.For(doc.Kind)
	if !found || set.Spot == nil {
		return 0, 0, 0, false
	}
	return set.Spot(doc, k.ID, k.Side)
}

// Note says why no game of doc can be decided (an ftbt level whose sides
// cannot reach each other), or "" when games can be.
func Note(doc *formats.Document) string {
	if set, ok := knob.For(doc.Kind); ok && set.Note != nil {
		return set.Note(doc)
	}
	return ""
}
