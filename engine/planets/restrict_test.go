package planets

import (
	"testing"

	"github.com/shapan/shapan/engine/restrict"
)

// TestRestrictedPlanet: a player forbidden a planet never sends a fleet
// to it, so never takes it, and plays on legally.
func TestRestrictedPlanet(t *testing.T) {
	m := sampleMap(t)
	rs := Restrictions(m)
	if len(rs) != len(m.Planets) {
		t.Fatalf("%d restrictions for %d planets", len(rs), len(m.Planets))
	}
	g, err := New(Setup{Map: m, MaxRounds: 60}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	r := rs[len(rs)/2]
	players := SeededSeats(1, g.NumPlayers())
	players[0] = restrict.Player(players[0], r)
	for g.Pending() != nil {
		d := g.Pending()
		a := players[d.Player].Answer(g, d)
		if d.Player == 0 && r.Uses(d, a) {
			t.Fatalf("round %d: player 0 sent %s", g.Round(), a)
		}
		if err := g.Answer(d.Player, a); err != nil {
			t.Fatal(err)
		}
		if h := g.View().Holds[r.ID]; h.Owner == 0 && g.Starts()[0] != r.ID {
			t.Fatalf("round %d: player 0 holds %s", g.Round(), r.Name)
		}
	}
}
