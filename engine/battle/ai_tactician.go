package battle

import (
	"bytes"
	"math/rand"
	"slices"

	"github.com/shapan/shapan/engine"
)

// TacticianTeams are the tactician's picks, one drawn per game: warriors
// to fight, 刘备 to shield the team, 孙权 to heal it, and 曹操 to knock
// enemies off the flag or 诸葛亮 to heal and set formations.
var TacticianTeams = [][]string{
	{"刘备", "孙权", "吕布", "关羽", "赵云", "曹操"},
	{"刘备", "孙权", "吕布", "关羽", "赵云", "诸葛亮"},
	{"刘备", "曹操", "吕布", "关羽", "赵云", "孙权"},
}

// Tactician is Shapan's strong computer player: a scripted plan (the
// whole team takes the flag zone early and fights there; once the zone
// opens it keeps one hero more on it than the enemy has, the others guard
// around it, grain is kept for the upkeep of the rounds still to hold)
// refined by lookahead: each hero's action is chosen in turn, by
// coordinate ascent, as the one whose simulated outcome of the round is
// best, the enemy predicted by the reference greedy player.
//
// One round of lookahead, not two: a second round simulated with both
// sides' default plans judges a candidate by what the tactician would not
// do next. Against greedy on 小沛 (41×31, where the teams fight at the
// flag zone from round 20 on, eighty rounds before it opens) two rounds
// won 102 of 200 games, one round 162 of 200, and on 标准 and 赤壁 one
// round wins every game (docs/ai.md).
type Tactician struct {
	team  []string
	rng   *rand.Rand
	b     *Board
	field fields
	ring  [2][]int32 // distance to the cells next to the flag zone
	model *Greedy
	sim   simulator
	w     weights
	out   []byte
	// The storage of a round's orders, kept from call to call: the
	// actions and the candidates of a hero, the plans of the orders and
	// of the second round simulated, both sides' commands simulated,
	// the cities after the first round, a round's taken cells, the
	// predicted enemy orders, two commands' JSON, and the orders given.
	actions []Command
	cands   []Command
	plans   [2]plan
	mine    [2][]Command
	theirs  []Command
	cities  []City
	taken   map[Point]bool
	model0  []Command
	orders  []Command
	json    [2][]byte
	// Depth is the number of rounds simulated per candidate (1, the
	// default, or 2).
	Depth int
	// Budget caps the candidates simulated per round.
	Budget int
}

// NewTactician returns the tactician of a board (the map and roster); the
// seed varies its play from game to game: its team, the weights of its
// evaluation (each within ±20 %) and its choices between equal moves.
func NewTactician(b *Board, seed int64) *Tactician {
	rng := rand.New(rand.NewSource(seed))
	t := &Tactician{b: b, rng: rng, field: newFields(b), model: NewGreedy(b), w: defaultWeights, Depth: 1, Budget: 150}
	t.team = TacticianTeams[rng.Intn(len(TacticianTeams))]
	for _, f := range []*float64{&t.w.alive, &t.w.hp, &t.w.soldier, &t.w.grain, &t.w.held, &t.w.holder, &t.w.onFlag} {
		*f *= 0.8 + 0.4*rng.Float64()
	}
	for s := range t.ring {
		t.ring[s] = b.bfs(s, flagRing(b, s))
	}
	return t
}

// flagRing is the cells passable for side s next to the flag zone but not
// on it.
func flagRing(b *Board, s int) []Point {
	var out []Point
	for _, f := range b.Flag {
		for _, d := range Directions {
			q := Point{X: f.X + d.X, Y: f.Y + d.Y}
			if b.Passable(s, q) && !b.IsFlag(q) && !slices.Contains(out, q) {
				out = append(out, q)
			}
		}
	}
	if len(out) == 0 {
		return b.Flag
	}
	return out
}

// Answer implements Player.
func (p *Tactician) Answer(_ *Game, d *engine.Decision) engine.Answer {
	p.out = AppendCommands(p.out[:0], p.Orders(argsOf(d)))
	return append(engine.Answer(nil), p.out...)
}

// Commands implements CommandPlayer.
func (p *Tactician) Commands(a *OrdersArgs) []Command { return p.Orders(a) }

// plan is one side's orders of a round being built: per slot a movement
// and an action (zero Commands: none), and the side's other commands.
type plan struct {
	move, act [TeamSize]Command
	side      []Command // BUFF, FORM
	makes     []Command
}

// appendCommands appends the plan's commands to out: the side's BUFF and
// FORM, each slot's movement and action, the MAKEs.
func (pl *plan) appendCommands(out []Command) []Command {
	out = append(out, pl.side...)
	for k := range pl.move {
		if pl.move[k].Op != 0 {
			out = append(out, pl.move[k])
		}
		if pl.act[k].Op != 0 {
			out = append(out, pl.act[k])
		}
	}
	return append(out, pl.makes...)
}

// Orders returns the tactician's commands for the orders of a (valid
// until the next call).
func (p *Tactician) Orders(a *OrdersArgs) []Command {
	pos, s := a.Position, a.Side
	if pos.Round == 1 {
		return []Command{PickTeam(p.team...)}
	}
	pl := p.script(pos, s, &p.plans[0])
	p.model0 = p.model.AppendOrders(p.model0[:0], &OrdersArgs{Side: other(s), Position: pos})
	p.refine(pos, s, pl, p.model0)
	p.orders = pl.appendCommands(p.orders[:0])
	return p.orders
}

// script is the plan before the lookahead: movements towards the roles'
// cells, default actions, buff, formation and soldiers. It is made in pl
// (its storage reused) and returned.
func (p *Tactician) script(pos *Position, s int, pl *plan) *plan {
	*pl = plan{side: pl.side[:0], makes: pl.makes[:0]}
	r := pos.Round
	onFlag := p.onFlag(pos, s)
	quota := TeamSize
	if r >= FlagOpens-1 {
		quota = min(TeamSize, max(2, p.onFlag(pos, other(s))+1))
	}
	holders := p.nearestToFlag(pos, s, quota)
	if p.taken == nil {
		p.taken = map[Point]bool{}
	}
	clear(p.taken)
	taken := p.taken
	for t := range pos.Sides {
		for k := range pos.Sides[t].Team {
			if u := &pos.Sides[t].Team[k]; u.Alive && !p.b.IsBase(s, u.At) {
				taken[u.At] = true
			}
		}
	}
	for k := range pos.Sides[s].Team {
		u := &pos.Sides[s].Team[k]
		if !u.Alive {
			continue
		}
		dist := p.ring[s]
		if holders[k] {
			dist = p.field.flag(s)
		}
		if to, ok := stepDown(p.b, s, u.At, dist, taken); ok && !u.Has(Prison, r) {
			taken[to] = !p.b.IsBase(s, to)
			pl.move[k] = MoveTo(pos.Hero(s, k).Name, to)
		}
		pl.act[k] = p.defaultAction(pos, s, k)
	}
	p.economy(pos, s, pl, onFlag)
	return pl
}

// onFlag counts side s's living heroes on the flag zone.
func (p *Tactician) onFlag(pos *Position, s int) int {
	n := 0
	for k := range pos.Sides[s].Team {
		if u := &pos.Sides[s].Team[k]; u.Alive && p.b.IsFlag(u.At) {
			n++
		}
	}
	return n
}

// nearestToFlag marks the n living heroes of side s nearest to the flag
// zone (then in slot order).
func (p *Tactician) nearestToFlag(pos *Position, s, n int) [TeamSize]bool {
	var out [TeamSize]bool
	dist := p.field.flag(s)
	var buf [TeamSize]int
	slots := buf[:0]
	for k := range pos.Sides[s].Team {
		if pos.Sides[s].Team[k].Alive {
			slots = append(slots, k)
		}
	}
	slices.SortStableFunc(slots, func(a, b int) int {
		return int(dist[p.b.index(pos.Sides[s].Team[a].At)] - dist[p.b.index(pos.Sides[s].Team[b].At)])
	})
	for _, k := range slots[:min(n, len(slots))] {
		out[k] = true
	}
	return out
}

// stepDown is the neighbour of at with the smallest distance below at's,
// first in direction order, not taken; false when at is at a goal or no
// such neighbour is free.
func stepDown(b *Board, s int, at Point, dist []int32, taken map[Point]bool) (Point, bool) {
	best, bd := Point{}, dist[b.index(at)]
	found := false
	if bd <= 0 {
		return best, false
	}
	for _, d := range Directions {
		n := Point{X: at.X + d.X, Y: at.Y + d.Y}
		if !b.Passable(s, n) || taken[n] {
			continue
		}
		if nd := dist[b.index(n)]; nd >= 0 && nd < bd {
			best, bd, found = n, nd, true
		}
	}
	return best, found
}

// defaultAction is the action before the lookahead: claim the zone when
// standing on it and not holding it, else greedy's choice of target.
func (p *Tactician) defaultAction(pos *Position, s, k int) Command {
	u := &pos.Sides[s].Team[k]
	r := pos.Round
	if u.Has(Charge, r) {
		return Command{}
	}
	if r >= FlagOpens && pos.Holder != s && p.b.IsFlag(u.At) {
		return Claim(pos.Hero(s, k).Name)
	}
	if t, ok := p.model.weakestInRange(pos, s, k); ok {
		return p.model.strike(pos, s, k, t)
	}
	return Command{}
}

// economy adds the buff, the formation and the soldiers, keeping grain for
// the upkeep of the held rounds still to come.
func (p *Tactician) economy(pos *Position, s int, pl *plan, onFlag int) {
	sd := &pos.Sides[s]
	r := pos.Round
	reserve := 2 * max(onFlag, 2) * (FlagWin - sd.Held)
	grain := sd.Grain
	if r%100 == 0 {
		pl.side = append(pl.side, p.buff(pos, s))
	}
	if sd.Formation == NoFormation && sd.Morale >= FormMorale && grain-FormCost >= reserve {
		pl.side = append(pl.side, SetForm(Crane))
		grain -= FormCost
	}
	for k := range sd.Team {
		u := &sd.Team[k]
		if !u.Alive || p.b.IsFlag(u.At) && r >= FlagOpens-5 {
			continue
		}
		room := pos.Hero(s, k).Command - u.Archers - u.Shields
		n := min(room, (grain-reserve)/SoldierCost)
		if n <= 0 {
			continue
		}
		shields := n / 2
		pl.makes = append(pl.makes, MakeSoldiers(pos.Hero(s, k).Name, n-shields, shields))
		grain -= SoldierCost * n
	}
}

// buff picks the buff of a buff round: a heal when the team is hurt,
// else the damage reduction.
func (p *Tactician) buff(pos *Position, s int) Command {
	hp, max := 0, 0
	for k := range pos.Sides[s].Team {
		if u := &pos.Sides[s].Team[k]; u.Alive {
			hp += u.HP
			max += pos.Hero(s, k).HP
		}
	}
	if hp*10 < max*7 {
		return TakeBuff(1002, "")
	}
	return TakeBuff(1003, "")
}

// refine chooses each hero's action in turn, slot order, twice: the one
// whose simulated outcome is best, within the budget of simulations.
func (p *Tactician) refine(pos *Position, s int, pl *plan, theirs []Command) {
	best := p.score(pos, s, pl, theirs)
	budget := p.Budget
	for pass := 0; pass < 2 && budget > 0; pass++ {
		improved := false
		for k := range pos.Sides[s].Team {
			if !pos.Sides[s].Team[k].Alive {
				continue
			}
			keep := pl.act[k]
			for _, c := range p.candidates(pos, s, k) {
				if budget <= 0 || c.Op == keep.Op && p.sameCommand(c, keep) {
					continue
				}
				budget--
				pl.act[k] = c
				if v := p.score(pos, s, pl, theirs); v > best {
					best, keep, improved = v, c, true
				}
			}
			pl.act[k] = keep
		}
		if !improved {
			break
		}
	}
}

// sameCommand reports whether a and b are the same command: the same
// JSON.
func (p *Tactician) sameCommand(a, b Command) bool {
	p.json[0], p.json[1] = a.AppendJSON(p.json[0][:0]), b.AppendJSON(p.json[1][:0])
	return bytes.Equal(p.json[0], p.json[1])
}

// score simulates the plan against the predicted enemy orders for Depth
// rounds (the second with both sides' default plans) and evaluates the
// outcome.
func (p *Tactician) score(pos *Position, s int, pl *plan, theirs []Command) float64 {
	var cmds [2][]Command
	p.mine[0] = pl.appendCommands(p.mine[0][:0])
	cmds[s], cmds[other(s)] = p.mine[0], theirs
	next := p.sim.play(pos, &cmds)
	if r := p.sim.st.result; r != nil && r.Winner >= 0 {
		if r.Winner == s {
			return 1e9
		}
		return -1e9
	}
	if p.Depth < 2 || p.sim.st.result != nil {
		return p.w.evaluate(next, s)
	}
	after := *next
	p.cities = append(p.cities[:0], next.Cities...)
	after.Cities = p.cities
	after.Round++
	ours := p.script(&after, s, &p.plans[1])
	for k := range ours.act {
		ours.act[k] = p.defaultAction(&after, s, k)
		if !after.Sides[s].Team[k].Alive {
			ours.act[k] = Command{}
		}
	}
	p.mine[1] = ours.appendCommands(p.mine[1][:0])
	p.theirs = p.model.AppendOrders(p.theirs[:0], &OrdersArgs{Side: other(s), Position: &after})
	cmds[s], cmds[other(s)] = p.mine[1], p.theirs
	return p.w.evaluate(p.sim.play(&after, &cmds), s)
}

// candidates lists the actions worth simulating for the hero in slot k:
// none, AD and targeted skills on the enemies near it, its other skills,
// sieges of the cities in reach, and a claim.
func (p *Tactician) candidates(pos *Position, s, k int) []Command {
	u := &pos.Sides[s].Team[k]
	reach := pos.Hero(s, k).Range + 2
	out := p.cands[:0]
	p.actions = pos.appendActions(p.actions[:0], s, k, false) // usefulSkill refuses 蜀汉旗
	for _, c := range p.actions {
		switch c.Op {
		case OpAD:
			if p.near(pos, other(s), c.Target, u.At, reach) {
				out = append(out, c)
			}
		case OpSG:
			if Dist(u.At, c.City) <= reach-1 {
				out = append(out, c)
			}
		case OpSK:
			if p.usefulSkill(pos, s, k, c, reach) {
				out = append(out, c)
			}
		default:
			out = append(out, c)
		}
	}
	p.cands = out
	return out
}

// near reports whether side t's hero called name is within reach of at.
func (p *Tactician) near(pos *Position, t int, name string, at Point, reach int) bool {
	v := pos.SlotOf(t, name)
	return v >= 0 && pos.Sides[t].Team[v].Alive && Dist(pos.Sides[t].Team[v].At, at) <= reach
}

// usefulSkill keeps the skill commands worth simulating: targets near the
// hero, 火攻 on an enemy's cell, 制衡 for shields, no 蜀汉旗.
func (p *Tactician) usefulSkill(pos *Position, s, k int, c Command, reach int) bool {
	u := &pos.Sides[s].Team[k]
	switch skillOf(u.Hero, c.Skill) {
	case sk2Flag:
		return false
	case sk1Fire:
		t, _, ok := pos.UnitAt(c.At)
		return ok && t != s && Dist(u.At, c.At) <= pos.Hero(s, k).Range
	case sk2Balance:
		return c.Soldier == shieldKind
	}
	if c.Fields&FieldTarget != 0 {
		return p.near(pos, other(s), c.Target, u.At, reach)
	}
	return true
}
