// Package engine is the core the game engines share: a game's rules are
// written as ordinary sequential code that asks players questions; the
// Machine runs that code as a coroutine, so play stops at every decision,
// exposes it (who may answer, what kind, which options — the "hint" of a
// decision stack), accepts an answer only from that player and only when
// it is legal (the "react"), and refuses anything else with a reason and
// no change.
//
// A game is deterministic given its setup, its random seed and the answers
// it received, so the whole state — a pending decision included — is saved
// as exactly that (see Snapshot) and resumed by replaying the answers.
package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
)

// Decision is a question the game asks one player.
type Decision struct {
	// Player is who may answer (a role or side index).
	Player int `json:"player"`
	// Kind is the spec's name of the decision point ("sel_role_action").
	Kind string `json:"kind"`
	// Args is what the player is shown: the options and the context, as
	// the game defines them (it marshals to the spec's argument names).
	Args any `json:"args,omitempty"`
	// Check validates an answer before it reaches the game; it returns the
	// reason a refused answer is illegal. Nil accepts any answer.
	Check func(a Answer) error `json:"-"`
}

// Answer is a player's reply, as JSON (a number, a list, an object, ...).
type Answer = json.RawMessage

// Encode turns a Go value into an Answer.
func Encode(v any) Answer {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("engine.Encode(%#v): %v", v, err))
	}
	return b
}

// Event is a notification a game emits; it marshals to the spec's form
// ({"e": name, ...fields}).
type Event interface {
	EventName() string
}

// Play is what a game's rules use to talk to the players: Ask blocks until
// a legal answer arrives; Emit records a notification.
type Play struct {
	yield   func(*Decision) bool
	answer  Answer
	emit    func(Event)
	stopped bool
}

// errStopped unwinds a game whose machine was closed mid-game.
var errStopped = errors.New("engine: game stopped")

// Ask poses d and returns the legal answer a player gave.
func (p *Play) Ask(d *Decision) Answer {
	if !p.yield(d) {
		p.stopped = true
		panic(errStopped)
	}
	return p.answer
}

// Emit records an event.
func (p *Play) Emit(e Event) { p.emit(e) }

// Rules is a game's sequential rule code. It returns when the game is
// over; its result is what the machine reports as Result.
type Rules func(p *Play) any

// Machine runs one game.
type Machine struct {
	next    func() (*Decision, bool)
	stop    func()
	play    *Play
	pending *Decision
	events  []Event
	answers []Answer
	result  any
	over    bool
	err     error
	opts    Options
}

// Options adjust a machine.
type Options struct {
	// OnEvent, when set, receives every event as it is emitted.
	OnEvent func(Event)
	// DropEvents keeps no event log (long simulations that only need the
	// result, or OnEvent).
	DropEvents bool
	// Threaded runs the rules on a goroutine of their own, handing
	// decisions over channels, instead of as a coroutine (iter.Pull). A
	// coroutine cannot be resumed from a goroutine locked to its OS
	// thread — such as a GUI toolkit's main goroutine — so callers there
	// need this. It is slower per decision.
	Threaded bool
}

// Start begins a game and runs it to its first decision (or to its end).
func Start(rules Rules) *Machine { return StartWith(rules, Options{}) }

// StartWith is Start with options.
func StartWith(rules Rules, opts Options) *Machine {
	m := &Machine{opts: opts}
	m.play = &Play{emit: func(e Event) {
		if !m.opts.DropEvents {
			m.events = append(m.events, e)
		}
		if m.opts.OnEvent != nil {
			m.opts.OnEvent(e)
		}
	}}
	seq := func(yield func(*Decision) bool) {
		m.play.yield = yield
		defer func() {
			if r := recover(); r != nil {
				if r == errStopped {
					return
				}
				m.err = fmt.Errorf("engine: the game failed: %v", r)
			}
		}()
		m.result = rules(m.play)
	}
	if opts.Threaded {
		m.next, m.stop = threadedPull(seq)
	} else {
		m.next, m.stop = iter.Pull(seq)
	}
	m.advance()
	return m
}

// threadedPull is iter.Pull on a goroutine and channels: it can be driven
// from any goroutine, locked to an OS thread or not.
func threadedPull(seq func(yield func(*Decision) bool)) (next func() (*Decision, bool), stop func()) {
	resume := make(chan bool)
	yielded := make(chan *Decision)
	finished := false
	go func() {
		if !<-resume {
			yielded <- nil
			return
		}
		seq(func(d *Decision) bool {
			yielded <- d
			return <-resume
		})
		yielded <- nil
	}()
	next = func() (*Decision, bool) {
		if finished {
			return nil, false
		}
		resume <- true
		d := <-yielded
		if d == nil {
			finished = true
			return nil, false
		}
		return d, true
	}
	stop = func() {
		if finished {
			return
		}
		finished = true
		resume <- false
		<-yielded
	}
	return next, stop
}

func (m *Machine) advance() {
	d, ok := m.next()
	if !ok {
		m.over = true
		m.pending = nil
		m.stop()
		return
	}
	m.pending = d
}

// Pending returns the decision waiting for an answer, or nil when the game
// is over.
func (m *Machine) Pending() *Decision { return m.pending }

// Over reports whether the game has ended.
func (m *Machine) Over() bool { return m.over }

// Result returns what the rules returned (nil while the game runs).
func (m *Machine) Result() any { return m.result }

// Err returns the failure of the game code, if it failed.
func (m *Machine) Err() error { return m.err }

// Events returns every event emitted so far.
func (m *Machine) Events() []Event { return m.events }

// Answers returns every accepted answer so far, in order.
func (m *Machine) Answers() []Answer { return m.answers }

// RefusedError says why an answer was refused; nothing changed.
type RefusedError struct {
	Reason string
}

func (e *RefusedError) Error() string { return "answer refused: " + e.Reason }

// Answer gives player's answer to the pending decision. An answer from
// another player, or an illegal one, is refused with a reason and changes
// nothing.
func (m *Machine) Answer(player int, a Answer) error {
	d := m.pending
	if d == nil {
		return &RefusedError{"the game is over"}
	}
	if player != d.Player {
		return &RefusedError{fmt.Sprintf("the question %s is for player %d, not player %d", d.Kind, d.Player, player)}
	}
	if !json.Valid(a) {
		return &RefusedError{fmt.Sprintf("%s: the answer is not a JSON value", d.Kind)}
	}
	if d.Check != nil {
		if err := d.Check(a); err != nil {
			return &RefusedError{fmt.Sprintf("%s: %v", d.Kind, err)}
		}
	}
	m.answers = append(m.answers, append(Answer(nil), a...))
	m.play.answer = a
	m.advance()
	return nil
}

// Close abandons the game, releasing its coroutine. A finished game needs
// no Close; closing twice is harmless.
func (m *Machine) Close() {
	if !m.over {
		m.stop()
		m.over = true
		m.pending = nil
	}
}

// Replay feeds answers to m in order, as if the same players had answered
// again; it stops at the first refused answer.
func (m *Machine) Replay(answers []Answer) error {
	for i, a := range answers {
		d := m.pending
		if d == nil {
			return fmt.Errorf("answer %d: the game is already over", i+1)
		}
		if err := m.Answer(d.Player, a); err != nil {
			return fmt.Errorf("answer %d: %w", i+1, err)
		}
	}
	return nil
}
