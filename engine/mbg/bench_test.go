package mbg

import (
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/internal/cputime"
	"github.com/shapan/shapan/internal/shared"
)

// BenchmarkBattle runs the battle suite's 200 battles in turn (without
// events, on one generator: reseeding costs more than a battle) and
// reports battles per second.
func BenchmarkBattle(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(shared.Dir(b), "golden", "mbg", "battles.json"))
	if err != nil {
		b.Fatal(err)
	}
	var gs goldenSuite
	if err := json.Unmarshal(data, &gs); err != nil {
		b.Fatal(err)
	}
	type setup struct {
		s     [2]side
		scale int
	}
	var all []setup
	for _, gb := range gs.Battles {
		s0, _ := sideFrom(gb.Sides[0])
		s1, _ := sideFrom(gb.Sides[1])
		all = append(all, setup{[2]side{s0, s1}, gb.Scale})
	}
	rng := rand.New(rand.NewSource(1))
	b.ResetTimer()
	cpu := cputime.Process()
	for i := 0; i < b.N; i++ {
		x := &all[i%len(all)]
		bt := battle{s: x.s, rng: rng}
		bt.run(x.scale)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkAIGame plays full AI-against-AI games on sanguo.map (turn
// limit 100) and reports games per second.
func BenchmarkAIGame(b *testing.B) {
	sc := legacyScenario(b, "sanguo.map")
	b.ResetTimer()
	cpu := cputime.Process()
	for i := 0; i < b.N; i++ {
		ai := NewAI(int64(i))
		if _, err := PlayGame(Setup{Scenario: sc, Seed: int64(i), MaxTurn: 100}, []Player{ai, ai, ai}, 1_000_000); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
}
