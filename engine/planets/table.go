package planets

import (
	"errors"
	"fmt"
	"math/rand"

	"github.com/shapan/shapan/engine"
	pfmt "github.com/shapan/shapan/formats/planets"
)

// Table is a game hosted the way the original server hosts one (spec 3,
// 4, 5.1 and 12): players join whenever seats are free — also while the
// game runs or after it finished — and submit orders between steps, each
// checked when it is submitted and run by the next step; something
// outside (a clock) plays the steps. A finished game is reset by the next
// step and a new one begins on the same map, with the same start order.
//
// Nobody is asked anything, so a Table has no decision machine; its rules
// are the same code a Game runs. A Table is not safe for concurrent use.
type Table struct {
	st     *state
	events []engine.Event
	setup  TableSetup
	rec    *tableRecorder // nil: the game is not traced
}

// TableSetup describes a table.
type TableSetup struct {
	// Map is the map played.
	Map *pfmt.Map
	// Shuffle shuffles the start planets once, with a generator seeded
	// with Seed; every game of the table keeps that order (spec 1.6,
	// 12.3).
	Shuffle bool
	Seed    int64
	// NoResponse switches on the rule of spec 7.3.
	NoResponse bool
}

// NewTable opens a table waiting for players.
func NewTable(setup TableSetup) (*Table, error) {
	b, err := newBoard(setup.Map)
	if err != nil {
		return nil, err
	}
	if setup.Shuffle {
		r := rand.New(engine.NewSource(setup.Seed))
		r.Shuffle(len(b.starts), func(i, j int) { b.starts[i], b.starts[j] = b.starts[j], b.starts[i] })
	}
	t := &Table{st: newState(b, setup.NoResponse), setup: setup}
	t.st.productions = productionEvery
	t.st.emit = func(e engine.Event) { t.events = append(t.events, e) }
	return t, nil
}

// Join lets a player join the current game and returns its index (spec
// 3); ErrFull when max_player players have joined. Its events (a Join)
// are added to those of the last step.
func (t *Table) Join(name string) (int, error) {
	from := len(t.events)
	k, err := t.st.addPlayer(name)
	if err == nil {
		t.record(tableLine{Join: &name, Player: &k}, from)
	}
	return k, err
}

// Submit checks player's order against the current state (spec 5.1) and
// queues it for the next step, replacing the queued moves (and the queued
// tactic, when it has one). The order is the JSON of an Order: {"moves":
// [[count, from, to], ...], "tactic": {...}}; its values are converted as
// the original converts them. A refused order changes nothing; the error
// wraps one of ErrNoPlayer, ErrNotAlive, ErrWrongOp, ErrBadOrder,
// ErrNotYourPlanet, ErrNotEnoughArmies, ErrNoRoute, ErrWrongTactic and
// ErrNotEnoughPoints.
func (t *Table) Submit(player int, order []byte) error {
	c, err := t.st.checkOrder(player, order)
	if err != nil {
		return err
	}
	t.st.submit(player, c)
	t.record(tableLine{Order: order, Player: &player}, len(t.events))
	return nil
}

// Step plays one game step (spec 4) and reports whether something
// happened (false: a waiting game with too few players). Events returns
// what it did. A step that leaves the engine's number range stops with an
// error; the table should then be Reset.
func (t *Table) Step() (changed bool, err error) {
	t.events = t.events[:0]
	defer func() {
		if r := recover(); r != nil {
			ne, ok := r.(NumError)
			if !ok {
				panic(r)
			}
			changed, err = true, fmt.Errorf("planets: the step failed: %w", ne)
			t.record(tableLine{Step: true, Error: err.Error()}, len(t.events))
		}
	}()
	if changed = t.st.step(); changed {
		t.record(tableLine{Step: true}, 0)
	}
	return changed, nil
}

// Reset starts a new game at once: no players, every planet neutral.
func (t *Table) Reset() {
	t.st.reset()
	t.events = t.events[:0]
}

// Events returns the events of the last step (and of the joins since).
// Production reports every owned planet, changed or not.
func (t *Table) Events() []engine.Event { return t.events }

// View returns the live state.
func (t *Table) View() View { return t.st.view() }

// Status returns the game's status: StatusWaiting, StatusRunning or
// StatusFinished.
func (t *Table) Status() string { return t.st.status }

// Round returns the round counter.
func (t *Table) Round() int64 { return t.st.round }

// NumPlayers returns the number of players in the current game.
func (t *Table) NumPlayers() int { return len(t.st.players) }

// Alive reports player's alive flag.
func (t *Table) Alive(player int) bool {
	return player >= 0 && player < len(t.st.players) && t.st.players[player].alive
}

// Winner returns the winner the last finish check recorded (-1: none).
func (t *Table) Winner() int { return t.st.winner }

// Order returns the computer player's order for player me.
func (t *Table) Order(ai *AI, me int) Order { return ai.safeOrder(t.st, me, []Move{}) }

// ClientMap returns the map as the original serves it to clients (spec
// 10, 12.5.2): routes (every directed pair, sorted), planets in id order
// with all their attributes as typed plus pos, max_round, desc, name,
// author and map_size. Numbers are json.Number values that keep their
// YAML typing; desc is nil when the map has none.
func ClientMap(m *pfmt.Map) (map[string]any, error) {
	if m == nil {
		return nil, errors.New("planets: no map")
	}
	return servedMap(m)
}
