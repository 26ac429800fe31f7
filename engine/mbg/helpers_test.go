package mbg

import (
	"math/rand"
	"path/filepath"
	"testing"

	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/shared"
)

// legacyScenario loads a scenario of the shared folder (skipping without it).
func legacyScenario(t testing.TB, name string) *mbgfmt.Scenario {
	t.Helper()
	sc, err := LoadScenario(filepath.Join(shared.Dir(t), "legacy", "mbg", name))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// checkInvariants checks the bookkeeping of a running game: every officer
// where his job says, no negative money, hp within bounds.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	s := g.g.state
	var ps problems
	if s.checkConsistent(&ps); len(ps.list) > 0 {
		t.Fatalf("turn %d: %v", s.turn, ps.list)
	}
	for r := range s.roles {
		if s.roles[r].money < 0 {
			t.Fatalf("turn %d: role %d has negative money %v", s.turn, r, s.roles[r].money)
		}
	}
	for p := range s.people {
		if o := &s.people[p]; o.hp < 0 || o.hp > o.hpmax {
			t.Fatalf("turn %d: officer %d has hp %v of %v", s.turn, p, o.hp, o.hpmax)
		}
	}
}

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }
