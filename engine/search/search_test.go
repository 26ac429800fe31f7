package search

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/shapan/shapan/engine"
)

// testGame is a game on the machine that remembers how it started, so
// that ReplayFork can start it again.
type testGame struct {
	*engine.Machine
	start func(seed int64) *testGame
	seed  int64
	src   *engine.Source
}

// Reseed implements Reseeder.
func (g *testGame) Reseed(seed int64) {
	if g.src != nil {
		g.src.Seed(seed)
	}
}

func replayModel(seats int, value func(g *testGame) []float64) *Model {
	return &Model{Seats: seats,
		Fork: ReplayFork(func(g Game) (Game, error) {
			t := g.(*testGame)
			return t.start(t.seed), nil
		}),
		Value: func(g Game) []float64 { return value(g.(*testGame)) }}
}

// winnerValue scores a game whose result is the winning seat.
func winnerValue(g *testGame) []float64 {
	if w, ok := g.Result().(int); ok && g.Over() {
		return Winner(2, w)
	}
	return []float64{0.5, 0.5}
}

// nim starts a game of Nim: take 1 or more stones from one heap; who
// takes the last stone wins.
func nim(heaps ...int) func(seed int64) *testGame {
	var start func(seed int64) *testGame
	start = func(seed int64) *testGame {
		stones := append([]int(nil), heaps...)
		g := &testGame{start: start, seed: seed}
		g.Machine = engine.Start(func(p *engine.Play) any {
			for turn := 0; ; turn++ {
				who := turn % 2
				left := 0
				for _, s := range stones {
					left += s
				}
				if left == 0 {
					return 1 - who
				}
				var moves [][2]int
				for h, s := range stones {
					for n := 1; n <= s; n++ {
						moves = append(moves, [2]int{h, n})
					}
				}
				a := p.Ask(&engine.Decision{Player: who, Kind: "take",
					Check: func(a engine.Answer) error {
						var mv [2]int
						if json.Unmarshal(a, &mv) != nil || mv[0] < 0 || mv[0] >= len(stones) || mv[1] < 1 || mv[1] > stones[mv[0]] {
							return fmt.Errorf("take 1 to all of the stones of a heap, not %s", a)
						}
						return nil
					},
					Legal: func() engine.Legal { return engine.LegalValues(moves...) }})
				var mv [2]int
				json.Unmarshal(a, &mv)
				stones[mv[0]] -= mv[1]
			}
		})
		return g
	}
	return start
}

func TestSearchFindsTheWinningMoveOfNim(t *testing.T) {
	// 3 ^ 4 ^ 5 = 2: the only winning move takes 2 stones of heap 0.
	g := nim(3, 4, 5)(0)
	defer g.Close()
	p := New(replayModel(2, winnerValue), Options{Playouts: 3000, Seed: 1})
	if a := p.Answer(g, g.Pending()); string(a) != "[0,2]" {
		t.Fatalf("the search took %s from 3, 4, 5; the winning move is [0,2]", a)
	}
}

func TestSearchPlaysOnlyLegalAnswers(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for pos := 0; pos < 40; pos++ {
		heaps := []int{r.Intn(5), r.Intn(6) + 1, r.Intn(4)}
		g := nim(heaps...)(0)
		// a random position: a few random moves
		for k := r.Intn(4); k > 0 && !g.Over(); k-- {
			d := g.Pending()
			l, _ := engine.LegalOf(d)
			if err := g.Answer(d.Player, l.Random(r)); err != nil {
				t.Fatal(err)
			}
		}
		if g.Over() {
			continue
		}
		d := g.Pending()
		a := New(replayModel(2, winnerValue), Options{Playouts: 1 + r.Intn(30), Seed: int64(pos)}).Answer(g, d)
		if err := d.Check(a); err != nil {
			t.Fatalf("heaps %v: the search answered %s: %v", heaps, a, err)
		}
		g.Close()
	}
}

func TestSearchIsReproduciblePerSeed(t *testing.T) {
	play := func(seed int64) string {
		g := nim(4, 5, 6)(0)
		defer g.Close()
		players := []engine.Player[*testGame]{
			For[*testGame](New(replayModel(2, winnerValue), Options{Playouts: 40, Seed: seed})),
			For[*testGame](New(replayModel(2, winnerValue), Options{Playouts: 40, Seed: seed + 1})),
		}
		if err := engine.PlayOut(g, players, engine.PlayOptions{}); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(g.Answers())
		return string(b)
	}
	a, b := play(7), play(7)
	if a != b {
		t.Fatalf("the same seed played\n%s\nand\n%s", a, b)
	}
	differ := false
	for s := int64(8); s < 14 && !differ; s++ {
		differ = play(s) != a
	}
	if !differ {
		t.Fatal("six other seeds all played the same game: the seed is not used")
	}
}

// coin starts a game where player 0 guesses a coin the rules then toss
// from their generator, and wins by guessing right.
func coin(seed int64) *testGame {
	g := &testGame{start: coin, seed: seed}
	g.src = engine.NewSource(seed)
	g.Machine = engine.Start(func(p *engine.Play) any {
		p.Ask(&engine.Decision{Player: 1, Kind: "ready", Legal: func() engine.Legal { return engine.LegalValues(true) }})
		a := p.Ask(&engine.Decision{Player: 0, Kind: "guess", Legal: func() engine.Legal { return engine.LegalValues(0, 1) }})
		if string(a) == fmt.Sprint(rand.New(g.src).Intn(2)) {
			return 0
		}
		return 1
	})
	return g
}

// ready is a game of coin after its first answer.
func ready(seed int64) *testGame {
	g := coin(seed)
	g.Answer(1, engine.Encode(true))
	return g
}

func TestSearchDoesNotKnowTheDice(t *testing.T) {
	guesses := map[string]bool{}
	for seed := int64(0); seed < 8; seed++ {
		g := ready(seed)
		guesses[string(New(replayModel(2, winnerValue), Options{Playouts: 60, Seed: 3}).Answer(g, g.Pending()))] = true
		g.Close()
	}
	if len(guesses) != 1 {
		t.Fatalf("the search's guess follows the game's own coin: %v", guesses)
	}
	// the same search that keeps the game's generator knows the coin
	known := replayModel(2, winnerValue)
	known.Fork = func(g Game, _ int64) (Game, error) {
		return ready(g.(*testGame).seed), nil
	}
	for seed := int64(0); seed < 8; seed++ {
		g := ready(seed)
		want := fmt.Sprint(rand.New(engine.NewSource(seed)).Intn(2))
		if a := New(known, Options{Playouts: 60, Seed: 3}).Answer(g, g.Pending()); string(a) != want {
			t.Fatalf("seed %d: a search that knows the coin guessed %s, the coin is %s", seed, a, want)
		}
		g.Close()
	}
}

// duel starts a simultaneous game: both seats name 0, 1 or 2 at once;
// the larger number wins, and seat 1 also wins by naming seat 0's number
// when it is 1 (so a seat that saw the other's answer would answer
// otherwise).
func duel(seed int64) *testGame {
	g := &testGame{start: duel, seed: seed}
	g.Machine = engine.Start(func(p *engine.Play) any {
		d := func(s int) *engine.Decision {
			return &engine.Decision{Player: s, Kind: "name", Legal: func() engine.Legal { return engine.LegalValues(0, 1, 2) }}
		}
		as := p.AskTogether(d(0), d(1))
		var a, b int
		json.Unmarshal(as[0], &a)
		json.Unmarshal(as[1], &b)
		switch {
		case a == 1 && b == 1:
			return 1
		case a > b:
			return 0
		case b > a:
			return 1
		}
		return -1
	})
	return g
}

func TestSimultaneousSeatsDoNotSeeEachOther(t *testing.T) {
	m := replayModel(2, winnerValue)
	for _, first := range []string{"0", "1", "2"} {
		g := duel(0)
		if err := g.Answer(0, engine.Answer(first)); err != nil {
			t.Fatal(err)
		}
		if a := New(m, Options{Playouts: 400, Seed: 5}).Answer(g, g.Pending()); string(a) != "2" {
			t.Fatalf("seat 0 named %s; seat 1 answered %s, not the dominant 2", first, a)
		}
		g.Close()
	}
	g := duel(0)
	defer g.Close()
	if a := New(m, Options{Playouts: 400, Seed: 5}).Answer(g, g.Pending()); string(a) != "2" {
		t.Fatalf("seat 0 answered %s, not the dominant 2", a)
	}
}

func TestCPUBudget(t *testing.T) {
	g := nim(6, 7, 8)(0)
	defer g.Close()
	p := New(replayModel(2, winnerValue), Options{CPU: 20 * time.Millisecond, Seed: 1})
	start := time.Now()
	a := p.Answer(g, g.Pending())
	if err := g.Pending().Check(a); err != nil {
		t.Fatal(err)
	}
	st := p.Stats()
	// The search stops by its own CPU time: a second of it is far over
	// the budget. Wall time says little on a loaded machine (at load 50 a
	// process has a fiftieth of a core), so it is allowed minutes.
	if st.Playouts < 2 || st.CPU > time.Second || time.Since(start) > 2*time.Minute {
		t.Fatalf("%d playouts in %v of CPU, %v of wall", st.Playouts, st.CPU, time.Since(start))
	}
	if st.CPU < 20*time.Millisecond {
		t.Fatalf("the search stopped after %v of CPU, its budget is 20ms", st.CPU)
	}
}

func TestParseSearch(t *testing.T) {
	for _, c := range []struct {
		name string
		b    Budget
		ok   bool
		bad  bool
	}{
		{"search", Budget{Playouts: DefaultPlayouts}, true, false},
		{"search:400", Budget{Playouts: 400}, true, false},
		{"search:100ms", Budget{CPU: 100 * time.Millisecond}, true, false},
		{"search:1s", Budget{CPU: time.Second}, true, false},
		{"search:0", Budget{}, true, true},
		{"search:fast", Budget{}, true, true},
		{"search:1us", Budget{}, true, true},
		{"searcher", Budget{}, false, false},
		{"tactician", Budget{}, false, false},
	} {
		b, ok, err := ParseSearch(c.name)
		if ok != c.ok || (err != nil) != c.bad || (!c.bad && b != c.b) {
			t.Errorf("%s: %+v %v %v", c.name, b, ok, err)
		}
	}
}

// twoStep starts a game where each player in turn names a heap of Nim,
// then the stones to take from it: two decisions in a row.
func twoStep(heaps ...int) func(seed int64) *testGame {
	var start func(seed int64) *testGame
	start = func(seed int64) *testGame {
		stones := append([]int(nil), heaps...)
		g := &testGame{start: start, seed: seed}
		g.Machine = engine.Start(func(p *engine.Play) any {
			for turn := 0; ; turn++ {
				who := turn % 2
				var open []int
				for h, s := range stones {
					if s > 0 {
						open = append(open, h)
					}
				}
				if len(open) == 0 {
					return 1 - who
				}
				var h int
				json.Unmarshal(p.Ask(&engine.Decision{Player: who, Kind: "heap", Legal: func() engine.Legal { return engine.LegalValues(open...) }}), &h)
				var take []int
				for n := 1; n <= stones[h]; n++ {
					take = append(take, n)
				}
				var n int
				json.Unmarshal(p.Ask(&engine.Decision{Player: who, Kind: "take", Legal: func() engine.Legal { return engine.LegalValues(take...) }}), &n)
				stones[h] -= n
			}
		})
		return g
	}
	return start
}

func TestSearchGoesOnWithItsTree(t *testing.T) {
	g := twoStep(3, 4, 5)(0)
	defer g.Close()
	p := New(replayModel(2, winnerValue), Options{Playouts: 2000, Seed: 1})
	heap := p.Answer(g, g.Pending())
	if err := g.Answer(0, heap); err != nil {
		t.Fatal(err)
	}
	before := p.Stats().Playouts
	take := p.Answer(g, g.Pending())
	st := p.Stats()
	if st.Reused != 1 || st.Playouts-before >= 2000 {
		t.Fatalf("the second decision reused %d trees and played %d playouts", st.Reused, st.Playouts-before)
	}
	if string(heap) != "0" {
		t.Fatalf("the search named heap %s of 3, 4, 5; the only winning move takes from heap 0", heap)
	}
	if err := g.Answer(0, take); err != nil {
		t.Fatal(err)
	}
}
