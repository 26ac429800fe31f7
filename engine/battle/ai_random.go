package battle

import (
	"math/rand"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// Player is a computer player of battle games: it answers the orders of
// the side it is asked for.
type Player = engine.Player[*Game]

// argsOf returns the Args of an orders decision.
func argsOf(d *engine.Decision) *OrdersArgs { return d.Args.(*OrdersArgs) }

// Random is the reference random player of spec §17.2 (the yardstick):
// its own math/rand generator, seeded once per game, draws Perm(9) for
// the team, then for each hero alive at the start of a round (slot order)
// one Intn(k) over staying and the passable neighbours in direction order
// and one Intn(m) over no action, AD on each living enemy, SG on each
// standing city and, from round 101, AC. It never sends anything else.
type Random struct {
	rng *rand.Rand
	buf []Command
	out []byte
}

// NewRandom returns the random player seeded with seed (one per side and
// game).
func NewRandom(seed int64) *Random { return &Random{rng: rand.New(rand.NewSource(seed))} }

// Answer implements Player.
func (p *Random) Answer(_ *Game, d *engine.Decision) engine.Answer {
	return p.Orders(argsOf(d))
}

// Orders returns the answer to the orders of a.
func (p *Random) Orders(a *OrdersArgs) engine.Answer {
	p.out = AppendCommands(p.out[:0], p.Commands(a))
	return append(engine.Answer(nil), p.out...)
}

// Commands returns the commands of the answer to the orders of a (valid
// until the next call).
func (p *Random) Commands(a *OrdersArgs) []Command {
	p.buf = p.commands(a, p.buf[:0])
	return p.buf
}

// commands appends the commands of the answer to the orders of a to cmds.
func (p *Random) commands(a *OrdersArgs, cmds []Command) []Command {
	pos, s := a.Position, a.Side
	if pos.Round == 1 {
		perm := p.rng.Perm(len(bfmt.DefaultRoster))
		team := make([]string, TeamSize)
		for k := range team {
			team[k] = pos.Board.Roster[perm[k]].Name
		}
		return append(cmds, PickTeam(team...))
	}
	var cells [8]Point
	for k := range pos.Sides[s].Team {
		u := &pos.Sides[s].Team[k]
		if !u.Alive {
			continue
		}
		moves := cells[:0]
		if !u.Has(Prison, pos.Round) {
			for _, d := range Directions {
				if to := (Point{X: u.At.X + d.X, Y: u.At.Y + d.Y}); pos.Board.Passable(s, to) {
					moves = append(moves, to)
				}
			}
		}
		i := p.rng.Intn(1 + len(moves))
		j := p.rng.Intn(p.actions(pos, s))
		name := pos.Hero(s, k).Name
		if i > 0 {
			cmds = append(cmds, MoveTo(name, moves[i-1]))
		}
		if j > 0 {
			cmds = append(cmds, p.action(pos, s, name, j-1))
		}
	}
	return cmds
}

// actions counts the options m of a hero of side s.
func (p *Random) actions(pos *Position, s int) int {
	m := 1
	for k := range pos.Sides[other(s)].Team {
		if pos.Sides[other(s)].Team[k].Alive {
			m++
		}
	}
	for _, c := range pos.Cities {
		if c.Standing {
			m++
		}
	}
	if pos.Round >= FlagOpens {
		m++
	}
	return m
}

// action returns the j-th action (from 0: AD on the living enemies, SG on
// the standing cities, AC).
func (p *Random) action(pos *Position, s int, name string, j int) Command {
	t := other(s)
	for k := range pos.Sides[t].Team {
		if pos.Sides[t].Team[k].Alive {
			if j == 0 {
				return Attack(name, pos.Hero(t, k).Name)
			}
			j--
		}
	}
	for _, c := range pos.Cities {
		if c.Standing {
			if j == 0 {
				return Besiege(name, c.At)
			}
			j--
		}
	}
	return Claim(name)
}
