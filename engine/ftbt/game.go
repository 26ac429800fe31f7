package ftbt

import (
	"errors"
	"fmt"

	"github.com/shapan/shapan/engine"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// Family is the family name of ftbt snapshots.
const Family = "ftbt"

// Setup describes how a game starts; it is what a snapshot stores besides
// the answers.
type Setup struct {
	Rules *ftbtfmt.Rules `json:"rules"`
	Level *ftbtfmt.Level `json:"level"`
	// Seed seeds the game's generator, rand.New(rand.NewSource(Seed)),
	// whose only use is the damage bonus (spec §5).
	Seed int64 `json:"seed"`
	// TurnCap, when positive, is the last round played: when round
	// TurnCap+1 would start, side 0 quits (spec §7.1) and the game ends
	// with ResultQuit. 0 means no cap, as in the original.
	TurnCap int `json:"turn_cap"`
}

// Options adjust a game.
type Options struct {
	// Machine options: an event callback, or no event log.
	Machine engine.Options
}

// Game is a running game: the decision machine (Pending, Answer, Events,
// ...) and the rules' state behind it.
type Game struct {
	*engine.Machine
	setup Setup
	g     *game
	// forked is set on a copy Fork made, which cannot be saved.
	forked bool
}

// New starts a game and runs it to its first decision. A level the
// original would crash or loop on is refused with an error (see newState).
func New(setup Setup, opts Options) (*Game, error) {
	if setup.TurnCap < 0 {
		return nil, fmt.Errorf("ftbt: the turn cap is %d; use 0 for none", setup.TurnCap)
	}
	st, err := newState(setup.Rules, setup.Level)
	if err != nil {
		return nil, err
	}
	rng, src := engine.NewRand(setup.Seed)
	g := &game{state: st, rng: rng, src: src, turnCap: setup.TurnCap}
	m := engine.StartWith(g.run, opts.Machine)
	if err := m.Err(); err != nil {
		return nil, err
	}
	return &Game{Machine: m, setup: setup, g: g}, nil
}

// Resume rebuilds a game from its snapshot: the same setup, the same
// answers, hence the same state and pending decision.
func Resume(snap *engine.Snapshot, opts Options) (*Game, error) {
	return engine.Resume(snap, Family, func(setup Setup) (*Game, error) { return New(setup, opts) })
}

// Snapshot saves the game at its current point (any decision).
func (g *Game) Snapshot() (*engine.Snapshot, error) {
	if g.forked {
		return nil, errors.New("ftbt: a copy made for a search cannot be saved")
	}
	return g.Machine.Snapshot(Family, g.setup)
}

// Setup returns how the game started.
func (g *Game) Setup() Setup { return g.setup }

// Winner returns the result once the game is over: the winning side, or
// ResultQuit (a player quit or the turn cap stopped the game); ok is false
// while the game runs.
func (g *Game) Winner() (res int, ok bool) {
	if !g.Over() || g.Err() != nil {
		return 0, false
	}
	return g.g.result, true
}

// Capped reports whether the turn cap ended the game.
func (g *Game) Capped() bool { return g.g.capped }

// Turn returns the current round (from 1).
func (g *Game) Turn() int { return g.g.turn }

// Rounds returns the number of rounds started and played.
func (g *Game) Rounds() int { return g.g.rounds }

// Side returns the side whose turn it is.
func (g *Game) Side() int { return g.g.side }

// Alive returns the number of people of side on the map.
func (g *Game) Alive(side int) int { return g.g.alive[side] }

// PersonState is what a player sees of one person.
type PersonState struct {
	Name     string `json:"name"`
	Side     int    `json:"side"`
	Loc      int    `json:"loc"` // -1 once removed
	HP       int    `json:"hp"`
	Finished bool   `json:"finished"`
}

// People returns every person's state, in index order.
func (g *Game) People() []PersonState {
	out := make([]PersonState, len(g.g.people))
	for i, p := range g.g.people {
		out[i] = PersonState{Name: p.name, Side: p.side, Loc: p.loc, HP: p.hp, Finished: p.finished}
	}
	return out
}

// Final is the final state of a golden trace (spec §7.2).
type Final struct {
	People []FinalPerson `json:"people"`
}

// FinalPerson is one person in Final.
type FinalPerson struct {
	Loc int `json:"loc"`
	HP  int `json:"hp"`
}

// Final returns the people's cells and hp in the golden form.
func (g *Game) Final() Final { return g.g.final() }

func (s *state) final() Final {
	f := Final{People: make([]FinalPerson, len(s.people))}
	for i, p := range s.people {
		f.People[i] = FinalPerson{Loc: p.loc, HP: p.hp}
	}
	return f
}
