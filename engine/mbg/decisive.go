package mbg

import (
	"time"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
)

// Decisive reports whether a decision of kind is one of the few whose
// answer shapes the rest of an mbg game — occupying a free city,
// attacking a city or a role met, hiring an officer — and which the
// search therefore judges by playouts to the end of the game. Every
// other question is the AI's to answer.
func Decisive(kind string) bool {
	switch kind {
	case KindIsOccuCity, KindIsAttackCity, KindBattleWithRole, KindSaloonSelPeople:
		return true
	}
	return false
}

// decisiveAI is the AI as the search player's lead: at a decisive
// question it proposes its own answer, then the other course (decline
// an attack it would make, attack at its best scale where it declines;
// not occupy a city it takes; hire the best value for money where it
// hires no one, or no one where it hires); at every other question its
// own answer only, which the search gives without a playout.
type decisiveAI struct {
	ai  *AI
	alt *AI // the estimates of the other course (the lead's generator untouched)
}

// Propose implements search.Policy.
func (p *decisiveAI) Propose(sg search.Game, d *engine.Decision) []engine.Answer {
	own := p.Answer(sg, d)
	if !Decisive(d.Kind) {
		return []engine.Answer{own}
	}
	g := sg.(*Game)
	s, r := g.g.state, d.Player
	var other any
	switch a := d.Args.(type) {
	case CityArgs:
		if d.Kind == KindIsOccuCity {
			took, err := engine.DecodeBool(own)
			if err != nil {
				return []engine.Answer{own}
			}
			other = !took
			break
		}
		other = p.otherAttack(own, func() (int, bool) { return p.alt.cityOdds(s, r, a.City) })
	case ObjArgs:
		other = p.otherAttack(own, func() (int, bool) { return p.alt.roleOdds(s, r, a.Obj) })
	case SaloonArgs:
		i, err := engine.DecodeInt(own)
		if err != nil {
			return []engine.Answer{own}
		}
		other = -1
		if i == -1 {
			other = bestValue(s, r, a)
		}
	}
	if other == nil {
		return []engine.Answer{own}
	}
	o := engine.Encode(other)
	if string(o) == string(own) {
		return []engine.Answer{own}
	}
	return []engine.Answer{own, o}
}

// otherAttack returns the other course at an attack question whose own
// answer is own: no battle where it fights, else the scale odds gives
// (nil when no battle can be fought).
func (p *decisiveAI) otherAttack(own engine.Answer, odds func() (int, bool)) any {
	scale, err := engine.DecodeInt(own)
	if err != nil {
		return nil
	}
	if scale != -1 {
		return -1
	}
	if sc, ok := odds(); ok {
		return sc
	}
	return nil
}

// Answer implements search.Policy.
func (p *decisiveAI) Answer(sg search.Game, d *engine.Decision) engine.Answer {
	return p.ai.Answer(sg.(*Game), d)
}

// legalAttackScales are the battle scales the other course of an attack
// is chosen among (those Legal lists).
var legalAttackScales = []int{0, 1, 2}

// cityOdds returns the scale at which role r's best side most likely
// takes city c (ok false: the city has no owner or r no officer).
func (ai *AI) cityOdds(s *state, r, c int) (int, bool) {
	owner := s.cities[c].role
	if owner == -1 {
		return 0, false
	}
	att, ok := ai.bestSide(s, r, s.roles[r].mos, -1)
	if !ok {
		return 0, false
	}
	def, ok := ai.bestSide(s, owner, s.cities[c].mos, c)
	if !ok {
		return 0, true
	}
	sc, _ := ai.winChance(att, def, legalAttackScales)
	return sc, true
}

// roleOdds is cityOdds for a battle with role o met on the road.
func (ai *AI) roleOdds(s *state, r, o int) (int, bool) {
	att, ok := ai.bestSide(s, r, s.roles[r].mos, -1)
	if !ok {
		return 0, false
	}
	def, ok := ai.bestSide(s, o, s.roles[o].mos, -1)
	if !ok {
		return 0, true
	}
	sc, _ := ai.winChance(att, def, legalAttackScales)
	return sc, true
}

// bestValue returns the officer of the saloon that gives role r the most
// for its money among those it can afford (-1: none), with no reserve
// kept.
func bestValue(s *state, r int, a SaloonArgs) int {
	best, bv := -1, 0.0
	for i, p := range a.PList {
		price := a.Price[i]
		if s.roles[r].money <= price || price <= 0 {
			continue
		}
		o := &s.people[p]
		value := float64(o.prop[4]) + 0.5*float64(o.prop[0]+o.prop[1])
		if v := value / float64(price); v > bv {
			best, bv = i, v
		}
	}
	return best
}

// DecisiveModel is the search model of the player search-decisive:
// SearchModel searching the decisive questions only (Decisive), each by
// whole games between AIs (an opening of the search), comparing the
// AI's answer and the other course in pairs of games on the same dice
// (search.Model.Paired) and keeping the AI's answer unless the other is
// better by 1.645 standard errors; the AI answers every other question
// of the search's seat without a playout.
func DecisiveModel(roles int) *search.Model {
	m := SearchModel(roles)
	m.Lead = func(seed int64) search.Policy {
		return &decisiveAI{ai: NewAI(seed), alt: NewAI(seed ^ 0x0a17)}
	}
	m.Narrow = func(*engine.Decision) bool { return true }
	m.Opening = func(_ search.Game, d *engine.Decision) bool { return Decisive(d.Kind) }
	m.OpeningCPU = DecisiveCPU
	m.OpeningPlayouts = DecisivePlayouts
	m.Paired, m.PairedTrust = true, search.SureTrust
	return m
}

// DecisiveCPU and DecisivePlayouts are the budget of a decisive question
// (see search.Model.Opening).
const (
	DecisiveCPU      = time.Second
	DecisivePlayouts = 64
)

// ScreenedModel is the search model of the player search-screened:
// DecisiveModel on the player's own budget at every decisive question
// (search-screened:200ms: 200 ms of CPU, search-screened:64: 64
// playouts), its paired rounds ended early (search.Model.PairedScreen,
// ScreenRounds) where the other course is plainly no better than the
// AI's answer or plainly better — most decisive questions of a game
// cost a few rounds, and the budget goes to the close ones.
func ScreenedModel(roles int) *search.Model {
	m := DecisiveModel(roles)
	m.OpeningCPU, m.OpeningPlayouts = 0, 0
	m.PairedScreen = ScreenRounds
	return m
}

// ScreenRounds is the rounds after which, and after every doubling of
// which, search-screened looks whether a decisive question is settled.
const ScreenRounds = 16
