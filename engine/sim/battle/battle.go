package battle

import (
	"context"
	"errors"
	"fmt"
	"github.com/shapan/shapan/engine/sim"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/battle"
	"github.com/shapan/shapan/engine/restrict"
	battlefmt "github.com/shapan/shapan/formats/battle"
)

// DefaultRoundCap is the round limit of battle simulations when none
// is given: the game's own (spec §14.2).
const DefaultRoundCap = battle.MaxRounds

// Options adjust the battle adapter.
type Options struct {
	// RoundCap is the last round (0: DefaultRoundCap); a game still
	// running then is decided as the rules decide it at round 1000.
	RoundCap int
	// Players are the two computer players (battle.ComputerPlayers; empty:
	// the tactician). Every odd game seats them the other way round, so
	// that each plays both bases equally often.
	Players [2]string
	// MaxDecisions guards against stalls (0: DefaultMaxDecisions).
	MaxDecisions int
	// Restrict, when set, forbids the player on a base (a side) an
	// element (restricted play).
	Restrict *restrict.Side
}

// Battle is the Family of a battle map: two computer players, the sides
// swapped every other game, each seeded from the game's seed. The sides
// of the report are the map's bases (player 1's is the one nearest
// (0, 0), spec Part 1); the facts also count the wins of each player.
type Battle struct {
	m        *battlefmt.Map // the adapter's own copy
	board    *battle.Board
	setup    battle.Setup
	players  [2]string
	maxDec   int
	roundCap int
	restrict *restrict.Side
}

// New returns the adapter of map m (with its roster). It works on a
// copy of m, and refuses a map the engine cannot play.
func New(m *battlefmt.Map, o Options) (*Battle, error) {
	if m == nil {
		return nil, errors.New("sim: no battle map")
	}
	own := m.Clone()
	b := &Battle{m: own, players: o.Players, maxDec: o.MaxDecisions, roundCap: o.RoundCap, restrict: o.Restrict}
	if b.roundCap == 0 {
		b.roundCap = DefaultRoundCap
	}
	if b.roundCap < 2 || b.roundCap > battle.MaxRounds {
		return nil, fmt.Errorf("sim: the round cap must be 2 to %d, not %d", battle.MaxRounds, o.RoundCap)
	}
	if b.maxDec <= 0 {
		b.maxDec = sim.DefaultMaxDecisions
	}
	for s := range b.players {
		if b.players[s] == "" {
			b.players[s] = "tactician"
		}
	}
	b.setup = battle.SetupOf(own)
	b.setup.MaxRounds = b.roundCap
	board, err := battle.NewBoard(own, own.Roster)
	if err != nil {
		return nil, err
	}
	b.board = board
	for _, name := range b.players {
		if _, err := battle.NewComputer(name, board, 0); err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
	}
	return b, nil
}

// Name implements Family.
func (b *Battle) Name() string { return battle.Family }

// Sides implements Family: the two bases.
func (b *Battle) Sides() []sim.Side {
	out := make([]sim.Side, 2)
	for s := range out {
		out[s] = sim.Side{Name: fmt.Sprintf("player %d (base %v)", s+1, battle.Cell(b.board.Spawn[s]))}
	}
	return out
}

// seating returns which player (index into Players) plays each side in
// game number game.
func seating(game int) [2]int {
	if game%2 == 1 {
		return [2]int{1, 0}
	}
	return [2]int{0, 1}
}

// Play implements Family. A game of the report is played again by
// `shapan play MAP --players A,B --seed S` with A and B as Facts.Games
// seats them.
func (b *Battle) Play(ctx context.Context, game int, seed int64) (sim.GameResult, error) {
	seat := seating(game)
	rec := newBattleGame(b.board, seat)
	g, err := battle.New(b.setup, battle.Options{Machine: engine.Options{DropEvents: true, DropAnswers: true, OnEvent: rec.event}, ReuseArgs: true})
	if err != nil {
		return sim.GameResult{}, err
	}
	defer g.Close()
	players := make([]battle.Player, 2)
	for s := range players {
		if players[s], err = battle.NewComputer(b.players[seat[s]], b.board, seed*2+int64(s)); err != nil {
			return sim.GameResult{}, err
		}
	}
	players = sim.Restricted(players, b.restrict, b.restrict.SideOf())
	o := engine.PlayOptions{MaxDecisions: b.maxDec, Context: ctx, Where: func() string { return fmt.Sprintf("round %d", g.Round()) }}
	if err := battle.PlayCommands(g, players, o); err != nil {
		return sim.GameResult{}, err
	}
	r, ok := g.Outcome()
	if !ok {
		return sim.GameResult{}, errors.New("the game ended without a result")
	}
	rec.result = r
	return sim.GameResult{Winner: r.Winner, Turns: r.Round, Capped: r.Reason != battle.ReasonFlag && r.Reason != battle.ReasonForfeit, Facts: rec}, nil
}

// battleGame is what one battle game leaves for the report.
type battleGame struct {
	seat   [2]int // the player of each side
	w      int
	at     map[battleUnit]battle.Cell // where each hero stands now
	damage []int                      // damage dealt on every cell (the packets' amounts)
	kills  []int                      // heroes killed on every cell
	falls  map[battle.Cell]int        // cities fallen, by cell
	taken  [2]int                     // flag taken, by side
	result battle.Result
}

type battleUnit struct {
	side int
	hero string
}

func newBattleGame(b *battle.Board, seat [2]int) *battleGame {
	return &battleGame{seat: seat, w: b.W, at: map[battleUnit]battle.Cell{}, damage: make([]int, b.W*b.H), kills: make([]int, b.W*b.H), falls: map[battle.Cell]int{}}
}

// event follows the units' cells, the fights and the captures.
func (g *battleGame) event(e engine.Event) {
	switch e := e.(type) {
	case battle.Spawn:
		g.at[battleUnit{e.Side, e.Hero}] = e.At
	case battle.Move:
		g.at[battleUnit{e.Side, e.Hero}] = e.To
	case battle.Knockback:
		g.at[battleUnit{e.Side, e.Hero}] = e.To
	case battle.Damage:
		if at, ok := g.at[battleUnit{e.Side, e.Hero}]; ok {
			g.damage[at.Y*g.w+at.X] += e.Amount
		}
	case battle.Kill:
		g.kills[e.At.Y*g.w+e.At.X]++
		delete(g.at, battleUnit{e.Side, e.Hero})
	case battle.CityFall:
		g.falls[e.At]++
	case battle.FlagTaken:
		g.taken[e.Side]++
	}
}
