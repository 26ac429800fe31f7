package balance

import (
	"math"
	"slices"
	"sort"

	"github.com/shapan/shapan/balance/knob"
)

// Planning: the point the model predicts fair with the smallest edit a
// designer would accept — the fewest knobs, then the smallest moves
// relative to the values (money −25 %, a level by one of its 1–3), every
// value on its knob's grid and no knob moved by less than its noise
// threshold (a move whose effect the model puts below half the
// tolerance: an edit that changes nothing measurable is no edit).

// maxPlanKnobs is the most knobs a plan moves.
const maxPlanKnobs = 3

// planned is a point the planner proposes.
type planned struct {
	point []float64
	knobs []int   // the knobs it may move
	moved int     // the knobs it moves
	worst float64 // the largest distance of a side's predicted rate from its target
	cost  float64 // the sum of its relative moves
	// bisect marks a point halfway over a cliff (cliff.go), not planned
	// from the model
	bisect bool
}

// plan returns the point to try next (nil when no point but the
// document's own or ones tried to exhaustion is left). It sets the noise
// thresholds of the model's knobs.
func (s *search) plan(m *model) *planned {
	if m.group != nil {
		return s.planGroup(m)
	}
	s.thresholds(m)
	size := min(maxPlanKnobs, len(m.sides), len(m.knobs))
	var all []planned
	seen := map[string]bool{}
	try := func(subset []int) {
		for _, from := range [][]float64{s.anchor.point, m.centre} {
			x := s.descend(m, subset, from)
			if !s.open(key(x)) {
				// tried to exhaustion: the next best value the model
				// predicts, when the knobs have few (untried)
				x = s.nextOnGrid(m, subset)
			}
			if x == nil {
				continue
			}
			k := key(x)
			if seen[k] {
				continue
			}
			seen[k] = true
			if !s.open(k) {
				continue
			}
			p := planned{point: x, worst: m.worst(s, x), knobs: subset}
			for i := range s.knobs {
				if x[i] != s.x0[i] {
					p.moved++
					p.cost += math.Abs(x[i]-s.x0[i]) / s.knobs[i].Scale(s.x0[i])
				}
			}
			all = append(all, p)
		}
	}
	for n := 1; n <= size; n++ {
		for _, subset := range subsets(m.knobs, n) {
			try(subset)
		}
	}
	// When no plan of a few knobs is predicted fair (one side far ahead,
	// as when all of its people are stronger), add knobs one at a time to
	// the best plan, each time the one that brings it nearest.
	for n := size + 1; n <= len(m.knobs) && len(all) > 0 && !slices.ContainsFunc(all, s.good); n++ {
		best := all[0]
		for _, p := range all[1:] {
			if p.worst < best.worst {
				best = p
			}
		}
		if len(best.knobs) != n-1 {
			break
		}
		before := len(all)
		for _, i := range m.knobs {
			if !slices.Contains(best.knobs, i) {
				try(append(append([]int(nil), best.knobs...), i))
			}
		}
		if len(all) == before {
			break
		}
	}
	if len(all) == 0 {
		return nil
	}
	sort.SliceStable(all, func(a, b int) bool { return s.planBefore(all[a], all[b]) })
	return &all[0]
}

// good reports whether the model puts every side of p within three
// quarters of the tolerance: closer than a step of a steep knob's grid
// can reach (hp by 5s can move an ftbt level by several points), so that
// a plan of fewer knobs is not passed over for one of more that only the
// model calls exact.
func (s *search) good(p planned) bool { return p.worst <= 0.75*s.aim() }

// planBefore orders plans: good ones first, the others by how near the
// target they are predicted; then the fewest knobs moved, the smallest
// relative moves.
func (s *search) planBefore(pa, pb planned) bool {
	if s.good(pa) != s.good(pb) {
		return s.good(pa)
	}
	if !s.good(pa) && math.Abs(pa.worst-pb.worst) > 0.002 {
		return pa.worst < pb.worst
	}
	if pa.moved != pb.moved {
		return pa.moved < pb.moved
	}
	return pa.cost < pb.cost
}

// planGroup returns the point along the group's line (every twentieth
// of the way to its probe, each knob on its grid) whose predicted rates
// are nearest the target, the shortest of those as near.
func (s *search) planGroup(m *model) *planned {
	var best *planned
	for n := 1; n <= 20; n++ {
		a := s.anchor.point
		x := append([]float64(nil), a...)
		for _, i := range m.group.Knobs {
			x[i] = s.knobs[i].Clamp(a[i] + float64(n)/20*(m.group.point[i]-a[i]))
		}
		k := key(x)
		if k == key(s.x0) || k == key(a) || s.picked[k] >= maxIterations {
			continue
		}
		p := &planned{point: x, worst: m.worst(s, x), knobs: m.group.Knobs}
		for i := range s.knobs {
			if x[i] != s.x0[i] {
				p.moved++
				p.cost += math.Abs(x[i]-s.x0[i]) / s.knobs[i].Scale(s.x0[i])
			}
		}
		if best == nil || p.worst < best.worst-0.002 {
			best = p
		}
	}
	return best
}

// open reports whether the point of key k may still be planned: not the
// document, nor the anchor, nor a point tried to exhaustion.
func (s *search) open(k string) bool {
	return k != key(s.x0) && k != key(s.anchor.point) && s.picked[k] < maxIterations
}

// nextOnGrid returns, of every combination of the values of subset's
// knobs near the model's centre (trustGrid), the one that is still open
// with the least predicted loss and price (nil when none is, or the knobs
// have too many values). Where the knobs move the game by cliffs (battle
// levels: 赤壁 with five cities nearer player 1's base a level higher,
// every single level moving player 1 by 24 to 98 points), a model of
// smooth slopes keeps predicting the points it has tried and found off;
// the search then ended "the knobs cannot" with half its budget left,
// and tries the combinations the model ranks next instead.
func (s *search) nextOnGrid(m *model, subset []int) []float64 {
	obj := s.planObjective(m, subset)
	var best []float64
	bestV := math.Inf(1)
	for _, y := range s.trustGrid(m, subset) {
		if !s.open(key(y)) {
			continue
		}
		if v := obj(y); v < bestV-1e-12 {
			best, bestV = y, v
		}
	}
	return best
}

// planObjective is what a plan of subset's knobs minimises: the model's
// predicted loss plus a small price for the moves relative to the values.
func (s *search) planObjective(m *model, subset []int) func([]float64) float64 {
	price := (s.tol / 4) * (s.tol / 4)
	return func(x []float64) float64 {
		v := m.loss(s, x)
		for _, i := range subset {
			r := (x[i] - s.x0[i]) / s.knobs[i].Scale(s.x0[i])
			v += price * r * r
		}
		return v
	}
}

// thresholds sets the noise threshold of every knob of the model: the
// smallest move on its grid that changes some side's predicted rate at
// the centre by half the tolerance.
func (s *search) thresholds(m *model) {
	here := m.rates(m.centre, len(s.sides))
	for _, i := range m.knobs {
		k := s.knobs[i]
		x := append([]float64(nil), m.centre...)
		x[i] += k.Step
		there := m.rates(x, len(s.sides))
		slope := 0.0
		for _, side := range m.sides {
			slope = math.Max(slope, math.Abs(there[side]-here[side])/k.Step)
		}
		t := math.Inf(1)
		if slope > 0 {
			t = s.tol / 2 / slope
		}
		if k.Grid > 0 && !math.IsInf(t, 1) {
			t = knob.Multiple(math.Max(1, math.Ceil(t/k.Grid-1e-9)), k.Grid)
		}
		s.threshold[i] = t
		if !math.IsInf(t, 1) && s.effects[i] != nil {
			s.effects[i].Threshold = round4(t)
		}
	}
}

// descend moves the knobs of subset from their values in from (the
// others at the anchor's), by coordinate descent on their grids —
// strides from twice the probe step down to the grid — toward the least
// predicted loss plus a small price for the relative moves, within the
// trust radius of the model's centre. A knob left closer to its value
// than its noise threshold is moved to the threshold.
func (s *search) descend(m *model, subset []int, from []float64) []float64 {
	x := append([]float64(nil), s.anchor.point...)
	for _, i := range subset {
		x[i] = from[i]
	}
	obj := s.planObjective(m, subset)
	best := obj(x)
	if grid := s.trustGrid(m, subset); grid != nil {
		// few values: every combination, so that two knobs whose moves
		// each make it worse alone but undo each other together are found
		for _, y := range grid {
			if v := obj(y); v < best-1e-12 {
				x, best = y, v
			}
		}
	}
	for _, stride := range []float64{2, 1, 0.5, 0.25, 0.125, 0} {
		for improved := true; improved; {
			improved = false
			for _, i := range subset {
				k := &s.knobs[i]
				step := math.Max(k.Grid, stride*k.Step)
				for _, dir := range []float64{-1, 1} {
					y := append([]float64(nil), x...)
					y[i] = k.Clamp(x[i] + dir*step)
					if y[i] == x[i] || math.Abs(y[i]-m.centre[i]) > trustRadius*k.Step+1e-9 {
						continue
					}
					if v := obj(y); v < best-1e-12 {
						x, best, improved = y, v, true
					}
				}
			}
		}
	}
	for _, i := range subset {
		k := &s.knobs[i]
		d := x[i] - s.x0[i]
		if t := s.threshold[i]; d != 0 && math.Abs(d) < t {
			if math.IsInf(t, 1) {
				x[i] = s.x0[i]
			} else {
				x[i] = k.Clamp(s.x0[i] + math.Copysign(t, d))
			}
		}
	}
	return x
}

// maxGridPoints is the most combinations of the values of a plan's knobs
// the planner tries one by one (trustGrid).
const maxGridPoints = 64

// trustGrid returns every point that moves only the knobs of subset (the
// others at the anchor's values), each to a value on its grid within the
// model's trust radius, when they are at most maxGridPoints (nil when
// more, or a knob has no grid). Coordinate descent moves one knob at a
// time, and stops where every single move makes it worse: on a battle map
// whose city levels move it by cliffs (标准 with the city nearest player
// 1's base at level 3: one city a level up takes player 1 32 points
// down, another 54 up), the pair that undoes itself is not found that way.
func (s *search) trustGrid(m *model, subset []int) [][]float64 {
	values := make([][]float64, len(subset))
	n := 1
	for j, i := range subset {
		k := &s.knobs[i]
		if k.Grid <= 0 {
			return nil
		}
		lo := k.Clamp(m.centre[i] - trustRadius*k.Step)
		hi := math.Min(k.Max, m.centre[i]+trustRadius*k.Step) + 1e-9
		for v := lo; v <= hi; v = knob.Multiple(math.Round(v/k.Grid)+1, k.Grid) {
			if math.Abs(v-m.centre[i]) > trustRadius*k.Step+1e-9 {
				continue
			}
			values[j] = append(values[j], v)
			if len(values[j]) > maxGridPoints {
				return nil
			}
		}
		if n *= len(values[j]); n > maxGridPoints || n == 0 {
			return nil
		}
	}
	out := make([][]float64, 0, n)
	var rec func(j int, x []float64)
	rec = func(j int, x []float64) {
		if j == len(subset) {
			out = append(out, append([]float64(nil), x...))
			return
		}
		for _, v := range values[j] {
			x[subset[j]] = v
			rec(j+1, x)
		}
	}
	rec(0, append([]float64(nil), s.anchor.point...))
	return out
}

// subsets returns every subset of n of items, in order.
func subsets(items []int, n int) [][]int {
	var out [][]int
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		if len(cur) == n {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := start; i < len(items); i++ {
			rec(i+1, append(cur, items[i]))
		}
	}
	rec(0, nil)
	return out
}
