package ftbt

import (
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	"testing"

	"github.com/shapan/shapan/engine"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/cputime"
)

// aiRunner plays an AI-against-AI game one AI decision at a time,
// starting a new game when one ends.
type aiRunner struct {
	tb    testing.TB
	setup Setup
	g     *Game
	ai    *AI
}

// decision answers questions until the AI has decided one person's move
// and the action has been played to its end.
func (r *aiRunner) decision() {
	for decided := false; ; {
		if r.g == nil || r.g.Over() {
			g, err := New(r.setup, Options{Machine: engine.Options{DropEvents: true}})
			if err != nil {
				r.tb.Fatal(err)
			}
			if r.ai, err = goldenPlayer(r.setup); err != nil {
				r.tb.Fatal(err)
			}
			r.g = g
		}
		d := r.g.Pending()
		if d.Kind == KindSelPeople && decided {
			return
		}
		if d.Kind == KindSelMoveObj {
			decided = true
		}
		if err := r.g.Answer(d.Player, r.ai.Answer(r.g, d)); err != nil {
			r.tb.Fatal(err)
		}
		if r.g.Over() && decided {
			return
		}
	}
}

// benchDecisions runs b.N AI decisions (each with the move and tech it
// leads to) and reports decisions per second.
func benchDecisions(b *testing.B, setup Setup) {
	r := &aiRunner{tb: b, setup: setup}
	r.decision() // the first game's setup is not measured
	b.ResetTimer()
	cpu := cputime.Process()
	for range b.N {
		r.decision()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
	// The process's CPU time is steadier than the wall clock on a busy
	// machine.
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/decision")
}

// BenchmarkAIDecisionM1 measures the AI on m1 (50×40, 10 people) in the
// golden setting (spec §7.1): the cost of a decision includes the
// distance tables of its side's turn, shared by the turn's decisions, and
// the rules playing the action.
func BenchmarkAIDecisionM1(b *testing.B) {
	setup := legacySetup(b, "m1.map")
	setup.TurnCap = 60
	benchDecisions(b, setup)
}

// BenchmarkAIDecisionSize measures how a decision's cost grows with the
// map: generated levels of 50×40 to 400×400 cells with 100 people (half
// per side) knowing star.tech's techs.
func BenchmarkAIDecisionSize(b *testing.B) {
	star := legacySetup(b, "m1.map").Rules
	for _, size := range [][2]int{{50, 40}, {100, 100}, {150, 150}, {200, 200}, {400, 400}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			benchDecisions(b, Setup{Rules: star, Level: benchLevel(size[0], size[1], 100), Seed: 1, TurnCap: 1000})
		})
	}
}

// BenchmarkAIDecisionPeople measures how a decision's cost grows with the
// number of people: generated 100×100 levels with 10 to 200 people.
func BenchmarkAIDecisionPeople(b *testing.B) {
	star := legacySetup(b, "m1.map").Rules
	for _, n := range []int{10, 50, 100, 200} {
		b.Run(fmt.Sprintf("%dpeople", n), func(b *testing.B) {
			benchDecisions(b, Setup{Rules: star, Level: benchLevel(100, 100, n), Seed: 1, TurnCap: 1000})
		})
	}
}

// benchLevel makes a w×h level of open terrain (plain, grass, forest,
// town) with some walls and water, and n people: side 0 on the left third,
// side 1 on the right third, with m1-like abilities and one to five of
// star.tech's eleven techs.
func benchLevel(w, h, n int) *ftbtfmt.Level {
	rng := newRand(int64(w*h + n))
	l := &ftbtfmt.Level{W: w, H: h, Terrain: cells.Make(w * h)}
	for c := range l.Terrain.Len() {
		switch k := rng.Intn(100); {
		case k < 6:
			l.Terrain.Set(c, 3) // wall
		case k < 10:
			l.Terrain.Set(c, 5) // water
		default:
			l.Terrain.Set(c, []int{0, 0, 1, 2, 4}[rng.Intn(5)])
		}
	}
	taken := map[int]bool{}
	for i := range n {
		side := i % 2
		p := ftbtfmt.Person{Name: fmt.Sprint("兵", i), Side: side, Abi: 16 + rng.Intn(10), Def: 12 + rng.Intn(9),
			HP: 70 + rng.Intn(50), Speed: 90 + rng.Intn(30)}
		for {
			p.X, p.Y = rng.Intn(w/3), rng.Intn(h)
			if side == 1 {
				p.X = w - 1 - p.X
			}
			if !taken[p.Y*w+p.X] {
				taken[p.Y*w+p.X] = true
				break
			}
		}
		p.Techs = append(p.Techs, rng.Perm(11)[:1+rng.Intn(5)]...)
		l.People = append(l.People, p)
	}
	return l
}
