package mbg

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// A scenario of 100,000 cities and 100,000 officers starts: a membership
// set takes memory for its members only, so the game holds each officer
// and city a few times rather than once for every city and role (which
// took 9.5 GiB, and the game was refused while check passed it).
func TestHugeScenariosStart(t *testing.T) {
	sc, err := LoadScenario("../../samples/mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const n = 100_000
	sc.Officers, sc.Cities = slices.Grow(sc.Officers, n), slices.Grow(sc.Cities, n)
	for i := range n {
		sc.Officers = append(sc.Officers, mbgfmt.Officer{Name: fmt.Sprintf("兵%d", i), Props: [5]float32{50, 50, 50, 50, 50}})
		sc.Cities = append(sc.Cities, mbgfmt.City{Name: fmt.Sprintf("城%d", i), Mayor: -1, Treasurer: -1})
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s, err := fromScenario(sc)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(s)
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 256<<20 {
		t.Errorf("the game of %d cities and %d officers takes %d MiB", len(sc.Cities), len(sc.Officers), grew>>20)
	}
	if got := s.free[s.people[len(s.people)-1].level].count(); got < 1 {
		t.Errorf("the last officer is not free to hire (%d free at his level)", got)
	}
}
