package planets

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/shapan/shapan/engine"
)

// KindOrders is the only decision: a player's orders for the next step.
const KindOrders = "orders"

// Kinds lists every decision kind the rules ask: the orders only.
var Kinds = []string{KindOrders}

// OrdersArgs is what a player sees when asked for orders: the live state
// between two steps, and the map's routes.
type OrdersArgs struct {
	Round  int64  `json:"round"`
	Status string `json:"status"`
	// Player is the asked player; Points its tactic points.
	Player int   `json:"player"`
	Points int64 `json:"points"`
	// Players are every player's totals.
	Players []PlayerView `json:"players"`
	Holds   []Hold       `json:"holds"`
	Fleets  []Fleet      `json:"fleets"`
	// Routes are the directed routes [from, to, steps] (the same list at
	// every decision).
	Routes []Route `json:"routes"`
}

// rules is the game as sequential code: the players join, then every
// step each living player is asked for orders and the step is played,
// until the finish check ends the game or the round cap is reached.
func (g *game) rules(p *engine.Play) any {
	st := g.st
	if !g.quiet {
		st.emit = p.Emit
	}
	for i := 0; i < g.players && !g.forked; i++ {
		if _, err := st.addPlayer(playerName(i)); err != nil {
			panic(err) // Setup.state checked the number of players
		}
	}
	for {
		if st.status == StatusFinished {
			return g.result(true)
		}
		if g.cap > 0 && st.round >= g.cap {
			return g.result(false)
		}
		board := st.board()
		st.keepRoundStart()
		for i := range st.players {
			if !st.players[i].alive {
				continue
			}
			// The Check's last accepted order is the answer Ask returns.
			st.accepted = checked{}
			st.asking = i
			p.Ask(st.decision(i, board))
			st.submit(i, st.accepted)
		}
		if !st.step() {
			return g.result(false) // too few players: never the case here
		}
	}
}

// result is the Result of the game as it stands.
func (g *game) result(finished bool) Result {
	st := g.st
	r := Result{Winner: st.winner, Finished: finished, Rounds: st.round, Ranking: st.ranking()}
	if !finished {
		r.Winner = st.leader()
	}
	return r
}

// decision is the orders decision of player i on board b: a new one, or
// with reuseArgs the one of player i and the round's parity, whose Check
// and Legal are made once a game.
func (s *state) decision(i int, b roundBoard) *engine.Decision {
	d := &engine.Decision{}
	if s.reuseArgs {
		buf := &s.argsBuf[s.round%2]
		if len(buf.decisions) != len(s.players) {
			buf.decisions = make([]engine.Decision, len(s.players))
		}
		d = &buf.decisions[i]
		if d.Check != nil {
			d.Args = s.ordersArgs(i, b)
			return d
		}
	}
	*d = engine.Decision{Player: i, Kind: KindOrders, Args: s.ordersArgs(i, b), Legal: func() engine.Legal { return s.legal(i) }}
	d.Check = func(a engine.Answer) error {
		c, err := s.checkAnswer(d, a)
		if err == nil {
			s.accepted = c
		}
		return err
	}
	return d
}

// roundBoard is what every player sees alike between two steps: orders
// change none of it, so the players asked in one round share it (the
// decisions' Args are read, never changed).
type roundBoard struct {
	planets []int
	units   []Num
	holds   []Hold
	fleets  []Fleet
}

// board returns the board the players are asked their orders on: new,
// or with reuseArgs in the storage of the round's parity.
func (s *state) board() roundBoard {
	if !s.reuseArgs {
		planets, units := s.tally()
		return roundBoard{planets: planets, units: units, holds: s.holdList(), fleets: s.fleetList()}
	}
	b := &s.argsBuf[s.round%2].board
	b.planets, b.units = s.tallyTo(b.planets, b.units)
	b.holds = s.appendHolds(b.holds[:0])
	b.fleets = s.appendFleets(b.fleets[:0])
	return *b
}

// ordersArgs is what player i sees on board b.
func (s *state) ordersArgs(i int, b roundBoard) OrdersArgs {
	var views []PlayerView
	if s.reuseArgs {
		buf := &s.argsBuf[s.round%2]
		if len(buf.views) < len(s.players) {
			buf.views = append(buf.views, make([][]PlayerView, len(s.players)-len(buf.views))...)
		}
		views = s.appendPlayerViews(buf.views[i][:0], b.planets, b.units)
		buf.views[i] = views
	} else {
		views = s.playerViews(b.planets, b.units)
	}
	return OrdersArgs{Round: s.round, Status: s.status, Player: i, Points: s.players[i].points,
		Players: views, Holds: b.holds, Fleets: b.fleets, Routes: s.b.routeList}
}

// givenOrder is an order given as a value to a pending decision
// (Game.OrderAnswer), checked already, and the answer that carries it.
type givenOrder struct {
	d      *engine.Decision
	answer engine.Answer
	c      checked
}

// OrderAnswer returns the answer of order o to d, a decision pending in
// g, as Encode does, and checks o as a value: when the answer reaches
// Answer unchanged, the rules take the order so checked instead of
// reading its JSON again. The computer players answer so; an answer
// that differs, or an order the check refuses, is read and checked from
// its JSON as any answer is.
func (g *Game) OrderAnswer(d *engine.Decision, o Order) engine.Answer {
	size := 16 + 16*len(o.Moves)
	if o.Tactic != nil {
		size += 48
	}
	a := o.AppendJSON(make([]byte, 0, size))
	st := g.st
	st.given = givenOrder{} // its moves share storage with the next ones
	if d != nil && g.PendingFor(d.Player) == d {
		if c, err := st.checkGiven(d.Player, o); err == nil {
			st.given = givenOrder{d: d, answer: a, c: c}
		}
	}
	return a
}

// checkAnswer checks an answer to decision d: the order OrderAnswer
// checked when a is its answer, else a read as JSON (checkOrder).
func (s *state) checkAnswer(d *engine.Decision, a engine.Answer) (checked, error) {
	given := s.given
	s.given = givenOrder{}
	if given.d == d && bytes.Equal(given.answer, a) {
		return given.c, nil
	}
	return s.checkOrder(d.Player, a)
}

// Encode returns the answer of an order.
func (o Order) Encode() engine.Answer { return o.AppendJSON(nil) }

// DecodeOrder reads an answer as an order (null: no order, ok false). It
// checks the shape only; the rules check the rest.
func DecodeOrder(a engine.Answer) (o Order, ok bool, err error) {
	if string(a) == "null" {
		return Order{}, false, nil
	}
	var w struct {
		Moves  [][3]int64 `json:"moves"`
		Tactic *Tactic    `json:"tactic"`
	}
	if err := json.Unmarshal(a, &w); err != nil {
		return Order{}, false, errors.New("not an order of integer moves")
	}
	for _, m := range w.Moves {
		o.Moves = append(o.Moves, Move{Count: m[0], From: int(m[1]), To: int(m[2])})
	}
	o.Tactic = w.Tactic
	return o, true, nil
}

// playerName is the name of the i-th player of a computer game.
func playerName(i int) string { return fmt.Sprintf("player %d", i) }
