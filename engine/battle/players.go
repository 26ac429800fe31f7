package battle

import (
	"fmt"
	"strings"

	bfmt "github.com/shapan/shapan/formats/battle"
)

// ComputerPlayers names the computer players, strongest first: the
// tactician, and the spec's reference players greedy and random.
var ComputerPlayers = []string{"tactician", "greedy", "random"}

// NewComputer returns the computer player called name for board b;
// seed varies the tactician's and the random player's play (greedy is
// deterministic).
func NewComputer(name string, b *Board, seed int64) (Player, error) {
	switch name {
	case "tactician":
		return NewTactician(b, seed), nil
	case "greedy":
		return NewGreedy(b), nil
	case "random":
		return NewRandom(seed), nil
	}
	return nil, fmt.Errorf("no computer player %q (%s)", name, strings.Join(ComputerPlayers, ", "))
}

// SetupOf returns the setup of a battle map document: the map and the
// document's roster, the other settings at their defaults.
func SetupOf(m *bfmt.Map) Setup { return Setup{Map: m, Roster: m.Roster} }
