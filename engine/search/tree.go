package search

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/shapan/shapan/engine"
)

// node is a step of the tree: the decisions posed there, each with the
// answers its seat has tried, and the nodes the answers lead to.
type node struct {
	choices  []choice
	children map[string]*node
}

// choice is one seat's decision at a node and its arms.
type choice struct {
	player int
	kind   string
	visits int
	arms   []arm
	seen   map[string]bool
	legal  engine.Legal    // the legal answers, as the first visit listed them
	order  []int64         // legal indices still to draw (small lists)
	drawn  int64           // draws made from a large list
	ban    map[string]bool // answers refused as they are drawn (see forbid)
	lead   bool            // arms[0] is the policy's first proposal
	narrow bool            // no answer is drawn while an arm is usable (Model.Narrow)
}

// arm is an answer tried at a choice and its record.
type arm struct {
	answer engine.Answer
	visits int
	value  float64 // the sum of the seat's values
	square float64 // the sum of their squares
	bad    bool    // refused in some playout: never chosen again
}

// smallList is the size below which a decision's legal answers are
// shuffled once and drawn without repeats; a larger list is sampled.
const smallList = 4096

// newNode makes the node of a step, with every decision's proposals as
// its first arms.
func newNode(g Game, step []*engine.Decision, pol Policy, rng *rand.Rand, narrow func(*engine.Decision) bool) *node {
	n := &node{choices: make([]choice, len(step))}
	for i, d := range step {
		c := &n.choices[i]
		c.player, c.kind = d.Player, d.Kind
		c.seen = map[string]bool{}
		c.narrow = narrow != nil && narrow(d)
		if l, ok := engine.LegalOf(d); ok {
			c.legal = l
			if l.N <= smallList {
				c.order = make([]int64, l.N)
				for j := range c.order {
					c.order[j] = int64(j)
				}
				rng.Shuffle(len(c.order), func(a, b int) { c.order[a], c.order[b] = c.order[b], c.order[a] })
			}
		}
		if pol != nil {
			for _, a := range pol.Propose(g, d) {
				c.add(a)
			}
			c.lead = len(c.arms) > 0
		}
		if len(c.arms) == 0 {
			c.widen(rng)
		}
	}
	return n
}

// prefer makes props, the family player's proposals to player at the
// root, player's first arms (the first of them the one Trust keeps).
func (n *node) prefer(player int, props []engine.Answer) {
	if len(props) == 0 {
		return
	}
	for i := range n.choices {
		c := &n.choices[i]
		if c.player != player {
			continue
		}
		for k := len(props) - 1; k >= 0; k-- {
			a := props[k]
			if a == nil {
				continue
			}
			c.add(a)
			j := slices.IndexFunc(c.arms, func(x arm) bool { return string(x.answer) == string(a) })
			lead := c.arms[j]
			copy(c.arms[1:j+1], c.arms[:j])
			c.arms[0] = lead
		}
		c.lead = true
	}
}

// matches reports whether step is the step the node was made for (the
// same seats asked the same kinds of question): in another playout the
// dice may have led elsewhere.
func (n *node) matches(step []*engine.Decision) bool {
	if len(step) != len(n.choices) {
		return false
	}
	for i, d := range step {
		if d.Player != n.choices[i].player || d.Kind != n.choices[i].kind {
			return false
		}
	}
	return true
}

// visits returns the playouts that went through the node.
func (n *node) visits() int {
	if len(n.choices) == 0 {
		return 0
	}
	return n.choices[0].visits
}

// add adds an answer as an arm unless it is one already.
func (c *choice) add(a engine.Answer) bool {
	if a == nil || c.seen[string(a)] {
		return false
	}
	c.seen[string(a)] = true
	c.arms = append(c.arms, arm{answer: a, bad: c.ban[string(a)]})
	return true
}

// widen adds one answer drawn from the legal list, if one is left that is
// not an arm yet; it reports whether it added one.
func (c *choice) widen(rng *rand.Rand) bool {
	if c.legal.N == 0 || (c.narrow && c.usable() > 0) {
		return false
	}
	if c.order != nil {
		for len(c.order) > 0 {
			i := c.order[len(c.order)-1]
			c.order = c.order[:len(c.order)-1]
			if c.add(c.legal.At(i)) {
				return true
			}
		}
		return false
	}
	for tries := 0; tries < 8; tries++ {
		c.drawn++
		if c.add(c.legal.At(rng.Int64N(c.legal.N))) {
			return true
		}
	}
	return false
}

// pick chooses the arm to play: a new answer while progressive widening
// allows one (ceil(widen·√(visits+1)) arms besides the first), an arm not
// tried yet, else the best by UCB1.
func (c *choice) pick(explore, widen float64, rng *rand.Rand) int {
	if allowed := 1 + int(math.Ceil(widen*math.Sqrt(float64(c.visits+1)))); c.usable() < allowed {
		c.widen(rng)
	}
	best, bestScore := -1, math.Inf(-1)
	logN := math.Log(float64(c.visits + 1))
	for i := range c.arms {
		a := &c.arms[i]
		if a.bad {
			continue
		}
		if a.visits == 0 {
			return i
		}
		s := a.value/float64(a.visits) + explore*math.Sqrt(logN/float64(a.visits))
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	return best
}

// usable counts the arms not refused.
func (c *choice) usable() int {
	n := 0
	for i := range c.arms {
		if !c.arms[i].bad {
			n++
		}
	}
	return n
}

// best returns the arm tried most (ties: the better mean, then the
// first), or -1 when none was tried.
func (c *choice) best() int {
	best := -1
	for i := range c.arms {
		a := &c.arms[i]
		if a.bad || a.visits == 0 {
			continue
		}
		if best < 0 || a.visits > c.arms[best].visits ||
			(a.visits == c.arms[best].visits && a.value > c.arms[best].value) {
			best = i
		}
	}
	return best
}

// trusted returns the arm to answer with instead of b, the arm tried
// most: the policy's first proposal unless b's mean value exceeds it by
// trust standard errors of the difference (a search of few playouts
// does not overrule the family's player on noise).
func (c *choice) trusted(b int, trust float64) int {
	if b <= 0 || !c.lead {
		return b
	}
	p := &c.arms[0]
	if p.bad || p.visits == 0 {
		return b
	}
	a := &c.arms[b]
	diff := a.mean() - p.mean()
	if diff > 0 && diff*diff > trust*trust*(a.variance()/float64(a.visits)+p.variance()/float64(p.visits)) {
		return b
	}
	return 0
}

func (a *arm) mean() float64 { return a.value / float64(a.visits) }

// priorVisits is the weight of the prior variance of an arm's values,
// that of a coin (1/4), against what its visits show: two arms of one
// playout each are not told apart.
const priorVisits = 4

// variance is the variance of the arm's values, drawn toward a coin's
// while the arm has few visits.
func (a *arm) variance() float64 {
	m := a.mean()
	n := float64(a.visits)
	seen := max(a.square/n-m*m, 0)
	return (n*seen + priorVisits*0.25) / (n + priorVisits)
}

func logistic(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
