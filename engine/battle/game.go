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

// Kinds lists every decision kind the rules ask: the orders only (both
// sides answer each round at once).
var Kinds = []string{KindOrders}

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
	// ReuseArgs lets the orders' Args of a round share their state with
	// those of the round two rounds later, which overwrite them: for
	// players that read a decision's Args only while it is pending, as
	// the computer players of a simulation do. (Otherwise every round's
	// Args keep their own copy of the state.)
	ReuseArgs bool
}

// Game is a running game: the decision machine (Pending, Answer, Events,
// ...) and the rules' state behind it.
type Game struct {
	*engine.Machine
	setup Setup
	st    *state
	// forked is set on a copy Fork made: its rules start with the
	// round already opened, and it cannot be saved.
	forked bool
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
	st.reuseArgs = opts.ReuseArgs
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
	var checks [2]func(engine.Answer) error
	for s := range checks {
		checks[s] = func(a engine.Answer) error {
			o, err := st.decide(s, a)
			if err == nil {
				st.asked[s] = o
			}
			return err
		}
	}
	for opened := g.forked; ; opened = false {
		if !opened {
			st.Round++
			st.open()
		}
		pos := st.argsPosition()
		var ds [2]*engine.Decision
		for s := range ds {
			ds[s] = &engine.Decision{Player: s, Kind: KindOrders, Args: &OrdersArgs{Side: s, Position: pos},
				Check: checks[s], ChecksJSON: true, Legal: func() engine.Legal { return legalOrders(pos, s) }}
		}
		p.AskTogether(ds[0], ds[1])
		if r := st.resolve(&st.asked); r != nil {
			return *r
		}
	}
}

// argsPosition is the state the orders of this round show: a copy of
// its own, or with ReuseArgs one of two buffers taken in turn.
func (st *state) argsPosition() *Position {
	if !st.reuseArgs {
		return st.Position.clone()
	}
	buf := &st.argsBuf[st.Round%2]
	cities := append(buf.Cities[:0], st.Cities...)
	*buf = st.Position
	buf.Cities = cities
	return buf
}

// decide decodes and checks side s's answer against the current state;
// an answer AnswerCommands checked already is not read again.
func (st *state) decide(s int, a engine.Answer) (Orders, error) {
	if t := &st.typed[s]; len(a) > 0 && len(t.answer) == len(a) && &t.answer[0] == &a[0] {
		o := t.orders
		*t = typedAnswer{}
		return o, nil
	}
	cmds, err := decodeOrders(a, st.cmdBuf[:0])
	if err != nil {
		return Orders{}, err
	}
	st.cmdBuf = cmds[:0]
	return st.legality(s, cmds)
}

// CommandPlayer is a Player that can give its orders as commands, as the
// computer players do: PlayCommands then checks them without encoding and
// decoding them (the machine still records the answer as JSON).
type CommandPlayer interface {
	Player
	// Commands returns the commands of the answer to the orders of a
	// (valid until the next call).
	Commands(a *OrdersArgs) []Command
}

// typedAnswer is an answer AnswerCommands checked, and its orders.
type typedAnswer struct {
	answer engine.Answer
	orders Orders
}

// AnswerCommands gives side s's orders as commands: the rules check them
// as they are, the machine records their JSON (Encode). It refuses what
// Answer refuses.
func (g *Game) AnswerCommands(s int, cmds []Command) error {
	a := AppendCommands(g.st.encBuf[:0], cmds) // the machine keeps a copy
	g.st.encBuf = a
	if s == 0 || s == 1 {
		if g.PendingFor(s) != nil {
			if o, err := g.st.legality(s, cmds); err == nil {
				g.st.typed[s] = typedAnswer{answer: a, orders: o}
			}
		}
	}
	err := g.Answer(s, a)
	if s == 0 || s == 1 {
		g.st.typed[s] = typedAnswer{}
	}
	return err
}

// PlayCommands is engine.PlayOut for battle games whose computer players
// give commands: every pending decision is answered by its side's player,
// a CommandPlayer's commands through AnswerCommands, until the game ends.
// It fails if a side has no player, if an answer is refused, if the rules
// fail, or as o says.
func PlayCommands(g *Game, players []Player, o engine.PlayOptions) error {
	for n := 0; ; n++ {
		d := g.Pending()
		if d == nil {
			return g.Err()
		}
		if o.Context != nil && n%256 == 0 {
			if err := o.Context.Err(); err != nil {
				return err
			}
		}
		if o.MaxDecisions > 0 && n >= o.MaxDecisions {
			return fmt.Errorf("%w after %d decisions (round %d)", engine.ErrStalled, n, g.Round())
		}
		if d.Player < 0 || d.Player >= len(players) || players[d.Player] == nil {
			return fmt.Errorf("battle: no player for side %d", d.Player)
		}
		var err error
		if cp, ok := players[d.Player].(CommandPlayer); ok {
			err = g.AnswerCommands(d.Player, cp.Commands(argsOf(d)))
		} else {
			err = g.Answer(d.Player, players[d.Player].Answer(g, d))
		}
		if err != nil {
			return fmt.Errorf("round %d, side %d's answer: %w", g.Round(), d.Player, err)
		}
	}
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
func (g *Game) Snapshot() (*engine.Snapshot, error) {
	if g.forked {
		return nil, errors.New("battle: a copy made for a search cannot be saved")
	}
	return g.Machine.Snapshot(Family, g.setup)
}

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
