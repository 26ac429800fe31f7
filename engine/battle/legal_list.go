package battle

import (
	"math"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// Directions are the eight moves in the reference players' order (spec
// §17.1): N, NE, E, SE, S, SW, W, NW.
var Directions = [8]Point{{X: 0, Y: -1}, {X: 1, Y: -1}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}, {X: -1, Y: 1}, {X: -1, Y: 0}, {X: -1, Y: -1}}

// legalOrders lists answers of side s in position p: in round 1 every
// team (the 60480 ordered picks of six of the nine heroes); in a play
// round every combination of a formation switch (or none), a buff (or
// none) and, for each living hero in slot order, one of its Movements and
// one of its Actions. The list leaves out MAKE, PICK, SP and QUIT (whose
// costs and names bind the commands together, or that no player needs a
// list for); every answer it lists is legal.
func legalOrders(p *Position, s int) engine.Legal {
	if p.Round == 1 {
		return legalTeams()
	}
	var radix [][]Command // one digit: the commands of its choices
	radix = append(radix, p.formOptions(s), p.buffOptions(s))
	for k := range p.Sides[s].Team {
		if p.Sides[s].Team[k].Alive {
			radix = append(radix, p.Movements(s, k), p.Actions(s, k))
		}
	}
	n := int64(1)
	for _, d := range radix {
		if n > math.MaxInt64/int64(len(d)) {
			n = math.MaxInt64 // never on a real map; the list is cut
			break
		}
		n *= int64(len(d))
	}
	return engine.Legal{N: n, At: func(i int64) engine.Answer {
		var cmds []Command
		for _, d := range radix {
			c := d[i%int64(len(d))]
			i /= int64(len(d))
			if c.Op != 0 {
				cmds = append(cmds, c)
			}
		}
		return Encode(cmds...)
	}}
}

// legalTeams lists the PICKs of round 1.
func legalTeams() engine.Legal {
	const n = 9 * 8 * 7 * 6 * 5 * 4
	return engine.Legal{N: n, At: func(i int64) engine.Answer {
		left := bfmt.HeroNames()
		team := make([]string, 0, TeamSize)
		for k := range TeamSize {
			j := int(i % int64(9-k))
			i /= int64(9 - k)
			team = append(team, left[j])
			left = append(left[:j], left[j+1:]...)
		}
		return Encode(PickTeam(team...))
	}}
}

// formOptions are none and the formations side s may switch to.
func (p *Position) formOptions(s int) []Command {
	out := []Command{{}}
	sd := &p.Sides[s]
	if sd.Morale < FormMorale || sd.Grain < FormCost {
		return out
	}
	for f := Crane; f <= Bagua; f++ {
		if f != sd.Formation {
			out = append(out, SetForm(f))
		}
	}
	return out
}

// buffOptions are none and the buffs of a buff round.
func (p *Position) buffOptions(s int) []Command {
	out := []Command{{}}
	if p.Round%100 != 0 {
		return out
	}
	for k := range p.Sides[s].Team {
		if p.Sides[s].Team[k].Alive {
			out = append(out, TakeBuff(1001, p.Hero(s, k).Name))
		}
	}
	for id := 1002; id <= 1004; id++ {
		out = append(out, TakeBuff(id, ""))
	}
	return out
}

// Movements lists the movements of side s's living hero in slot k:
// none (the zero Command), a MOVE to each neighbour passable for the side
// in direction order, and a jump to its mark when it has one this round.
// (SP, legal to any cell within 10 passable for the side when ready, is
// not listed.)
func (p *Position) Movements(s, k int) []Command {
	u := &p.Sides[s].Team[k]
	out := []Command{{}}
	if u.Has(Prison, p.Round) {
		return out
	}
	name := p.Hero(s, k).Name
	for _, d := range Directions {
		if to := (Point{X: u.At.X + d.X, Y: u.At.Y + d.Y}); p.Board.Passable(s, to) {
			out = append(out, MoveTo(name, to))
		}
	}
	if u.MarkRound == p.Round && Dist(u.At, u.Mark) > 1 && u.Mark != u.At {
		out = append(out, MoveTo(name, u.Mark))
	}
	return out
}

// Actions lists the actions of side s's living hero in slot k: none (the
// zero Command), AD on each living enemy, SG on each standing city, AC
// from round 101, and every ready skill with each value of its fields
// (targets: the living enemies; 蜀汉旗: the cells passable for the side
// within 8; 火攻: the cells within the hero's range; 制衡: both soldiers;
// 斗转星移: no formation or either one).
func (p *Position) Actions(s, k int) []Command { return p.AppendActions(nil, s, k) }

// AppendActions appends the actions of side s's living hero in slot k
// (see Actions) to out and returns the extended slice.
func (p *Position) AppendActions(out []Command, s, k int) []Command {
	return p.appendActions(out, s, k, true)
}

// appendActions is AppendActions, without 蜀汉旗 (its cells within 8)
// unless flags is set.
func (p *Position) appendActions(out []Command, s, k int, flags bool) []Command {
	r := p.Round
	u := &p.Sides[s].Team[k]
	out = append(out, Command{})
	if u.Has(Charge, r) {
		return out
	}
	name := p.Hero(s, k).Name
	var buf [TeamSize]string
	enemies := p.appendLivingNames(buf[:0], other(s))
	for _, e := range enemies {
		out = append(out, Attack(name, e))
	}
	for _, c := range p.Cities {
		if c.Standing {
			out = append(out, Besiege(name, c.At))
		}
	}
	if r >= FlagOpens {
		out = append(out, Claim(name))
	}
	if u.Has(Silence, r) {
		return out
	}
	for sk := 1; sk <= 2; sk++ {
		if r >= p.Ready(s, k, sk-1) && (flags || skillOf(u.Hero, sk) != sk2Flag) {
			out = p.appendSkillOptions(out, s, k, sk, name, enemies)
		}
	}
	return out
}

// appendLivingNames appends the names of side s's living heroes to out.
func (p *Position) appendLivingNames(out []string, s int) []string {
	for k := range p.Sides[s].Team {
		if p.Sides[s].Team[k].Alive {
			out = append(out, p.Hero(s, k).Name)
		}
	}
	return out
}

// appendSkillOptions appends SK sk of the hero in side s's slot k with
// each value of its fields to out.
func (p *Position) appendSkillOptions(out []Command, s, k, sk int, name string, enemies []string) []Command {
	u := &p.Sides[s].Team[k]
	switch id := skillOf(u.Hero, sk); id {
	case sk1Dragon, sk1Yiqi, sk1Tiger, sk1Guimou, sk2Tianming:
		for _, e := range enemies {
			out = append(out, SkillOn(name, sk, e))
		}
	case sk2Rage:
		if u.HP < 1000 {
			out = append(out, UseSkill(name, sk))
		}
	case sk2Flag, sk1Fire:
		reach := MarkRange
		if id == sk1Fire {
			reach = p.Board.Roster[u.Hero].Range
		}
		for y := u.At.Y - reach; y <= u.At.Y+reach; y++ {
			for x := u.At.X - reach; x <= u.At.X+reach; x++ {
				at := Point{X: x, Y: y}
				if id == sk1Fire && p.Board.In(at) || id == sk2Flag && p.Board.Passable(s, at) {
					out = append(out, SkillAt(name, sk, at))
				}
			}
		}
	case sk2Balance:
		out = append(out, SkillSoldier(name, sk, archerKind), SkillSoldier(name, sk, shieldKind))
	case sk2Stars:
		out = append(out, UseSkill(name, sk), SkillForm(name, sk, Crane), SkillForm(name, sk, Bagua))
	default:
		out = append(out, UseSkill(name, sk))
	}
	return out
}
