package sim

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkSimMBG plays b.N games of the sample 赤壁 (turn cap 100) with 1
// and 2 workers and reports games per second.
func BenchmarkSimMBG(b *testing.B) {
	f := sampleFamily(b, DefaultTurnCap)
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			r, err := Run(context.Background(), f, Options{Games: b.N, Seed: 1, Jobs: jobs})
			if err != nil || r.Failed > 0 {
				b.Fatal(err, r.Errors)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// benchGames plays b.N games of f with 1 and 2 workers and reports games
// per second.
func benchGames(b *testing.B, f Family) {
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			r, err := Run(context.Background(), f, Options{Games: b.N, Seed: 1, Jobs: jobs})
			if err != nil || r.Failed > 0 {
				b.Fatal(err, r.Errors)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkSimFTBT plays games of the sample 长坂坡 (turn cap 100, the
// default: the sides do not meet before round 208), of 长坂坡 capped at
// 215 rounds (just after they meet) and of the original game's m1.map
// (turn cap 100; its fights are over within 10 rounds).
func BenchmarkSimFTBT(b *testing.B) {
	b.Run("长坂坡", func(b *testing.B) { benchGames(b, docFamily(b, sampleDoc(b, changban), DefaultFTBTTurnCap)) })
	b.Run("长坂坡-cap215", func(b *testing.B) { benchGames(b, docFamily(b, sampleDoc(b, changban), changbanCap)) })
	b.Run("m1", func(b *testing.B) { benchGames(b, docFamily(b, sharedDoc(b, m1Level, m1Rules), DefaultFTBTTurnCap)) })
}

// BenchmarkSimPlanets plays games of the sample 九州 and of the original
// game's fight_here.yml (the default round cap; both maps' games end by
// the rules first).
func BenchmarkSimPlanets(b *testing.B) {
	b.Run("九州", func(b *testing.B) { benchGames(b, planetsFamilies["九州"](b)) })
	b.Run("fight_here", func(b *testing.B) { benchGames(b, planetsFamilies["fight_here"](b)) })
}

// BenchmarkSimBattle plays games of the sample 小沛 between greedy and
// random (the games end by the flag at round 160).
func BenchmarkSimBattle(b *testing.B) {
	b.Run("小沛-greedy-random", func(b *testing.B) {
		f, err := NewBattle(xiaopei(b), BattleOptions{Players: [2]string{"greedy", "random"}})
		if err != nil {
			b.Fatal(err)
		}
		benchGames(b, f)
	})
}
