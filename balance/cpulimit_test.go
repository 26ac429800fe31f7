package balance

import (
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/engine/sim"
)

// TestSlowGamesLowerTheBudget: a search with a CPU limit whose baseline
// games took 115 ms each (an ftbt game of m1.map) plays at most the games
// that fit in the limit's share (4,000 of the family's 10,000 in ten
// minutes), sized again for it and said in the result; cheap games keep
// the budget, and no limit changes nothing.
func TestSlowGamesLowerTheBudget(t *testing.T) {
	newS := func(cpu time.Duration) *search {
		s := &search{opts: Options{Budget: 10000, CPU: cpu}, tol: 0.03, unit: 8, sides: make([]sim.Side, 2), spent: 400}
		s.size()
		return s
	}
	s := newS(DefaultCPU)
	s.limitCPU(400*115*time.Millisecond, 400)
	if s.opts.Budget != 4000 || !strings.Contains(s.budgetNote, "lowered to 4000") {
		t.Errorf("budget %d (%q), want 4000", s.opts.Budget, s.budgetNote)
	}
	if s.confirm > (s.opts.Budget-s.baseGames)/2 {
		t.Errorf("a confirmation of %d games in a budget of %d: the phases were not sized again", s.confirm, s.opts.Budget)
	}
	s = newS(DefaultCPU)
	s.limitCPU(400*25*time.Millisecond, 400) // an mbg or battle game
	if s.opts.Budget != 10000 || s.budgetNote != "" {
		t.Errorf("cheap games: budget %d (%q), want 10000", s.opts.Budget, s.budgetNote)
	}
	s = newS(0)
	s.limitCPU(400*time.Second, 400)
	if s.opts.Budget != 10000 {
		t.Errorf("no limit: budget %d, want 10000", s.opts.Budget)
	}
}
