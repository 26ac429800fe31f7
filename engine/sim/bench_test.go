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
