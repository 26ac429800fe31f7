package planets

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
)

// playOn plays g to its end with random players and sums up how it
// ended.
func playOn(t *testing.T, g *Game, seed int64) string {
	t.Helper()
	p := NewRandomPlayer(seed)
	if err := engine.PlayOut(g, engine.Seats[*Game](p, g.NumPlayers()), engine.PlayOptions{MaxDecisions: 100_000}); err != nil {
		t.Fatal(err)
	}
	r, _ := g.Outcome()
	return fmt.Sprintf("%+v %v", r, g.View().Holds)
}

// TestForkGoesBackToTheStepsStart: a copy made while a player is asked
// asks the step's first living player again; given the orders the game
// was given this step, it plays on as the game does.
func TestForkGoesBackToTheStepsStart(t *testing.T) {
	for seed := int64(0); seed < 3; seed++ {
		g, err := New(Setup{Map: sampleMap(t), MaxRounds: 16}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewSource(seed))
		p := NewRandomPlayer(seed + 10)
		var step []engine.Answer // this step's answers so far
		first, last := 0, -1     // the step's first player, the last asked
		for n := 0; g.Pending() != nil; n++ {
			d := g.Pending()
			if d.Player <= last {
				step, first = step[:0], d.Player
			}
			last = d.Player
			if r.Intn(12) == 0 {
				f, err := g.Fork()
				if err != nil {
					t.Fatal(err)
				}
				if fd := f.Pending(); fd.Player != first || f.Round() != g.Round() {
					t.Fatalf("the copy asks player %d in round %d; the step began with player %d in round %d", fd.Player, f.Round(), first, g.Round())
				}
				if err := f.Replay(step); err != nil {
					t.Fatal(err)
				}
				snap, err := g.Snapshot()
				if err != nil {
					t.Fatal(err)
				}
				ref, err := Resume(snap, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if a, b := playOn(t, f, int64(n)), playOn(t, ref, int64(n)); a != b {
					t.Fatalf("seed %d decision %d: the copy ended %s, the game %s", seed, n, a, b)
				}
			}
			a := p.Answer(g, d)
			step = append(step, a)
			if err := g.Answer(d.Player, a); err != nil {
				t.Fatal(err)
			}
		}
		g.Close()
	}
}

// TestSearchPlaysOnlyLegalOrders: at random positions of random games, the
// search player's orders for the asked player pass the rules' check, and
// the same seed gives the same orders.
func TestSearchPlaysOnlyLegalOrders(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for pos := 0; pos < 8; pos++ {
		setup := Setup{Map: sampleMap(t), MaxRounds: 200}
		g, err := New(setup, Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := NewRandomPlayer(int64(pos))
		for k := r.Intn(120); k > 0 && g.Pending() != nil; k-- {
			d := g.Pending()
			if err := g.Answer(d.Player, p.Answer(g, d)); err != nil {
				t.Fatal(err)
			}
		}
		if d := g.Pending(); d != nil {
			o := search.Options{Playouts: 4, Seed: int64(pos), Horizon: 8}
			a := search.New(SearchModel(setup, g.NumPlayers(), 1), o).Answer(g, d)
			if err := d.Check(a); err != nil {
				t.Fatalf("round %d, player %d: the search's orders %s are refused: %v", g.Round(), d.Player, a, err)
			}
			if b := search.New(SearchModel(setup, g.NumPlayers(), 1), o).Answer(g, d); string(a) != string(b) {
				t.Fatalf("the same seed gave %s and %s", a, b)
			}
		}
		g.Close()
	}
}
