package ftbt

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/longtest"
)

// wholeTables are the distances of spec §6.1 as the original computes
// them: a whole table of the map for every cell asked about, searched with
// the canonical heap, with nothing bounded and nothing kept.
type wholeTables struct{ q distQueue }

func (w *wholeTables) table(s *state, c int) []int {
	out := make([]int, s.cells())
	s.walkHeap(c, noLimit, &w.q.heap, func(c, cost int) bool { out[c] = cost; return true })
	return out
}

func (w *wholeTables) nearest(s *state, from int, enemies []int) int {
	t := w.table(s, from)
	best := -1
	for _, e := range enemies {
		if best == -1 || t[s.people[e].loc] < t[s.people[best].loc] {
			best = e
		}
	}
	return best
}

func (w *wholeTables) goalTable(s *state, goal int, _ []int, t *goalTable) {
	t.fillFrom(w.table(s, goal))
}

func (w *wholeTables) defence(s *state, enemies []int, k *ftbtfmt.AIConstants) []int {
	gain := make([]int, s.cells())
	for _, e := range enemies {
		for c, d := range w.table(s, s.people[e].loc) {
			if d < k.MaxDefDist {
				gain[c] += k.MaxDefScore - d*k.MaxDefScore/k.MaxDefDist
			}
		}
	}
	return gain
}

// TestAIDistancesMatchWholeTables plays AI games on random boards (weights
// 0, negative and large included, techs of every class, random AI
// constants and goals) and checks at every decision that the AI's
// bounded, cached distances give every score the whole tables of spec
// §6.1 give.
func TestAIDistancesMatchWholeTables(t *testing.T) {
	// under -race boards 0, 1, 2 and 9: every kind of weight (positive,
	// zero, negative when i%3 is 0, 1, 2; too large for the bucket queues
	// when i%10 == 9); the games are played on one goroutine, which -race
	// needs few of
	boards := longtest.Sized(seq(60), []int{0, 1, 2, 9}, seq(60))
	for _, i := range boards {
		rng := newRand(int64(i))
		setup, settings := randomAIBoard(rng, i)
		t.Run(fmt.Sprint("board", i), func(t *testing.T) {
			compareDecisions(t, setup, settings, longtest.Sized(400, 150, 400))
		})
	}
}

// TestAIDistancesMatchWholeTablesOnABigMap: the same on a 90×60 level of
// 40 people with star.tech.
func TestAIDistancesMatchWholeTablesOnABigMap(t *testing.T) {
	if testing.Short() {
		t.Skip("a big map")
	}
	star := legacySetup(t, "m1.map").Rules
	l := benchLevel(90, 60, 40)
	settings, err := GoldenAI(l)
	if err != nil {
		t.Fatal(err)
	}
	settings[5].Goal = 30*90 + 45
	compareDecisions(t, Setup{Rules: star, Level: l, Seed: 3, TurnCap: 40}, settings, longtest.Sized(120, 12, 120))
}

// seq returns 0, 1, …, n-1.
func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// compareDecisions plays up to n AI decisions and compares each with
// the one made on whole tables.
func compareDecisions(t *testing.T, setup Setup, settings []AISettings, n int) {
	t.Helper()
	ai, err := NewAI(setup, settings)
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, setup)
	whole := &wholeTables{}
	for decided := 0; decided < n && !g.Over(); {
		d := g.Pending()
		if a, ok := d.Args.(SelMoveArgs); ok && ai.controls(a.P) {
			s := g.g.state
			got, errGot := decide(s, &ai.k, ai.dc, &ai.scratch, settings[a.P], a.P, a.From, a.Valid)
			want, errWant := decide(s, &ai.k, whole, &scratch{}, settings[a.P], a.P, a.From, a.Valid)
			if (errGot == nil) != (errWant == nil) || !reflect.DeepEqual(got, want) {
				t.Fatalf("turn %d, person %d: bounded %+v (%v), whole tables %+v (%v)", g.Turn(), a.P, got, errGot, want, errWant)
			}
			decided++
		}
		if err := g.Answer(d.Player, ai.Answer(g, d)); err != nil {
			t.Fatal(err)
		}
	}
}

// randomAIBoard makes a small random level with random rules and AI
// settings; board i has zero weights when i%3 == 1, a negative weight when
// i%3 == 2, and a weight too large for the bucket queues when i%10 == 9.
func randomAIBoard(rng *rand.Rand, i int) (Setup, []AISettings) {
	r := &ftbtfmt.Rules{MaxFlyWeight: 1 + rng.Intn(20), MaxAbi: 30}
	for k := range 4 {
		w := 5 + rng.Intn(40)
		switch {
		case k == 3 && i%3 == 1:
			w = 0
		case k == 3 && i%3 == 2:
			w = -1
		case k == 2 && i%10 == 9:
			w = maxBucketWeight + 1
		}
		r.Terrains = append(r.Terrains, ftbtfmt.Terrain{Name: fmt.Sprint("t", k), Weight: w})
	}
	for range 2 + rng.Intn(6) {
		r.Techs = append(r.Techs, randomTech(rng, len(r.Terrains)))
	}
	r.AI = &ftbtfmt.AIConstants{MaxMoveDist: []int{40, 300, 3000}[rng.Intn(3)], MaxMoveScore: 1500, MaxBufValue: 30, MaxBufScore: 1000,
		MaxDefDist: []int{20, 100, 300, 5000}[rng.Intn(4)], MaxDefScore: 500, MaxTechDist: []int{10, 80, 400}[rng.Intn(3)], MaxTechScore: 1000,
		MaxTechBufVMD: 800, MaxTechFlyVMD: 800, MaxTechDLVMD: 600}
	w, h := 3+rng.Intn(30), 2+rng.Intn(25)
	l := testLevel(w, h)
	for c := range l.Terrain.Len() {
		l.Terrain.Set(c, rng.Intn(len(r.Terrains)))
	}
	cells := rng.Perm(w * h)
	n := min(2+rng.Intn(16), w*h)
	settings := make([]AISettings, n)
	for k, c := range cells[:n] {
		p := ftbtfmt.Person{Name: fmt.Sprint("兵", k), Side: k % 2, Abi: 10 + rng.Intn(25), Def: 5 + rng.Intn(20),
			HP: 30 + rng.Intn(80), Speed: 20 + rng.Intn(100), X: c % w, Y: c / w}
		for range 1 + rng.Intn(4) {
			p.Techs = append(p.Techs, rng.Intn(len(r.Techs)))
		}
		l.People = append(l.People, p)
		settings[k] = AISettings{Goal: -1, Attack: rng.Intn(50), Defence: rng.Intn(50), Move: rng.Intn(50)}
		if rng.Intn(4) == 0 {
			settings[k].Goal = rng.Intn(w * h)
		}
	}
	return Setup{Rules: r, Level: l, Seed: int64(i), TurnCap: 25}, settings
}

// randomTech is a tech of a random class (5: a class the engine ignores)
// with random offsets, area, duration and terrain flags.
func randomTech(rng *rand.Rand, terrains int) ftbtfmt.Tech {
	t := ftbtfmt.Tech{Name: "术", Class: rng.Intn(6), IsLong: rng.Intn(2) == 0, AoeRange: rng.Intn(4) - 1,
		AoeRatio: rng.Intn(120), AoeSelf: rng.Intn(3) == 0, Duration: rng.Intn(6) - 1, Value: rng.Intn(150)}
	for range 1 + rng.Intn(6) {
		t.Range = append(t.Range, [2]int{rng.Intn(7) - 3, rng.Intn(7) - 3})
	}
	for range terrains {
		t.Allowed = append(t.Allowed, rng.Intn(5) != 0)
	}
	return t
}
