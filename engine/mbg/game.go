package mbg

import (
	"errors"
	"fmt"

	"github.com/shapan/shapan/engine"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// Family is the family name of mbg snapshots.
const Family = "mbg"

// Setup describes how a game starts; it is what a snapshot stores besides
// the answers. Exactly one of Scenario and Save is set.
type Setup struct {
	// Scenario starts a new game (normalised as the original loader does).
	Scenario *mbgfmt.Scenario `json:"scenario,omitempty"`
	// Save continues a saved game with Run(max_turn, crole): its acting
	// role starts its action again.
	Save *mbgfmt.Save `json:"save,omitempty"`
	// Seed seeds the game's generator, rand.New(rand.NewSource(Seed)).
	Seed int64 `json:"seed"`
	// MaxTurn is the turn limit: turns 1…MaxTurn are played, then the
	// richest role wins.
	MaxTurn int `json:"max_turn"`
	// FirstRole is the first role to act in the first round (scenario
	// only; a save starts with its acting role, spec §3.6).
	FirstRole int `json:"first_role"`
	// FillCards, if positive, sets every card count of every role after
	// loading the scenario or the save (the original's test helper).
	FillCards int `json:"fill_cards,omitempty"`
}

// Options adjust a game.
type Options struct {
	// Machine options: an event callback, or no event log.
	Machine engine.Options
	// SaveFile stores the .sav bytes a player asked for (answer -3, then a
	// file name) and reports success. Without it every save reports
	// failure (save_report false).
	SaveFile func(name string, data []byte) bool
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

// New starts a game and runs it to its first decision.
func New(setup Setup, opts Options) (*Game, error) {
	st, first, err := setup.state()
	if err != nil {
		return nil, err
	}
	rng, src := engine.NewRand(setup.Seed)
	g := &game{state: st, rng: rng, src: src, maxTurn: setup.MaxTurn, firstRole: first, saveFile: opts.SaveFile, acting: -1}
	m := engine.StartWith(g.rules, opts.Machine)
	if err := m.Err(); err != nil {
		return nil, err
	}
	return &Game{Machine: m, setup: setup, g: g}, nil
}

// state builds the initial state and the first acting role: a scenario's
// first role, or the acting role of a save, whose action starts again
// (spec §3.6). The card filling applies to either.
func (s Setup) state() (*state, int, error) {
	switch {
	case s.Scenario != nil && s.Save != nil:
		return nil, 0, errors.New("mbg: a game starts from a scenario or a save, not both")
	case s.Scenario != nil:
		st, err := fromScenario(s.Scenario)
		if err != nil {
			return nil, 0, err
		}
		if s.FirstRole < 0 || s.FirstRole >= max(len(st.roles), 1) {
			return nil, 0, fmt.Errorf("mbg: the first role %d does not exist", s.FirstRole)
		}
		st.fillCards(s.FillCards)
		return st, s.FirstRole, nil
	case s.Save != nil:
		st, err := fromSave(s.Save)
		if err != nil {
			return nil, 0, err
		}
		st.fillCards(s.FillCards)
		return st, s.Save.ActingRole, nil
	}
	return nil, 0, errors.New("mbg: a game needs a scenario or a save")
}

// Resume rebuilds a game from its snapshot: the same setup, the same
// answers, hence the same state and pending decision.
func Resume(snap *engine.Snapshot, opts Options) (*Game, error) {
	return engine.Resume(snap, Family, func(setup Setup) (*Game, error) { return New(setup, opts) })
}

// Snapshot saves the game at its current point (any decision).
func (g *Game) Snapshot() (*engine.Snapshot, error) {
	if g.forked {
		return nil, errors.New("mbg: a copy made for a search cannot be saved")
	}
	return g.Machine.Snapshot(Family, g.setup)
}

// Setup returns how the game started.
func (g *Game) Setup() Setup { return g.setup }

// Winner returns the result of Run once the game is over: a winning role,
// ResultDraw or ResultQuit; ok is false while the game runs.
func (g *Game) Winner() (res int, ok bool) {
	if !g.Over() || g.Err() != nil {
		return 0, false
	}
	res, ok = g.Result().(int)
	return res, ok
}

// Turn returns the current turn.
func (g *Game) Turn() int { return g.g.turn }

// NumRoles returns the number of roles.
func (g *Game) NumRoles() int { return len(g.g.roles) }

// Money returns role r's money.
func (g *Game) Money(r int) float32 { return g.g.roles[r].money }

// Live reports whether role r still takes part.
func (g *Game) Live(r int) bool { return g.g.live(r) }

// SaveState returns the legacy save the original writes when the acting
// role answers -3 at the pending sel_role_action.
func (g *Game) SaveState() (*mbgfmt.Save, error) {
	d := g.Pending()
	if d == nil || d.Kind != KindSelRoleAction || g.g.acting == -1 {
		return nil, errors.New("mbg: a game is saved only when a role is asked sel_role_action")
	}
	return g.g.toSave(g.g.acting), nil
}

// RoleName returns role r's name.
func (g *Game) RoleName(r int) string { return g.g.roles[r].name }
