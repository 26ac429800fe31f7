package ftbt

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"testing"

	"github.com/shapan/shapan/engine"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/longtest"
)

// checkInvariants checks the bookkeeping of a running game: occupancy,
// alive and finished counters, hp of the people on the map.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	s := g.g.state
	var alive, finished [2]int
	for i, p := range s.people {
		if p.loc == -1 {
			if p.hp != 0 {
				t.Fatalf("round %d: removed person %d has hp %d", s.turn, i, p.hp)
			}
			continue
		}
		if s.occ[p.loc] != i || p.hp <= 0 {
			t.Fatalf("round %d: person %d on %d with hp %d; the cell holds %d", s.turn, i, p.loc, p.hp, s.occ[p.loc])
		}
		alive[p.side]++
		if p.finished {
			finished[p.side]++
		}
	}
	if alive != s.alive || finished != s.finished {
		t.Fatalf("round %d: counters alive %v finished %v, counted %v %v", s.turn, s.alive, s.finished, alive, finished)
	}
}

// TestRandomGamesNeverFail plays random games on m1 and m2 (half of them
// with a tenth of wasteful answers, some against the AI): no game panics,
// stalls or gets an answer refused, the bookkeeping stays right, and the
// listed legal answers pass the decision's check.
func TestRandomGamesNeverFail(t *testing.T) {
	games := longtest.Sized(60, 4, 60) // every tenth game and the last play the AI
	if testing.Short() {
		games = 10
	}
	for _, level := range []string{"m1.map", "m2.map"} {
		setup := legacySetup(t, level)
		t.Run(level, func(t *testing.T) {
			for i := range games {
				setup.Seed, setup.TurnCap = int64(i), 30
				var players [2]Player
				for side := range players {
					players[side] = &RandomPlayer{Rand: newRand(int64(2*i + side)), Wasteful: 0.1 * float64(i%2)}
				}
				if i%10 == 9 || i == games-1 {
					ai, err := goldenPlayer(setup)
					if err != nil {
						t.Fatal(err)
					}
					players[i%2] = ai
				}
				g := newGame(t, setup)
				for n := 0; g.Pending() != nil; n++ {
					if n > 200_000 {
						t.Fatalf("game %d stalled", i)
					}
					d := g.Pending()
					if err := engine.VerifyLegal(d, 16); err != nil {
						t.Fatalf("game %d: %v", i, err)
					}
					if err := g.Answer(d.Player, players[d.Player].Answer(g, d)); err != nil {
						t.Fatalf("game %d: %v", i, err)
					}
					if n%97 == 0 {
						checkInvariants(t, g)
					}
				}
				if _, ok := g.Winner(); !ok || g.Err() != nil {
					t.Fatalf("game %d did not end cleanly: %v", i, g.Err())
				}
				checkInvariants(t, g)
			}
		})
	}
}

// TestOddRulesNeverFail plays the AI against a wasteful random player on
// small random boards with odd rules — negative and zero weights, classes
// outside 0..4, durations 0 and negative, ratios above 100, offsets far
// off the map, huge abilities — that the original accepts: nothing panics
// or stalls.
func TestOddRulesNeverFail(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 30
	}
	for i := range games {
		rng := newRand(int64(1000 + i))
		setup := Setup{Rules: oddRules(rng), Seed: int64(i), TurnCap: 8}
		setup.Level = oddLevel(rng, setup.Rules)
		settings := make([]AISettings, len(setup.Level.People))
		for k := range settings {
			settings[k] = AISettings{Goal: -1, Attack: rng.Intn(60) - 10, Defence: rng.Intn(60), Move: rng.Intn(60)}
			if rng.Intn(4) == 0 {
				settings[k].Goal = rng.Intn(setup.Level.W * setup.Level.H)
			}
			if rng.Intn(8) == 0 {
				settings[k].Attack = -1 // not AI-controlled: the AI ends its turn without them
			}
		}
		ai, err := NewAI(setup, settings)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		random := &RandomPlayer{Rand: newRand(int64(i)), Wasteful: 0.2}
		players := [2]Player{ai, random}
		if i%2 == 1 {
			players = [2]Player{random, ai}
		}
		g, err := New(setup, Options{Machine: engine.Options{DropEvents: true}})
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if _, err := PlayOut(g, players, 100_000); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		checkInvariants(t, g)
	}
}

func oddRules(rng *rand.Rand) *ftbtfmt.Rules {
	big := func(n int) int {
		if rng.Intn(10) == 0 {
			return rng.Intn(1 << 40)
		}
		return rng.Intn(n)
	}
	r := testRules()
	r.Terrains = nil
	nt := 1 + rng.Intn(4)
	for k := range nt {
		r.Terrains = append(r.Terrains, ftbtfmt.Terrain{Name: fmt.Sprint("t", k), Weight: rng.Intn(60) - 5})
	}
	r.MaxFlyWeight, r.MaxAbi = rng.Intn(30)-5, 1+rng.Intn(40)
	for k := range 1 + rng.Intn(8) {
		t := ftbtfmt.Tech{Name: fmt.Sprint("k", k), Class: rng.Intn(8) - 1, IsLong: rng.Intn(2) == 0, AoeRange: rng.Intn(4) - 1,
			AoeRatio: rng.Intn(250) - 50, AoeSelf: rng.Intn(3) == 0, Duration: rng.Intn(7) - 2, Value: big(120) - 20}
		for range rng.Intn(10) {
			t.Range = append(t.Range, [2]int{rng.Intn(9) - 4, rng.Intn(9) - 4})
		}
		if rng.Intn(10) == 0 {
			t.Range = append(t.Range, [2]int{1 << 62, -(1 << 62)})
		}
		for range nt {
			t.Allowed = append(t.Allowed, rng.Intn(5) != 0)
		}
		r.Techs = append(r.Techs, t)
	}
	return r
}

func oddLevel(rng *rand.Rand, r *ftbtfmt.Rules) *ftbtfmt.Level {
	w, h := 1+rng.Intn(9), 1+rng.Intn(7)
	if w*h < 2 {
		w = 2
	}
	l := testLevel(w, h)
	for c := range l.Terrain.Len() {
		l.Terrain.Set(c, rng.Intn(len(r.Terrains)))
	}
	cells := rng.Perm(w * h)
	n := 2 + rng.Intn(min(8, w*h-1))
	for i := range n {
		p := ftbtfmt.Person{Name: fmt.Sprint("p", i), Side: i % 2, Abi: rng.Intn(60) - 5, Def: rng.Intn(40), HP: 1 + rng.Intn(80),
			Speed: rng.Intn(80) - 5, X: cells[i] % w, Y: cells[i] / w}
		if rng.Intn(10) == 0 {
			p.Abi = 1 << 40
		}
		for range rng.Intn(4) {
			p.Techs = append(p.Techs, rng.Intn(len(r.Techs)))
		}
		l.People = append(l.People, p)
	}
	return l
}

// TestSnapshotResume saves random games at random decisions (Snapshot →
// JSON → Resume) and checks that the resumed game continues exactly like
// the uninterrupted one.
func TestSnapshotResume(t *testing.T) {
	rng := newRand(99)
	for _, level := range []string{"m1.map", "m2.map"} {
		setup := legacySetup(t, level)
		for trial := range 6 {
			setup.Seed, setup.TurnCap = rng.Int63(), 12
			p := &RandomPlayer{Rand: newRand(setup.Seed), Wasteful: 0.2}
			full := newGame(t, setup)
			cut := rng.Intn(400)
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
						t.Fatalf("%s trial %d: decision %d differs after resuming", level, trial, k)
					}
					if err := resumed.Answer(d.Player, a); err != nil {
						t.Fatal(err)
					}
				}
				if err := full.Answer(d.Player, a); err != nil {
					t.Fatal(err)
				}
			}
			if resumed != nil && (!resumed.Over() || !sameJSON(full.Events(), resumed.Events()) || !sameJSON(full.Final(), resumed.Final())) {
				t.Fatalf("%s trial %d: the resumed game ended differently", level, trial)
			}
		}
	}
}

// TestAIResumesMidAction: an AI game saved at any decision — in the middle
// of an action included — and continued by a new AI (which remembers
// nothing) plays on exactly like the uninterrupted game.
func TestAIResumesMidAction(t *testing.T) {
	setup := legacySetup(t, "m1.map")
	setup.Seed, setup.TurnCap = 2, 12
	ai, err := goldenPlayer(setup)
	if err != nil {
		t.Fatal(err)
	}
	full := newGame(t, setup)
	if _, err := PlayOut(full, [2]Player{ai, ai}, 0); err != nil {
		t.Fatal(err)
	}
	answers := full.Answers()
	rng := newRand(5)
	kinds := map[string]bool{}
	for trial := range longtest.Sized(8, 4, 8) { // under -race 4: mid-action cuts among them still
		cut := rng.Intn(len(answers))
		g := newGame(t, setup)
		if err := g.Replay(answers[:cut]); err != nil {
			t.Fatal(err)
		}
		kinds[g.Pending().Kind] = true
		resumed := resumeViaJSON(t, g)
		fresh, _ := goldenPlayer(setup)
		if _, err := PlayOut(resumed, [2]Player{fresh, fresh}, 0); err != nil {
			t.Fatal(err)
		}
		if !sameJSON(full.Events(), resumed.Events()) {
			t.Fatalf("trial %d: resumed at answer %d (%s), the game went differently", trial, cut, g.Pending().Kind)
		}
	}
	t.Logf("resumed at %v", kinds)
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

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }
