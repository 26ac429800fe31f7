package planets

import (
	"fmt"
	"slices"

	"github.com/shapan/shapan/engine"
)

// Game status (spec 2).
const (
	StatusWaiting  = "waitforplayer"
	StatusRunning  = "running"
	StatusFinished = "finished"
)

// Neutral is the owner of a planet nobody holds.
const Neutral = -1

// state is the whole game of spec 2: the map, the players, the holds, the
// fleets in flight. Its methods are the rules; they report what happens
// through emit (nil: nothing is reported).
type state struct {
	b       *board
	status  string
	round   int64
	players []player
	holds   []hold
	fleets  []fleet
	// mtBase is the maintenance base line (spec 6).
	mtBase int64
	// noResp switches the no-response rule on (spec 7.3).
	noResp bool
	// winner is the winner recorded by the last finish check (-1: none).
	winner int
	emit   func(engine.Event)
	// only, when not nil, names the only events built and emitted
	// (Options.Events).
	only []string
	// productions says which productions are reported.
	productions productionEvents
	// given is the order a player gave as a value to the pending decision
	// (Game.OrderAnswer), checked already; accepted the last order the
	// pending decision's Check accepted.
	given    givenOrder
	accepted checked
	// reuseArgs builds the orders' Args of a round in argsBuf[round%2]
	// (Options.ReuseArgs).
	reuseArgs bool
	argsBuf   [2]argsStorage
	// scratch is storage a step reuses from round to round: what it
	// never hands out.
	scratch scratch
	// asking is the player whose orders are asked (or were last asked);
	// roundStart every player's queued order when the round's questions
	// began (Fork goes back to it).
	asking     int
	roundStart []queuedOrder
}

// queuedOrder is what a player has queued.
type queuedOrder struct {
	order  []fleet
	queued bool
	tactic *Tactic
}

// keepRoundStart records every player's queued order before the round's
// questions.
func (s *state) keepRoundStart() {
	s.roundStart = resize(s.roundStart, len(s.players))
	for i, p := range s.players {
		s.roundStart[i] = queuedOrder{p.order, p.queued, p.tactic}
	}
}

// argsStorage is the storage of one round's Args.
type argsStorage struct {
	board     roundBoard
	views     [][]PlayerView    // by player
	decisions []engine.Decision // by player
}

// scratch is the storage of a step: the totals of the finish check and
// of the fee, the fee levels, the fleets arriving and those arriving at
// one planet.
type scratch struct {
	planets []int
	units   []Num
	levels  []Num
	arrived []fleet
	at      []fleet
	sides   []Pair
}

// player is one joined player.
type player struct {
	name   string
	alive  bool
	points int64
	// order holds the queued moves; queued reports whether an order is
	// queued at all (an accepted order may have no moves).
	order  []fleet
	queued bool
	// spare is the storage of the last order run, for the next order
	// checked as a value (checkGiven); nil while an order is queued.
	spare []fleet
	// tactic is the queued tactic, if any.
	tactic *Tactic
	// The no-response rule's counter: missed consecutive steps, the round
	// of the last miss, and whether the player ever missed one.
	misses    int
	missRound int64
	missed    bool
}

// hold is a planet's owner (Neutral or a player index) and garrison.
type hold struct {
	owner int
	count Num
}

// fleet is units in flight (or a queued move: left is then the route's
// steps).
type fleet struct {
	player, from, to int
	count            int64
	left             Num
}

// newState returns a new game on b, waiting for players (spec 4 step 1).
func newState(b *board, noResp bool) *state {
	s := &state{b: b, noResp: noResp}
	s.reset()
	return s
}

// reset makes s a new game: no players, no fleets, every planet neutral.
func (s *state) reset() {
	s.status = StatusWaiting
	s.round = 0
	s.players = nil
	s.fleets = nil
	s.winner = -1
	s.holds = make([]hold, len(s.b.planets))
	for i := range s.holds {
		s.holds[i] = hold{owner: Neutral}
	}
}

// productionEvents says which productions a game reports.
type productionEvents int

const (
	// productionChanges: every planet whose garrison or owner changed.
	productionChanges productionEvents = iota
	// productionEvery: every owned planet (the original server's log).
	productionEvery
	// productionOwners: the planets whose owner changed
	// (Options.OwnerProduction).
	productionOwners
)

// report emits e when somebody listens for its kind; an event nobody
// listens for is not even made an engine.Event.
func report[E engine.Event](s *state, e E) {
	if s.tells(e.EventName()) {
		s.emit(e)
	}
}

// tells reports whether events of the kind name are emitted.
func (s *state) tells(name string) bool {
	return s.emit != nil && (s.only == nil || slices.Contains(s.only, name))
}

// clone returns a deep copy of s (the board is shared: it never changes).
func (s *state) clone() *state {
	c := *s
	c.players = slices.Clone(s.players)
	for i := range c.players {
		c.players[i].order = slices.Clone(s.players[i].order)
		c.players[i].spare = nil
		if t := s.players[i].tactic; t != nil {
			tc := *t
			c.players[i].tactic = &tc
		}
	}
	c.given, c.accepted, c.argsBuf, c.scratch = givenOrder{}, checked{}, [2]argsStorage{}, scratch{}
	c.roundStart = slices.Clone(s.roundStart)
	c.holds = slices.Clone(s.holds)
	c.fleets = slices.Clone(s.fleets)
	return &c
}

// ErrFull refuses a join when max_player players have joined.
var ErrFull = fmt.Errorf("full")

// addPlayer lets a player join (spec 3) and returns its index. The player
// takes its start planet with start_unit units, and the maintenance base
// line is recomputed.
func (s *state) addPlayer(name string) (int, error) {
	k := len(s.players)
	if !Int(int64(k)).Less(s.b.maxPlayer) {
		return 0, ErrFull
	}
	if k >= len(s.b.starts) {
		// The original registers the player and then crashes; the map
		// is invalid (spec 11 #16), and the join is refused here.
		return 0, fmt.Errorf("the map has %d start planets: player %d has none", len(s.b.starts), k)
	}
	s.players = append(s.players, player{name: name, alive: true})
	planet := s.b.starts[k]
	s.holds[planet] = hold{owner: k, count: s.b.startUnit}
	s.adjustFee()
	report(s, Join{Player: k, Name: name, Planet: planet, Count: s.b.startUnit})
	return k, nil
}

// adjustFee recomputes the maintenance base line from the players whose
// alive flag is set (spec 6). With none (the original divides by zero)
// the base line is left as it is.
func (s *state) adjustFee() {
	alive := 0
	for _, p := range s.players {
		if p.alive {
			alive++
		}
	}
	if alive == 0 {
		return
	}
	s.mtBase = Real(float64(s.b.maxSum) / 2 / float64(alive)).Trunc().i
}

// tally returns every player's planets and units (garrisons, then fleets
// in flight, summed in that order as the original does).
func (s *state) tally() (planets []int, units []Num) { return s.tallyTo(nil, nil) }

// tallyTo is tally with the totals stored in planets and units (resized).
func (s *state) tallyTo(planets []int, units []Num) ([]int, []Num) {
	planets = resize(planets, len(s.players))
	units = resize(units, len(s.players))
	for _, h := range s.holds {
		if h.owner >= 0 && h.owner < len(s.players) {
			planets[h.owner]++
			units[h.owner] = units[h.owner].Add(h.count)
		}
	}
	for _, f := range s.fleets {
		if f.player >= 0 && f.player < len(s.players) {
			units[f.player] = units[f.player].Add(Int(f.count))
		}
	}
	return planets, units
}

// resize returns buf with n zero elements, reusing its storage when
// large enough.
func resize[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// Standing is one player's place in the ranking (spec 7.2).
type Standing struct {
	Player  int `json:"player"`
	Planets int `json:"planets"`
	Units   Num `json:"units"`
}

// ranking returns every joined player, best first: most planets, then most
// units, then the higher index.
func (s *state) ranking() []Standing {
	planets, units := s.tally()
	out := make([]Standing, len(s.players))
	for i := range out {
		out[i] = Standing{Player: i, Planets: planets[i], Units: units[i]}
	}
	slices.SortFunc(out, func(a, b Standing) int {
		if a.Planets != b.Planets {
			return b.Planets - a.Planets
		}
		if c := b.Units.Cmp(a.Units); c == 1 || c == -1 {
			return c
		}
		return b.Player - a.Player
	})
	return out
}

// leader returns the winner if the game were ranked now (-1 without
// players).
func (s *state) leader() int {
	if len(s.players) == 0 {
		return -1
	}
	return s.ranking()[0].Player
}
