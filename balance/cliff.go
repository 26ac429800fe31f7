package balance

import (
	"context"
	"math"
	"sort"
)

// Bisection over a cliff. An ftbt level played by the original's AI on
// both sides can go from one side winning every game to the other
// between two neighbouring values of a knob's grid (ftbt-m1-side1-def1.5x:
// side 1's people ×0.9 → side 0 wins 0 %, ×0.85 → 43 %, ×0.8 → 100 %),
// and not monotonically: the fair window is narrow, and a model of
// smooth slopes (model.go) finds it only by luck. Where two points
// played put a side on either side of its target, each beyond the
// tolerance, and every knob they differ in has a finer step (Knob.Fine),
// the search tries the point halfway between them, each knob on its
// finer step: on one knob (a side's strength between ×0.85 and ×0.8:
// ×0.83, then ×0.82 or ×0.84) or on several together (both sides' when
// the two points differ in both). When the two points are neighbours on
// the finer step, a finer step of another knob from the end below the
// target (the way its probe says helps the side below) lies between them
// (side 1 ×0.83, side 0 ×1.01). A knob without a finer step (mbg money,
// a planets res, a battle level) is never bisected: their searches are
// those of the model alone.

// cliffStages are the shares of a tried point's games a point of a
// bisection plays, stopping when its games put it clearly off (a side
// beyond the tolerance and three standard errors): near a cliff most
// points are won by one side in every game, and a quarter of the games
// says so.
var cliffStages = []int{4, 2, 1}

// cliffPoint returns the next point of a bisection over a cliff, or nil
// when no two points played bracket the target on knobs with a finer
// step, or every such bracket is split as far as the steps go.
func (s *search) cliffPoint() []float64 {
	var ends []*candidate
	for _, c := range s.order {
		if len(c.common.winners) < s.units(s.exploreGames/4) {
			continue
		}
		if m := s.measure(c.common.winners); m.Failed == 0 && !s.within(m, 0) {
			ends = append(ends, c)
		}
	}
	type pair struct {
		lo, hi *candidate // lo has a side below its target, hi above
		side   int
		dist   float64
	}
	var pairs []pair
	for i, a := range ends {
		for _, b := range ends[i+1:] {
			if !s.fineBetween(a.point, b.point) {
				continue
			}
			side, ok := s.straddle(a, b)
			if !ok {
				continue
			}
			lo, hi := a, b
			if s.rate(a, side) > s.rate(b, side) {
				lo, hi = b, a
			}
			pairs = append(pairs, pair{lo, hi, side, s.distance(a.point, b.point)})
		}
	}
	sort.SliceStable(pairs, func(i, j int) bool { return pairs[i].dist < pairs[j].dist })
	for _, p := range pairs {
		if x := s.halfway(p.lo.point, p.hi.point); x != nil {
			return x
		}
	}
	for _, p := range pairs {
		if x := s.across(p.lo, p.hi, p.side); x != nil {
			return x
		}
	}
	return nil
}

// fineBetween reports whether a and b differ, and only in knobs with a
// finer step.
func (s *search) fineBetween(a, b []float64) bool {
	differ := false
	for i := range s.knobs {
		if a[i] != b[i] {
			if s.knobs[i].Fine <= 0 {
				return false
			}
			differ = true
		}
	}
	return differ
}

// straddle returns a side that one of a, b puts below its target and
// the other above, each by more than the tolerance, on their common
// games.
func (s *search) straddle(a, b *candidate) (int, bool) {
	ma, mb := s.measure(a.common.winners), s.measure(b.common.winners)
	for _, side := range s.present() {
		da := ma.Sides[side].Wins.Rate - ma.Sides[side].Target
		db := mb.Sides[side].Wins.Rate - mb.Sides[side].Target
		if da*db < 0 && math.Abs(da) > s.tol && math.Abs(db) > s.tol {
			return side, true
		}
	}
	return 0, false
}

// rate is side's win rate on c's common games.
func (s *search) rate(c *candidate, side int) float64 {
	return s.measure(c.common.winners).Sides[side].Wins.Rate
}

// distance is how far apart a and b are, in the knobs' probe steps.
func (s *search) distance(a, b []float64) float64 {
	d := 0.0
	for i, k := range s.knobs {
		d += math.Abs(a[i]-b[i]) / k.Step
	}
	return d
}

// halfway returns the point halfway between a and b, each knob on its
// finer step, when it is neither of them and was not played yet (nil
// otherwise).
func (s *search) halfway(a, b []float64) []float64 {
	x := append([]float64(nil), a...)
	for i := range s.knobs {
		if a[i] != b[i] {
			x[i] = s.knobs[i].ClampFine((a[i] + b[i]) / 2)
		}
	}
	return s.unplayed(x, a, b)
}

// across returns, for a bracket whose ends are neighbours on their
// finer steps, lo moved by one finer step of another knob the way its
// probe measured to raise side (nil when there is none left to play).
func (s *search) across(lo, hi *candidate, side int) []float64 {
	for j, k := range s.knobs {
		e := s.effects[j]
		if k.Fine <= 0 || lo.point[j] != hi.point[j] || e == nil || !e.Significant || e.Change[side] == 0 || e.To == s.anchor.point[j] {
			continue
		}
		dir := math.Copysign(1, e.Change[side]*(e.To-s.anchor.point[j]))
		x := append([]float64(nil), lo.point...)
		x[j] = k.ClampFine(lo.point[j] + dir*k.Fine)
		if p := s.unplayed(x, lo.point, hi.point); p != nil {
			return p
		}
	}
	return nil
}

// unplayed returns x when it is none of ends and no candidate played
// it or was refused there (nil otherwise).
func (s *search) unplayed(x []float64, ends ...[]float64) []float64 {
	k := key(x)
	for _, e := range ends {
		if key(e) == k {
			return nil
		}
	}
	if c := s.seen[k]; c != nil && len(c.common.winners) > 0 || s.picked[k] >= maxIterations {
		return nil
	}
	return x
}

// tryCliff plays c, a point of a bisection, on common games in stages
// (cliffStages; those the budget has room for beside a confirmation),
// and judges it on fresh games when its common games put
// every side within the tolerance and a standard error; else it is one
// end of a narrower bracket. It returns the outcome that ends the
// search, or "" to go on.
func (s *search) tryCliff(ctx context.Context, w *walk, c *candidate, k string) (string, error) {
	return s.tryPoint(ctx, w, c, k, "bisecting a cliff: trying ")
}

// tryPoint plays c (whose key is k) on common games as tryCliff says,
// and judges it when they put it near the target; what says what it is
// for in the search's phase.
func (s *search) tryPoint(ctx context.Context, w *walk, c *candidate, k, what string) (string, error) {
	c.tried = true
	s.picked[k] = maxIterations // never planned again: its games are played
	s.setPhase(what+s.editLine(c), func() int { return s.spent + s.exploreGames + s.confirm })
	for _, part := range cliffStages {
		// a stage never eats into the confirmation's games
		n := min(s.units(s.exploreGames/part), len(c.common.winners)+(s.opts.Budget-s.spent-s.confirm)/s.unit*s.unit)
		if n <= len(c.common.winners) {
			break
		}
		if _, err := s.play(ctx, c, &c.common, n); err != nil {
			return OutcomeStopped, err
		}
		if !s.within(s.measure(c.common.winners), 3) {
			break
		}
	}
	w.centre = c.point
	s.progressed(c)
	if !s.within(s.measure(c.common.winners), 1) || s.opts.Budget-s.spent < s.confirm {
		return "", nil
	}
	w.explored = 0
	if err := s.judge(ctx, c); err != nil {
		return OutcomeStopped, err
	}
	return s.afterJudging(w, c, k), nil
}
