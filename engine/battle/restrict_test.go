package battle

import (
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/restrict"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// TestRestrictedTeams: a side forbidden a hero never picks it — the
// tactician's team takes another hero instead — and plays on legally.
func TestRestrictedTeams(t *testing.T) {
	g, err := New(Setup{Map: bfmt.NewStandard(40, 30), MaxRounds: 40}, Options{Machine: engineDrop})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	rs := Restrictions(g.Board())
	if len(rs) != 9 {
		t.Fatalf("%d heroes", len(rs))
	}
	var lvbu restrict.Restriction
	for _, r := range rs {
		if r.Name == "吕布" {
			lvbu = r
		}
	}
	players := []Player{restrict.Player[*Game](NewTactician(g.Board(), 1), lvbu), NewTactician(g.Board(), 2)}
	d := g.PendingFor(0)
	a := players[0].Answer(g, d)
	if strings.Contains(string(a), "吕布") || d.Check(a) != nil {
		t.Fatalf("the team %s", a)
	}
	if err := g.Answer(0, a); err != nil {
		t.Fatal(err)
	}
	if err := g.Answer(1, players[1].Answer(g, g.PendingFor(1))); err != nil {
		t.Fatal(err)
	}
	if err := engine.PlayOut(g, players, engine.PlayOptions{}); err != nil {
		t.Fatal(err)
	}
}
