package battle

import (
	"github.com/shapan/shapan/engine/search"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// ComputerPlayers names the computer players, strongest first: the
// tactician, the spec's reference players greedy and random, and the
// search player (search, search:PLAYOUTS or search:CPU such as
// search:100ms; see package search).
var ComputerPlayers = Roster(nil).Names()

// Roster is the computer players of games on board b (nil: for their
// names only).
func Roster(b *Board) search.Roster[*Game] {
	return search.Roster[*Game]{
		Own: []search.Own[*Game]{
			{Name: "tactician", New: func(_ int, seed int64) (Player, error) { return NewTactician(b, seed), nil }},
			{Name: "greedy", New: func(int, int64) (Player, error) { return NewGreedy(b), nil }},
			{Name: "random", New: func(_ int, seed int64) (Player, error) { return NewRandom(seed), nil }},
		},
		Model: func(seed int64) (*search.Model, error) { return SearchModel(b, seed), nil },
	}
}

// ValidComputer reports whether name names a computer player, and why
// not.
func ValidComputer(name string) error { return Roster(nil).Valid(name) }

// NewComputer returns the computer player called name for board b;
// seed varies the tactician's, the random player's and the search
// player's play (greedy is deterministic).
func NewComputer(name string, b *Board, seed int64) (Player, error) {
	return Roster(b).New(name, 0, seed)
}

// SetupOf returns the setup of a battle map document: the map and the
// document's roster, the other settings at their defaults.
func SetupOf(m *bfmt.Map) Setup { return Setup{Map: m, Roster: m.Roster} }
