package mbg

import (
	"math"
	"math/rand"

	"github.com/shapan/shapan/engine"
)

// AI is a computer player for mbg (the original has none). It occupies
// cities with its best economist as treasurer and its best politician as
// mayor, keeps its strongest general travelling, hires by value for money,
// studies battle techs with spare officers, attacks cities and other roles
// when a Monte-Carlo estimate of the battle (the real battle rules on its
// own generator) says it is likely to win, plays cards with a planned
// target, and fills its cities during the allocation phase. It only gives
// answers the rules act on (a card whose planned target is refused is
// cancelled, never retried in the same action), so it never stalls. One AI
// may play several roles; its memory (card plans, the cities visited in an
// allocation phase) is not part of a snapshot, so an AI that takes over a
// resumed game in the middle of playing a card cancels that card.
type AI struct {
	rng *rand.Rand
	// Samples is the number of simulated battles per estimate.
	Samples int
	// Style is the thresholds of its choices (DefaultStyle unless set).
	Style Style
	mem   map[int]*aiMemory
}

// Style is the thresholds by which the AI attacks, hires, occupies and
// studies: how sure of a battle it must be, how much money it keeps.
// DefaultStyle is the AI's own; the others are for measuring what each
// choice is worth (TestAIStylesAgainstTheAI, docs/ai.md).
type Style struct {
	// AttackOdds is the estimated win chance at which it attacks a city.
	AttackOdds float64
	// FightOdds is the win chance at which it fights a role met on the
	// road (and only when the expected fine is in its favour).
	FightOdds float64
	// Reserve and ReserveShare are the money it keeps when it hires: at
	// least Reserve and ReserveShare of its money.
	Reserve, ReserveShare float32
	// HireUntil is the turns left before the limit under which it hires
	// no one.
	HireUntil int
	// OccupyMoney is the money above which it occupies a free city with
	// its only officer.
	OccupyMoney float32
	// HireTravellers is the travelling officers at which it stops hiring
	// once no city is free.
	HireTravellers int
	// StudyMoney is the money under which it sends no one to study.
	StudyMoney float32
	// NoCards: it plays no card (to measure what its cards are worth).
	NoCards bool
}

// DefaultStyle is the AI's own style.
var DefaultStyle = Style{AttackOdds: 0.5, FightOdds: 0.55, Reserve: 3000, ReserveShare: 0.4, HireUntil: 15, OccupyMoney: 8000, HireTravellers: 2, StudyMoney: 3000}

// aiMemory is what the AI remembers for one role within an action or an
// allocation phase.
type aiMemory struct {
	tried     [NumCards]bool // cards chosen in the current action
	plays     int            // cards chosen in the current action
	plan      cardPlan       // the target of the card being played
	allocTurn int            // the allocation phase of allocDone
	allocDone map[[2]int]bool
}

// cardPlan is the planned target of a card and how far it got.
type cardPlan struct {
	card   int
	target int // role, square, or the officer for officer cards
	st     int // place of an officer card
	obj    int
	stage  int // questions answered so far
}

// NewAI returns an AI whose estimates use their own generator.
func NewAI(seed int64) *AI {
	return &AI{rng: rand.New(rand.NewSource(seed)), Samples: 24, Style: DefaultStyle, mem: map[int]*aiMemory{}}
}

func (ai *AI) memory(r int) *aiMemory {
	m := ai.mem[r]
	if m == nil {
		m = &aiMemory{allocTurn: -1, plan: cardPlan{target: -1, stage: 1}}
		ai.mem[r] = m
	}
	return m
}

// Answer implements Player.
func (ai *AI) Answer(g *Game, d *engine.Decision) engine.Answer {
	return engine.Encode(ai.answer(g.g.state, g.setup.MaxTurn, d))
}

func (ai *AI) answer(s *state, maxTurn int, d *engine.Decision) any {
	r := d.Player
	m := ai.memory(r)
	switch args := d.Args.(type) {
	case CardsArgs:
		return ai.roleAction(s, r, m)
	case CityArgs:
		if d.Kind == KindIsOccuCity {
			return ai.wantsCity(s, r)
		}
		return ai.attackCity(s, r, args.City)
	case CityMosArgs:
		return ai.garrison(s, r, args.PList)
	case OfficialArgs:
		return ai.official(s, d.Kind, args)
	case SaloonArgs:
		return ai.hire(s, r, maxTurn, args)
	case StudyArgs:
		return ai.study(s, r, maxTurn, args)
	case TrainArgs:
		return ai.train(s, r, args)
	case ObjArgs:
		return ai.encounter(s, r, args.Obj)
	case CardArgs:
		return ai.cardTarget(d.Kind, m)
	case CardPeopleArgs:
		return ai.cardPerson(args, m)
	case NoArgs:
		if d.Kind == KindGetFileName {
			return ""
		}
		return ai.allocate(s, r, m)
	case ExchangeArgs:
		return ai.exchange(s, r, args)
	case CancelStudyArgs, CancelTrainArgs:
		return false
	case GeneralArgs:
		mi, vi := ai.bestPair(s, r, args.PList)
		return [2]int{mi, vi}
	}
	return -1
}

// Officer judgement.

// fightScore is how strong officer p is as main general with vice v (-1):
// hp × win chance × power, the kill-ratio of a long battle.
func fightScore(s *state, p, v int) float64 {
	o := &s.people[p]
	power := o.eff(0)
	if v != -1 {
		power = max(power, s.people[v].eff(0))
	}
	return float64(o.hp) * float64(o.eff(1)) * float64(power)
}

// bestPair chooses the main and vice generals (indices into plist).
func (ai *AI) bestPair(s *state, r int, plist []int) (int, int) {
	bm, bv, best := -1, -1, -1.0
	for i, p := range plist {
		for j := -1; j < len(plist); j++ {
			v := -1
			if j >= 0 {
				if j == i {
					continue
				}
				v = plist[j]
			}
			if sc := fightScore(s, p, v); sc > best {
				bm, bv, best = i, j, sc
			}
		}
	}
	return bm, bv
}

// eligible lists the officers of pool that can fight (not under rumour).
func eligible(s *state, pool set) []int {
	out := []int{}
	for _, p := range pool.list() {
		if s.people[p].lst == 0 {
			out = append(out, p)
		}
	}
	return out
}

// bestSide builds the strongest side role x can field from pool.
func (ai *AI) bestSide(s *state, x int, pool set, c int) (side, bool) {
	cands := eligible(s, pool)
	mi, vi := ai.bestPair(s, x, cands)
	if mi == -1 {
		return side{}, false
	}
	v := -1
	if vi != -1 {
		v = cands[vi]
	}
	return s.makeSide(x, cands[mi], v, c), true
}

// winChance estimates the chance that side a beats side d at each scale
// and returns the best scale and its chance.
func (ai *AI) winChance(a, d side, scales []int) (int, float64) {
	bestScale, best := scales[0], -1.0
	for _, sc := range scales {
		wins := 0
		for k := 0; k < ai.Samples; k++ {
			b := battle{s: [2]side{a, d}, rng: ai.rng}
			if b.run(sc) == 1 {
				wins++
			}
		}
		if p := float64(wins) / float64(ai.Samples); p > best {
			bestScale, best = sc, p
		}
	}
	return bestScale, best
}

var attackScales = []int{0, 1, 2, 4}

// travelling returns role r's travelling officers and the best fighter
// among them (-1 if none).
func travelling(s *state, r int) ([]int, int) {
	pl := s.roles[r].mos.list()
	best, score := -1, -1.0
	for _, p := range pl {
		if sc := fightScore(s, p, -1); sc > score {
			best, score = p, sc
		}
	}
	return pl, best
}

// spares are role r's travelling officers except its best fighter.
func spares(s *state, r int) []int {
	pl, best := travelling(s, r)
	out := []int{}
	for _, p := range pl {
		if p != best {
			out = append(out, p)
		}
	}
	return out
}

// Cities.

func (ai *AI) wantsCity(s *state, r int) bool {
	n := s.roles[r].mos.count()
	return n >= 2 || (n == 1 && s.roles[r].money > ai.Style.OccupyMoney)
}

// garrison picks the officer who garrisons a newly occupied city: the best
// economist among the spares (the only officer if there is one).
func (ai *AI) garrison(s *state, r int, plist []int) []int {
	if len(plist) == 0 {
		return []int{}
	}
	cands := spares(s, r)
	if len(cands) == 0 {
		cands = plist
	}
	best := argmaxBy(s, cands, 4)
	for i, p := range plist {
		if p == best {
			return []int{i}
		}
	}
	return []int{0}
}

// argmaxBy returns the officer of list with the highest effective
// property k (officers under rumour count as 0).
func argmaxBy(s *state, list []int, k int) int {
	best, bv := -1, float32(math.Inf(-1))
	for _, p := range list {
		v := s.people[p].eff(k)
		if s.people[p].lst != 0 {
			v = 0
		}
		if v > bv {
			best, bv = p, v
		}
	}
	return best
}

// official answers sel_mayor and sel_treasurer: treasurer = best
// economist, mayor = best politician among the others.
func (ai *AI) official(s *state, kind string, a OfficialArgs) int {
	treasurer := argmaxBy(s, a.PList, 4)
	want := treasurer
	if kind == KindSelMayor {
		others := []int{}
		for _, p := range a.PList {
			if p != treasurer {
				others = append(others, p)
			}
		}
		want = argmaxBy(s, others, 3)
		if want == -1 || want == a.OldMayor {
			return -1
		}
	} else if want == -1 || want == a.OldTreasurer {
		return -1
	}
	for i, p := range a.PList {
		if p == want {
			return i
		}
	}
	return -1
}

// attackCity answers is_attack_city: attack when likely to win.
func (ai *AI) attackCity(s *state, r, c int) int {
	owner := s.cities[c].role
	if owner == -1 {
		return -1
	}
	att, ok := ai.bestSide(s, r, s.roles[r].mos, -1)
	if !ok {
		return -1
	}
	def, ok := ai.bestSide(s, owner, s.cities[c].mos, c)
	if !ok {
		return 0 // the city cannot be defended
	}
	scale, p := ai.winChance(att, def, attackScales)
	if p >= ai.Style.AttackOdds {
		return scale
	}
	return -1
}

// encounter answers battle_with_role: fight when the expected fine is in
// our favour.
func (ai *AI) encounter(s *state, r, o int) int {
	att, ok := ai.bestSide(s, r, s.roles[r].mos, -1)
	if !ok {
		return -1
	}
	def, ok := ai.bestSide(s, o, s.roles[o].mos, -1)
	if !ok {
		return 0
	}
	scale, p := ai.winChance(att, def, attackScales)
	gain := p * float64(s.roles[o].money)
	loss := (1 - p) * float64(s.roles[r].money)
	if p >= ai.Style.FightOdds && gain > loss {
		return scale
	}
	return -1
}

// Money.

// hire answers saloon_sel_people: the best value for money among the
// candidates it can afford while keeping a reserve.
func (ai *AI) hire(s *state, r, maxTurn int, a SaloonArgs) int {
	money := s.roles[r].money
	if maxTurn-s.turn < ai.Style.HireUntil || money >= 0.8*s.winMoney {
		return -1
	}
	unowned := 0
	for c := range s.cities {
		if s.cities[c].role == -1 {
			unowned++
		}
	}
	if unowned == 0 && s.roles[r].mos.count() >= ai.Style.HireTravellers {
		return -1
	}
	best, bv := -1, 0.0
	for i, p := range a.PList {
		price := a.Price[i]
		if money <= price || money-price < max(ai.Style.Reserve, ai.Style.ReserveShare*money) {
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

// techPreference orders the techs by their use in city attacks.
var techPreference = []int{10, 0, 5, 7, 2, 1, 3, 6, 4, 9, 8, 11}

// study sends a spare officer (the best strategist) to learn the most
// useful tech offered.
func (ai *AI) study(s *state, r, maxTurn int, a StudyArgs) [2]int {
	none := [2]int{-1, -1}
	sp := spares(s, r)
	if len(a.TList) == 0 || len(sp) < 2 || s.roles[r].money < ai.Style.StudyMoney || maxTurn-s.turn < 10 {
		return none
	}
	p := argmaxBy(s, sp, 2)
	pi, ti := indexOf(a.PList, p), -1
	for _, t := range techPreference {
		if ti = indexOf(a.TList, t); ti != -1 {
			break
		}
	}
	if pi == -1 || ti == -1 {
		return none
	}
	return [2]int{pi, ti}
}

// train sends the spare officer best at the trained property when the role
// has officers to spare (three, or two when no city is left to occupy).
func (ai *AI) train(s *state, r int, a TrainArgs) int {
	sp := spares(s, r)
	need := 2
	for c := range s.cities {
		if s.cities[c].role == -1 {
			need = 3
			break
		}
	}
	if len(sp) < need {
		return -1
	}
	return indexOf(a.PList, argmaxBy(s, sp, a.Item))
}

func indexOf(list []int, v int) int {
	for i, x := range list {
		if x == v {
			return i
		}
	}
	return -1
}

// Allocation.

// allocate visits each own city that a spare officer would improve, once
// per allocation phase.
func (ai *AI) allocate(s *state, r int, m *aiMemory) [2]int {
	if m.allocTurn != s.turn {
		m.allocTurn, m.allocDone = s.turn, map[[2]int]bool{}
	}
	for _, t := range s.allocTargets(r) {
		if t[0] != 0 || m.allocDone[t] {
			continue
		}
		m.allocDone[t] = true
		if ai.improves(s, r, t[1]) {
			return t
		}
	}
	return [2]int{-1, -1}
}

// improves reports whether a spare officer would be a better treasurer of
// city c than its present one.
func (ai *AI) improves(s *state, r, c int) bool {
	sp := spares(s, r)
	if len(sp) == 0 {
		return false
	}
	best := argmaxBy(s, sp, 4)
	ci := &s.cities[c]
	return ci.treasurer == -1 || s.people[best].eff(4) > s.people[ci.treasurer].eff(4)
}

// exchange moves the best spare economist into the city.
func (ai *AI) exchange(s *state, r int, a ExchangeArgs) Exchange {
	x := Exchange{In: []int{}, Out: []int{}}
	sp := spares(s, r)
	if len(sp) > 0 {
		if i := indexOf(a.SPList, argmaxBy(s, sp, 4)); i != -1 {
			x.In = append(x.In, i)
		}
	}
	return x
}
