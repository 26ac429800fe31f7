package search

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/internal/cputime"
)

// Options set a search player's budget and play.
type Options struct {
	// Playouts is the number of playouts per decision (0:
	// DefaultPlayouts), when CPU is 0.
	Playouts int
	// CPU, when positive, is the CPU time of the player's thread spent
	// per decision instead of a number of playouts (at least one
	// playout is played).
	CPU time.Duration
	// Seed seeds the player's choices.
	Seed int64
	// Explore is UCB1's exploration constant (0: DefaultExplore).
	Explore float64
	// Widen is the progressive widening factor (0: DefaultWiden): a
	// decision visited n times tries up to 1 + ⌈Widen·√(n+1)⌉ answers.
	Widen float64
	// Horizon, when positive, overrides the model's Horizon.
	Horizon int
	// Trust, when not 0, overrides the model's Trust (negative: none).
	Trust float64
}

// The defaults of Options.
const (
	DefaultPlayouts = 200
	DefaultExplore  = 0.4
	DefaultWiden    = 1.0
)

// Player is the search player. It answers the decisions of any seat of
// the games it is given, one decision at a time (one goroutine), keeping
// nothing from one decision to the next but its generator.
type Player struct {
	model *Model
	o     Options
	rng   *rand.Rand
	stats Stats
	// next is the tree below the player's last answer, kept for its
	// next decision when that comes right after it (the same seat acting
	// on: a destination, then a tech, then a target): at is the game
	// and its answer count then.
	next *node
	in   Game
	at   int
	// chain is the decisions the player answered in a row in one game,
	// no other answer given between them; ban is the answers the root's
	// seat may not give (see loop.go).
	chain chain
	ban   map[string]bool
	// lead is the family's own player as it would play the player's
	// seat: it sees every decision the player answers, so it keeps its
	// memory (a card's planned target, the cities already filled) as it
	// does in a game of its own; its proposals are the root's first
	// arms. props are its proposals at the decision being answered.
	lead  Policy
	props []engine.Answer
	seat  int
	// opening is set while the player answers an opening (Model.Opening).
	opening bool
}

// Stats is what a player's thinking cost.
type Stats struct {
	// Decisions is the number of decisions searched (a decision with a
	// single legal answer is answered without a search).
	Decisions int
	// Reused is the number of decisions that went on with the tree of
	// the player's previous answer (see Player).
	Reused int
	// Playouts is the number of playouts played, Failed those whose copy
	// of the game could not be made or failed in the rules.
	Playouts, Failed int
	// CPU is the thread CPU time spent searching (0 where it is not
	// read).
	CPU time.Duration
	// MaxCPU is the most CPU time one decision took.
	MaxCPU time.Duration
	// Overruled is the number of decisions searched whose answer is not
	// the family player's (the lead's first proposal).
	Overruled int
}

// New returns a search player of games described by m.
func New(m *Model, o Options) *Player {
	if o.Playouts <= 0 {
		o.Playouts = DefaultPlayouts
	}
	if o.Explore <= 0 {
		o.Explore = DefaultExplore
	}
	if o.Widen <= 0 {
		o.Widen = DefaultWiden
	}
	if o.Horizon <= 0 {
		o.Horizon = m.Horizon
	}
	if o.Trust == 0 {
		o.Trust = m.Trust
	}
	p := &Player{model: m, o: o, rng: rand.New(rand.NewPCG(uint64(o.Seed), 0x5eed))}
	switch {
	case m.Lead != nil:
		p.lead = m.Lead(o.Seed ^ 0x1ead)
	case m.Policy != nil:
		p.lead = m.Policy(o.Seed ^ 0x1ead)
	}
	return p
}

// Stats returns what the player's decisions cost so far.
func (p *Player) Stats() Stats { return p.stats }

// For returns p as a player of games of type G.
func For[G Game](p *Player) engine.Player[G] {
	return engine.PlayerFunc[G](func(g G, d *engine.Decision) engine.Answer { return p.Answer(g, d) })
}

// Answer answers d, a decision pending in g, with the answer its seat
// tried most in the playouts from g.
func (p *Player) Answer(g Game, d *engine.Decision) engine.Answer {
	l, listed := engine.LegalOf(d)
	fp := p.chain.enter(g, d)
	if listed && l.N == 1 {
		if p.lead != nil {
			p.lead.Propose(g, d) // it sees the decision all the same
		}
		a := l.At(0) // nothing to choose
		p.chain.leave(g, fp, a)
		return a
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, wall := cputime.Thread(), time.Now()
	spent := func() time.Duration {
		if start == 0 {
			return time.Since(wall)
		}
		return time.Duration(cputime.Thread() - start)
	}
	before := p.stats.Playouts
	p.ban = p.chain.banned(fp, d)
	p.props, p.seat = nil, d.Player
	if p.lead != nil {
		p.props = p.lead.Propose(g, d)
	}
	if a, ok := p.only(d); ok {
		p.chain.leave(g, fp, a)
		p.ban, p.props = nil, nil
		return a
	}
	playouts, cpu := p.budget(g, d)
	if p.opening && p.model.Paired {
		if a, ok := p.paired(g, d, playouts, cpu, spent); ok {
			p.next, p.in = nil, nil
			p.done(g, fp, a, before, spent())
			return a
		}
	}
	root := p.kept(g, d)
	if root != nil {
		root.prefer(d.Player, p.props)
	}
	if root != nil {
		p.stats.Reused++
		// the playouts through the kept tree count, down to a quarter
		playouts = max(playouts-root.visits(), playouts/4)
	}
	for n := 0; ; n++ {
		if cpu > 0 {
			if n > 0 && spent() >= cpu {
				break
			}
		} else if n >= playouts {
			break
		}
		root = p.playout(root, g)
	}
	used := spent()
	a := p.choose(root, g, d, l, listed)
	p.keep(root, g, a)
	p.done(g, fp, a, before, used)
	return a
}

// done records a searched decision's cost (the playouts since before,
// the CPU time used) and answer a, and forgets the decision.
func (p *Player) done(g Game, fp string, a engine.Answer, before int, used time.Duration) {
	record(p.stats.Playouts-before, used)
	p.stats.Decisions++
	p.stats.CPU += used
	p.stats.MaxCPU = max(p.stats.MaxCPU, used)
	if len(p.props) > 0 && p.props[0] != nil && string(a) != string(p.props[0]) {
		p.stats.Overruled++
		overrule()
	}
	p.chain.leave(g, fp, a)
	p.ban, p.props, p.opening = nil, nil, false
}

// only returns the lead's single proposal at d when d is narrow
// (Model.Narrow) and the proposal is legal and not banned: the answer,
// with nothing to search.
func (p *Player) only(d *engine.Decision) (engine.Answer, bool) {
	if p.model.Narrow == nil || len(p.props) != 1 || !p.model.Narrow(d) {
		return nil, false
	}
	a := p.props[0]
	if a == nil || p.ban[string(a)] || (d.Check != nil && d.Check(a) != nil) {
		return nil, false
	}
	p.next, p.in = nil, nil
	return a, true
}

// budget returns the playouts and the CPU time (0: none) to spend on d,
// and marks an opening (Model.Opening).
func (p *Player) budget(g Game, d *engine.Decision) (playouts int, cpu time.Duration) {
	playouts, cpu = p.o.Playouts, p.o.CPU
	p.opening = p.model.Opening != nil && p.model.Opening(g, d)
	if !p.opening {
		return playouts, cpu
	}
	if cpu > 0 {
		return playouts, max(cpu, p.model.OpeningCPU)
	}
	if n := p.model.OpeningPlayouts; n > 0 {
		playouts = min(playouts, n)
	}
	return playouts, 0
}

// kept returns the tree kept from the player's last answer when d comes
// right after it, in the same game, and is the decision the tree expects.
func (p *Player) kept(g Game, d *engine.Decision) *node {
	n, in := p.next, p.in
	p.next, p.in = nil, nil
	if n == nil || n.choices == nil || in != g || g.Answered() != p.at {
		return nil
	}
	if len(n.choices) != 1 || n.choices[0].player != d.Player || n.choices[0].kind != d.Kind {
		return nil
	}
	return n
}

// keep keeps the tree below answer a of a sequential decision (a single
// seat asked) for the player's next decision.
func (p *Player) keep(root *node, g Game, a engine.Answer) {
	if root == nil || len(root.choices) != 1 {
		return
	}
	p.next, p.in, p.at = root.children[string(a)+"\x00"], g, g.Answered()+1
}

// choose returns the answer of d's seat tried most at the root, checked
// against d; when the search found none it falls back on the policy or a
// legal answer.
func (p *Player) choose(root *node, g Game, d *engine.Decision, l engine.Legal, listed bool) engine.Answer {
	if root != nil {
		for i := range root.choices {
			c := &root.choices[i]
			if c.player != d.Player {
				continue
			}
			for tries := 0; tries < len(c.arms); tries++ {
				b := c.best()
				if p.o.Trust > 0 && !p.opening {
					b = c.trusted(b, p.o.Trust)
				}
				if b < 0 {
					break
				}
				if !p.ban[string(c.arms[b].answer)] && (d.Check == nil || d.Check(c.arms[b].answer) == nil) {
					return c.arms[b].answer
				}
				c.arms[b].bad = true
			}
		}
	}
	if p.model.Policy != nil {
		if a := p.model.Policy(p.rng.Int64()).Answer(g, d); !p.ban[string(a)] && (d.Check == nil || d.Check(a) == nil) {
			return a
		}
	}
	if listed {
		for i := range min(l.N, smallList) {
			if a := l.At(i); !p.ban[string(a)] {
				return a
			}
		}
		return l.At(0)
	}
	return engine.Answer("null")
}

// visit is a node of a playout's path and the arm each seat played there.
type visit struct {
	n    *node
	arms []int
}

// playout plays one playout from a copy of g, growing the tree whose root
// is root (nil: none yet), and returns the root.
func (p *Player) playout(root *node, g Game) *node {
	seed := p.rng.Int64()
	f, err := p.model.Fork(g, seed)
	if err != nil {
		p.stats.Failed++
		return root
	}
	defer f.Close()
	p.stats.Playouts++
	rng := rand.New(rand.NewPCG(uint64(seed), 0x91a7))
	var pol Policy
	switch {
	case p.opening && p.model.OpeningPolicy != nil:
		pol = p.model.OpeningPolicy(seed)
	case p.model.Policy != nil:
		pol = p.model.Policy(seed)
	}
	var path []visit
	n, parent, key := root, (*node)(nil), ""
	for !f.Over() {
		step := p.step(f)
		if len(step) == 0 {
			break
		}
		made := n == nil
		if made {
			// one new node a playout, where the playout leaves the tree
			n = newNode(f, step, pol, rng, p.model.Narrow)
			if parent == nil {
				root = n
				n.prefer(p.seat, p.props)
			} else {
				if parent.children == nil {
					parent.children = map[string]*node{}
				}
				parent.children[key] = n
			}
		} else if !n.matches(step) {
			break
		}
		if len(path) == 0 && p.ban != nil {
			n.forbid(p.chain.player, p.ban)
		}
		arms := make([]int, len(n.choices))
		for i := range n.choices {
			arms[i] = n.choices[i].pick(p.o.Explore, p.o.Widen, rng)
		}
		var ok bool
		if key, ok = p.play(f, n, arms); !ok {
			break
		}
		path = append(path, visit{n, arms})
		if made {
			break
		}
		parent, n = n, n.children[key]
	}
	values := p.finish(f, rng, pol)
	if values == nil {
		p.stats.Failed++
		return root
	}
	for _, v := range path {
		for i, a := range v.arms {
			c := &v.n.choices[i]
			c.visits++
			c.arms[a].visits++
			if c.player >= 0 && c.player < len(values) {
				c.arms[a].value += values[c.player]
				c.arms[a].square += values[c.player] * values[c.player]
			}
		}
	}
	return root
}

// step returns the decisions of f's current step.
func (p *Player) step(f Game) []*engine.Decision {
	if p.model.Step != nil {
		return p.model.Step(f)
	}
	return f.PendingAll()
}

// play gives every seat of node n its arm's answer, as the seats are
// asked, and returns the key of the answers; ok is false when an answer
// was refused (the arm is marked and never chosen again) or no arm was
// left.
func (p *Player) play(f Game, n *node, arms []int) (key string, ok bool) {
	done := make([]bool, len(arms))
	for _, a := range arms {
		if a < 0 {
			return "", false
		}
	}
	for {
		d := f.Pending()
		if d == nil {
			break
		}
		i := -1
		for j := range n.choices {
			if !done[j] && n.choices[j].player == d.Player {
				i = j
				break
			}
		}
		if i < 0 {
			break
		}
		a := n.choices[i].arms[arms[i]]
		if err := f.Answer(d.Player, a.answer); err != nil {
			n.choices[i].arms[arms[i]].bad = true
			return "", false
		}
		done[i] = true
		key += string(a.answer) + "\x00"
	}
	for _, ok := range done {
		if !ok {
			return "", false
		}
	}
	return key, true
}

// finish plays f on below the tree for the horizon and returns every
// seat's value where it stopped (nil when the rules failed).
func (p *Player) finish(f Game, rng *rand.Rand, pol Policy) []float64 {
	limit := p.o.Horizon
	if limit <= 0 || p.opening {
		limit = MaxPlayout
	}
	for n := 0; n < limit; n++ {
		d := f.Pending()
		if d == nil {
			break
		}
		if err := f.Answer(d.Player, p.rollout(f, d, rng, pol)); err != nil {
			l, ok := engine.LegalOf(d)
			if !ok || f.Answer(d.Player, l.At(rng.Int64N(l.N))) != nil {
				break
			}
		}
	}
	if f.Err() != nil {
		return nil
	}
	v := p.model.Value(f)
	if len(v) < p.model.Seats {
		panic(fmt.Sprintf("search: the model's Value gave %d values for %d seats", len(v), p.model.Seats))
	}
	return v
}

// rollout answers d in a playout: the policy's answer, or a random legal
// one.
func (p *Player) rollout(f Game, d *engine.Decision, rng *rand.Rand, pol Policy) engine.Answer {
	if pol != nil {
		return pol.Answer(f, d)
	}
	if l, ok := engine.LegalOf(d); ok {
		return l.At(rng.Int64N(l.N))
	}
	return engine.Answer("null")
}
