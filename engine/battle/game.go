package battle

import (
	"errors"
	"fmt"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// Family is the family name of battle snapshots and traces.
const Family = "battle"

// KindOrders is the only decision: a side's orders for a round.
const KindOrders = "orders"

// Setup describes how a game starts (spec §16).
type Setup struct {
	// Map is the battle map.
	Map *bfmt.Map
	// Roster changes the stats of named heroes (spec §2.3).
	Roster []bfmt.RosterEntry
	// MaxRounds is the last round, 2 to 1000 (0: 1000); the game ends
	// there as §14.2 ends it at round 1000.
	MaxRounds int
	// Start, when set, is a position to start from instead of round 1: a
	// hand-made situation (the worked examples of spec §19).
	Start *Start
}

// Options adjust a game.
type Options struct {
	// Machine options: an event callback, no event log, threading.
	Machine engine.Options
	// TraceWithoutArgs writes a trace's decision lines with "args": null
	// (PlayTraced): a far smaller trace, whose replay checks the events
	// and the result only.
	TraceWithoutArgs bool
}

// Game is a running game: the decision machine (Pending, Answer, Events,
// ...) and the rules' state behind it.
type Game struct {
	*engine.Machine
	setup Setup
	st    *state
}

// New starts a game and runs it to its first decision.
func New(setup Setup, opts Options) (*Game, error) {
	st, err := setup.state()
	if err != nil {
		return nil, err
	}
	if !opts.Machine.DropEvents || opts.Machine.OnEvent != nil {
		st.emit = func(engine.Event) {} // replaced by the machine's Emit
	}
	g := &Game{setup: setup, st: st}
	g.Machine = engine.StartWith(g.rules, opts.Machine)
	if err := g.Machine.Err(); err != nil {
		return nil, err
	}
	return g, nil
}

// state builds the game of a setup, before its first round.
func (s Setup) state() (*state, error) {
	max := s.MaxRounds
	if max == 0 {
		max = MaxRounds
	}
	if max < 2 || max > MaxRounds {
		return nil, fmt.Errorf("battle: the round limit must be 2 to %d, not %d", MaxRounds, s.MaxRounds)
	}
	b, err := NewBoard(s.Map, s.Roster)
	if err != nil {
		return nil, err
	}
	st := newState(b, max)
	if s.Start != nil {
		if err := s.Start.apply(st); err != nil {
			return nil, err
		}
		if st.Round >= max {
			return nil, fmt.Errorf("battle: the start round %d is not before the round limit %d", st.Round+1, max)
		}
	}
	return st, nil
}

// rules is the game as sequential code: every round the opening, then
// one orders decision to each side, posed together (both see the same
// state; nothing is resolved before both answered, in either order), and
// the resolution.
func (g *Game) rules(p *engine.Play) any {
	st := g.st
	if st.emit != nil {
		st.emit = p.Emit
	}
	for {
		st.Round++
		st.open()
		pos := st.Position.clone()
		var ord [2]Orders
		var ds [2]*engine.Decision
		for s := range ds {
			ds[s] = &engine.Decision{Player: s, Kind: KindOrders, Args: &OrdersArgs{Side: s, Position: pos},
				Check: func(a engine.Answer) error {
					o, err := st.decide(s, a)
					if err == nil {
						ord[s] = o
					}
					return err
				},
				Legal: func() engine.Legal { return legalOrders(pos, s) }}
		}
		p.AskTogether(ds[0], ds[1])
		if r := st.resolve(&ord); r != nil {
			return *r
		}
	}
}

// decide decodes and checks side s's answer against the current state.
func (st *state) decide(s int, a engine.Answer) (Orders, error) {
	cmds, err := decodeOrders(a, st.cmdBuf[:0])
	if err != nil {
		return Orders{}, err
	}
	st.cmdBuf = cmds[:0]
	return st.legality(s, cmds)
}

// Check reports whether side s may send the answer now, and why not.
func (g *Game) Check(s int, a engine.Answer) error {
	if g.Over() {
		return errors.New("the game is over")
	}
	_, err := g.st.decide(s, a)
	return err
}

// Resume rebuilds a game from its snapshot.
func Resume(snap *engine.Snapshot, opts Options) (*Game, error) {
	return engine.Resume(snap, Family, func(setup Setup) (*Game, error) { return New(setup, opts) })
}

// Snapshot saves the game at its current decision.
func (g *Game) Snapshot() (*engine.Snapshot, error) { return g.Machine.Snapshot(Family, g.setup) }

// Setup returns how the game started.
func (g *Game) Setup() Setup { return g.setup }

// Board returns what does not change: the map, the roster, bases, flag
// zone and cities.
func (g *Game) Board() *Board { return g.st.Board }

// Position returns a copy of the current state.
func (g *Game) Position() *Position { return g.st.Position.clone() }

// Round returns the current round.
func (g *Game) Round() int { return g.st.Round }

// Outcome returns the result once the game is over; ok is false while it
// runs or when it failed.
func (g *Game) Outcome() (r Result, ok bool) {
	if !g.Over() || g.Err() != nil {
		return Result{}, false
	}
	r, ok = g.Result().(Result)
	return r, ok
}
