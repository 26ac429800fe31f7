package balance

import (
	"testing"
)

// BenchmarkGamesPerProposal measures what the search spends: games per
// search (games/op, deterministic for the seed) and whether it ends with
// a fair proposal (fair/op), on the model game of the unit tests at the
// defaults (±3 points: two knobs that can each make it fair, a third that
// moves it too little to matter) and on 长坂坡 as it ships (ftbt, side 0
// wins about a third; three people's hp, ±10 points, a budget of 1,000).
func BenchmarkGamesPerProposal(b *testing.B) {
	for _, bc := range []struct {
		name string
		run  func(b *testing.B) *Result
	}{
		{"model", func(b *testing.B) *Result {
			return modelSearch(b, "hp/曹纯,hp/文聘,hp/夏侯恩", 0.4, map[string]float64{"hp/曹纯": -1.5, "hp/文聘": -3, "hp/夏侯恩": -0.05}, Options{Seed: 5})
		}},
		{"ftbt", func(b *testing.B) *Result {
			tc := zhaoYun3x
			tc.unbalance = func(any) {}
			_, r := tc.run(b, func(o *Options) { o.Budget = 1000 })
			return r
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var spent, fair int
			for b.Loop() {
				r := bc.run(b)
				spent += r.Spent
				if r.Outcome == OutcomeFair || r.Outcome == OutcomeFairConfirmed {
					fair++
				}
			}
			b.ReportMetric(float64(spent)/float64(b.N), "games/op")
			b.ReportMetric(float64(fair)/float64(b.N), "fair/op")
		})
	}
}
