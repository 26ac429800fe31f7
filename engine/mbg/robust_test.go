package mbg

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/internal/longtest"
)

// TestRandomGamesNeverFail plays 1000 games (40 under -race) per sample scenario with
// random answers (a fifth of them answers the rules re-ask or ignore): no
// game panics, stalls or gets an answer refused, and the bookkeeping stays
// consistent. Turn limit 100 (every game ends).
func TestRandomGamesNeverFail(t *testing.T) {
	// under -race a few games a map: they are played on one goroutine
	games := longtest.Sized(1000, 12, 1000)
	if testing.Short() {
		games = min(games, 100)
	}
	for _, name := range []string{"sanguo.map", "test_game.map", "test_battle.map", "test.map"} {
		sc := legacyScenario(t, name)
		t.Run(name, func(t *testing.T) {
			for i := 0; i < games; i++ {
				p := &RandomPlayer{Rand: newRand(int64(i)), Wasteful: 0.2 * float64(i%2)}
				players := make([]Player, len(sc.Roles))
				for r := range players {
					players[r] = p
				}
				g, err := New(Setup{Scenario: sc, Seed: int64(i), MaxTurn: 100}, Options{Machine: engine.Options{DropEvents: true}})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := PlayOut(g, players, 200_000); err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				if !g.Over() || g.Err() != nil {
					t.Fatalf("game %d did not end cleanly: %v", i, g.Err())
				}
				if i%50 == 0 {
					checkInvariants(t, g)
				}
			}
		})
	}
}

// TestInvariantsThroughoutAGame checks the bookkeeping, and that the
// listed legal answers pass the decision's check, at every decision of a
// few games with random and wasteful answers.
func TestInvariantsThroughoutAGame(t *testing.T) {
	sc := legacyScenario(t, "sanguo.map")
	for i := 0; i < longtest.Sized(10, 4, 10); i++ { // under -race 4 games, each checked at every decision
		p := &RandomPlayer{Rand: newRand(int64(i)), Wasteful: 0.3}
		g, err := New(Setup{Scenario: sc, Seed: int64(i), MaxTurn: 60, FillCards: 2}, Options{Machine: engine.Options{DropEvents: true}})
		if err != nil {
			t.Fatal(err)
		}
		for d := g.Pending(); d != nil; d = g.Pending() {
			checkInvariants(t, g)
			if err := engine.VerifyLegal(d, 64); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			if err := g.Answer(d.Player, p.Answer(g, d)); err != nil {
				t.Fatal(err)
			}
		}
		checkInvariants(t, g)
	}
}

// TestSnapshotResume saves games at random decisions (Snapshot → JSON →
// Resume) and checks that the resumed game continues exactly like the
// uninterrupted one: same decisions, events and final state.
func TestSnapshotResume(t *testing.T) {
	rng := newRand(99)
	for _, name := range []string{"sanguo.map", "test_game.map", "test_battle.map"} {
		sc := legacyScenario(t, name)
		// under -race 6 trials a map: resumed with and without cards filled
		for trial := 0; trial < longtest.Sized(15, 6, 15); trial++ {
			seed := rng.Int63()
			p := &RandomPlayer{Rand: newRand(seed), Wasteful: 0.2}
			full, err := New(Setup{Scenario: sc, Seed: seed, MaxTurn: 40, FillCards: trial % 2}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			cut := rng.Intn(300)
			var resumed *Game
			for k := 0; !full.Over(); k++ {
				if k == cut {
					resumed = resumeViaJSON(t, full)
				}
				d := full.Pending()
				a := p.Answer(full, d)
				if resumed != nil {
					rd := resumed.Pending()
					if rd == nil || rd.Kind != d.Kind || rd.Player != d.Player || !sameJSON(rd.Args, d.Args) {
						t.Fatalf("%s trial %d: decision %d differs after resuming", name, trial, k)
					}
					if err := resumed.Answer(d.Player, a); err != nil {
						t.Fatal(err)
					}
				}
				if err := full.Answer(d.Player, a); err != nil {
					t.Fatal(err)
				}
			}
			if resumed == nil {
				continue
			}
			if !resumed.Over() || !sameJSON(full.Events(), resumed.Events()) || !reflect.DeepEqual(full.View(), resumed.View()) ||
				full.Result() != resumed.Result() {
				t.Fatalf("%s trial %d: the resumed game ended differently", name, trial)
			}
		}
	}
}

func resumeViaJSON(t *testing.T, g *Game) *Game {
	t.Helper()
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(snap)
	if err != nil {
		t.Fatal(err)
	}
	var back engine.Snapshot
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	r, err := Resume(&back, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}
