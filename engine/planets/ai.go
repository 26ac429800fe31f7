package planets

import (
	"math"
	"math/rand"
	"slices"

	"github.com/shapan/shapan/engine"
)

// AI is the computer player. Every step it:
//
//  1. uses the terminator (when it has the points) on the enemy planet
//     with the largest garrison, and plans as if that planet were neutral;
//  2. works out what each of its planets can spare: the units it can send
//     without losing the planet to the fleets already in flight (forecast
//     with the exact battle and production rules), keeping a reserve
//     against the enemy garrisons next to it;
//  3. sends fleets, best first, to the neighbouring planets it can take —
//     neutral or enemy — and to its own planets that the fleets in flight
//     would take, valuing a planet by its growth (cos, res, max), by
//     taking it from an enemy, and by the length of the route; each fleet
//     is the smallest that takes the planet with the forecast;
//  4. sends single units at enemy planets whose def is an integer: a
//     defender that wins there keeps no units (spec 5.5 step 8);
//  5. moves the units its inner planets do not need for growth towards
//     its frontier.
//
// The AI of NewAI is deterministic: the same state gives the same order.
// A seeded AI (NewSeededAI) varies its play as players do: it plays every
// game with a temperament of its own (Caution, Keep, Guard, Aggression,
// Outlook), has its own taste for every planet (Noise) and breaks ties
// at random.
type AI struct {
	// Caution scales the reserve a planet keeps against the largest enemy
	// garrison that can reach it (0: none).
	Caution float64
	// Keep is the smallest garrison a fleet should leave on a planet it
	// takes.
	Keep int64
	// Guard scales the garrison a fleet should leave on a planet it takes
	// against the largest enemy garrison next to that planet.
	Guard float64
	// Probes switches the single-unit attacks on integer-def planets.
	Probes bool
	// Aggression weighs enemy planets against neutral ones: the score of
	// a fleet at an enemy planet is scaled by 1 + Aggression (0: the
	// usual weight; below 0 the AI rather expands).
	Aggression float64
	// Outlook adds to the value of a planet the values of the planets it
	// opens up, the ones next to it that are not the player's (each
	// divided by its route's steps), times Outlook (0: none).
	Outlook float64
	// Noise, with Rand, gives the AI its own taste for every planet: a
	// fleet's score is scaled by a factor drawn once a game per target
	// planet uniformly from [1-Noise, 1+Noise], and the terminator
	// target's score by one drawn every step (0: none).
	Noise float64
	// Rand draws the noise and breaks ties among equally good routes for
	// the units moved to the frontier; nil: the AI is deterministic.
	Rand *rand.Rand

	dist  [][]float64 // shortest route lengths of the last board
	board *board
	taste []float64 // the noise factor of every planet, nil for none
	// forecast, spares, cands and moves are the storage of an order,
	// kept for the next (an AI plays one game at a time).
	forecast forecast
	spares   []int64
	cands    []candidate
	moves    []Move
}

// NewAI returns the computer player with its usual settings.
func NewAI() *AI { return &AI{Caution: 0, Keep: 5, Guard: 0.3, Probes: true} }

// NewSeededAI returns a computer player whose play varies with seed, as
// games between players vary: its temperament is drawn from seed around
// NewAI's settings (Caution 0–0.1, Keep 4–8, Guard 0.25–0.5, Aggression
// −0.3–0.5, Outlook 0.05–0.2, Noise 0.05–0.2), and its generator, seeded
// with seed, draws its taste for the planets and breaks its ties. The
// same seed in the same game gives the same orders. A seeded AI should
// play one seat of one game (see SeededSeats): its taste is drawn for
// the first board it plays on.
func NewSeededAI(seed int64) *AI {
	r := rand.New(rand.NewSource(seed))
	between := func(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
	return &AI{
		Caution:    between(0, 0.1),
		Keep:       4 + r.Int63n(5),
		Guard:      between(0.25, 0.5),
		Probes:     true,
		Aggression: between(-0.3, 0.5),
		Outlook:    between(0.05, 0.2),
		Noise:      between(0.05, 0.2),
		Rand:       r,
	}
}

// SeatSeed returns the seed of the seeded computer player of seat seat
// in a game of seed seed: a mix of both, so that the seats' generators
// and the game's own (which shuffles the start planets) are unrelated.
func SeatSeed(seed int64, seat int) int64 {
	z := uint64(seed)*0x9e3779b97f4a7c15 + uint64(seat+1)*0xbf58476d1ce4e5b9
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int64(z >> 1)
}

// SeededSeats returns the n seeded computer players of a game of seed
// seed, seat p's seeded with SeatSeed(seed, p). `shapan sim` and `shapan
// play --seed` seat them so: a game of a simulation plays again with its
// seed.
func SeededSeats(seed int64, n int) []Player {
	out := make([]Player, n)
	for p := range out {
		out[p] = NewSeededAI(SeatSeed(seed, p))
	}
	return out
}

// jitter returns score scaled by a factor drawn from [1-Noise, 1+Noise]
// (score itself for a deterministic AI).
func (ai *AI) jitter(score float64) float64 {
	if ai.Rand == nil || ai.Noise == 0 {
		return score
	}
	return score * (1 + ai.Noise*(2*ai.Rand.Float64()-1))
}

// Answer implements Player. Its order's moves are built in storage the
// AI keeps from one answer to the next (the answer is their JSON).
func (ai *AI) Answer(g *Game, d *engine.Decision) engine.Answer {
	if ai.moves == nil {
		ai.moves = make([]Move, 0, 8)
	}
	o := ai.safeOrder(g.st, d.Player, ai.moves[:0])
	ai.moves = o.Moves
	return g.OrderAnswer(d, o)
}

// Order returns player me's order for the next step. On a map whose
// numbers make the rules fail (the game stops there too), it orders
// nothing.
func (ai *AI) Order(g *Game, me int) Order { return ai.safeOrder(g.st, me, []Move{}) }

// safeOrder is order, with an empty order on a map whose numbers make the
// rules fail; the order's moves are appended to moves (empty, not nil).
func (ai *AI) safeOrder(st *state, me int, moves []Move) (o Order) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(NumError); !ok {
				panic(r)
			}
			o = Order{Moves: moves[:0]}
		}
	}()
	return ai.order(st, me, moves)
}

// candidate is a fleet the AI considers.
type candidate struct {
	from, to int
	steps    int
	score    float64
}

func (ai *AI) order(st *state, me int, moves []Move) Order {
	ai.prepare(st.b)
	f := &ai.forecast
	f.reset(st)
	o := Order{Moves: moves}
	if t := ai.terminatorTarget(st, me); t >= 0 {
		o.Tactic = &Tactic{Type: Terminator, Planet: t}
		f.now[t] = hold{owner: Neutral}
	}
	ai.spares = append(ai.spares[:0], make([]int64, len(st.holds))...)
	spare := ai.spares
	for p, h := range f.now {
		if h.owner == me {
			spare[p] = ai.spare(f, p, me)
		}
	}
	send := func(from, to, steps int, count int64) {
		o.Moves = append(o.Moves, Move{Count: count, From: from, To: to})
		spare[from] -= count
		f.depart(from, count)
		f.add(to, landing{step: steps, player: me, count: count})
	}
	for _, c := range ai.candidates(f, me, spare) {
		if spare[c.from] < 1 || ai.ours(f, c.to, me, c.steps) {
			continue
		}
		if need := ai.need(f, c, me, spare[c.from]); need > 0 {
			send(c.from, c.to, c.steps, need)
		}
	}
	if ai.Probes {
		ai.probe(f, me, spare, send)
	}
	ai.stage(f, me, spare, send)
	return o
}

// prepare computes the shortest route lengths of a new board, and draws
// the AI's taste for its planets.
func (ai *AI) prepare(b *board) {
	if ai.board == b {
		return
	}
	n := len(b.planets)
	ai.taste = nil
	if ai.Rand != nil && ai.Noise != 0 {
		ai.taste = make([]float64, n)
		for p := range ai.taste {
			ai.taste[p] = ai.jitter(1)
		}
	}
	ai.board, ai.dist = b, make([][]float64, n)
	for i := range ai.dist {
		ai.dist[i] = make([]float64, n)
		for j := range ai.dist[i] {
			ai.dist[i][j] = math.Inf(1)
		}
		ai.dist[i][i] = 0
		for _, r := range b.adj[i] {
			if k, ok := steps(r); ok {
				ai.dist[i][r.to] = min(ai.dist[i][r.to], float64(k))
			}
		}
	}
	for k := range n {
		for i := range n {
			for j := range n {
				ai.dist[i][j] = min(ai.dist[i][j], ai.dist[i][k]+ai.dist[k][j])
			}
		}
	}
}

// steps returns the steps of a route fleets arrive on (a whole number, at
// least 1).
func steps(r route) (int, bool) {
	k, ok := whole(r.steps)
	if !ok || k < 1 || k > 1000 {
		return 0, false
	}
	return int(k), true
}

// units returns a garrison as whole units.
func units(n Num) int64 {
	f := math.Floor(n.Float())
	if f <= 0 {
		return 0
	}
	return int64(f)
}

// value is what owning planet p is worth: one more planet, and its growth.
func (ai *AI) value(st *state, p int) float64 {
	info := st.b.planets[p]
	v := 20 + info.cos.Float()
	if res := info.res.Float(); res > 1 {
		v += (res - 1) * min(info.max.Float(), 400) / 2
	}
	return v
}

// terminatorTarget returns the enemy planet to wipe out, or -1.
func (ai *AI) terminatorTarget(st *state, me int) int {
	if st.players[me].points < TacticCost[Terminator] {
		return -1
	}
	best, bestScore := -1, 15.0
	for p, h := range st.holds {
		if h.owner == Neutral || h.owner == me {
			continue
		}
		score := ai.jitter(h.count.Float() + ai.value(st, p)/4)
		if score > bestScore {
			best, bestScore = p, score
		}
	}
	return best
}

// guard is the garrison a fleet should leave on planet p it takes: Guard
// times the largest enemy garrison that can reach p, weighted by p's def.
func (ai *AI) guard(f *forecast, p, me int) int64 {
	if ai.Guard == 0 {
		return 0
	}
	return int64(math.Ceil(ai.threat(f, p, me) * ai.Guard / max(f.st.b.planets[p].def.Float(), 0.1)))
}

// threat is the largest enemy garrison with a route of a few steps to p.
func (ai *AI) threat(f *forecast, p, me int) float64 {
	threat := 0.0
	for _, r := range f.st.b.adj[p] {
		h := f.now[r.to]
		if k, ok := steps(r); ok && k <= 6 && h.owner != Neutral && h.owner != me {
			threat = max(threat, h.count.Float())
		}
	}
	return threat
}

// reserve is what planet p keeps against the enemy garrisons that can
// reach it within a few steps.
func (ai *AI) reserve(f *forecast, p, me int) int64 {
	threat := ai.threat(f, p, me)
	d := f.st.b.planets[p].def.Float()
	if threat == 0 || d <= 0 {
		return 0
	}
	return int64(math.Ceil(threat * ai.Caution / d))
}

// spare returns how many units planet p can send now: the most it can
// lose and still hold against the fleets in flight, less its reserve. A
// planet the fleets in flight take anyway can send everything.
func (ai *AI) spare(f *forecast, p, me int) int64 {
	g := units(f.now[p].count)
	if g == 0 {
		return 0
	}
	if !f.keeps(p, me, plan{from: p, to: -1}) {
		return g
	}
	lo, hi := int64(0), g // lo always keeps
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if f.keeps(p, me, plan{from: p, to: -1, depart: mid}) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return max(0, min(lo, g-ai.reserve(f, p, me)))
}

// candidates lists the fleets worth considering, best first.
func (ai *AI) candidates(f *forecast, me int, spare []int64) []candidate {
	st := f.st
	out := ai.cands[:0]
	for from, s := range spare {
		if s < 1 {
			continue
		}
		for _, r := range st.b.adj[from] {
			k, ok := steps(r)
			if !ok || r.to == from {
				continue
			}
			h := f.now[r.to]
			v := ai.value(st, r.to) + ai.outlook(f, r.to, me)
			weight := 1.0
			switch {
			case h.owner == me:
				if f.keeps(r.to, me, plan{to: -1, from: -1}) {
					continue
				}
				v += h.count.Float() // a rescue keeps the garrison too
			case h.owner != Neutral:
				v += 10 + h.count.Float()/4
				weight += ai.Aggression
			}
			cost := h.count.Float()*st.b.planets[r.to].def.Float() + 1
			score := weight * v / (cost + 4*float64(k))
			if ai.taste != nil {
				score *= ai.taste[r.to]
			}
			out = append(out, candidate{from: from, to: r.to, steps: k, score: score})
		}
	}
	// The same order as sort.SliceStable with score > score, NaNs
	// included (the two sorts share their algorithm), without its
	// allocations.
	slices.SortStableFunc(out, func(a, b candidate) int {
		switch {
		case a.score > b.score:
			return -1
		case b.score > a.score:
			return 1
		}
		return 0
	})
	ai.cands = out
	return out
}

// ours reports whether planet p is forecast to be player me's after step
// k and to stay so, with nothing more sent.
func (ai *AI) ours(f *forecast, p, me, k int) bool {
	ok := true
	f.run(p, max(k, f.horizon[p]), plan{to: -1, from: -1}, func(step int, _, after hold) bool {
		if step < k {
			return true
		}
		ok = after.owner == me
		return ok
	})
	return ok
}

// need returns the smallest fleet, at most avail, that takes c.to (0: none
// does).
func (ai *AI) need(f *forecast, c candidate, me int, avail int64) int64 {
	keep := max(ai.Keep, ai.guard(f, c.to, me))
	if !f.takes(c.to, me, c.steps, avail, keep) {
		return 0
	}
	lo, hi := int64(1), avail // hi always takes
	for lo < hi {
		mid := (lo + hi) / 2
		if f.takes(c.to, me, c.steps, mid, keep) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// probe sends one unit at every neighbouring enemy planet whose def is an
// integer and whose garrison is worth wiping out, unless one of the
// player's fleets already lands there in the same step.
func (ai *AI) probe(f *forecast, me int, spare []int64, send func(from, to, steps int, count int64)) {
	st := f.st
	for from := range spare {
		for _, r := range st.b.adj[from] {
			k, ok := steps(r)
			h := f.now[r.to]
			if spare[from] < 1 || !ok || h.owner == Neutral || h.owner == me || !st.b.planets[r.to].def.IsInt() ||
				h.count.Float() < 10 || ai.lands(f, r.to, me, k) {
				continue
			}
			send(from, r.to, k, 1)
		}
	}
}

// lands reports whether a fleet of player me lands on p in step k.
func (ai *AI) lands(f *forecast, p, me, k int) bool {
	for _, l := range f.incoming[p] {
		if l.player == me && l.step == k {
			return true
		}
	}
	return false
}

// stage moves the spare units of planets with no enemy or neutral
// neighbour, beyond what they need to grow, one route towards the
// nearest planet that is not the player's.
func (ai *AI) stage(f *forecast, me int, spare []int64, send func(from, to, steps int, count int64)) {
	st := f.st
	for from, s := range spare {
		if s < 5 || ai.frontier(f, from, me) {
			continue
		}
		info := st.b.planets[from]
		keep := int64(0)
		if res := info.res.Float(); res > 1 {
			keep = int64(math.Ceil((info.max.Float() - info.cos.Float()) / res))
		}
		count := min(s, units(f.now[from].count)-keep)
		if count < 5 {
			continue
		}
		best, bestDist, bestSteps, ties := -1, math.Inf(1), 0, 0
		for _, r := range st.b.adj[from] {
			k, ok := steps(r)
			if !ok || r.to == from {
				continue
			}
			d := float64(k) + ai.nearestOther(f, r.to, me)
			switch {
			case d < bestDist:
				best, bestDist, bestSteps, ties = r.to, d, k, 1
			case d == bestDist && ai.Rand != nil:
				// As short as the best: every one of the ties is taken
				// with the same chance.
				ties++
				if ai.Rand.Intn(ties) == 0 {
					best, bestSteps = r.to, k
				}
			}
		}
		if best >= 0 && !math.IsInf(bestDist, 1) {
			send(from, best, bestSteps, count)
		}
	}
}

// frontier reports whether planet p has a route to a planet that is not
// player me's.
func (ai *AI) frontier(f *forecast, p, me int) bool {
	for _, r := range f.st.b.adj[p] {
		if _, ok := steps(r); ok && f.now[r.to].owner != me {
			return true
		}
	}
	return false
}

// nearestOther returns the route length from p to the nearest planet that
// is not player me's.
func (ai *AI) nearestOther(f *forecast, p, me int) float64 {
	best := math.Inf(1)
	for q, h := range f.now {
		if h.owner != me {
			best = min(best, ai.dist[p][q])
		}
	}
	return best
}

// outlook is what taking planet p opens up: Outlook times the values of
// the planets next to it that are not player me's, each divided by the
// steps of its route.
func (ai *AI) outlook(f *forecast, p, me int) float64 {
	if ai.Outlook == 0 {
		return 0
	}
	sum := 0.0
	for _, r := range f.st.b.adj[p] {
		if k, ok := steps(r); ok && r.to != p && f.now[r.to].owner != me {
			sum += ai.value(f.st, r.to) / float64(k)
		}
	}
	return ai.Outlook * sum
}
