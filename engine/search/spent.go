package search

import (
	"sync/atomic"
	"time"
)

// The thinking of every search player of the process, for the reports
// of simulations that seat search players (Spent).
var spent struct {
	decisions, playouts atomic.Int64
	cpu, max            atomic.Int64 // nanoseconds
	overruled           atomic.Int64
}

// Spending is what search players thought: decisions searched, playouts,
// CPU time (of their threads) and the most one decision took, and the
// decisions searched whose answer was not the family player's (the lead's
// first proposal).
type Spending struct {
	Decisions, Playouts int64
	CPU, Max            time.Duration
	Overruled           int64
}

// PerDecision is the mean CPU time of a decision.
func (s Spending) PerDecision() time.Duration {
	if s.Decisions == 0 {
		return 0
	}
	return s.CPU / time.Duration(s.Decisions)
}

// Spent returns what every search player of the process thought so far;
// the difference of two readings is what was thought between them.
func Spent() Spending {
	return Spending{Decisions: spent.decisions.Load(), Playouts: spent.playouts.Load(),
		CPU: time.Duration(spent.cpu.Load()), Max: time.Duration(spent.max.Load()), Overruled: spent.overruled.Load()}
}

// overrule counts a decision answered otherwise than the family player.
func overrule() { spent.overruled.Add(1) }

// record adds a decision's thinking to the process's.
func record(playouts int, cpu time.Duration) {
	spent.decisions.Add(1)
	spent.playouts.Add(int64(playouts))
	spent.cpu.Add(int64(cpu))
	for {
		m := spent.max.Load()
		if int64(cpu) <= m || spent.max.CompareAndSwap(m, int64(cpu)) {
			return
		}
	}
}
