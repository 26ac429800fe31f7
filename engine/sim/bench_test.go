package sim_test

import (
	"context"
	"fmt"
	"github.com/shapan/shapan/engine/sim"
	battlesim "github.com/shapan/shapan/engine/sim/battle"
	ftbtsim "github.com/shapan/shapan/engine/sim/ftbt"
	mbgsim "github.com/shapan/shapan/engine/sim/mbg"
	"runtime/metrics"
	"testing"

	"github.com/shapan/shapan/internal/cputime"
)

// BenchmarkSimMBG plays b.N games of the sample 赤壁 (turn cap 100) with 1
// and 2 workers and reports games per second.
func BenchmarkSimMBG(b *testing.B) {
	benchGames(b, sampleFamily(b, mbgsim.DefaultTurnCap))
}

// benchGames plays b.N games of f with 1 and 2 workers and reports games
// per second (wall clock), and per game the process's CPU time, the part
// of it the garbage collector took, and the bytes and objects allocated:
// on two idle cores jobs=2 should play nearly twice the games a second,
// and a game should cost as much CPU time with two workers as with one.
func benchGames(b *testing.B, f sim.Family) {
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			b.ReportAllocs()
			before := readGameCosts()
			r, err := sim.Run(context.Background(), f, sim.Options{Games: b.N, Seed: 1, Jobs: jobs})
			if err != nil || r.Failed > 0 {
				b.Fatal(err, r.Errors)
			}
			after := readGameCosts()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(after.cpu-before.cpu)/float64(b.N), "cpu-ns/game")
			b.ReportMetric((after.gc-before.gc)*1e9/float64(b.N), "gc-cpu-ns/game")
		})
	}
}

// gameCosts are the process's CPU time (ns) and the collector's (s, as
// the runtime estimates it).
type gameCosts struct {
	cpu int64
	gc  float64
}

func readGameCosts() gameCosts {
	m := []metrics.Sample{{Name: "/cpu/classes/gc/total:cpu-seconds"}}
	metrics.Read(m)
	return gameCosts{cpu: cputime.Process(), gc: m[0].Value.Float64()}
}

// BenchmarkSimFTBT plays games of the sample 长坂坡 (turn cap 100, the
// default: the sides do not meet before round 208), of 长坂坡 capped at
// 215 rounds (just after they meet) and of the original game's m1.map
// (turn cap 100; its fights are over within 10 rounds).
func BenchmarkSimFTBT(b *testing.B) {
	b.Run("长坂坡", func(b *testing.B) { benchGames(b, docFamily(b, sampleDoc(b, changban), ftbtsim.DefaultTurnCap)) })
	b.Run("长坂坡-cap215", func(b *testing.B) { benchGames(b, docFamily(b, sampleDoc(b, changban), changbanCap)) })
	b.Run("m1", func(b *testing.B) {
		benchGames(b, docFamily(b, sharedDoc(b, m1Level, m1Rules), ftbtsim.DefaultTurnCap))
	})
}

// BenchmarkSimPlanets plays games of the sample 九州 and of the original
// game's fight_here.yml (the default round cap; both maps' games end by
// the rules first).
func BenchmarkSimPlanets(b *testing.B) {
	b.Run("九州", func(b *testing.B) { benchGames(b, planetsFamilies["九州"](b)) })
	b.Run("fight_here", func(b *testing.B) { benchGames(b, planetsFamilies["fight_here"](b)) })
}

// BenchmarkSimBattle plays games of the sample 小沛 between greedy and
// random (the games end by the flag at round 160), and between two
// tacticians, as `shapan sim` plays a battle map by default.
func BenchmarkSimBattle(b *testing.B) {
	for _, players := range [][2]string{{"greedy", "random"}, {"tactician", "tactician"}} {
		b.Run("小沛-"+players[0]+"-"+players[1], func(b *testing.B) {
			f, err := battlesim.New(xiaopei(b), battlesim.Options{Players: players})
			if err != nil {
				b.Fatal(err)
			}
			benchGames(b, f)
		})
	}
}
