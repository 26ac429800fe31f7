package sim_test

import (
	"context"
	"github.com/shapan/shapan/engine/sim"
	ftbtsim "github.com/shapan/shapan/engine/sim/ftbt"
	"reflect"
	"testing"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

func TestSeatingTurnsThePlayers(t *testing.T) {
	if s := sim.Seating(nil, 2, 0); s != nil {
		t.Fatalf("no players: %v", s)
	}
	if s := sim.Seating([]string{"search"}, 3, 3); !reflect.DeepEqual(s, []string{"search", "search", "search"}) {
		t.Fatalf("one player for all: %v", s)
	}
	want := [][]string{{"search", "ai", "ai"}, {"ai", "search", "ai"}, {"ai", "ai", "search"}, {"search", "ai", "ai"}}
	for game, w := range want {
		if s := sim.Seating([]string{"search", "ai"}, 3, game); !reflect.DeepEqual(s, w) {
			t.Fatalf("game %d: %v, want %v", game, s, w)
		}
	}
}

// TestPlayersAreCounted: a simulation between two players counts each
// one's wins over every seating; the same seed gives the same report.
func TestPlayersAreCounted(t *testing.T) {
	doc := sampleDoc(t, "ftbt/长坂坡.yaml")
	level, rules := doc.Value.(*ftbtfmt.Level), doc.Rules.(*ftbtfmt.Rules)
	f, err := ftbtsim.New(level, rules, ftbtsim.Options{TurnCap: 4, Players: []string{"random", "ai"}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(context.Background(), f, sim.Options{Games: 6, Seed: 3, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Players) != 2 || r.Players[0].Name != "random" || r.Players[1].Name != "ai" {
		t.Fatalf("players %+v", r.Players)
	}
	sum := 0
	for _, p := range r.Players {
		if p.Games != 6 || p.Seats != 6 || p.Share != 0.5 {
			t.Fatalf("player %+v", p)
		}
		sum += p.Wins.Count
	}
	if sum != r.Games-r.Draws.Count {
		t.Fatalf("the players won %d games; %d were won", sum, r.Games-r.Draws.Count)
	}
	again, _ := sim.Run(context.Background(), f, sim.Options{Games: 6, Seed: 3, Jobs: 1})
	if !reflect.DeepEqual(r.Players, again.Players) {
		t.Fatalf("%+v\n%+v", r.Players, again.Players)
	}
	if _, err := ftbtsim.New(level, rules, ftbtsim.Options{Players: []string{"clever"}}); err == nil {
		t.Fatal("an unknown player was taken")
	}
}
