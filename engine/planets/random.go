package planets

import (
	"math"
	"math/rand"

	"github.com/shapan/shapan/engine"
)

// RandomPlayer answers uniformly at random among legal orders: each
// planet it owns that has units, in id order, sends with probability 1/2
// one fleet along one of its routes chosen uniformly, of a uniform count
// from 1 to the garrison; with at least the terminator's cost in points
// it uses the terminator with probability 1/2 on a uniformly chosen
// planet. Every such order is accepted.
type RandomPlayer struct {
	Rand *rand.Rand
}

// NewRandomPlayer returns a random player with its own generator.
func NewRandomPlayer(seed int64) *RandomPlayer {
	return &RandomPlayer{Rand: rand.New(rand.NewSource(seed))}
}

// Answer implements Player.
func (p *RandomPlayer) Answer(g *Game, d *engine.Decision) engine.Answer {
	return g.OrderAnswer(d, p.Order(g, d.Player))
}

// Order draws player me's order.
func (p *RandomPlayer) Order(g *Game, me int) Order {
	st := g.st
	o := Order{Moves: []Move{}}
	for from, h := range st.holds {
		if h.owner != me || len(st.b.adj[from]) == 0 {
			continue
		}
		units := int64(math.Floor(h.count.Float()))
		if units < 1 || p.Rand.Intn(2) == 0 {
			continue
		}
		r := st.b.adj[from][p.Rand.Intn(len(st.b.adj[from]))]
		o.Moves = append(o.Moves, Move{Count: 1 + p.Rand.Int63n(units), From: from, To: r.to})
	}
	if st.players[me].points >= TacticCost[Terminator] && p.Rand.Intn(2) == 0 {
		o.Tactic = &Tactic{Type: Terminator, Planet: p.Rand.Intn(len(st.holds))}
	}
	return o
}
