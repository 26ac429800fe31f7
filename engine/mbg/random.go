package mbg

import (
	"math/rand"

	"github.com/shapan/shapan/engine"
)

// Player answers decisions for the roles it plays.
type Player interface {
	// Answer returns a legal answer to d, the pending decision of g.
	Answer(g *Game, d *engine.Decision) engine.Answer
}

// RandomPlayer answers uniformly at random among the answers the rules act
// on: the options of the question that are neither refused nor simply
// re-asked (a card not held, an unaffordable hire, a target on the wrong
// side, ...). It never saves or quits. Open-ended answers are drawn from
// small ranges: battle scales from -1 (no battle) to 2, officer lists as
// uniform subsets.
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
		return engine.Encode(p.anyAccepted(g, d))
	}
	return engine.Encode(p.effective(g, d))
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

func (p *RandomPlayer) scale() int { return p.Rand.Intn(4) - 1 }

// effective draws among the answers the rules act on.
func (p *RandomPlayer) effective(g *Game, d *engine.Decision) any {
	s, r := g.g.state, d.Player
	switch args := d.Args.(type) {
	case CardsArgs: // sel_role_action
		opts := []int{-1}
		for c, n := range args.Cards {
			if n > 0 {
				opts = append(opts, c)
			}
		}
		return opts[p.Rand.Intn(len(opts))]
	case CityArgs: // is_occu_city, is_attack_city
		if d.Kind == KindIsOccuCity {
			return p.Rand.Intn(2) == 0
		}
		return p.scale()
	case CityMosArgs:
		return p.subset(len(args.PList))
	case OfficialArgs:
		return p.orNone(len(args.PList))
	case SaloonArgs:
		opts := []int{-1}
		for i, price := range args.Price {
			if s.roles[r].money > price {
				opts = append(opts, i)
			}
		}
		return opts[p.Rand.Intn(len(opts))]
	case StudyArgs:
		n := len(args.PList) * len(args.TList)
		k := p.Rand.Intn(n + 1)
		if k == n {
			return [2]int{-1, -1}
		}
		return [2]int{k / len(args.TList), k % len(args.TList)}
	case TrainArgs:
		return p.orNone(len(args.PList))
	case ObjArgs: // battle_with_role
		return p.scale()
	case CardArgs:
		return p.cardTarget(g, d.Kind, r, args.Card)
	case CardPeopleArgs:
		if len(args.PList) == 0 {
			return -1
		}
		return p.Rand.Intn(len(args.PList))
	case NoArgs:
		if d.Kind == KindGetFileName {
			return ""
		}
		opts := s.allocTargets(r)
		k := p.Rand.Intn(len(opts) + 1)
		if k == len(opts) {
			return [2]int{-1, -1}
		}
		return opts[k]
	case ExchangeArgs:
		return Exchange{In: p.subset(len(args.SPList)), Out: p.subset(len(args.OPList))}
	case CancelStudyArgs, CancelTrainArgs:
		return p.Rand.Intn(2) == 0
	case GeneralArgs:
		n := len(args.PList)
		return [2]int{p.orNone(n), p.orNone(n)}
	}
	return -1
}

// cardTarget draws the target of a card question.
func (p *RandomPlayer) cardTarget(g *Game, kind string, u, a int) any {
	s := g.g.state
	switch kind {
	case KindConfirmCard:
		return p.Rand.Intn(2)
	case KindSelCardObjRole:
		opts := append([]int{-1}, s.cardTargets(u, a)...)
		return opts[p.Rand.Intn(len(opts))]
	case KindSelCardObjLoc:
		return p.orNone(len(s.board))
	case KindSelCardObjAny:
		places := s.officerPlaces(u, a)
		k := p.Rand.Intn(len(places) + 1)
		if k == len(places) {
			return [2]int{-1, -1}
		}
		return [2]int{places[k].st, places[k].obj}
	}
	return -1
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
	return p.effective(g, d)
}
