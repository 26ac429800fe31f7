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
// minutes), sized again for it and said in the result; cheap games raise
// the budget to what fits, at most four times the family's (a planets
// game of 0.5 ms: 120,000 of 30,000; an mbg or battle game of 25 ms:
// 20,000 of 10,000); no limit changes nothing.
func TestSlowGamesLowerTheBudget(t *testing.T) {
	newS := func(budget int, cpu time.Duration) *search {
		s := &search{opts: Options{Budget: budget, CPU: cpu}, tol: 0.03, unit: 8, sides: make([]sim.Side, 2), spent: 400}
		s.size()
		return s
	}
	s := newS(10000, DefaultCPU)
	s.limitCPU(400*115*time.Millisecond, 400)
	if s.opts.Budget != 4000 || !strings.Contains(s.budgetNote, "lowered to 4000") {
		t.Errorf("budget %d (%q), want 4000", s.opts.Budget, s.budgetNote)
	}
	if s.confirm > (s.opts.Budget-s.baseGames)/2 {
		t.Errorf("a confirmation of %d games in a budget of %d: the phases were not sized again", s.confirm, s.opts.Budget)
	}
	s = newS(10000, DefaultCPU)
	s.limitCPU(400*25*time.Millisecond, 400) // an mbg or battle game
	if s.opts.Budget != 20000 || !strings.Contains(s.budgetNote, "raised to 20000") {
		t.Errorf("25 ms games: budget %d (%q), want 20000", s.opts.Budget, s.budgetNote)
	}
	s = newS(30000, DefaultCPU)
	s.limitCPU(400*500*time.Microsecond, 400) // a planets game
	if s.opts.Budget != 120000 || !strings.Contains(s.budgetNote, "raised to 120000") {
		t.Errorf("0.5 ms games: budget %d (%q), want 4 × 30000", s.opts.Budget, s.budgetNote)
	}
	s = newS(10000, DefaultCPU)
	s.limitCPU(400*51*time.Millisecond, 400) // what fits is the budget
	if s.opts.Budget != 10000 || s.budgetNote != "" {
		t.Errorf("51 ms games: budget %d (%q), want 10000 and no note", s.opts.Budget, s.budgetNote)
	}
	s = newS(10000, 0)
	s.limitCPU(400*time.Second, 400)
	if s.opts.Budget != 10000 {
		t.Errorf("no limit: budget %d, want 10000", s.opts.Budget)
	}
}

// TestTheBudgetFollowsTheCPUSpent: a budget the baseline's dear games
// lowered (155 ms each, as the games of m1.map with side 1's def ×1.5,
// which all run to the turn cap) is set again from the CPU every game so
// far took when the search plans: raised when the points tried were
// cheaper, never above four times the family's budget, lowered when they
// were dearer, never below the games played; the confirmation is sized
// again.
func TestTheBudgetFollowsTheCPUSpent(t *testing.T) {
	s := &search{opts: Options{Budget: 10000, CPU: DefaultCPU}, tol: 0.03, unit: 8, sides: make([]sim.Side, 2), spent: 400, ownGames: 400}
	s.size()
	s.limitCPU(400*155*time.Millisecond, 400)
	if s.opts.Budget != 3000 || s.confirm >= ConfirmGames(2, 0.03) {
		t.Fatalf("after the baseline: budget %d, confirmation %d; want 3000 and a shortened one", s.opts.Budget, s.confirm)
	}
	s.spent, s.ownGames = 1256, 1256
	s.rebudget(113 * time.Second) // 90 ms a game so far
	if s.opts.Budget != 5500 || s.confirm != s.units(ConfirmGames(2, 0.03)) || !strings.Contains(s.budgetNote, "set to 5500") {
		t.Errorf("at 90 ms a game: budget %d, confirmation %d (%q); want 5500 and a whole confirmation", s.opts.Budget, s.confirm, s.budgetNote)
	}
	s.rebudget(1256 * 10 * time.Millisecond) // cheap: 50,500 fit, capped at 4 × the family's
	if s.opts.Budget != 40000 {
		t.Errorf("at 10 ms a game: budget %d, want 40000", s.opts.Budget)
	}
	s.rebudget(1256 * 20 * time.Millisecond) // 25,500 fit
	if s.opts.Budget != 25500 {
		t.Errorf("at 20 ms a game: budget %d, want 25500", s.opts.Budget)
	}
	s.rebudget(500 * time.Second) // dearer than the limit left room for
	if s.opts.Budget != 1256 {
		t.Errorf("over the limit: budget %d, want the 1256 games played", s.opts.Budget)
	}
	cheap := &search{opts: Options{Budget: 10000, CPU: DefaultCPU}, tol: 0.03, unit: 8, sides: make([]sim.Side, 2), spent: 400, ownGames: 400}
	cheap.rebudget(500 * time.Second)
	if cheap.opts.Budget != 10000 {
		t.Errorf("a budget the CPU limit never lowered is changed: %d", cheap.opts.Budget)
	}
}
