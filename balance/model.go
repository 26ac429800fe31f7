package balance

import (
	"math"
	"slices"
)

// The model: every game of every candidate is evidence of how the knobs
// move the win rates. Before it plans a point the search fits a
// multinomial logit model of the winner of a decided game on the values
// of the knobs that moved a side measurably — side s wins with a
// probability proportional to exp(a_s + b_s·z + g_s·common), z the knobs
// scaled by their probe steps around a centre (the last point tried) —
// by Newton's method, with half a game more won by every side at every
// point (so that a point where one side won every game says "nearly
// always", not "always", and the model puts the even point between it
// and one where that side lost), each candidate's games weighted by a Gaussian of
// its distance from the centre (deviation modelSpread probe steps). The
// common games share their luck (every candidate plays the same seeds):
// once some fresh games were played, g_s takes that luck out of the
// prediction, so that the fresh games set the level and the common games
// the slopes.

// modelSpread is the deviation, in probe steps, of the weight of a
// candidate's games by its distance from the centre; trustRadius how
// far from the centre, in probe steps, a plan may move a knob.
const (
	modelSpread = 1.5
	trustRadius = 3.0
)

// model is a fitted multinomial logit.
type model struct {
	knobs  []int     // the knobs in the model (indexes of search.knobs)
	centre []float64 // a whole point
	scale  []float64 // by model knob: its probe step
	sides  []int     // the sides that take part; sides[0] has weights 0
	block  bool      // a column for the common games
	// group, when set, makes the model one of a single variable: how far
	// a point is along the line from the document to the group's probe
	// (0 to 1), its knobs all moved together (knobs are the group's).
	group *Group
	w     [][]float64
	// decisive is the share of games with a winner near the centre.
	decisive float64
}

// features returns (1, z(x), common) of a point.
func (m *model) features(x []float64, common bool) []float64 {
	f := make([]float64, 0, len(m.knobs)+2)
	f = append(f, 1)
	if m.group != nil {
		f = append(f, (m.group.along(x)-m.group.along(m.centre))/groupScale)
	} else {
		for j, i := range m.knobs {
			f = append(f, (x[i]-m.centre[i])/m.scale[j])
		}
	}
	if m.block {
		f = append(f, btof(common))
	}
	return f
}

// probs returns the probability of every present side (in m.sides'
// order) to win a decided game with features f.
func (m *model) probs(f []float64) []float64 {
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

// rates returns every side's predicted win rate at x (absent sides 0),
// for fresh games: the common games' luck left out.
func (m *model) rates(x []float64, nSides int) []float64 {
	p := m.probs(m.features(x, false))
	out := make([]float64, nSides)
	for j, side := range m.sides {
		out[side] = p[j] * m.decisive
	}
	return out
}

// loss is the sum over the sides of the squared distance of the
// predicted rate at x from its target; worst the largest distance.
func (m *model) loss(s *search, x []float64) float64 {
	r := m.rates(x, len(s.sides))
	t := s.opts.Target.of(s.sides, m.decisive)
	l := 0.0
	for _, side := range m.sides {
		l += (r[side] - t[side]) * (r[side] - t[side])
	}
	return l
}

func (m *model) worst(s *search, x []float64) float64 {
	if m == nil {
		return math.Inf(1)
	}
	r := m.rates(x, len(s.sides))
	t := s.opts.Target.of(s.sides, m.decisive)
	w := 0.0
	for _, side := range m.sides {
		w = math.Max(w, math.Abs(r[side]-t[side]))
	}
	return w
}

// observation is one stream of a candidate's games: its features, the
// wins of every present side, and the weight of its games in the fit.
type observation struct {
	f      []float64
	wins   []float64
	weight float64
}

// groupScale is the part of a group's line that counts as one step.
const groupScale = 0.25

// along returns how far x is along the group's line: the projection of
// its move from the document's point on the probe's move (0 at the
// document, 1 at the probe).
func (g *Group) along(x []float64) float64 {
	num, den := 0.0, 0.0
	for _, i := range g.Knobs {
		d := g.point[i] - g.x0[i]
		num += (x[i] - g.x0[i]) * d
		den += d * d
	}
	if den == 0 {
		return 0
	}
	return num / den
}

// fit fits the model around centre to every candidate that moves only
// knobs that moved a side measurably (nil when none did). When no knob
// did alone but a group did, the model is one of the line to that
// group's probe.
func (s *search) fit(centre []float64) *model {
	knobs := s.significant()
	m := &model{knobs: knobs, centre: centre, sides: s.present()}
	if len(knobs) == 0 {
		if m.group = s.bestGroup(); m.group == nil {
			return nil
		}
		m.knobs = m.group.Knobs
	}
	for _, i := range m.knobs {
		m.scale = append(m.scale, s.knobs[i].Step)
	}
	knobs = m.knobs
	type stretch struct {
		c      *candidate
		st     *stream
		common bool
	}
	var use []stretch
	hasCommon, hasFresh := false, false
	for _, c := range s.order {
		if !s.inModel(c, knobs) {
			continue
		}
		if len(c.common.winners) > 0 {
			use = append(use, stretch{c, &c.common, true})
			hasCommon = true
		}
		if len(c.fresh.winners) > 0 {
			use = append(use, stretch{c, &c.fresh, false})
			hasFresh = true
		}
	}
	m.block = hasCommon && hasFresh
	var obs []observation
	decided, games := 0.0, 0.0
	for _, u := range use {
		wins, draws, n := counts(u.st.winners, len(s.sides))
		if n == 0 {
			continue
		}
		d := 0.0
		if m.group != nil {
			z := (m.group.along(u.c.point) - m.group.along(centre)) / groupScale
			d = z * z
		} else {
			for j, i := range knobs {
				z := (u.c.point[i] - centre[i]) / m.scale[j]
				d += z * z
			}
		}
		weight := math.Exp(-d / (2 * modelSpread * modelSpread))
		o := observation{f: m.features(u.c.point, u.common), weight: weight}
		for _, side := range m.sides {
			// half a win more for every side (Jeffreys): a side that won
			// every game of a point does not make its rate infinite
			o.wins = append(o.wins, float64(wins[side])+0.5)
		}
		obs = append(obs, o)
		decided += weight * float64(n-draws)
		games += weight * float64(n)
	}
	if games == 0 || decided == 0 {
		return nil
	}
	m.decisive = decided / games
	if m.w = fitLogit(obs, len(m.sides)); m.w == nil {
		return nil
	}
	return m
}

// inModel reports whether c moves no knob from the anchor's values but
// those of the model.
func (s *search) inModel(c *candidate, knobs []int) bool {
	for i := range s.knobs {
		if c.point[i] != s.anchor.point[i] && !slices.Contains(knobs, i) {
			return false
		}
	}
	return true
}

// fitLogit fits the weights of a multinomial logit over sides sides to
// the observations by Newton's method on the weighted log-likelihood,
// with a small ridge so that a column the observations do not move stays
// near 0. Side 0's weights are 0. It returns nil when no observation has
// a decided game.
func fitLogit(obs []observation, sides int) [][]float64 {
	if len(obs) == 0 || sides < 2 {
		return nil
	}
	dim := len(obs[0].f)
	w := make([][]float64, sides)
	for s := range w {
		w[s] = make([]float64, dim)
	}
	total := 0.0
	for _, o := range obs {
		for _, n := range o.wins {
			total += n * o.weight
		}
	}
	if total == 0 {
		return nil
	}
	m := &model{w: w}
	const ridge, iterations = 1e-4, 60
	n := (sides - 1) * dim // the free weights: sides 1.. (side 0's are 0)
	for range iterations {
		grad := make([]float64, n)
		hess := make([][]float64, n)
		for i := range hess {
			hess[i] = make([]float64, n)
			hess[i][i] = ridge
			grad[i] = -ridge * w[1+i/dim][i%dim]
		}
		for _, o := range obs {
			p := m.probs(o.f)
			games := 0.0
			for _, k := range o.wins {
				games += k
			}
			c := games * o.weight / total
			for a := 1; a < sides; a++ {
				r := (o.wins[a] - games*p[a]) * o.weight / total
				for j := range o.f {
					grad[(a-1)*dim+j] += r * o.f[j]
				}
				for b := 1; b < sides; b++ {
					cov := -p[a] * p[b]
					if a == b {
						cov += p[a]
					}
					for j := range o.f {
						for k := range o.f {
							hess[(a-1)*dim+j][(b-1)*dim+k] += c * cov * o.f[j] * o.f[k]
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
		for _, d := range step {
			largest = math.Max(largest, math.Abs(d))
		}
		shrink := 1.0
		if largest > 4 { // a long Newton step on separated games: go part of the way
			shrink = 4 / largest
		}
		for i, d := range step {
			w[1+i/dim][i%dim] += d * shrink
		}
		if largest < 1e-9 {
			break
		}
	}
	return w
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
