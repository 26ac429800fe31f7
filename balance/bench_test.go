package balance

import (
	"context"
	"testing"
)

// BenchmarkGamesPerProposal measures what the search spends to find a
// fair edit of two cases of TestFindsFairEdits — 赤壁 with 魏 given 34000
// money (mbg) and 九州 with start A's res at 1.5 (planets): games per
// search (games/op, deterministic for the seed) and the time they take.
// The plain variant plays every candidate of a step to MaxGames, without
// racing: the cost of the same search without sequential dropping.
func BenchmarkGamesPerProposal(b *testing.B) {
	for _, fc := range []struct {
		name string
		tc   familyCase
	}{{"mbg", familyCases[1]}, {"planets", familyCases[3]}} {
		for _, bc := range []struct {
			name  string
			plain bool
		}{{"racing", false}, {"plain", true}} {
			b.Run(fc.name+"/"+bc.name, func(b *testing.B) {
				tc := fc.tc
				doc := loadSample(b, tc.sample)
				tc.unbalance(doc.Value)
				opts := tc.opts
				opts.Budget, opts.plain = 10000, bc.plain
				var spent, fair int
				for b.Loop() {
					r, err := Run(context.Background(), doc, opts)
					if err != nil {
						b.Fatal(err)
					}
					spent += r.Spent
					if len(r.Proposals) > 0 && r.Proposals[0].Fair {
						fair++
					}
				}
				b.ReportMetric(float64(spent)/float64(b.N), "games/op")
				b.ReportMetric(float64(fair)/float64(b.N), "fair/op")
			})
		}
	}
}
