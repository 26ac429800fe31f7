package mbg

import (
	"slices"

	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// Static sizes and constants of the rules (spec §4.1).
const (
	NumTechs = mbgfmt.NumTechs // 12 techs
	NumCards = mbgfmt.NumCards // 14 cards

	trainRound    = 6
	trainPlus     = 3
	pHPBase       = 1000
	pHPScale      = 20
	pPriceScale   = 30
	poisonScale   = 0.75
	defPlusScale  = 0.05
	fengshuiRound = 5
	minEarn       = 20
	maxStep       = 6
	fastScale     = 2
	slowScale     = 2
	robberSteal   = 2000
	meetSteal     = 0.04
	taxScale      = 6
	ownTaxScale   = 3
	allocateTurn  = 8
	battleRounds  = 40
	battleStep    = 30
	burnHurt      = 20
	cardSteal     = 1500
	cardRecover   = 0.1
)

// Officer jobs (spec §5.1).
const (
	jobNone       = -1
	jobMayor      = 0
	jobTreasurer  = 1
	jobGarrison   = 2
	jobResearcher = 3
	jobTrainee    = 4
)

// Movement states (role mst).
const (
	mstNormal  = 0
	mstSlow    = 1
	mstFast    = 2
	mstStopped = 3
)

// Alliance states below 0 (role ast).
const (
	astNone        = -1
	astPublicEnemy = -2
)

// set is a membership set over 0..n-1 (the officers of a garrison, the
// cities of a role), kept as its members in ascending order: its memory
// follows the members, not the items they are drawn from, so that a game
// of many cities and officers holds each officer once (spec §1 describes
// the sets as bitsets over the index spaces; only their members matter).
type set struct {
	n int     // the members are 0..n-1
	m []int32 // ascending
}

func newSet(n int) set { return set{n: n} }

// list returns the members in ascending order (never nil).
func (s set) list() []int {
	out := make([]int, len(s.m))
	for i, v := range s.m {
		out[i] = int(v)
	}
	return out
}

// count returns the number of members.
func (s set) count() int { return len(s.m) }

// find returns where i is or would be in the members, and whether it is.
func (s set) find(i int) (int, bool) {
	return slices.BinarySearch(s.m, int32(i))
}

func (s set) has(i int) bool {
	if i < 0 || i >= s.n {
		return false
	}
	_, ok := s.find(i)
	return ok
}

func (s *set) add(i int) {
	if i < 0 || i >= s.n {
		return
	}
	if k, ok := s.find(i); !ok {
		s.m = slices.Insert(s.m, k, int32(i))
	}
}

func (s *set) del(i int) {
	if k, ok := s.find(i); ok && i >= 0 && i < s.n {
		s.m = slices.Delete(s.m, k, k+1)
	}
}

// clone returns a copy that shares nothing with s.
func (s set) clone() set { return set{n: s.n, m: slices.Clone(s.m)} }

// officer is one person (人员).
type officer struct {
	name      string
	role      int // -1 free
	job       int // jobNone … jobTrainee
	loc       int // city, institute or training room by job; -1
	hpmax, hp float32
	prop      [5]float32 // raw properties wu zhan mou zheng jing
	quit      bool       // leaves his role at the next round end
	lst, pst  int        // rumour and poison rounds left
	level     int        // 0 low, 1 medium, 2 high (load time)
}

// eff is the effective property k (spec §1): ×0.75 while poisoned.
func (p *officer) eff(k int) float32 {
	if p.pst != 0 {
		return float32(p.prop[k] * poisonScale)
	}
	return p.prop[k]
}

// city is one city (城); hp and hpmax are its defence (城防).
type city struct {
	name             string
	scope            int
	hpmax, hp        float32
	role             int // owner or -1
	mos              set // garrison
	mayor, treasurer int
	fengshui         float32
	rect             mbgfmt.Rect
}

// role is one faction, one player (阵营).
type role struct {
	name       string
	loc, dir   int
	money      float32
	mst, mtime int
	cst        bool
	ast, atime int
	tech       set // known techs (capacity 12)
	mos        set // travelling officers
	mcs        set // owned cities
	sos        set // researchers
	tos        set // trainees
	cards      [NumCards]int
}

// institute is a research institute (谋略研究所), per role.
type institute struct {
	name       string
	techs      []int
	researcher []int
	onStudy    []int
	point      []float32
	rect       mbgfmt.Rect
}

// trainingRoom is a training room (修炼所), per role.
type trainingRoom struct {
	name    string
	item    int
	trainee []int
	round   []int
	rect    mbgfmt.Rect
}

// square is one square of the looping board.
type square struct {
	class, base     int
	x, y            int
	barrier, robber bool
	present         []bool // per role
}

// state is the whole dynamic state of a game.
type state struct {
	nx, ny   int
	winMoney float32
	turn     int
	board    []square
	people   []officer
	cities   []city
	roles    []role
	insts    []institute
	trains   []trainingRoom
	free     [3]set // free officers by level
}

// moneys returns every role's money (the derived field of several events).
func (s *state) moneys() []float32 {
	out := make([]float32, len(s.roles))
	for i := range s.roles {
		out[i] = s.roles[i].money
	}
	return out
}

// changeMoney is change_money (spec §1): money never becomes negative;
// it returns the real change.
func (s *state) changeMoney(r int, d float32) float32 {
	ro := &s.roles[r]
	real := d
	if ro.money+d < 0 {
		real = -ro.money
	}
	ro.money += real
	return real
}

// changeHP is officer_change_hp (and the city defence rule): hp stays in
// 0..hpmax; it returns the real change.
func changeHP(hp *float32, hpmax, d float32) float32 {
	n := *hp + d
	var real float32
	switch {
	case n < 1:
		real = -*hp
	case n >= hpmax:
		real = hpmax - *hp
	default:
		real = d
	}
	*hp += real
	if *hp < 1 {
		*hp = 0
	}
	return real
}

// live reports whether role r still takes part.
func (s *state) live(r int) bool { return s.roles[r].loc != -1 }

// propSum is the float32 sum of the five raw properties in order.
func propSum(p [5]float32) float32 {
	var sum float32
	for _, v := range p {
		sum += v
	}
	return sum
}

// classify is the officer level of spec §5.12.
func classify(p [5]float32) int {
	n95, n85, n80 := 0, 0, 0
	for _, v := range p {
		if v > 95 {
			n95++
		}
		if v > 85 {
			n85++
		}
		if v > 80 {
			n80++
		}
	}
	ave := propSum(p) / 5
	switch {
	case (n95 >= 1 && ave >= 50) || (n80 >= 2 && ave >= 70):
		return 2
	case (n85 >= 1 && ave >= 50) || ave >= 60:
		return 1
	}
	return 0
}

// officerHPMax is 1000 + ((sum × 0.2) × 20), rounded at every step.
func officerHPMax(p [5]float32) float32 {
	t := float32(propSum(p) * 0.2)
	t = float32(t * pHPScale)
	return pHPBase + t
}

// cityDefence is the city defence of a scope.
func cityDefence(scope int) float32 {
	switch scope {
	case 0:
		return 500
	case 1:
		return 800
	case 2:
		return 1200
	}
	return 0
}

// earn is a city's income (spec §5.12).
func (s *state) earn(c int) float32 {
	ci := &s.cities[c]
	var value float32 = minEarn
	if t := ci.treasurer; t != -1 && s.people[t].lst == 0 {
		if e := s.people[t].eff(4); e > value {
			value = e
		}
	}
	scale := 1.5 + float32(float32(ci.scope)*0.5)
	scale += ci.fengshui
	return float32(value * scale)
}
