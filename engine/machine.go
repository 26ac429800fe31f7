package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"
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
	// ChecksJSON says that Check itself refuses, with ErrNotJSON, every
	// answer that is not a JSON value (as a decoder that reads the answer
	// in one pass does), so the machine does not check it again first.
	ChecksJSON bool `json:"-"`
	// Legal, when set, lists the answers the rules act on (see Legal);
	// every answer it lists passes Check. It is called only when someone
	// asks (a random player, a hint), while the decision is pending.
	Legal func() Legal `json:"-"`
}

// ErrNotJSON is what a Check that checks the JSON itself (ChecksJSON)
// returns, wrapped, for an answer that is not a JSON value: the machine
// refuses it with the code not_json.
var ErrNotJSON = errors.New("the answer is not a JSON value")

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
// a legal answer arrives; AskTogether until every asked player has given
// one; Emit records a notification.
type Play struct {
	yield   func([]*Decision) bool
	answers []Answer
	emit    func(Event)
	stopped bool
	one     [1]*Decision // Ask's question, posed without allocating
}

// errStopped unwinds a game whose machine was closed mid-game.
var errStopped = errors.New("engine: game stopped")

// Ask poses d and returns the legal answer a player gave.
func (p *Play) Ask(d *Decision) Answer {
	p.one[0] = d
	return p.pose(p.one[:])[0]
}

// AskTogether poses several decisions at once, one to each of distinct
// players (a simultaneous round: both sides give their orders, then the
// orders are resolved together). Every asked player answers its own
// decision once, in any order, each answer checked on its own; the rules
// resume when the last one has answered, with the answers in the order of
// ds. Two decisions for one player are a bug in the rules: the game fails.
func (p *Play) AskTogether(ds ...*Decision) []Answer {
	if len(ds) == 0 {
		panic("engine: AskTogether with no decision")
	}
	for i, d := range ds {
		for _, e := range ds[:i] {
			if e.Player == d.Player {
				panic(fmt.Sprintf("engine: two questions (%s, %s) asked of player %d together", e.Kind, d.Kind, d.Player))
			}
		}
	}
	return append([]Answer(nil), p.pose(ds)...)
}

// pose yields ds to the machine and returns their answers, in order.
func (p *Play) pose(ds []*Decision) []Answer {
	if !p.yield(ds) {
		p.stopped = true
		panic(errStopped)
	}
	return p.answers
}

// Emit records an event.
func (p *Play) Emit(e Event) { p.emit(e) }

// Rules is a game's sequential rule code. It returns when the game is
// over; its result is what the machine reports as Result.
type Rules func(p *Play) any

// Machine runs one game.
type Machine struct {
	next    func() ([]*Decision, bool)
	stop    func()
	play    *Play
	pending []*Decision // the decisions posed together (nil: game over)
	given   []Answer    // given[i] answers pending[i]; nil until it is answered
	events  []Event
	answers []Answer
	by      []int // by[i] is the player who gave answers[i]
	counted int   // the answers accepted (kept or not)
	// together is set once the rules posed decisions to several players
	// at once: the order of the answers then no longer says who gave
	// them, so snapshots record the players.
	together bool
	result   any
	over     bool
	err      error
	opts     Options
}

// Options adjust a machine.
type Options struct {
	// OnEvent, when set, receives every event as it is emitted.
	OnEvent func(Event)
	// DropEvents keeps no event log (long simulations that only need the
	// result, or OnEvent).
	DropEvents bool
	// DropAnswers keeps no log of the answers (Answers, AnsweredBy): for
	// games that are never saved, as a simulation's; Snapshot then fails.
	DropAnswers bool
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
	seq := func(yield func([]*Decision) bool) {
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
func threadedPull(seq func(yield func([]*Decision) bool)) (next func() ([]*Decision, bool), stop func()) {
	resume := make(chan bool)
	yielded := make(chan []*Decision)
	finished := false
	go func() {
		if !<-resume {
			yielded <- nil
			return
		}
		seq(func(ds []*Decision) bool {
			yielded <- ds
			return <-resume
		})
		yielded <- nil
	}()
	next = func() ([]*Decision, bool) {
		if finished {
			return nil, false
		}
		resume <- true
		ds := <-yielded
		if ds == nil {
			finished = true
			return nil, false
		}
		return ds, true
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
	ds, ok := m.next()
	if !ok {
		m.over = true
		m.pending, m.given = nil, nil
		m.stop()
		return
	}
	if len(ds) > 1 {
		m.together = true
	}
	m.pending = ds
	if cap(m.given) >= len(ds) {
		m.given = m.given[:len(ds)]
		clear(m.given)
	} else {
		m.given = make([]Answer, len(ds))
	}
}

// Pending returns the decision waiting for an answer, or nil when the game
// is over. While several decisions are posed together it is the first
// still unanswered one, so a driver that answers Pending until it is nil
// plays simultaneous rounds too.
func (m *Machine) Pending() *Decision {
	for i, d := range m.pending {
		if m.given[i] == nil {
			return d
		}
	}
	return nil
}

// PendingAll returns every decision still waiting for an answer, in the
// order the rules posed them: one decision in a sequential game, one per
// player still to answer in a simultaneous round; nil when the game is
// over.
func (m *Machine) PendingAll() []*Decision {
	var out []*Decision
	for i, d := range m.pending {
		if m.given[i] == nil {
			out = append(out, d)
		}
	}
	return out
}

// PendingFor returns the decision waiting for player's answer, or nil when
// player has nothing to answer now (not asked, or already answered).
func (m *Machine) PendingFor(player int) *Decision {
	for i, d := range m.pending {
		if d.Player == player && m.given[i] == nil {
			return d
		}
	}
	return nil
}

// Answered returns the number of answers accepted so far, kept
// (Answers) or not (Options.DropAnswers).
func (m *Machine) Answered() int { return m.counted }

// Given returns the number of answers already given to the decisions
// posed together now: in a simultaneous round, the seats that answered
// it; 0 in a sequential game or once the game is over.
func (m *Machine) Given() int {
	n := 0
	for _, a := range m.given {
		if a != nil {
			n++
		}
	}
	return n
}

// Over reports whether the game has ended.
func (m *Machine) Over() bool { return m.over }

// Result returns what the rules returned (nil while the game runs).
func (m *Machine) Result() any { return m.result }

// Err returns the failure of the game code, if it failed.
func (m *Machine) Err() error { return m.err }

// Events returns every event emitted so far.
func (m *Machine) Events() []Event { return m.events }

// Answers returns every accepted answer so far, in the order they were
// given (none with Options.DropAnswers).
func (m *Machine) Answers() []Answer { return m.answers }

// AnsweredBy returns the player who gave each answer of Answers.
func (m *Machine) AnsweredBy() []int { return m.by }

// Refusal is the stable code of a refused answer: a program (a server, a
// client) reacts to it, never to the wording of the reason.
type Refusal string

// The refusal codes.
const (
	// RefusedGameOver: the game has ended; nothing is asked any more.
	RefusedGameOver Refusal = "game_over"
	// RefusedWrongPlayer: no question waits for this player now.
	RefusedWrongPlayer Refusal = "wrong_player"
	// RefusedAnswered: the player already answered the question of this
	// simultaneous round; the others have not all answered yet.
	RefusedAnswered Refusal = "already_answered"
	// RefusedNotJSON: the answer is not a JSON value.
	RefusedNotJSON Refusal = "not_json"
	// RefusedIllegal: the decision's Check refused the answer.
	RefusedIllegal Refusal = "illegal"
)

// RefusedError says why an answer was refused; nothing changed.
type RefusedError struct {
	// Code is the kind of refusal, stable across versions.
	Code Refusal
	// Player is who answered; Kind the question answered ("" when none).
	Player int
	Kind   string
	// Reason is the explanation, in the player's words.
	Reason string
}

func (e *RefusedError) Error() string { return "answer refused: " + e.Reason }

// Answer gives player's answer to the decision waiting for it. An answer
// from a player who is not asked (or already answered), or an illegal
// one, is refused with a reason and changes nothing. The rules go on once
// every decision posed together has its answer.
func (m *Machine) Answer(player int, a Answer) error {
	i, err := m.waiting(player)
	if err != nil {
		return err
	}
	d := m.pending[i]
	if !d.ChecksJSON && !json.Valid(a) {
		return &RefusedError{RefusedNotJSON, player, d.Kind, fmt.Sprintf("%s: the answer is not a JSON value", d.Kind)}
	}
	if d.Check != nil {
		if err := d.Check(a); err != nil {
			code := RefusedIllegal
			if errors.Is(err, ErrNotJSON) {
				code = RefusedNotJSON
			}
			return &RefusedError{code, player, d.Kind, fmt.Sprintf("%s: %v", d.Kind, err)}
		}
	}
	a = append(Answer(nil), a...)
	m.counted++
	if !m.opts.DropAnswers {
		m.answers = append(m.answers, a)
		m.by = append(m.by, player)
	}
	m.given[i] = a
	if m.Pending() == nil {
		m.play.answers = m.given
		m.advance()
	}
	return nil
}

// waiting returns the index in m.pending of the decision player may
// answer, or the refusal.
func (m *Machine) waiting(player int) (int, error) {
	if m.pending == nil {
		return 0, &RefusedError{RefusedGameOver, player, "", "the game is over"}
	}
	for i, d := range m.pending {
		if d.Player != player {
			continue
		}
		if m.given[i] != nil {
			return 0, &RefusedError{RefusedAnswered, player, d.Kind,
				fmt.Sprintf("player %d already answered %s; waiting for %s", player, d.Kind, m.waitingFor())}
		}
		return i, nil
	}
	if len(m.pending) == 1 {
		d := m.pending[0]
		return 0, &RefusedError{RefusedWrongPlayer, player, d.Kind,
			fmt.Sprintf("the question %s is for player %d, not player %d", d.Kind, d.Player, player)}
	}
	return 0, &RefusedError{RefusedWrongPlayer, player, "",
		fmt.Sprintf("no question waits for player %d; waiting for %s", player, m.waitingFor())}
}

// waitingFor names the players still to answer ("players 0 and 2").
func (m *Machine) waitingFor() string {
	var names []string
	for _, d := range m.PendingAll() {
		names = append(names, fmt.Sprint(d.Player))
	}
	if len(names) == 1 {
		return "player " + names[0]
	}
	return "players " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Close abandons the game, releasing its coroutine. A finished game needs
// no Close; closing twice is harmless.
func (m *Machine) Close() {
	if !m.over {
		m.stop()
		m.over = true
		m.pending, m.given = nil, nil
	}
}

// Replay feeds answers to m in order, each to the player of the pending
// decision, as if the same players had answered again; it stops at the
// first refused answer. Answers given in a simultaneous round out of the
// order the rules posed them need ReplayBy.
func (m *Machine) Replay(answers []Answer) error { return m.ReplayBy(nil, answers) }

// ReplayBy feeds answers to m in order, answers[i] from players[i] (nil
// players: from the player of the pending decision); it stops at the
// first refused answer.
func (m *Machine) ReplayBy(players []int, answers []Answer) error {
	if players != nil && len(players) != len(answers) {
		return fmt.Errorf("engine: %d answers but %d players to give them", len(answers), len(players))
	}
	for i, a := range answers {
		d := m.Pending()
		if d == nil {
			return fmt.Errorf("answer %d: the game is already over", i+1)
		}
		player := d.Player
		if players != nil {
			player = players[i]
		}
		if err := m.Answer(player, a); err != nil {
			return fmt.Errorf("answer %d: %w", i+1, err)
		}
	}
	return nil
}
