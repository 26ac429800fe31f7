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

// cpuStep is what a budget set for the CPU limit is rounded down to,
// so that a little jitter in the time measured rarely changes it.
const cpuStep = 500

// cpuRaise is how many times the family's budget the CPU limit may raise
// a budget to when the games are cheap: a planets game takes 0.5 ms of
// CPU, so the family's 30,000 games take a tenth of the limit, and on
// ut_test.yml with start B's cos doubled the search ended 3.0 points off
// with its 30,000 games spent after 14 s of CPU, where 100,000 found a
// fair proposal after 51,576 games and 24 s (docs/balance.md, the seventh
// round). Four times bounds the search's own work (its models grow with
// the points it tried) and keeps a cheap search's wall time in minutes.
const cpuRaise = 4

// limitCPU sets the budget, when Options.CPU is set, to the games that
// fit in its share of it at the CPU the baseline's n games took each
// (used, measured from before them), rounded down to 500 games, between
// the games played and cpuRaise times the budget asked for, and sizes the
// phases again for it: an ftbt game of m1.map takes about 115 ms, so the
// family's 10,000 games would take 19 minutes and are lowered to 4,000;
// a planets game takes 0.5 ms, and its family's 30,000 are raised to
// 120,000. It says what it did in the result (Result.BudgetNote).
func (s *search) limitCPU(used time.Duration, n int) {
	if s.opts.CPU <= 0 || n <= 0 || used <= 0 {
		return
	}
	per := used / time.Duration(n)
	fit := int(cpuShare*float64(s.opts.CPU)/float64(per)) / cpuStep * cpuStep
	// never less than the baseline and two confirmations of 8 batches
	fit = max(min(fit, s.raiseCap(s.opts.Budget)), s.spent+16*s.unit)
	s.cpuBudget = s.opts.Budget
	if fit == s.opts.Budget {
		return
	}
	s.budgetNote = fmt.Sprintf("the budget was %d games; at %s of CPU a game (its first %d) they would take %s, so it was %s to %d, what fits in %s of CPU (at most %d times the budget)",
		s.opts.Budget, per.Round(time.Microsecond*100), n, (per * time.Duration(s.opts.Budget)).Round(time.Second), moved(fit, s.opts.Budget), fit, s.opts.CPU, cpuRaise)
	s.opts.Budget = fit
	s.size()
}

// raiseCap is the most games the CPU limit may raise a budget asked for
// to: cpuRaise times it, or what a search of wider knobs has left of the
// first search's (widen).
func (s *search) raiseCap(asked int) int {
	if s.maxBudget > 0 {
		return s.maxBudget
	}
	return cpuRaise * asked
}

// moved says which way a budget went.
func moved(to, from int) string {
	if to > from {
		return "raised"
	}
	return "lowered"
}

// rebudget sets the budget that limitCPU set again, before every point
// the search plans, to the games played so far and those that fit in
// what is left of the CPU limit's share at the CPU every game so far
// took (the search's own work included), rounded down to 500 games: never
// above cpuRaise times the budget asked for, never below the games
// played. A document's own games can cost more than the points the search
// tries (on m1.map with side 1's def ×1.5 every game of the document runs
// to the turn cap, 155 ms of CPU each, and the games of the points tried
// took 60 ms), so the baseline alone would leave the search too few games
// for a confirmation; and a cheap family's search spends more of its time
// on its models as its points grow. used is the CPU time since the
// baseline began.
func (s *search) rebudget(used time.Duration) {
	if s.cpuBudget == 0 || s.ownGames == 0 || used <= 0 {
		return
	}
	per := used / time.Duration(s.ownGames)
	left := time.Duration(cpuShare*float64(s.opts.CPU)) - used
	fit := (s.spent + int(left/per)) / cpuStep * cpuStep
	fit = max(min(fit, s.raiseCap(s.cpuBudget)), s.spent)
	if fit == s.opts.Budget {
		return
	}
	s.budgetNote = fmt.Sprintf("the budget was %d games; at %s of CPU a game (the %d played when the search last planned) they would take %s, so it was set to %d, what fits in %s of CPU (at most %d times the budget)",
		s.cpuBudget, per.Round(time.Microsecond*100), s.ownGames, (per * time.Duration(s.cpuBudget)).Round(time.Second), fit, s.opts.CPU, cpuRaise)
	s.opts.Budget = fit
	s.size()
}
