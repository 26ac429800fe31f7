package balance

import (
	"fmt"
	"time"
)

// DefaultCPU is the CPU time a search of `shapan balance` and of the
// studio's Suggest keeps within when no --budget is given: ten minutes,
// the goal of the unseen-set benchmark (docs/balance.md).
const DefaultCPU = 10 * time.Minute

// cpuShare is the share of Options.CPU that the games may take: the rest
// is the search's own work (checks, models, plans) and the games' cost
// varying from one candidate to another.
const cpuShare = 0.85

// cpuStep is what a budget lowered for the CPU limit is rounded down to,
// so that a little jitter in the time measured rarely changes it.
const cpuStep = 500

// limitCPU lowers the budget, when Options.CPU is set, to the games that
// fit in its share of it at the CPU the baseline's n games took each
// (used, measured from before them), rounded down to 500 games, and sizes
// the phases again for it: an ftbt game of m1.map takes about 115 ms, so
// the family's 10,000 games would take 19 minutes. It never raises the
// budget, and says what it did in the result (Result.BudgetNote).
func (s *search) limitCPU(used time.Duration, n int) {
	if s.opts.CPU <= 0 || n <= 0 || used <= 0 {
		return
	}
	per := used / time.Duration(n)
	fit := int(cpuShare*float64(s.opts.CPU)/float64(per)) / cpuStep * cpuStep
	// never less than the baseline and two confirmations of 8 batches
	fit = max(fit, s.spent+16*s.unit)
	if fit >= s.opts.Budget {
		return
	}
	s.budgetNote = fmt.Sprintf("the budget was %d games; at %s of CPU a game (its first %d) they would take %s, so it was lowered to %d to keep the search within %s of CPU",
		s.opts.Budget, per.Round(time.Millisecond), n, (per * time.Duration(s.opts.Budget)).Round(time.Minute), fit, s.opts.CPU)
	s.cpuBudget = s.opts.Budget
	s.opts.Budget = fit
	s.size()
}

// rebudget sets a budget that limitCPU lowered again, before every point
// the search plans, to the games played so far and those that fit in
// what is left of the CPU limit's share at the CPU every game so far
// took (the search's own work included), rounded down to 500 games: never
// above the budget before it was lowered, never below the games played.
// A document's own games can cost more than the points the search tries
// (on m1.map with side 1's def ×1.5 every game of the document runs to
// the turn cap, 155 ms of CPU each, and the games of the points tried
// took 60 ms), so the baseline alone would leave the search too few games
// for a confirmation. used is the CPU time since the baseline began.
func (s *search) rebudget(used time.Duration) {
	if s.cpuBudget == 0 || s.ownGames == 0 || used <= 0 {
		return
	}
	per := used / time.Duration(s.ownGames)
	left := time.Duration(cpuShare*float64(s.opts.CPU)) - used
	fit := (s.spent + int(left/per)) / cpuStep * cpuStep
	fit = max(min(fit, s.cpuBudget), s.spent)
	if fit == s.opts.Budget {
		return
	}
	s.budgetNote = fmt.Sprintf("the budget was %d games; at %s of CPU a game (the %d played when the search last planned) they would take %s, so it was set to %d to keep the search within %s of CPU",
		s.cpuBudget, per.Round(time.Millisecond), s.ownGames, (per * time.Duration(s.cpuBudget)).Round(time.Minute), fit, s.opts.CPU)
	s.opts.Budget = fit
	s.size()
}
