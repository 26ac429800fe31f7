package balance

import (
	"context"
	"sort"
	"strings"
)

// Making the sides alike. A document made unfair by one change gives
// one side something the others have not — a start planet's res of 1.5
// where the three others have 1, one def typed as a real where the
// others' are integers — and the edit a designer tries first is to make
// the sides alike again: the odd one like the others, or the others
// like the odd one. Knobs of one kind (the part of their IDs before the
// slash: res/A, res/B, …) that belong one to each side are such a set.
// Before the model plans, the search tries these points on common games
// as a point of a bisection is tried (tryCliff: in stages, judged when
// its common games put every side within the tolerance and one standard
// error). On test.yml with start B's def 2 → 4.0 (a real, where A, C and
// D have the integer 2) B won 31 % and no point the model planned from
// the knobs' slopes was fair: the slopes of four start planets' defs
// typed as integers or reals do not add up; all four typed alike (A, C
// and D as reals) is fair.

// alikePoints returns, for every kind of sided knobs with one knob a
// side for three sides or more where two or more share a value and
// others do not, the points that make them alike around the document:
// those others at the shared value, and, when one alone differs, every
// other at its value (variants, one list a kind, in knob order).
func (s *search) alikePoints() [][][]float64 {
	kinds := map[string][]int{}
	var names []string
	for i, k := range s.knobs {
		if k.Side < 0 || k.OptIn {
			continue // an opt-in knob's values can be ranks of its own choices (start/K)
		}
		kind, _, _ := strings.Cut(k.ID, "/")
		if kinds[kind] == nil {
			names = append(names, kind)
		}
		kinds[kind] = append(kinds[kind], i)
	}
	sort.Strings(names)
	var out [][][]float64
	for _, kind := range names {
		set := kinds[kind]
		if len(set) < 3 || !s.oneASide(set) {
			continue
		}
		count := map[float64]int{}
		for _, i := range set {
			count[s.x0[i]]++
		}
		shared, most := 0.0, 0
		for _, i := range set { // in knob order: the first of the commonest
			if n := count[s.x0[i]]; n > most {
				shared, most = s.x0[i], n
			}
		}
		if most < 2 || most == len(set) {
			continue
		}
		variants := [][]float64{s.moved(set, shared, func(i int) bool { return s.x0[i] != shared })}
		if most == len(set)-1 {
			for _, odd := range set {
				if s.x0[odd] != shared {
					variants = append(variants, s.moved(set, s.x0[odd], func(i int) bool { return i != odd }))
				}
			}
		}
		out = append(out, variants)
	}
	return out
}

// moved returns the document's point with the knobs of set that which
// picks at value.
func (s *search) moved(set []int, value float64, which func(i int) bool) []float64 {
	p := append([]float64(nil), s.x0...)
	for _, i := range set {
		if which(i) {
			p[i] = s.knobs[i].Clamp(value)
		}
	}
	return p
}

// oneASide reports whether the knobs of set belong each to a side of its
// own.
func (s *search) oneASide(set []int) bool {
	sides := map[int]bool{}
	for _, i := range set {
		if sides[s.knobs[i].Side] {
			return false
		}
		sides[s.knobs[i].Side] = true
	}
	return true
}

// tryAlike tries the points that make the sides alike (alikePoints):
// first every kind made alike at once (of each kind's variants the first
// that check accepts with the kinds before it), then each kind alone,
// while the budget leaves room for a point's first stage and a
// confirmation; it judges those whose common games put every side near
// the target. It returns the outcome that ends the search, or "".
func (s *search) tryAlike(ctx context.Context, w *walk) (string, error) {
	kinds := s.alikePoints()
	var points [][]float64
	all := append([]float64(nil), s.x0...)
	for _, variants := range kinds {
		for _, v := range variants {
			p := append([]float64(nil), all...)
			for i := range p {
				if v[i] != s.x0[i] {
					p[i] = v[i]
				}
			}
			if c, err := s.candidate(p); err != nil {
				return OutcomeStopped, err
			} else if c != nil {
				all = p
				break
			}
		}
		points = append(points, variants...)
	}
	if len(kinds) > 1 {
		points = append([][]float64{all}, points...)
	}
	for _, p := range points {
		if s.opts.Budget-s.spent < s.units(s.exploreGames/cliffStages[0])+s.confirm {
			return "", nil
		}
		k := key(p)
		c, err := s.candidate(p)
		if err != nil {
			return OutcomeStopped, err
		}
		if c == nil || c == s.baseline || c.tried || c.judged > 0 {
			continue // refused by check, the document itself, or played already
		}
		outcome, err := s.tryPoint(ctx, w, c, k, "making the sides alike: trying ")
		if err != nil || outcome != "" {
			return outcome, err
		}
	}
	return "", nil
}
