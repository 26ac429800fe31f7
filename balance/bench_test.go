package balance

import (
	"testing"
)

// BenchmarkGamesPerProposal measures what the search spends on a case
// of every family where the games are cheap — 长坂坡 with 赵云 at three
// times his hp (ftbt, ±10 points) — and on the model game of the unit
// tests at the defaults (±3 points): games per search (games/op,
// deterministic for the seed), whether it found a fair proposal, and the
// time it takes.
func BenchmarkGamesPerProposal(b *testing.B) {
	b.Run("ftbt", func(b *testing.B) {
		var spent, fair int
		for b.Loop() {
			_, r := zhaoYun3x.run(b, nil)
			spent += r.Spent
			if r.Outcome == OutcomeFair || r.Outcome == OutcomeFairConfirmed {
				fair++
			}
		}
		b.ReportMetric(float64(spent)/float64(b.N), "games/op")
		b.ReportMetric(float64(fair)/float64(b.N), "fair/op")
	})
}
