package battle

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// tinySearch is a search player cheap enough for a test.
func tinySearch(b *Board, seed int64) *search.Player {
	return search.New(SearchModel(b, seed), search.Options{Playouts: 3, Seed: seed, Horizon: 4})
}

// TestSearchPlaysOnlyLegalOrders: at random positions of random games
// (random orders for a random number of rounds), the search player's
// orders for either side pass the rules' check.
func TestSearchPlaysOnlyLegalOrders(t *testing.T) {
	m := bfmt.NewStandard(40, 30)
	r := rand.New(rand.NewSource(3))
	for pos := 0; pos < 6; pos++ {
		g, err := New(Setup{Map: m, MaxRounds: 300}, Options{Machine: engineDrop})
		if err != nil {
			t.Fatal(err)
		}
		random := [2]*Random{NewRandom(int64(pos)), NewRandom(int64(pos) + 50)}
		for rounds := r.Intn(130); rounds > 0 && !g.Over(); rounds-- {
			for s := range random {
				if err := g.Answer(s, random[s].Answer(g, g.PendingFor(s))); err != nil {
					t.Fatal(err)
				}
			}
		}
		if g.Over() {
			g.Close()
			continue
		}
		for s := range 2 {
			d := g.PendingFor(s)
			a := tinySearch(g.Board(), int64(pos)).Answer(g, d)
			if err := g.Check(s, a); err != nil {
				t.Fatalf("round %d, side %d: the search's orders %s are refused: %v", g.Round(), s, a, err)
			}
			if err := g.Answer(s, a); err != nil {
				t.Fatal(err)
			}
		}
		g.Close()
	}
}

// TestSearchIsReproducible: the same seeds play the same game, search
// against greedy.
func TestSearchIsReproducible(t *testing.T) {
	play := func() string {
		g, err := New(Setup{Map: bfmt.NewStandard(40, 30), MaxRounds: 6}, Options{Machine: engineDrop})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		players := []Player{search.For[*Game](tinySearch(g.Board(), 9)), NewGreedy(g.Board())}
		if err := engine.PlayOut(g, players, engine.PlayOptions{}); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, a := range g.Answers() {
			b.Write(a)
			b.WriteByte('\n')
		}
		return b.String()
	}
	if a, b := play(), play(); a != b {
		t.Fatalf("the same seed played two games:\n%s\n%s", a, b)
	}
}

// TestForkForgetsTheRoundsAnswers: a copy of a game whose side 0 has
// answered asks both sides again, from the same position.
func TestForkForgetsTheRoundsAnswers(t *testing.T) {
	g, err := New(Setup{Map: bfmt.NewStandard(40, 30)}, Options{Machine: engineDrop})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	gr := NewGreedy(g.Board())
	for range 3 {
		for s := range 2 {
			if err := g.Answer(s, gr.Answer(g, g.PendingFor(s))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := g.Answer(0, gr.Answer(g, g.PendingFor(0))); err != nil {
		t.Fatal(err)
	}
	c, err := g.Fork()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if len(c.PendingAll()) != 2 || c.Round() != g.Round() {
		t.Fatalf("the copy asks %d sides in round %d; the game is in round %d", len(c.PendingAll()), c.Round(), g.Round())
	}
	if _, err := c.Snapshot(); err == nil {
		t.Fatal("a copy was saved")
	}
	// both play on alike
	if err := g.Answer(1, gr.Answer(g, g.PendingFor(1))); err != nil {
		t.Fatal(err)
	}
	for s := range 2 {
		if err := c.Answer(s, gr.Answer(c, c.PendingFor(s))); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := g.Position(), c.Position(); a.Round != b.Round || a.Sides != b.Sides {
		t.Fatal("the copy and the game differ after the same orders")
	}
}
