package mbg

import (
	"math/rand"

	"github.com/shapan/shapan/engine"
)

// RandomPlayer answers uniformly at random among the legal answers of the
// question (engine.Decision.Legal: the answers the rules act on, never a
// save or a quit), as engine.RandomPlayer does, and can waste answers.
type RandomPlayer struct {
	Rand *rand.Rand
	// Wasteful is the probability of answering, instead, anything the
	// machine accepts — answers the rules re-ask or ignore included — to
	// exercise every branch (robustness tests).
	Wasteful float64
}

// NewRandomPlayer returns a random player with its own generator.
func NewRandomPlayer(seed int64) *RandomPlayer {
	return &RandomPlayer{Rand: rand.New(rand.NewSource(seed))}
}

// Answer implements Player.
func (p *RandomPlayer) Answer(g *Game, d *engine.Decision) engine.Answer {
	if p.Wasteful > 0 && p.Rand.Float64() < p.Wasteful {
		if a := p.anyAccepted(g, d); a != nil {
			return engine.Encode(a)
		}
	}
	return p.effective(d)
}

// effective draws among the legal answers (the answers the rules act on).
func (p *RandomPlayer) effective(d *engine.Decision) engine.Answer {
	return (&engine.RandomPlayer[*Game]{Rand: p.Rand}).Answer(nil, d)
}

// orNone returns a uniform element of -1 and 0..n-1.
func (p *RandomPlayer) orNone(n int) int { return p.Rand.Intn(n+1) - 1 }

// subset returns a uniform random subset of 0..n-1 in random order.
func (p *RandomPlayer) subset(n int) []int {
	out := []int{}
	for _, i := range p.Rand.Perm(n) {
		if p.Rand.Intn(2) == 0 {
			out = append(out, i)
		}
	}
	return out
}

// anyAccepted draws among everything the machine accepts, answers the
// rules re-ask or ignore included (never quit or save).
func (p *RandomPlayer) anyAccepted(g *Game, d *engine.Decision) any {
	s := g.g.state
	switch args := d.Args.(type) {
	case CardsArgs:
		return p.Rand.Intn(NumCards+1) - 1
	case CityArgs:
		if d.Kind == KindIsOccuCity {
			return p.Rand.Intn(2) == 0
		}
		return p.Rand.Intn(6) - 3
	case CityMosArgs:
		out := p.subset(len(args.PList))
		if len(out) > 0 {
			out = append(out, out[0]) // a duplicate is harmless
		}
		return out
	case SaloonArgs:
		return p.orNone(len(args.PList))
	case StudyArgs:
		if len(args.PList) == 0 || len(args.TList) == 0 || p.Rand.Intn(4) == 0 {
			return [2]int{-1, p.Rand.Intn(9) - 4}
		}
		return [2]int{p.Rand.Intn(len(args.PList)), p.Rand.Intn(len(args.TList))}
	case ObjArgs:
		return p.Rand.Intn(6) - 3
	case CardArgs:
		switch d.Kind {
		case KindConfirmCard:
			return p.Rand.Intn(5) - 2
		case KindSelCardObjRole:
			return p.orNone(len(s.roles))
		case KindSelCardObjAny:
			st := p.Rand.Intn(6) - 1
			return [2]int{st, p.Rand.Intn(len(s.cities)+2) - 1}
		}
	case NoArgs:
		if d.Kind == KindSelAllocObj {
			st := p.Rand.Intn(5) - 1
			n := [3]int{len(s.cities), len(s.insts), len(s.trains)}
			if st >= 0 && st < 3 {
				return [2]int{st, p.orNone(n[st])}
			}
			return [2]int{st, p.Rand.Intn(3) - 1}
		}
	case GeneralArgs:
		n := len(args.PList)
		if n == 0 {
			return [2]int{-1, p.Rand.Intn(3) - 1}
		}
		m := p.Rand.Intn(n)
		return [2]int{m, m} // vice == main: no vice
	}
	return nil
}
