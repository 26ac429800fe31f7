package battle

import "github.com/shapan/shapan/engine"

// GreedyTeam is the reference greedy player's pick (spec §17.1).
var GreedyTeam = []string{"刘备", "孙权", "吕布", "关羽", "赵云", "周瑜"}

// holders are the greedy player's slots that go to the flag; the others
// are raiders.
const holders = 2

// Greedy is the reference greedy player of spec §17.1 (the benchmark
// opponent): deterministic, reading only the board and the orders Args.
// Slots 0–1 hold the flag zone, slots 2–5 raid the nearest cities; every
// hero fights what comes in range, skill 1 first.
type Greedy struct {
	b     *Board
	field fields
	out   []byte
	taken map[Point]bool // a round's taken cells, kept for the next
}

// NewGreedy returns the greedy player of a board (the map and roster).
func NewGreedy(b *Board) *Greedy { return &Greedy{b: b, field: newFields(b)} }

// Answer implements Player.
func (p *Greedy) Answer(_ *Game, d *engine.Decision) engine.Answer {
	p.out = AppendCommands(p.out[:0], p.Orders(argsOf(d)))
	return append(engine.Answer(nil), p.out...)
}

// Commands implements CommandPlayer.
func (p *Greedy) Commands(a *OrdersArgs) []Command { return p.Orders(a) }

// greedyRound is one round's choices.
type greedyRound struct {
	pos    *Position
	s      int
	taken  map[Point]bool // cells that are not free to move into
	buffed int            // the slot a 1001 names, or -1
	bought int            // soldiers bought for all raiders
	form   bool
}

// Orders returns the commands greedy sends for the orders of a, in the
// spec's order: BUFF, FORM, each hero's action and MOVE, the MAKEs.
func (p *Greedy) Orders(a *OrdersArgs) []Command {
	return p.AppendOrders(make([]Command, 0, 2+2*TeamSize), a) // BUFF, FORM, each hero's action and MOVE
}

// AppendOrders appends the commands of Orders to cmds and returns the
// extended slice.
func (p *Greedy) AppendOrders(cmds []Command, a *OrdersArgs) []Command {
	pos, s := a.Position, a.Side
	if pos.Round == 1 {
		return append(cmds, PickTeam(GreedyTeam...))
	}
	if p.taken == nil {
		p.taken = map[Point]bool{}
	}
	clear(p.taken)
	g := greedyRound{pos: pos, s: s, buffed: -1, taken: p.taken}
	for t := range pos.Sides {
		for k := range pos.Sides[t].Team {
			if u := &pos.Sides[t].Team[k]; u.Alive && !p.b.IsBase(s, u.At) {
				g.taken[u.At] = true
			}
		}
	}
	if c, ok := g.buff(); ok {
		cmds = append(cmds, c)
	}
	if sd := &pos.Sides[s]; sd.Formation == NoFormation && sd.Morale >= FormMorale && sd.Grain >= 250 {
		g.form = true
		cmds = append(cmds, SetForm(Crane))
	}
	for k := range pos.Sides[s].Team {
		if pos.Sides[s].Team[k].Alive {
			cmds = p.hero(&g, k, cmds)
		}
	}
	return g.makes(cmds)
}

// buff is the BUFF of a buff round.
func (g *greedyRound) buff() (Command, bool) {
	pos, s := g.pos, g.s
	if pos.Round%100 != 0 {
		return Command{}, false
	}
	team := &pos.Sides[s].Team
	for k := range team {
		if u := &team[k]; u.Alive && u.HP*2 < pos.Hero(s, k).HP {
			return TakeBuff(1002, ""), true
		}
	}
	for k := holders; k < TeamSize; k++ {
		if u := &team[k]; u.Alive && u.Archers+u.Shields < pos.Hero(s, k).Command {
			g.buffed = k
			return TakeBuff(1001, pos.Hero(s, k).Name), true
		}
	}
	return TakeBuff(1003, ""), true
}

// hero appends the action and MOVE of the hero in slot k.
func (p *Greedy) hero(g *greedyRound, k int, cmds []Command) []Command {
	pos, s, r := g.pos, g.s, g.pos.Round
	u := &pos.Sides[s].Team[k]
	h := pos.Hero(s, k)
	holder := k < holders
	onFlag := p.b.IsFlag(u.At)
	t, enemy := p.weakestInRange(pos, s, k)
	sieging := false
	if !u.Has(Charge, r) {
		switch {
		case holder && onFlag && r >= FlagOpens && pos.Holder != s:
			cmds = append(cmds, Claim(h.Name))
		case enemy:
			cmds = append(cmds, p.strike(pos, s, k, t))
		case !holder:
			if ci := p.nearestCity(pos, u.At, h.Range); ci >= 0 {
				cmds = append(cmds, Besiege(h.Name, pos.Cities[ci].At))
				sieging = true
			}
		}
	}
	if enemy || sieging || holder && onFlag || u.Has(Prison, r) {
		return cmds
	}
	if to, ok := p.step(g, k); ok {
		g.taken[to] = !p.b.IsBase(s, to)
		cmds = append(cmds, MoveTo(h.Name, to))
	}
	return cmds
}

// weakestInRange returns the living enemy within the range of the hero in
// slot k with the least hp, then the lowest slot.
func (p *Greedy) weakestInRange(pos *Position, s, k int) (int, bool) {
	u := &pos.Sides[s].Team[k]
	rng := pos.Hero(s, k).Range
	best := -1
	for v := range pos.Sides[other(s)].Team {
		e := &pos.Sides[other(s)].Team[v]
		if e.Alive && Dist(u.At, e.At) <= rng && (best < 0 || e.HP < pos.Sides[other(s)].Team[best].HP) {
			best = v
		}
	}
	return best, best >= 0
}

// strike is skill 1 on t when it is ready and the hero is not silenced,
// else AD t.
func (p *Greedy) strike(pos *Position, s, k, t int) Command {
	u := &pos.Sides[s].Team[k]
	name := pos.Hero(s, k).Name
	enemy := &pos.Sides[other(s)].Team[t]
	target := pos.Hero(other(s), t).Name
	if pos.Ready(s, k, 0) > pos.Round || u.Has(Silence, pos.Round) {
		return Attack(name, target)
	}
	switch skillOf(u.Hero, 1) {
	case sk1Dragon, sk1Yiqi, sk1Tiger, sk1Guimou:
		return SkillOn(name, 1, target)
	case sk1Fire:
		return SkillAt(name, 1, enemy.At)
	}
	return UseSkill(name, 1)
}

// nearestCity returns the standing city nearest to at within rng (then
// the first in city order), or -1.
func (p *Greedy) nearestCity(pos *Position, at Point, rng int) int {
	best, bd := -1, 0
	for i, c := range pos.Cities {
		if d := Dist(at, c.At); c.Standing && d <= rng && (best < 0 || d < bd) {
			best, bd = i, d
		}
	}
	return best
}

// step is the MOVE of the hero in slot k towards its goals: the
// neighbour with the smallest distance below its own, first in direction
// order, that is not taken.
func (p *Greedy) step(g *greedyRound, k int) (Point, bool) {
	pos, s := g.pos, g.s
	u := &pos.Sides[s].Team[k]
	var dist []int32
	if k < holders || !anyStanding(pos) {
		dist = p.field.flag(s)
	} else {
		dist = p.field.cities(pos, s, pos.Hero(s, k).Range)
	}
	best, bd := Point{}, dist[p.b.index(u.At)]
	if bd < 0 {
		return best, false
	}
	found := false
	for _, d := range Directions {
		n := Point{X: u.At.X + d.X, Y: u.At.Y + d.Y}
		if !p.b.Passable(s, n) || g.taken[n] {
			continue
		}
		if nd := dist[p.b.index(n)]; nd >= 0 && nd < bd {
			best, bd, found = n, nd, true
		}
	}
	return best, found
}

func anyStanding(pos *Position) bool {
	for _, c := range pos.Cities {
		if c.Standing {
			return true
		}
	}
	return false
}

// makes appends the MAKEs of the living raiders.
func (g *greedyRound) makes(cmds []Command) []Command {
	pos, s := g.pos, g.s
	grain := pos.Sides[s].Grain - FormCost*btoi(g.form)
	for k := holders; k < TeamSize; k++ {
		u := &pos.Sides[s].Team[k]
		if !u.Alive {
			continue
		}
		a, sh := u.Archers, u.Shields
		c := pos.Hero(s, k).Command
		if k == g.buffed {
			for i := 0; i < 4 && a+sh < c; i++ {
				a++
			}
			for i := 0; i < 2 && a+sh < c; i++ {
				sh++
			}
		}
		var archers, shields int
		for a+sh+archers+shields < c && grain-SoldierCost*(g.bought+1) >= 150 {
			g.bought++
			if 2*(sh+shields) < a+archers {
				shields++
			} else {
				archers++
			}
		}
		if archers+shields > 0 {
			cmds = append(cmds, MakeSoldiers(pos.Hero(s, k).Name, archers, shields))
		}
	}
	return cmds
}

// fields are the breadth-first distances greedy walks down, per side:
// to the flag zone, and to the cells within a range of the standing
// cities (by range and set of standing cities).
type fields struct {
	b      *Board
	flags  [2][]int32
	citied map[cityKey][]int32
}

type cityKey struct {
	side, rng int
	standing  uint64 // the standing cities, as bits (the first 64)
}

func newFields(b *Board) fields { return fields{b: b, citied: map[cityKey][]int32{}} }

func (f *fields) flag(s int) []int32 {
	if f.flags[s] == nil {
		f.flags[s] = f.b.bfs(s, f.b.Flag)
	}
	return f.flags[s]
}

func (f *fields) cities(pos *Position, s, rng int) []int32 {
	key := cityKey{side: s, rng: rng}
	for i, c := range pos.Cities {
		if c.Standing && i < 64 {
			key.standing |= 1 << i
		}
	}
	if d, ok := f.citied[key]; ok && len(pos.Cities) <= 64 {
		return d
	}
	var goals []Point
	for y := range f.b.H {
		for x := range f.b.W {
			q := Point{X: x, Y: y}
			if !f.b.Passable(s, q) {
				continue
			}
			for _, c := range pos.Cities {
				if c.Standing && Dist(q, c.At) <= rng {
					goals = append(goals, q)
					break
				}
			}
		}
	}
	d := f.b.bfs(s, goals)
	if len(pos.Cities) <= 64 {
		f.citied[key] = d
	}
	return d
}

// bfs returns the breadth-first distance of every cell from the goals over
// the cells passable for side s (8 neighbours, units ignored); -1 where no
// goal reaches.
func (b *Board) bfs(s int, goals []Point) []int32 {
	dist := make([]int32, b.W*b.H)
	for i := range dist {
		dist[i] = -1
	}
	queue := make([]int32, 0, len(dist))
	for _, g := range goals {
		if i := b.index(g); b.passable[s][i] && dist[i] < 0 {
			dist[i] = 0
			queue = append(queue, int32(i))
		}
	}
	for q := 0; q < len(queue); q++ {
		i := int(queue[q])
		x, y := i%b.W, i/b.W
		for _, d := range Directions {
			nx, ny := x+d.X, y+d.Y
			if nx < 0 || ny < 0 || nx >= b.W || ny >= b.H {
				continue
			}
			j := ny*b.W + nx
			if dist[j] < 0 && b.passable[s][j] {
				dist[j] = dist[i] + 1
				queue = append(queue, int32(j))
			}
		}
	}
	return dist
}
