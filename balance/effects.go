package balance

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
)

// Measuring the knobs. Which way a knob moves the sides is not assumed:
// raising a start planet's res can make it lose more (on the original
// game's fight_here.yml start A wins 25 % with res 1 and 11 % with any res
// from 1.1 to 1.8), a stronger city can help the player whose heroes pass
// by it. Every knob is measured by a probe — the document with that knob
// moved by its Step — played on the baseline's common games: game i of
// both with the same seed, so that their difference is the knob's doing
// and not luck (a paired comparison). The knobs are measured around an
// anchor: the document first, and, when every point planned from there
// failed (a knob that moves the game by a cliff, not a slope: on 长坂坡
// side 0 wins 5 % with 张飞 at 135 hp and 99 % at 140), again around the
// best point tried, where other knobs may matter that did not before. The probe goes up first, down when
// up is out of its range or refused by check, and down as well when up
// moved no side beyond the noise.

// Effect is what a knob's probe measured.
type Effect struct {
	// To is the value the probe set, Games the common games it played.
	To    float64 `json:"to"`
	Games int     `json:"games"`
	// Change is every side's win rate with the probe less the
	// baseline's on the same games (a fraction: 0.12 is 12 points), SE
	// its standard error (of the paired differences).
	Change []float64 `json:"change"`
	SE     []float64 `json:"se"`
	// Significant is set when some side moved by 2.5 standard errors or
	// more: the knob moves the game beyond its noise.
	Significant bool `json:"significant"`
	// Threshold is the knob's noise threshold: the smallest move, on its
	// grid, that the model (model.go) expects to change some side by half
	// the tolerance. The search proposes no smaller move of the knob (0
	// when the knob moved no side measurably).
	Threshold float64 `json:"threshold,omitempty"`
}

// significance is how many standard errors a probe's change must reach
// to count; a probe stops early at earlyStop.
const (
	significance = 2.5
	earlyStop    = 8
)

// screen measures every knob, those of the sides farthest from their
// targets first, while the budget leaves room to try and confirm a
// point afterwards. A document far from its target (a side 25 points or
// more away, as when one side wins every game) moves little for a probe
// of one step: there a knob that moved nothing is probed again at the
// end of its range, and the knobs of each side are probed together, all
// at one end of their ranges and then all at the other (groups).
func (s *search) screen(ctx context.Context) error {
	order := s.screenOrder()
	base := s.measure(s.anchor.common.winners)
	if s.anchor != s.baseline {
		// Around a point tried, the knobs of the sides still outside the
		// tolerance: what is left to move.
		var off []int
		for i, st := range base.Sides {
			if !st.Absent && math.Abs(st.Wins.Rate-st.Target) > s.tol {
				off = append(off, i)
			}
		}
		var some []int
		for _, i := range order {
			if slices.Contains(off, s.knobs[i].Side) {
				some = append(some, i)
			}
		}
		if len(some) > 0 {
			order = some
		}
	}
	s.need = base.Worst
	far := base.Worst >= farOff
	for n, i := range order {
		if !s.roomToMeasure() {
			s.cut = true
			return nil
		}
		left := len(order) - n
		s.setPhase(fmt.Sprintf("measuring %s (knob %d of %d)", s.knobs[i].ID, n+1, len(order)), func() int {
			return s.spent + left*s.probeGames*3/4 + 2*s.exploreGames + 3*s.confirm/2
		})
		if err := s.measureKnob(ctx, i, far); err != nil {
			return err
		}
	}
	if !far {
		return nil
	}
	for _, side := range s.byDistance(base) {
		var group []int
		for _, i := range order {
			if s.knobs[i].Side == side {
				group = append(group, i)
			}
		}
		if len(group) < 2 {
			continue
		}
		for _, dir := range []float64{-1, 1} {
			if !s.roomToMeasure() {
				return nil
			}
			s.setPhase(fmt.Sprintf("measuring the %d knobs of %s together", len(group), s.sides[side].Name), func() int {
				return s.spent + s.probeGames + 2*s.exploreGames + 3*s.confirm/2
			})
			point := append([]float64(nil), s.anchor.point...)
			for _, i := range group {
				point[i] = s.end(i, dir)
			}
			e, err := s.probe(ctx, point, -1)
			if err != nil {
				return err
			}
			if e != nil {
				s.groups = append(s.groups, &Group{Side: s.sides[side].Name, Knobs: group, Effect: *e, point: point, x0: s.anchor.point})
			}
		}
	}
	return nil
}

// screenOrder returns the knobs in the order they are measured: those
// that belong to the side farthest from its target on the baseline first,
// then the next side's, then the others, each group in ID order.
func (s *search) screenOrder() []int {
	rank := map[int]int{}
	for r, side := range s.byDistance(s.measure(s.anchor.common.winners)) {
		rank[side] = r
	}
	order := make([]int, len(s.knobs))
	for i := range order {
		order[i] = i
	}
	of := func(i int) int {
		if r, ok := rank[s.knobs[i].Side]; ok {
			return r
		}
		return len(s.sides)
	}
	sort.SliceStable(order, func(a, b int) bool { return of(order[a]) < of(order[b]) })
	return order
}

// farOff is how far from its target a side of the baseline is for the
// document to count as far from fair (see screen).
const farOff = 0.25

// roomToMeasure reports whether the budget leaves room for a probe and
// then a point tried and confirmed.
func (s *search) roomToMeasure() bool {
	return s.opts.Budget-s.spent >= 2*s.probeGames+s.exploreGames+s.confirm
}

// Group is knobs of one side probed together: all at one end of their
// ranges.
type Group struct {
	// Side is the side the knobs belong to, Knobs the knobs (indexes of
	// the search's knobs; IDs in the result).
	Side   string    `json:"side"`
	Knobs  []int     `json:"-"`
	IDs    []string  `json:"knobs"`
	Effect Effect    `json:"effect"`
	point  []float64 // the probe's point
	x0     []float64 // the document's
}

// end returns the end of knob i's range in direction dir.
func (s *search) end(i int, dir float64) float64 {
	k := s.knobs[i]
	if dir > 0 {
		return k.Clamp(k.Max)
	}
	return k.Clamp(k.Min)
}

// measureKnob probes knob i up then down by its step, or, when the
// document is far from fair, at either end of its range: there a step
// moves little (on m1.map with side 1's people at twice their hp side 1
// wins every game, and every step of a person's hp left it so), and a
// knob that moves the game at all shows it at an end. It keeps the effect
// of the first probe that moved a side beyond the noise, else of the
// last. (A far document's knobs used to be probed by a step up, a step
// down and then at both ends: four probes where two tell.)
func (s *search) measureKnob(ctx context.Context, i int, far bool) error {
	k := s.knobs[i]
	var tries []float64
	if far {
		tries = []float64{s.end(i, 1), s.end(i, -1)}
	} else {
		for _, dir := range []float64{1, -1} {
			tries = append(tries, k.Clamp(s.anchor.point[i]+dir*k.Step))
		}
	}
	var tried []float64
	for _, x := range tries {
		if x == s.anchor.point[i] || slices.Contains(tried, x) {
			continue
		}
		tried = append(tried, x)
		point := append([]float64(nil), s.anchor.point...)
		point[i] = x
		e, err := s.probe(ctx, point, i)
		if err != nil {
			return err
		}
		if e == nil {
			continue
		}
		e.To = x
		s.effects[i] = e
		if e.Significant || s.out {
			return nil
		}
	}
	return nil
}

// probe plays the candidate at point against the baseline on the common
// games, in stages of a quarter, half and all of a probe's games,
// stopping as soon as its change is clear either way: beyond earlyStop
// standard errors, or too small to matter (every side's change, at its
// 95 % bound, under a quarter of what the baseline needs). It returns
// the change (nil when check refuses the point, or it is the document
// it is measured against, every value rounded back); i is the knob it
// measures (-1 for a group).
func (s *search) probe(ctx context.Context, point []float64, i int) (*Effect, error) {
	c, err := s.candidate(point)
	if err != nil || c == nil || c == s.anchor || c == s.baseline {
		return nil, err // refused, or the same document: no probe
	}
	if c.probe < 0 {
		c.probe = i
	}
	c.measured = true
	var e *Effect
	for _, n := range []int{s.units(s.probeGames / 4), s.units(s.probeGames / 2), s.probeGames} {
		ok, err := s.play(ctx, c, &c.common, n)
		if err != nil {
			return nil, err
		}
		e = s.effect(c)
		if !ok || e.z() >= earlyStop || e.bound() < s.need/4 {
			break
		}
	}
	return e, nil
}

// effect measures probe c against the baseline on the common games
// both played.
func (s *search) effect(c *candidate) *Effect {
	n := min(len(c.common.winners), len(s.anchor.common.winners))
	e := &Effect{Games: n, Change: make([]float64, len(s.sides)), SE: make([]float64, len(s.sides))}
	for _, side := range s.present() {
		var sum, sq float64
		pairs := 0
		for g := range n {
			a, b := s.anchor.common.winners[g], c.common.winners[g]
			if a == failed || b == failed {
				continue
			}
			d := btof(b == side) - btof(a == side)
			sum += d
			sq += d * d
			pairs++
		}
		if pairs < 2 {
			continue
		}
		mean := sum / float64(pairs)
		sd := math.Sqrt(math.Max(0, (sq-float64(pairs)*mean*mean)/float64(pairs-1)))
		// at least 1/n: when every game changed alike the differences do
		// not vary, and the change is as sure as n games make it
		se := math.Max(sd/math.Sqrt(float64(pairs)), 1/float64(pairs))
		e.Change[side], e.SE[side] = round4(mean), round4(se)
	}
	e.Significant = e.z() >= significance
	return e
}

// bound is the largest change of a side at its 95 % bound: the change
// and two standard errors, and at least 3/n (no game of n changed: the
// rule of three).
func (e *Effect) bound() float64 {
	b := 0.0
	for i, c := range e.Change {
		b = math.Max(b, math.Abs(c)+math.Max(2*e.SE[i], 3/float64(max(e.Games, 1))))
	}
	return b
}

// z is the largest change in standard errors.
func (e *Effect) z() float64 {
	best := 0.0
	for i, c := range e.Change {
		if e.SE[i] > 0 {
			best = math.Max(best, math.Abs(c)/e.SE[i])
		}
	}
	return best
}

func btof(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// significant returns the knobs whose probes moved a side beyond the
// noise alone.
func (s *search) significant() []int {
	var out []int
	for i, e := range s.effects {
		if e != nil && e.Significant {
			out = append(out, i)
		}
	}
	return out
}

// bestGroup returns the group whose probe moved the baseline nearest
// the target, of those that moved a side beyond the noise (nil when
// none did).
func (s *search) bestGroup() *Group {
	base := s.measure(s.anchor.common.winners)
	var best *Group
	bestLoss := base.Loss
	for _, g := range s.groups {
		if !g.Effect.Significant {
			continue
		}
		loss := 0.0
		for _, side := range s.present() {
			d := base.Sides[side].Wins.Rate + g.Effect.Change[side] - base.Sides[side].Target
			loss += d * d
		}
		if loss < bestLoss {
			best, bestLoss = g, loss
		}
	}
	return best
}

// probeEnds probes, once an anchor, every knob that its step moved no side
// beyond the noise at the ends of its range, while the budget leaves room
// to measure, when the knobs measured cannot bring the sides to their
// targets: a step can move nothing where the end moves the game (on
// test.yml with start B's def 2 → 4, def/B one step down moved B by 1.6 ±
// 1.4 points, and the search ended "the knobs cannot bring every side
// within ±3 points" with 18,960 of its 30,000 games unspent, def/B back
// at 2 never played). It reports whether a knob's probe at an end moved
// a side beyond the noise.
func (s *search) probeEnds(ctx context.Context) (bool, error) {
	if s.endsAt == s.anchor {
		return false, nil
	}
	s.endsAt = s.anchor
	found := false
	for _, i := range s.screenOrder() {
		e := s.effects[i]
		if e == nil || e.Significant || e.To == s.end(i, 1) || e.To == s.end(i, -1) {
			continue
		}
		if !s.roomToMeasure() {
			break
		}
		s.setPhase(fmt.Sprintf("measuring %s at the ends of its range", s.knobs[i].ID), func() int {
			return s.spent + s.probeGames + 2*s.exploreGames + 3*s.confirm/2
		})
		if err := s.measureKnob(ctx, i, true); err != nil {
			return found, err
		}
		if e := s.effects[i]; e != nil && e.Significant {
			found = true
		}
	}
	return found, nil
}
