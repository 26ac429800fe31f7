package planets

import (
	"math"
	"sort"

	"github.com/shapan/shapan/engine"
)

// legal lists player me's legal orders (engine.Decision.Legal). Every
// combination of moves is too many to list, so the list holds the orders
// of at most one move or one tactic: the empty order, then every move of
// 1 … garrison units from a planet me owns along one of its routes, then
// the terminator on every planet when me has the points for it. An order
// of several moves is as legal, only not listed; null (submitting
// nothing) is a missed step and not listed either.
func (s *state) legal(me int) engine.Legal {
	type source struct {
		from, to int
		units    int64
	}
	var moves []source
	var ends []int64 // ends[k]: the number of listed moves up to source k included
	n := int64(0)
	for from, h := range s.holds {
		if h.owner != me {
			continue
		}
		units := int64(math.Floor(h.count.Float()))
		if units < 1 {
			continue
		}
		for _, r := range s.b.adj[from] {
			moves = append(moves, source{from, r.to, units})
			n += units
			ends = append(ends, n)
		}
	}
	tactics := int64(0)
	if s.players[me].points >= TacticCost[Terminator] {
		tactics = int64(len(s.holds))
	}
	return engine.Legal{N: 1 + n + tactics, At: func(i int64) engine.Answer {
		switch {
		case i == 0:
			return Order{Moves: []Move{}}.Encode()
		case i <= n:
			k := sort.Search(len(ends), func(k int) bool { return ends[k] >= i })
			src, before := moves[k], ends[k]-moves[k].units
			return Order{Moves: []Move{{Count: i - before, From: src.from, To: src.to}}}.Encode()
		}
		return Order{Moves: []Move{}, Tactic: &Tactic{Type: Terminator, Planet: int(i - 1 - n)}}.Encode()
	}}
}
