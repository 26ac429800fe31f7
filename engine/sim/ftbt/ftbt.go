package ftbt

import (
	"context"
	"errors"
	"fmt"
	"github.com/shapan/shapan/engine/sim"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/engine/restrict"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// DefaultTurnCap is the turn cap (in rounds) of ftbt simulations when
// none is given. The original has no turn limit, and its computer player
// often holds its ground for ever.
const DefaultTurnCap = 100

// Options adjust the ftbt adapter.
type Options struct {
	// TurnCap is the last round played (0: DefaultTurnCap). A game
	// still running then is capped: the side that kept the larger share
	// of its starting hp wins it (equal shares: a draw).
	TurnCap int
	// MaxDecisions guards against stalls (0: DefaultMaxDecisions).
	MaxDecisions int
	// Players names the computer player of each side (ftbt.Roster: ai,
	// random, search…); empty: the original's AI on both. Different
	// players swap sides every other game (Seating).
	Players []string
	// Restrict, when set, forbids a side an element (restricted play).
	Restrict *restrict.Side
}

// FTBT is the Family of an ftbt level: the original's computer player on
// both sides, as `shapan play` plays a level (ftbt.NewGoldenAI: side 1
// with the level's AI settings, side 0 with the defaults). The only
// randomness of a game is its damage bonus, drawn from the game's seed.
type FTBT struct {
	setup        ftbt.Setup // the adapter's own copies of the level and rules
	turnCap      int
	maxDecisions int
	players      []string
	restrict     *restrict.Side
}

// New returns the adapter of level l played with rules. It works on
// copies of both, so the caller may go on editing them; it checks them
// by starting a game and its computer player, so that a level the engine
// cannot play is an error here, not N failed games.
func New(l *ftbtfmt.Level, rules *ftbtfmt.Rules, o Options) (*FTBT, error) {
	switch {
	case l == nil:
		return nil, errors.New("sim: no ftbt level")
	case rules == nil:
		return nil, fmt.Errorf("sim: %w", ftbt.ErrNoRules)
	}
	f := &FTBT{setup: ftbt.Setup{Level: copyLevel(l), Rules: copyRules(rules)}, turnCap: o.TurnCap, maxDecisions: o.MaxDecisions, players: o.Players, restrict: o.Restrict}
	if f.turnCap == 0 {
		f.turnCap = DefaultTurnCap
	}
	if f.turnCap < 1 {
		return nil, fmt.Errorf("sim: the turn cap must be at least 1, not %d", o.TurnCap)
	}
	if f.maxDecisions <= 0 {
		f.maxDecisions = sim.DefaultMaxDecisions
	}
	f.setup.TurnCap = f.turnCap
	g, err := ftbt.New(f.setup, ftbt.Options{Machine: engine.Options{DropEvents: true}})
	if err != nil {
		return nil, err
	}
	g.Close()
	if _, err := ftbt.NewGoldenAI(f.setup); err != nil {
		return nil, err
	}
	if err := sim.CheckPlayers(f.players, 2); err != nil {
		return nil, err
	}
	for _, n := range f.players {
		if err := ftbt.Roster(f.setup).Valid(n); err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
	}
	return f, nil
}

// Name implements Family.
func (f *FTBT) Name() string { return ftbt.Family }

// Sides implements Family: side 0 (the human's side in the original) and
// side 1 (the computer's).
func (f *FTBT) Sides() []sim.Side { return []sim.Side{{Name: "side 0"}, {Name: "side 1"}} }

// TurnCap returns the last round a game plays.
func (f *FTBT) TurnCap() int { return f.turnCap }

// Play implements Family. A game of the report is replayed, up to the
// result of a capped game, by `shapan play LEVEL --seed S --turns CAP`.
func (f *FTBT) Play(ctx context.Context, game int, seed int64) (sim.GameResult, error) {
	setup := f.setup
	setup.Seed = seed
	rec := newFTBTGame(setup.Level)
	g, err := ftbt.New(setup, ftbt.Options{Machine: engine.Options{DropEvents: true, DropAnswers: true, OnEvent: rec.event}})
	if err != nil {
		return sim.GameResult{}, err
	}
	defer g.Close()
	seats := sim.Seating(f.players, 2, game)
	if sim.OnlyDefault(seats, "ai") {
		seats = nil
	}
	players, err := sim.SeatPlayers(ftbt.Roster(setup), seats, 2, seed)
	if err != nil {
		return sim.GameResult{}, err
	}
	if seats == nil {
		ai, err := ftbt.NewGoldenAI(setup)
		if err != nil {
			return sim.GameResult{}, err
		}
		players = engine.Seats[*ftbt.Game](ai, 2)
	}
	players = sim.Restricted(players, f.restrict, f.restrict.SideOf())
	where := func() string { return fmt.Sprintf("round %d", g.Turn()) }
	o := engine.PlayOptions{MaxDecisions: f.maxDecisions, Context: ctx, Where: where}
	if err := engine.PlayOut(g, players, o); err != nil {
		return sim.GameResult{}, err
	}
	res, _ := g.Winner()
	for i, p := range g.People() {
		rec.hp[i] = p.HP
		rec.alive[i] = p.Loc != -1
	}
	capped := g.Capped()
	switch {
	case capped:
		res = rec.capWinner()
	case res != 0 && res != 1:
		return sim.GameResult{}, fmt.Errorf("the game ended without a winner (result %d) before the turn cap", res)
	}
	rec.winner, rec.capped = res, capped
	return sim.GameResult{Winner: res, Turns: g.Rounds(), Capped: capped, Seats: seats, Facts: rec}, nil
}

// ftbtGame is what one ftbt game leaves for the report.
type ftbtGame struct {
	side    []int // every person's side
	startHP []int // every person's hp at the start
	hp      []int // every person's hp at the end
	alive   []bool
	// damage, friendly and kills are what every person did: the hp it
	// took from enemies and from its own side (area effects), and the
	// enemies it removed.
	damage, friendly, kills []int
	cells                   map[int]ftbtCell // by cell index y·W + x
	winner                  int
	capped                  bool

	src int // the user of the tech being applied, or -1
}

// ftbtCell is what happened on one cell of the grid.
type ftbtCell struct {
	attacks int // damage techs aimed at the cell
	hits    int // people hit on the cell
	damage  int // hp lost by the people on the cell
	falls   int // people removed on the cell
}

func newFTBTGame(l *ftbtfmt.Level) *ftbtGame {
	n := len(l.People)
	g := &ftbtGame{side: make([]int, n), startHP: make([]int, n), hp: make([]int, n), alive: make([]bool, n),
		damage: make([]int, n), friendly: make([]int, n), kills: make([]int, n), cells: map[int]ftbtCell{}, src: -1}
	for i, p := range l.People {
		g.side[i], g.startHP[i] = p.Side, p.HP
	}
	return g
}

// event follows a game's events: the user of every tech, and the hits
// and removals it causes.
func (g *ftbtGame) event(e engine.Event) {
	switch e := e.(type) {
	case ftbt.DoTech:
		g.src = -1
		if e.Src >= 0 && e.Src < len(g.side) {
			g.src = e.Src
		}
		if e.Obj >= 0 { // a damage tech
			c := g.cells[e.Loc]
			c.attacks++
			g.cells[e.Loc] = c
		}
	case ftbt.HPDown:
		d := min(e.DHP, e.HP) // the hp actually lost
		c := g.cells[e.Loc]
		c.hits++
		c.damage += d
		g.cells[e.Loc] = c
		if g.src < 0 || e.P < 0 || e.P >= len(g.side) {
			return
		}
		if g.side[e.P] != g.side[g.src] {
			g.damage[g.src] += d
		} else {
			g.friendly[g.src] += d
		}
	case ftbt.PeopleOut:
		c := g.cells[e.Loc]
		c.falls++
		g.cells[e.Loc] = c
		if g.src >= 0 && e.P >= 0 && e.P < len(g.side) && g.side[e.P] != g.side[g.src] {
			g.kills[g.src]++
		}
	}
}

// sideHP returns the hp of side s's people at the start and at the end.
func (g *ftbtGame) sideHP(s int) (start, left int) {
	for i, side := range g.side {
		if side == s {
			start += g.startHP[i]
			left += g.hp[i]
		}
	}
	return start, left
}

// capWinner is the winner of a capped game: the side that kept the
// larger share of its starting hp, or -1 (a draw) for equal shares.
func (g *ftbtGame) capWinner() int {
	start0, left0 := g.sideHP(0)
	start1, left1 := g.sideHP(1)
	// left0/start0 against left1/start1, in integers.
	a, b := int64(left0)*int64(start1), int64(left1)*int64(start0)
	switch {
	case a > b:
		return 0
	case b > a:
		return 1
	}
	return -1
}
