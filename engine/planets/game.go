package planets

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/shapan/shapan/formats/diag"
	"math/rand"
	"slices"

	"github.com/shapan/shapan/engine"
	pfmt "github.com/shapan/shapan/formats/planets"
)

// Family is the family name of planets snapshots.
const Family = "planets"

// Setup describes how a game starts; it is what a snapshot stores besides
// the answers.
type Setup struct {
	// Map is the map played (in JSON: the game's own YAML, as text).
	Map *pfmt.Map `json:"-"`
	// Board, when set, is Map as NewBoard read it: the games started from
	// setups sharing a Board read the map once (a simulation of thousands
	// of games). Nil: every game reads Map.
	Board *Board `json:"-"`
	// Players is the number of players that join before the first step
	// (0: as many as the map allows, the smaller of max_player and the
	// number of start planets).
	Players int `json:"players"`
	// Seed seeds the game's generator; it is used only to shuffle the
	// start planets.
	Seed int64 `json:"seed"`
	// Shuffle shuffles the start planets with the seeded generator (the
	// original shuffles them unseeded; its tests and the golden facts
	// switch that off, and so does the default here).
	Shuffle bool `json:"shuffle"`
	// MaxRounds caps the game (0: no cap): a game still running after
	// MaxRounds steps ends, ranked as it stands.
	MaxRounds int64 `json:"max_rounds"`
	// NoResponse switches on the rule that clears the alive flag of a
	// player who misses three consecutive steps (spec 7.3).
	NoResponse bool `json:"no_response"`
}

// setupWire is Setup's JSON form.
type setupWire struct {
	Map string `json:"map"`
	setupFields
}

type setupFields struct {
	Players    int   `json:"players"`
	Seed       int64 `json:"seed"`
	Shuffle    bool  `json:"shuffle"`
	MaxRounds  int64 `json:"max_rounds"`
	NoResponse bool  `json:"no_response"`
}

// MarshalJSON writes the setup with its map as the game's own YAML.
func (s Setup) MarshalJSON() ([]byte, error) {
	if s.Map == nil {
		return nil, errors.New("planets: the setup has no map")
	}
	y, err := pfmt.WriteLegacy(s.Map)
	if err != nil {
		return nil, fmt.Errorf("planets: writing the setup's map: %w", err)
	}
	return json.Marshal(setupWire{Map: string(y), setupFields: setupFields{s.Players, s.Seed, s.Shuffle, s.MaxRounds, s.NoResponse}})
}

// UnmarshalJSON reads a setup written by MarshalJSON.
func (s *Setup) UnmarshalJSON(b []byte) error {
	var w setupWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	m, _, err := pfmt.ReadLegacy("setup.yml", []byte(w.Map))
	if err != nil {
		return fmt.Errorf("planets: reading the setup's map: %w", err)
	}
	f := w.setupFields
	*s = Setup{Map: m, Players: f.Players, Seed: f.Seed, Shuffle: f.Shuffle, MaxRounds: f.MaxRounds, NoResponse: f.NoResponse}
	return nil
}

// Options adjust a game.
type Options struct {
	// Machine options: an event callback, or no event log.
	Machine engine.Options
	// ReuseArgs lets the orders decisions of a round and their Args
	// share their storage with those of the round two rounds later,
	// which overwrite them: for players that read a decision only while
	// it is pending, as the computer players of a simulation do.
	// (Otherwise every decision and its Args are its own.)
	ReuseArgs bool
	// Events, when not nil, names the only events the game builds and
	// emits (by EventName: "battle", "round", ...): a listener that
	// follows a few kinds, as a simulation's facts do, spares the
	// building of the others. Nil: every event.
	Events []string
	// OwnerProduction reports a production (Production) only when it
	// changes a planet's owner — its garrison fell to nothing — instead
	// of for every garrison that changes.
	OwnerProduction bool
}

// Result is how a game ended.
type Result struct {
	// Winner is the winner the finish check recorded, or for a capped
	// game the leader of the ranking at the cap.
	Winner int `json:"winner"`
	// Finished reports an end by the rules (round limit, or at most one
	// player left); false: the game was stopped at the round cap.
	Finished bool `json:"finished"`
	// Rounds is the round counter at the end (steps played).
	Rounds int64 `json:"rounds"`
	// Ranking is every player's standing at the end, best first. (The
	// finishing step is still played after the winner is recorded, so
	// its leader may differ from Winner.)
	Ranking []Standing `json:"ranking"`
}

// Game is a running game: the decision machine (Pending, Answer, Events,
// ...) and the rules' state behind it.
type Game struct {
	*engine.Machine
	setup  Setup
	st     *state
	forked bool
}

// game is the rules' side of a Game.
type game struct {
	st      *state
	players int
	cap     int64
	// quiet: nobody listens to events, so none are built.
	quiet bool
	// forked: a copy Fork made, whose players have joined already and
	// which cannot be saved.
	forked bool
}

// New starts a game: the players join, and play runs to the first
// decision.
func New(setup Setup, opts Options) (*Game, error) {
	st, n, err := setup.state()
	if err != nil {
		return nil, err
	}
	st.reuseArgs = opts.ReuseArgs
	if st.only, err = checkEventNames(opts.Events); err != nil {
		return nil, err
	}
	if opts.OwnerProduction {
		st.productions = productionOwners
	}
	gm := &game{st: st, players: n, cap: setup.MaxRounds, quiet: opts.Machine.DropEvents && opts.Machine.OnEvent == nil}
	m := engine.StartWith(gm.rules, opts.Machine)
	if err := m.Err(); err != nil {
		return nil, err
	}
	return &Game{Machine: m, setup: setup, st: st}, nil
}

// Board is a map as the rules read it (spec 1), read once for any number
// of games (Setup.Board); games share it, read-only, from any goroutine.
type Board struct {
	m *pfmt.Map
	b *board
}

// NewBoard reads map m for the games of setups whose Board it is; it
// refuses the maps New refuses. The board is m as it is now: m is not to
// change while the board is used.
func NewBoard(m *pfmt.Map) (*Board, error) {
	b, err := newBoard(m)
	if err != nil {
		return nil, err
	}
	return &Board{m: m, b: b}, nil
}

// board returns the board of a new game of s: the shared Board's, with
// start planets of its own (they are shuffled), or Map read anew.
func (s Setup) board() (*board, error) {
	if s.Board == nil {
		return newBoard(s.Map)
	}
	if s.Board.m != s.Map {
		return nil, errors.New("planets: the setup's board was read from another map")
	}
	b := *s.Board.b
	b.starts = slices.Clone(b.starts)
	return &b, nil
}

// state builds the new game of a setup and the number of players to join.
func (s Setup) state() (*state, int, error) {
	b, err := s.board()
	if err != nil {
		return nil, 0, err
	}
	if s.Shuffle {
		r := rand.New(engine.NewSource(s.Seed))
		r.Shuffle(len(b.starts), func(i, j int) { b.starts[i], b.starts[j] = b.starts[j], b.starts[i] })
	}
	allowed := b.allowedPlayers()
	n := s.Players
	switch {
	case n == 0:
		n = allowed
	case n < 0 || n > allowed:
		return nil, 0, fmt.Errorf("planets: %d players cannot join this map (at most %d: max_player %s, %d start planets)",
			n, allowed, b.maxPlayer, len(b.starts))
	}
	if Int(int64(n)).Less(b.minPlayer) {
		return nil, 0, diag.List{tooFew(n, b)}
	}
	return newState(b, s.NoResponse), n, nil
}

// Resume rebuilds a game from its snapshot: the same setup, the same
// answers, hence the same state and pending decision.
func Resume(snap *engine.Snapshot, opts Options) (*Game, error) {
	return engine.Resume(snap, Family, func(setup Setup) (*Game, error) { return New(setup, opts) })
}

// Snapshot saves the game at its current point (any decision).
func (g *Game) Snapshot() (*engine.Snapshot, error) {
	if g.forked {
		return nil, errors.New("planets: a copy made for a search cannot be saved")
	}
	return g.Machine.Snapshot(Family, g.setup)
}

// Setup returns how the game started.
func (g *Game) Setup() Setup { return g.setup }

// Outcome returns the result once the game is over; ok is false while it
// runs or when it failed.
func (g *Game) Outcome() (r Result, ok bool) {
	if !g.Over() || g.Err() != nil {
		return Result{}, false
	}
	r, ok = g.Result().(Result)
	return r, ok
}

// View returns the live state.
func (g *Game) View() View { return g.st.view() }

// Round returns the round counter.
func (g *Game) Round() int64 { return g.st.round }

// NumPlayers returns the number of joined players.
func (g *Game) NumPlayers() int { return len(g.st.players) }

// NumPlanets returns the number of planets.
func (g *Game) NumPlanets() int { return len(g.st.holds) }

// Tokens returns the planets' tokens in id order.
func (g *Game) Tokens() []string {
	out := make([]string, len(g.st.b.planets))
	for i, p := range g.st.b.planets {
		out[i] = p.token
	}
	return out
}

// Starts returns the start planet of every player index (after shuffling).
func (g *Game) Starts() []int { return append([]int(nil), g.st.b.starts...) }
