package balance

import (
	"math"
)

// The surrogate: every game every candidate played is evidence of how
// the knobs move the win rates, not only the games of the candidate a
// step keeps. Before a later round, the search fits a multinomial logit
// model of the winner on the knobs' values to the games of the
// candidates near where the round starts, and starts the round from the
// point the model predicts fair (when it predicts one fairer than the
// start), so that a round begins where all the evidence points, and its
// games — new ones — judge it.

// surrogateRadius is how far from the round's start, in first steps of
// each knob, a candidate's games count toward the model (their weight
// falls as a Gaussian of the distance with this deviation), and how far
// the predicted point may move.
const surrogateRadius = 2.0

// logit is a multinomial logit model: side s wins a decided game at
// knob point x with a probability proportional to exp(w[s]·(1, z(x))),
// where z scales every knob by its first step around a centre point
// (side 0's weights are 0).
type logit struct {
	centre, scale []float64
	w             [][]float64
}

// features returns (1, z(x)).
func (m *logit) features(x []float64) []float64 {
	f := make([]float64, len(x)+1)
	f[0] = 1
	for i := range x {
		f[i+1] = (x[i] - m.centre[i]) / m.scale[i]
	}
	return f
}

// predict returns every side's probability of winning a decided game at
// x.
func (m *logit) predict(x []float64) []float64 {
	f := m.features(x)
	p := make([]float64, len(m.w))
	top := math.Inf(-1)
	for s, w := range m.w {
		for j := range f {
			p[s] += w[j] * f[j]
		}
		top = math.Max(top, p[s])
	}
	total := 0.0
	for s := range p {
		p[s] = math.Exp(p[s] - top)
		total += p[s]
	}
	for s := range p {
		p[s] /= total
	}
	return p
}

// observation is a candidate's decided games: its point, the wins of
// every side, and the weight of its games in the fit.
type observation struct {
	point  []float64
	wins   []float64
	weight float64
}

// fitLogit fits the model to the observations (over sides sides) by
// Newton's method on the weighted log-likelihood, with a small ridge so
// that knobs the observations never moved stay at 0. It returns nil when
// no observation has a decided game.
func fitLogit(obs []observation, centre, scale []float64, sides int) *logit {
	m := &logit{centre: centre, scale: scale, w: make([][]float64, sides)}
	dim := len(centre) + 1
	for s := range m.w {
		m.w[s] = make([]float64, dim)
	}
	total := 0.0
	for _, o := range obs {
		for _, n := range o.wins {
			total += n * o.weight
		}
	}
	if total == 0 || sides < 2 {
		return nil
	}
	const ridge, iterations = 1e-4, 50
	n := (sides - 1) * dim // the free weights: sides 1.. (side 0's are 0)
	for range iterations {
		grad := make([]float64, n)
		hess := make([][]float64, n)
		for i := range hess {
			hess[i] = make([]float64, n)
			hess[i][i] = ridge
			grad[i] = -ridge * m.w[1+i/dim][i%dim]
		}
		for _, o := range obs {
			f, p := m.features(o.point), m.predict(o.point)
			games := 0.0
			for _, k := range o.wins {
				games += k
			}
			c := games * o.weight / total
			for a := 1; a < sides; a++ {
				r := (o.wins[a] - games*p[a]) * o.weight / total
				for j := range f {
					grad[(a-1)*dim+j] += r * f[j]
				}
				for b := 1; b < sides; b++ {
					cov := -p[a] * p[b]
					if a == b {
						cov += p[a]
					}
					for j := range f {
						for k := range f {
							hess[(a-1)*dim+j][(b-1)*dim+k] += c * cov * f[j] * f[k]
						}
					}
				}
			}
		}
		step, ok := solve(hess, grad)
		if !ok {
			return nil
		}
		largest := 0.0
		for i, d := range step {
			m.w[1+i/dim][i%dim] += d
			largest = math.Max(largest, math.Abs(d))
		}
		if largest < 1e-9 {
			break
		}
	}
	return m
}

// solve solves a x = b by Gaussian elimination with partial pivoting (a
// and b are overwritten); ok is false when a is singular.
func solve(a [][]float64, b []float64) (x []float64, ok bool) {
	n := len(b)
	for col := range n {
		pivot := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[pivot][col]) {
				pivot = r
			}
		}
		if math.Abs(a[pivot][col]) < 1e-15 {
			return nil, false
		}
		a[col], a[pivot] = a[pivot], a[col]
		b[col], b[pivot] = b[pivot], b[col]
		for r := col + 1; r < n; r++ {
			f := a[r][col] / a[col][col]
			for c := col; c < n; c++ {
				a[r][c] -= f * a[col][c]
			}
			b[r] -= f * b[col]
		}
	}
	x = make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		v := b[r]
		for c := r + 1; c < n; c++ {
			v -= a[r][c] * x[c]
		}
		x[r] = v / a[r][r]
	}
	return x, true
}

// surrogatePoint fits the model to the games of the candidates
// simulated so far around from and returns the point within
// surrogateRadius first steps of from, on the knobs' grids, whose
// predicted rates are nearest the target, or nil when the model predicts
// no point fairer than from.
func (s *search) surrogatePoint(from *candidate) []float64 {
	scale := make([]float64, len(s.knobs))
	for i, k := range s.knobs {
		scale[i] = math.Max(k.Step, k.MinStep)
	}
	var obs []observation
	for _, c := range s.order {
		wins, _, _ := c.counts(len(s.sides), 0, len(c.winners))
		w := make([]float64, len(wins))
		decided := 0.0
		for i, n := range wins {
			w[i] = float64(n)
			decided += w[i]
		}
		if decided == 0 {
			continue
		}
		d := 0.0
		for i := range c.point {
			z := (c.point[i] - from.point[i]) / scale[i]
			d += z * z
		}
		obs = append(obs, observation{point: c.point, wins: w, weight: math.Exp(-d / (2 * surrogateRadius * surrogateRadius))})
	}
	m := fitLogit(obs, from.point, scale, len(s.sides))
	if m == nil {
		return nil
	}
	targets := s.opts.Target.of(s.sides, 1)
	loss := func(x []float64) float64 {
		p := m.predict(x)
		l := 0.0
		for i, side := range s.sides {
			if !side.Absent {
				l += (p[i] - targets[i]) * (p[i] - targets[i])
			}
		}
		return l
	}
	best := append([]float64(nil), from.point...)
	start := loss(best)
	bestLoss := start
	// Coordinate descent on the knobs' grids, from the coarsest step to
	// the finest, within the radius.
	for step := 1.0; step >= 1.0/64; step /= 2 {
		for improved := true; improved; {
			improved = false
			for i := range s.knobs {
				k := &s.knobs[i]
				for _, dir := range []float64{-1, 1} {
					x := append([]float64(nil), best...)
					x[i] = k.clamp(best[i] + dir*math.Max(step*scale[i], k.MinStep))
					if x[i] == best[i] || math.Abs(x[i]-from.point[i]) > surrogateRadius*scale[i]+1e-9 {
						continue
					}
					if l := loss(x); l < bestLoss-1e-12 {
						best, bestLoss, improved = x, l, true
					}
				}
			}
		}
	}
	if bestLoss >= start-1e-9 {
		return nil
	}
	return best
}
