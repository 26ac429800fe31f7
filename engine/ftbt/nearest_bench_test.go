package ftbt

import (
	"github.com/shapan/shapan/internal/cputime"
	"testing"
)

// BenchmarkNearestOwners measures the multi-source search that labels
// every cell of a 200×200 level with its nearest enemy (50 enemies), the
// search a side's turn starts with.
func BenchmarkNearestOwners(b *testing.B) {
	star := legacySetup(b, "m1.map").Rules
	s, err := newState(star, benchLevel(200, 200, 100))
	if err != nil {
		b.Fatal(err)
	}
	var enemies []int
	for i := range s.people {
		if s.people[i].side == 1 {
			enemies = append(enemies, i)
		}
	}
	var f ownerField
	var q distQueue
	cpu := cputime.Process()
	for b.Loop() {
		s.nearestOwners(enemies, &f, &q)
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N)/float64(s.cells()), "cpu-ns/cell")
}
