package planets

import (
	"context"
	"errors"
	"fmt"
	"github.com/shapan/shapan/engine/sim"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/engine/restrict"
	planetsfmt "github.com/shapan/shapan/formats/planets"
)

// DefaultRoundCap is the round cap of Planet-Conquer simulations
// when none is given; a map whose max_round is lower ends its games by
// its own rule first.
const DefaultRoundCap = 1000

// Options adjust the planets adapter.
type Options struct {
	// RoundCap is the number of rounds after which a game still running
	// is stopped and ranked as it stands (0: DefaultRoundCap).
	RoundCap int
	// MaxDecisions guards against stalls (0: DefaultMaxDecisions).
	MaxDecisions int
	// Players names the computer player of each seat (planets.Roster:
	// ai, random, search…); empty: the seeded computer player in every
	// seat. Different players turn over the seats game by game (Seating).
	Players []string
	// Restrict, when set, forbids the player of a start planet (a side)
	// an element (restricted play).
	Restrict *restrict.Side
}

// Planets is the Family of a Planet-Conquer map: the seeded computer
// player (planets.SeededSeats) in every seat, as many players as the map
// allows.
//
// The sides of the report are the map's start planets, not the players:
// every game shuffles the start planets with its seed (as `shapan play
// --seed` does), player p starting on the p-th planet of the shuffled
// list, and a win counts for the start planet its winner began on. Every
// seat's computer player is seeded from the game's seed and the seat, so
// the games differ as games between players do — in who starts where
// (PlanetsFacts.Orders) and in how every player plays — and a game plays
// again with its seed.
type Planets struct {
	m            *planetsfmt.Map // the adapter's own copy
	board        *planets.Board  // m read once for every game
	roundCap     int
	maxDecisions int
	starts       []int    // the start planets' ids, in map order
	names        []string // the planets' names, by id
	byID         []int    // every planet id's index in m.Planets
	players      int      // players joining every game
	seatNames    []string // Options.Players
	restrict     *restrict.Side
}

// New returns the adapter of map m. It works on a copy of m, so the
// caller may go on editing it; it checks the map by starting a game, so
// that a map the engine cannot play is an error here, not N failed games.
func New(m *planetsfmt.Map, o Options) (*Planets, error) {
	if m == nil {
		return nil, errors.New("sim: no Planet-Conquer map")
	}
	own, err := copyMap(m)
	if err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	p := &Planets{m: own, roundCap: o.RoundCap, maxDecisions: o.MaxDecisions, seatNames: o.Players, restrict: o.Restrict}
	if p.roundCap == 0 {
		p.roundCap = DefaultRoundCap
	}
	if p.roundCap < 1 {
		return nil, fmt.Errorf("sim: the round cap must be at least 1, not %d", o.RoundCap)
	}
	if p.maxDecisions <= 0 {
		p.maxDecisions = sim.DefaultMaxDecisions
	}
	if p.board, err = planets.NewBoard(own); err != nil {
		return nil, err
	}
	g, err := planets.New(p.setup(0), planets.Options{Machine: engine.Options{DropEvents: true}})
	if err != nil {
		return nil, err
	}
	p.players = g.NumPlayers()
	g.Close()
	if err := sim.CheckPlayers(p.seatNames, p.players); err != nil {
		return nil, err
	}
	for _, n := range p.seatNames {
		if err := planets.Roster(p.setup(0), p.players).Valid(n); err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
	}
	if p.starts, err = own.StartIDs(); err != nil {
		return nil, err
	}
	index := map[*planetsfmt.Planet]int{}
	for i := range own.Planets {
		index[&own.Planets[i]] = i
	}
	for _, pl := range own.ByID() {
		p.byID = append(p.byID, index[pl])
		p.names = append(p.names, pl.Name())
	}
	return p, nil
}

func (p *Planets) setup(seed int64) planets.Setup {
	return planets.Setup{Map: p.m, Board: p.board, Seed: seed, Shuffle: true, MaxRounds: int64(p.roundCap)}
}

// Name implements Family.
func (p *Planets) Name() string { return planets.Family }

// Sides implements Family: the start planets in map order ("start 1 (A)").
func (p *Planets) Sides() []sim.Side {
	out := make([]sim.Side, len(p.starts))
	for k, id := range p.starts {
		out[k] = sim.Side{Name: fmt.Sprintf("start %d (%s)", k+1, p.names[id])}
	}
	return out
}

// RoundCap returns the round after which a game is stopped.
func (p *Planets) RoundCap() int { return p.roundCap }

// Play implements Family. A game of the report is replayed by `shapan
// play MAP --seed S --turns CAP`.
func (p *Planets) Play(ctx context.Context, game int, seed int64) (sim.GameResult, error) {
	rec := &planetsGame{}
	g, err := planets.New(p.setup(seed), planetsGameOptions(rec))
	if err != nil {
		return sim.GameResult{}, err
	}
	defer g.Close()
	rec.start(g.View(), p.slots(g.Starts()[:g.NumPlayers()]), len(p.starts))
	players := planets.SeededSeats(seed, g.NumPlayers())
	seats := sim.Seating(p.seatNames, g.NumPlayers(), game)
	if sim.OnlyDefault(seats, "ai") {
		seats = nil
	}
	if seats != nil {
		if players, err = sim.SeatPlayers(planets.Roster(p.setup(seed), g.NumPlayers()), seats, g.NumPlayers(), seed); err != nil {
			return sim.GameResult{}, err
		}
	}
	if p.restrict != nil {
		// the side is a start planet: restrict the player who starts there
		for pl, slot := range rec.slot {
			if slot == p.restrict.Side {
				players = sim.Restricted(players, p.restrict, pl)
			}
		}
	}
	where := func() string { return fmt.Sprintf("round %d", g.Round()) }
	if err := engine.PlayOut(g, players, engine.PlayOptions{MaxDecisions: p.maxDecisions, Context: ctx, Where: where}); err != nil {
		return sim.GameResult{}, err
	}
	r, ok := g.Outcome()
	if !ok || r.Winner < 0 || r.Winner >= len(rec.slot) {
		return sim.GameResult{}, fmt.Errorf("the game ended without a winner (%d)", r.Winner)
	}
	rec.end(g.View(), len(p.starts))
	var sides []string // the player on every start
	if seats != nil {
		sides = make([]string, len(p.starts))
		for pl, name := range seats {
			sides[rec.slot[pl]] = name
		}
	}
	return sim.GameResult{Winner: rec.slot[r.Winner], Turns: int(r.Rounds), Capped: !r.Finished, Seats: sides, Facts: rec}, nil
}

// planetsGameOptions are the options of a game of the report: its
// events go to rec, which follows only the events it reads (rec.event),
// and its computer players read no decision's Args once answered.
func planetsGameOptions(rec *planetsGame) planets.Options {
	return planets.Options{
		Machine:   engine.Options{DropEvents: true, DropAnswers: true, OnEvent: rec.event},
		ReuseArgs: true, Events: planetsFactEvents, OwnerProduction: true,
	}
}

// planetsFactEvents are the events planetsGame.event reads; of the
// productions it reads only those that change a planet's owner.
var planetsFactEvents = []string{planets.Battle{}.EventName(), planets.Production{}.EventName(),
	planets.TacticUsed{}.EventName(), planets.RoundEnd{}.EventName()}

// slots returns the start slot (index in map order) of every player,
// given the start planet of every player: a planet named twice in the
// map's starts fills its slots in order.
func (p *Planets) slots(starts []int) []int {
	used := make([]bool, len(p.starts))
	out := make([]int, len(starts))
	for pl, id := range starts {
		out[pl] = -1
		for k, s := range p.starts {
			if s == id && !used[k] {
				out[pl], used[k] = k, true
				break
			}
		}
	}
	return out
}

// planetsGame is what one Planet-Conquer game leaves for the report.
type planetsGame struct {
	slot []int // every player's start slot (the report's side)
	// battles, captures and changes count, by planet id, the fights (two
	// sides or more), the planets taken from a player, and every change
	// of owner (taken, occupied, fallen neutral).
	battles, captures, changes []int
	owner                      []int   // every planet's owner's slot now, -1 for none
	heldRounds                 [][]int // by planet id and slot: the rounds the slot's player ended holding it
	first                      []int   // every planet's first owner's slot, -1 while nobody held it
	firstRound                 []int64 // the round it was first held
	round                      int64   // the round being played
	rounds                     int     // the rounds played
	owners                     []int   // every planet's owner's slot at the end, -1 for none
	held                       []int   // the planets of every slot at the end
	played                     []bool
	eliminated                 []bool // the slot's player ended with nothing
	terminated                 int    // held planets the terminator made neutral
}

// start records who holds what when the game begins; slot is every
// player's start slot, of slots in all.
func (g *planetsGame) start(v planets.View, slot []int, slots int) {
	np := len(v.Holds)
	g.slot = slot
	g.battles, g.captures, g.changes = make([]int, np), make([]int, np), make([]int, np)
	g.owner, g.first, g.firstRound = make([]int, np), make([]int, np), make([]int64, np)
	g.heldRounds = make([][]int, np)
	g.round = v.Round
	for i, h := range v.Holds {
		g.heldRounds[i] = make([]int, slots)
		g.owner[i], g.first[i] = -1, -1
		g.own(i, h.Owner)
	}
}

// slotOf is the start slot of a player (-1 for nobody).
func (g *planetsGame) slotOf(player int) int {
	if player >= 0 && player < len(g.slot) {
		return g.slot[player]
	}
	return -1
}

// own records that player now holds planet i (planets.Neutral: nobody).
func (g *planetsGame) own(i, player int) {
	o := g.slotOf(player)
	g.owner[i] = o
	if o >= 0 && g.first[i] < 0 {
		g.first[i], g.firstRound[i] = o, g.round
	}
}

// event follows a game's battles, the planets changing hands (taken in a
// battle, occupied, fallen neutral in production or to a terminator) and
// the rounds.
func (g *planetsGame) event(e engine.Event) {
	switch e := e.(type) {
	case planets.Battle:
		if e.Planet < 0 || e.Planet >= len(g.battles) {
			return
		}
		if len(e.Sides) >= 2 {
			g.battles[e.Planet]++
		}
		if e.After.Owner != e.Before.Owner {
			g.changes[e.Planet]++
			if e.Before.Owner != planets.Neutral {
				g.captures[e.Planet]++
			}
			g.own(e.Planet, e.After.Owner)
		}
	case planets.TacticUsed:
		// The terminator makes its target neutral, whoever held it (spec §8).
		if e.Planet >= 0 && e.Planet < len(g.changes) && e.Before.Owner != planets.Neutral {
			g.changes[e.Planet]++
			g.terminated++
			g.own(e.Planet, planets.Neutral)
		}
	case planets.Production:
		if e.Planet >= 0 && e.Planet < len(g.changes) && e.After.Owner != e.Before.Owner {
			g.changes[e.Planet]++
			g.own(e.Planet, e.After.Owner)
		}
	case planets.RoundEnd:
		if g.owner == nil {
			return // before the game began
		}
		g.rounds++
		for i, o := range g.owner {
			if o >= 0 {
				g.heldRounds[i][o]++
			}
		}
		g.round = e.Round
	}
}

// end records the state at the end of the game.
func (g *planetsGame) end(v planets.View, slots int) {
	g.held = make([]int, slots)
	g.played = make([]bool, slots)
	g.eliminated = make([]bool, slots)
	for _, h := range v.Holds {
		o := g.slotOf(h.Owner)
		g.owners = append(g.owners, o)
		if o >= 0 {
			g.held[o]++
		}
	}
	for pl, s := range g.slot {
		if s < 0 {
			continue
		}
		g.played[s] = true
		if pl < len(v.Players) {
			pv := v.Players[pl]
			g.eliminated[s] = pv.Planets == 0 && !pv.Units.Positive()
		}
	}
}
