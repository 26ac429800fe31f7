package play

import (
	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
)

// NamedComputers returns the computer player each computer seat names
// from the family's roster r, seeded from seed and the seat: nil for a
// person's seat and for the family's own first player (the match's
// default), which the match plays itself.
func NamedComputers[G search.Game](seats []Seat, r search.Roster[G], seed int64) ([]engine.Player[G], error) {
	out := make([]engine.Player[G], len(seats))
	def := ""
	if names := r.Names(); len(names) > 0 {
		def = names[0]
	}
	for s, seat := range seats {
		if seat.Human || seat.Computer == "" || seat.Computer == def {
			continue
		}
		p, err := r.New(seat.Computer, s, seed*int64(len(seats))+int64(s))
		if err != nil {
			return nil, err
		}
		out[s] = p
	}
	return out, nil
}

// SeatPlayer returns seat s's named computer player, nil for the
// default.
func SeatPlayer[G any](named []engine.Player[G], s int) engine.Player[G] {
	if s < 0 || s >= len(named) {
		return nil
	}
	return named[s]
}
