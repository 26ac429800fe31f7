package search

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/shapan/shapan/engine"
)

// pairedRound is one round of a paired opening: the seat's value after
// each proposal, played on the same copy of the game (nil: the proposal
// was refused there).
type pairedRound []*float64

// paired answers an opening by rounds of whole games (Model.Paired): in
// each round every proposal of the lead is played on a copy of g made
// with the same seed and played on by the same policy, so that the dice
// and the players' draws are alike as far as the answers let them be,
// and the proposals are compared by their differences round by round.
// It returns the answer and whether it searched at all (false: fewer
// than two proposals, or d is asked together with other seats).
func (p *Player) paired(g Game, d *engine.Decision, playouts int, cpu time.Duration, spent func() time.Duration) (engine.Answer, bool) {
	props := p.usableProps(d)
	if len(props) < 2 || len(g.PendingAll()) != 1 {
		return nil, false
	}
	var rounds []pairedRound
	for n := 0; ; n++ {
		if cpu > 0 {
			if n > 0 && spent() >= cpu {
				break
			}
		} else if n*len(props) >= playouts && n > 0 {
			break
		}
		rounds = append(rounds, p.pairedRound(g, d, props))
		if pairedSettled(rounds, p.model.PairedScreen, p.model.PairedTrust) {
			break
		}
	}
	return props[pairedBest(rounds, p.model.PairedTrust)], true
}

// pairedSettled reports whether a paired opening of these rounds may end
// before its budget (Model.PairedScreen): at screen rounds and every
// doubling of them, when no other proposal is ahead of the first or one
// is ahead by twice trust standard errors.
func pairedSettled(rounds []pairedRound, screen int, trust float64) bool {
	n := len(rounds)
	if screen <= 0 || n < screen || n%screen != 0 || (n/screen)&(n/screen-1) != 0 {
		return false
	}
	ahead := false
	for j := 1; j < len(rounds[0]); j++ {
		k, mean, v := pairedDiff(rounds, j)
		if k == 0 || mean <= 0 {
			continue
		}
		ahead = true
		if mean*mean > 4*trust*trust*v/k {
			return true
		}
	}
	return !ahead
}

// pairedDiff returns, over the rounds where proposals 0 and j were both
// played, their number, the mean difference of j's value from 0's and
// the variance of a difference, drawn toward a coin's while the rounds
// are few (see arm.variance).
func pairedDiff(rounds []pairedRound, j int) (n, mean, v float64) {
	var sum, square float64
	for _, r := range rounds {
		if r[0] == nil || r[j] == nil {
			continue
		}
		x := *r[j] - *r[0]
		n++
		sum += x
		square += x * x
	}
	if n == 0 {
		return 0, 0, 0
	}
	mean = sum / n
	v = (n*math.Max(square/n-mean*mean, 0) + priorVisits*0.25) / (n + priorVisits)
	return n, mean, v
}

// usableProps returns the lead's proposals at d that are legal and not
// banned, without repeats, the lead's own first.
func (p *Player) usableProps(d *engine.Decision) []engine.Answer {
	var out []engine.Answer
	seen := map[string]bool{}
	for _, a := range p.props {
		if a == nil || seen[string(a)] || p.ban[string(a)] || (d.Check != nil && d.Check(a) != nil) {
			continue
		}
		seen[string(a)] = true
		out = append(out, a)
	}
	return out
}

// pairedRound plays every proposal once on copies of g of one seed.
func (p *Player) pairedRound(g Game, d *engine.Decision, props []engine.Answer) pairedRound {
	seed := p.rng.Int64()
	r := make(pairedRound, len(props))
	for i, a := range props {
		f, err := p.model.Fork(g, seed)
		if err != nil {
			p.stats.Failed++
			continue
		}
		p.stats.Playouts++
		if f.Answer(d.Player, a) == nil {
			rng := rand.New(rand.NewPCG(uint64(seed), 0x91a7))
			var pol Policy
			switch {
			case p.model.OpeningPolicy != nil:
				pol = p.model.OpeningPolicy(seed)
			case p.model.Policy != nil:
				pol = p.model.Policy(seed)
			}
			if v := p.finish(f, rng, pol); v != nil {
				r[i] = &v[d.Player]
			}
		}
		f.Close()
	}
	return r
}

// pairedBest returns the proposal to answer with: the one whose mean
// difference from the first (the lead's own) over the rounds where both
// were played is largest, when it exceeds trust standard errors of that
// difference (trust 0: when it is positive); else the first.
func pairedBest(rounds []pairedRound, trust float64) int {
	if len(rounds) == 0 {
		return 0
	}
	best, bestMean := 0, 0.0
	for j := 1; j < len(rounds[0]); j++ {
		n, mean, v := pairedDiff(rounds, j)
		if n == 0 || mean <= bestMean {
			continue
		}
		if trust > 0 && mean*mean <= trust*trust*v/n {
			continue
		}
		best, bestMean = j, mean
	}
	return best
}
