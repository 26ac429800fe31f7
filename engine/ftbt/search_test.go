package ftbt

import (
	"fmt"
	"github.com/shapan/shapan/internal/longtest"
	"math/rand"
	"reflect"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
)

// forkExact is Fork with the game's own generator, at its position: a
// copy that must play on exactly as the game.
func forkExact(t *testing.T, g *Game) *Game {
	t.Helper()
	f, err := g.Fork(0)
	if err != nil {
		t.Fatal(err)
	}
	seed, draws := g.g.src.Position()
	f.g.src = engine.SourceAt(seed, draws)
	f.g.rng = rand.New(f.g.src)
	return f
}

// playOn plays g to its end with wasteful random players seeded by seed
// and sums up how it ended.
func playOn(t *testing.T, g *Game, seed int64) string {
	t.Helper()
	p := &RandomPlayer{Rand: rand.New(rand.NewSource(seed)), Wasteful: 0.3}
	if _, err := PlayOut(g, [2]Player{p, p}, 100_000); err != nil {
		t.Fatal(err)
	}
	res, _ := g.Winner()
	return fmt.Sprintf("result %d, rounds %d, final %v", res, g.Rounds(), g.Final())
}

// TestForkPlaysOnAsTheGame: a copy made at any decision — within a
// person's action too: a destination, a tech, a target, a confirmation —
// and given the same answers ends as the game does.
func TestForkPlaysOnAsTheGame(t *testing.T) {
	setup, err := LoadSetup("../../samples/ftbt/长坂坡.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	setup.TurnCap = 8
	kinds := map[string]int{}
	for seed := range longtest.Sized[int64](6, 3, 6) { // under -race 3 games: copies at every kind of decision still
		setup.Seed = seed
		r := rand.New(rand.NewSource(seed))
		g := newGame(t, setup)
		p := &RandomPlayer{Rand: rand.New(rand.NewSource(seed + 100)), Wasteful: 0.3}
		for n := 0; g.Pending() != nil; n++ {
			d := g.Pending()
			if r.Intn(40) == 0 {
				kinds[d.Kind]++
				f := forkExact(t, g)
				if fd := f.Pending(); !reflect.DeepEqual(fd.Args, d.Args) || fd.Player != d.Player {
					t.Fatalf("seed %d decision %d: the copy asks %s %+v, the game %s %+v", seed, n, fd.Kind, fd.Args, d.Kind, d.Args)
				}
				snap, err := g.Snapshot()
				if err != nil {
					t.Fatal(err)
				}
				ref, err := Resume(snap, Options{}) // the game replayed
				if err != nil {
					t.Fatal(err)
				}
				if a, b := playOn(t, f, int64(n)), playOn(t, ref, int64(n)); a != b {
					t.Fatalf("seed %d decision %d (%s): the copy ended %s, the game %s", seed, n, d.Kind, a, b)
				}
			}
			if err := g.Answer(d.Player, p.Answer(g, d)); err != nil {
				t.Fatal(err)
			}
		}
		g.Close()
	}
	for _, k := range []string{KindSelPeople, KindSelMoveObj, KindSelTech, KindSelTechObj, KindConfirm} {
		if kinds[k] == 0 {
			t.Errorf("no copy was made at a %s decision (%v)", k, kinds)
		}
	}
}

// TestSearchPlaysOnlyLegalAnswers: at random decisions of random games,
// the search player's answer passes the rules' check and is one the rules
// act on (listed as legal), and the same seed gives the same answer.
func TestSearchPlaysOnlyLegalAnswers(t *testing.T) {
	setup, err := LoadSetup("../../samples/ftbt/长坂坡.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	setup.TurnCap = 30
	r := rand.New(rand.NewSource(2))
	searched := 0
	for pos := 0; pos < 12; pos++ {
		setup.Seed = int64(pos)
		g := newGame(t, setup)
		p := NewRandomPlayer(int64(pos))
		for k := r.Intn(400); k > 0 && g.Pending() != nil; k-- {
			d := g.Pending()
			if err := g.Answer(d.Player, p.Answer(g, d)); err != nil {
				t.Fatal(err)
			}
		}
		if d := g.Pending(); d != nil {
			m, err := SearchModel(setup)
			if err != nil {
				t.Fatal(err)
			}
			o := search.Options{Playouts: 3, Seed: int64(pos), Horizon: 30}
			a := search.New(m, o).Answer(g, d)
			if err := d.Check(a); err != nil {
				t.Fatalf("%s: the search answered %s: %v", d.Kind, a, err)
			}
			listed := false
			l, _ := engine.LegalOf(d)
			for b := range l.All() {
				listed = listed || string(b) == string(a)
			}
			if !listed {
				t.Fatalf("%s: the search answered %s, which the rules do not act on", d.Kind, a)
			}
			if b := search.New(m, o).Answer(g, d); string(b) != string(a) {
				t.Fatalf("%s: the same seed answered %s and %s", d.Kind, a, b)
			}
			searched++
		}
		g.Close()
	}
	if searched < 6 {
		t.Fatalf("only %d positions searched", searched)
	}
}
