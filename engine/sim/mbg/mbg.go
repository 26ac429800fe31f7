package mbg

import (
	"context"
	"errors"
	"fmt"
	"github.com/shapan/shapan/engine/sim"
	"slices"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/engine/restrict"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

func init() {
	sim.RegisterFacts(mbg.Family, func() sim.FactsSection { return new(MBGFacts) })
}

// DefaultTurnCap is the turn cap of mbg simulations when none is given.
const DefaultTurnCap = 100

// Options adjust the mbg adapter.
type Options struct {
	// TurnCap is the last turn played (0: DefaultTurnCap); after it the
	// richest role wins (spec §5.2) and the game counts as capped.
	TurnCap int
	// MaxDecisions guards against stalls (0: DefaultMaxDecisions).
	MaxDecisions int
	// Players names the computer player of each role that takes part
	// (mbg.Roster: ai, random, search…); empty: the AI for all. Different
	// players turn over the roles game by game (Seating).
	Players []string
	// Restrict, when set, forbids a role an element (restricted play).
	Restrict *restrict.Side
}

// MBG is the Family of mbg scenarios: the mbg AI plays every role; roles
// that start nowhere (start -1) do not take part.
type MBG struct {
	sc           *mbgfmt.Scenario
	turnCap      int
	maxDecisions int
	players      []string
	present      []int // the roles that take part
	restrict     *restrict.Side
}

// New returns the adapter of scenario sc, which it checks by starting a
// game: a scenario the engine cannot play is an error here, not N failed
// games. sc must not change while games are played.
func New(sc *mbgfmt.Scenario, o Options) (*MBG, error) {
	if sc == nil {
		return nil, errors.New("sim: no mbg scenario")
	}
	m := &MBG{sc: sc, turnCap: o.TurnCap, maxDecisions: o.MaxDecisions, players: o.Players, restrict: o.Restrict}
	for i, r := range sc.Roles {
		if r.Start != -1 {
			m.present = append(m.present, i)
		}
	}
	if err := sim.CheckPlayers(m.players, len(m.present)); err != nil {
		return nil, err
	}
	for _, n := range m.players {
		if err := mbg.Roster(len(sc.Roles)).Valid(n); err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
	}
	if m.turnCap == 0 {
		m.turnCap = DefaultTurnCap
	}
	if m.turnCap < 1 {
		return nil, fmt.Errorf("sim: the turn cap must be at least 1, not %d", o.TurnCap)
	}
	if m.maxDecisions <= 0 {
		m.maxDecisions = sim.DefaultMaxDecisions
	}
	g, err := mbg.New(m.setup(0), mbg.Options{Machine: engine.Options{DropEvents: true}})
	if err != nil {
		return nil, err
	}
	g.Close()
	return m, nil
}

func (m *MBG) setup(seed int64) mbg.Setup {
	return mbg.Setup{Scenario: m.sc, Seed: seed, MaxTurn: m.turnCap}
}

// Name implements Family.
func (m *MBG) Name() string { return mbg.Family }

// Sides implements Family: the roles.
func (m *MBG) Sides() []sim.Side {
	out := make([]sim.Side, len(m.sc.Roles))
	for i, r := range m.sc.Roles {
		out[i] = sim.Side{Name: r.Name, Absent: r.Start == -1}
	}
	return out
}

// TurnCap returns the last turn a game plays.
func (m *MBG) TurnCap() int { return m.turnCap }

// Play implements Family. The game and its AI are both seeded with seed,
// as `shapan play --seed` seeds them, so a game of the report is replayed
// by `shapan play FILE --seed S --turns CAP`.
func (m *MBG) Play(ctx context.Context, game int, seed int64) (sim.GameResult, error) {
	rec := &mbgGame{bankrupt: make([]int, len(m.sc.Roles))}
	t := &mbgTracker{rec: rec, turn: 1, square: -1, siege: -1}
	g, err := mbg.New(m.setup(seed), mbg.Options{Machine: engine.Options{DropEvents: true, DropAnswers: true, OnEvent: t.event}})
	if err != nil {
		return sim.GameResult{}, err
	}
	defer g.Close()
	players := engine.Seats[*mbg.Game](mbg.NewAI(seed), g.NumRoles())
	seats := m.seating(game)
	if seats != nil {
		if players, err = sim.SeatPlayers(mbg.Roster(g.NumRoles()), seats, g.NumRoles(), seed); err != nil {
			return sim.GameResult{}, err
		}
		// a role that takes no part may still own a city: the AI defends it
		for r, p := range players {
			if p == nil {
				players[r] = mbg.NewAI(seed*int64(len(players)) + int64(r))
			}
		}
	}
	players = sim.Restricted(players, m.restrict, m.restrict.SideOf())
	where := func() string { return fmt.Sprintf("turn %d", g.Turn()) }
	o := engine.PlayOptions{MaxDecisions: m.maxDecisions, Context: ctx, Where: where}
	if err := engine.PlayOut(g, players, o); err != nil {
		return sim.GameResult{}, err
	}
	res, _ := g.Winner()
	if res < mbg.ResultDraw {
		return sim.GameResult{}, fmt.Errorf("the game ended without a result (%d)", res)
	}
	v := g.View()
	for _, c := range v.Cities {
		rec.owners = append(rec.owners, c.Role)
	}
	for _, r := range v.Roles {
		rec.money = append(rec.money, r.Money)
	}
	return sim.GameResult{Winner: res, Turns: min(g.Turn(), m.turnCap), Capped: g.Turn() > m.turnCap, Seats: seats, Facts: rec}, nil
}

// seating returns the player of every role in game number game ("" for a
// role that does not take part), nil for the AI on all.
func (m *MBG) seating(game int) []string {
	turned := sim.Seating(m.players, len(m.present), game)
	if sim.OnlyDefault(turned, "ai") {
		return nil
	}
	out := make([]string, len(m.sc.Roles))
	for k, r := range m.present {
		out[r] = turned[k]
	}
	return out
}

// The kinds of mbg battles.
const (
	fightEncounter = iota // two roles on one square (battle_with_role)
	fightSiege            // a role attacks another role's city
	fightRobber           // a role ends its move on a robber
)

// mbgFight is one battle of a game.
type mbgFight struct {
	square   int // where it was fought (-1: unknown)
	city     int // the city besieged, or -1
	kind     int
	captured bool // a siege that took the city
}

// mbgGame is what one mbg game leaves for the report.
type mbgGame struct {
	bankrupt []int // the turn each role went bankrupt, 0 for never
	owners   []int // each city's owner at the end, -1 for none
	money    []float32
	fights   []mbgFight
}

// mbgTracker follows a game's events: where the acting role stands, which
// battle is being fought and what it changes.
type mbgTracker struct {
	rec    *mbgGame
	turn   int
	square int  // the acting role's square
	robber bool // a robber was met: the next battle is against it
	siege  int  // the city whose owner the acting role may attack, or -1
	won    bool // the attack on siege was won
}

func (t *mbgTracker) event(e engine.Event) {
	switch e := e.(type) {
	case mbg.RoleStartAction:
		t.at(e.Loc)
	case mbg.RoleMove:
		t.at(e.To)
	case mbg.SquareEvent:
		if e.Name == "unset_robber" {
			t.robber = true
		}
	case mbg.NotePayTax:
		t.siege, t.won = e.City, false
	case mbg.BattleStart:
		t.fight()
	case mbg.BattleNoGeneral:
		kind := t.fight()
		if kind == fightSiege {
			t.won = e.Side == 1 // the garrison had no general
		}
	case mbg.BattleEnd:
		if t.siege != -1 {
			t.won = e.Ret == 1
		}
	case mbg.RoleCity:
		if e.Name == "note_role_drop_city" && e.City == t.siege && t.won {
			if n := len(t.rec.fights); n > 0 {
				t.rec.fights[n-1].captured = true
			}
			t.siege, t.won = -1, false
		}
	case mbg.RoleEvent:
		if e.Name == "note_role_loss" && e.Role >= 0 && e.Role < len(t.rec.bankrupt) {
			t.rec.bankrupt[e.Role] = t.turn
		}
	case mbg.EndTurn:
		t.turn = e.Turn + 1
		t.at(-1)
	}
}

// at starts a new step of play on square sq.
func (t *mbgTracker) at(sq int) {
	t.square, t.robber, t.siege, t.won = sq, false, -1, false
}

// fight records a battle (battle_start or battle_no_general) and returns
// its kind.
func (t *mbgTracker) fight() int {
	f := mbgFight{square: t.square, city: -1, kind: fightEncounter}
	switch {
	case t.robber:
		f.kind = fightRobber
		t.robber = false
	case t.siege != -1:
		f.kind, f.city = fightSiege, t.siege
	}
	t.rec.fights = append(t.rec.fights, f)
	return f.kind
}

// MBGFacts are the facts of mbg simulations.
type MBGFacts struct {
	// TurnCap is the last turn a game played.
	TurnCap int `json:"turn_cap"`
	// Battles and Captures are the totals over all games: battles fought
	// (a side without a general included) and cities taken by force.
	Battles  int `json:"battles"`
	Captures int `json:"captures"`
	// Roles, Cities and Squares are in scenario order.
	Roles   []MBGRoleFacts   `json:"roles"`
	Cities  []MBGCityFacts   `json:"cities"`
	Squares []MBGSquareFacts `json:"squares"`
}

// MBGRoleFacts are one role's facts.
type MBGRoleFacts struct {
	Name   string `json:"name"`
	Absent bool   `json:"absent,omitempty"`
	// Bankrupt counts the games in which the role went bankrupt (was
	// eliminated), and BankruptTurn says when (nil if it never did).
	Bankrupt     sim.Proportion `json:"bankrupt"`
	BankruptTurn *TurnStats     `json:"bankrupt_turn,omitempty"`
	// MeanMoney and MeanCities are the role's mean money and number of
	// cities at the end of a game.
	MeanMoney  float64 `json:"mean_money"`
	MeanCities float64 `json:"mean_cities"`
}

// TurnStats describe the turns at which something happened.
type TurnStats struct {
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	Min    int     `json:"min"`
	Max    int     `json:"max"`
}

// MBGCityFacts are one city's facts.
type MBGCityFacts struct {
	Name  string `json:"name"`
	Scope int    `json:"scope"`
	// Squares are the board squares of the city.
	Squares []int `json:"squares"`
	// Owners counts, per role, the games in which the role owned the city
	// at the end; Unowned the games nobody did.
	Owners  []int `json:"owners"`
	Unowned int   `json:"unowned"`
	// Sieges counts the attacks on the city, Captures those that took it.
	Sieges   int `json:"sieges"`
	Captures int `json:"captures"`
}

// MBGSquareFacts are the battles fought on one board square, over all
// games: Battles in all, of which Encounters (two roles meeting), Sieges
// (attacks on the square's city) and Robbers; Captures are the sieges that
// took the city.
type MBGSquareFacts struct {
	Index int `json:"index"`
	// Type is the square's type as YAML names it ("city", "saloon", ...),
	// Name the city's, institute's or training room's name ("" for other
	// squares) and City the city's index (-1 for other squares).
	Type string `json:"type"`
	Name string `json:"name,omitempty"`
	City int    `json:"city"`
	// X and Y are the square's position in the original board window
	// (0, 0 when the board is laid out round its edge).
	X int `json:"x,omitempty"`
	Y int `json:"y,omitempty"`

	Battles    int `json:"battles"`
	Encounters int `json:"encounters"`
	Sieges     int `json:"sieges"`
	Robbers    int `json:"robbers"`
	Captures   int `json:"captures"`
}

// Facts implements Family.
func (m *MBG) Facts(games []sim.GameResult) sim.Facts {
	sc := m.sc
	n := len(games)
	f := newMBGFacts(sc, m.turnCap)
	nr := len(sc.Roles)
	bankruptTurns := make([][]int, nr)
	money := make([]float64, nr)
	cities := make([]int, nr)
	for _, g := range games {
		rec := g.Facts.(*mbgGame)
		for r, t := range rec.bankrupt {
			if t > 0 {
				bankruptTurns[r] = append(bankruptTurns[r], t)
			}
		}
		for r, v := range rec.money {
			money[r] += float64(v)
		}
		for c, o := range rec.owners {
			if o >= 0 && o < nr {
				f.Cities[c].Owners[o]++
				cities[o]++
			} else {
				f.Cities[c].Unowned++
			}
		}
		for _, x := range rec.fights {
			f.addFight(x)
		}
	}
	for r, ro := range sc.Roles {
		rf := MBGRoleFacts{Name: ro.Name, Absent: ro.Start == -1, Bankrupt: sim.NewProportion(len(bankruptTurns[r]), n)}
		if ts := bankruptTurns[r]; len(ts) > 0 {
			rf.BankruptTurn = turnStats(ts)
		}
		if n > 0 {
			rf.MeanMoney = sim.Round4(money[r] / float64(n))
			rf.MeanCities = sim.Round4(float64(cities[r]) / float64(n))
		}
		f.Roles = append(f.Roles, rf)
	}
	return sim.Facts{Family: mbg.Family, Section: f}
}

// newMBGFacts returns the facts of no game yet of scenario sc: its
// cities and board squares, named.
func newMBGFacts(sc *mbgfmt.Scenario, turnCap int) *MBGFacts {
	f := &MBGFacts{TurnCap: turnCap}
	for _, c := range sc.Cities {
		f.Cities = append(f.Cities, MBGCityFacts{Name: c.Name, Scope: c.Scope, Squares: []int{}, Owners: make([]int, len(sc.Roles))})
	}
	for i, sq := range sc.Board {
		s := MBGSquareFacts{Index: i, Type: squareType(sq.Class), City: -1, X: sq.X, Y: sq.Y}
		switch sq.Class {
		case mbgfmt.ClassCity:
			if sq.Base >= 0 && sq.Base < len(sc.Cities) {
				s.City, s.Name = sq.Base, sc.Cities[sq.Base].Name
				f.Cities[sq.Base].Squares = append(f.Cities[sq.Base].Squares, i)
			}
		case mbgfmt.ClassInstitute:
			if sq.Base >= 0 && sq.Base < len(sc.Institutes) {
				s.Name = sc.Institutes[sq.Base].Name
			}
		case mbgfmt.ClassTrainingRoom:
			if sq.Base >= 0 && sq.Base < len(sc.TrainingRooms) {
				s.Name = sc.TrainingRooms[sq.Base].Name
			}
		}
		f.Squares = append(f.Squares, s)
	}
	return f
}

// addFight counts a battle of a game on its city and square.
func (f *MBGFacts) addFight(x mbgFight) {
	f.Battles++
	if x.captured {
		f.Captures++
	}
	if x.city >= 0 && x.city < len(f.Cities) {
		f.Cities[x.city].Sieges++
		if x.captured {
			f.Cities[x.city].Captures++
		}
	}
	if x.square < 0 || x.square >= len(f.Squares) {
		return
	}
	s := &f.Squares[x.square]
	s.Battles++
	switch x.kind {
	case fightEncounter:
		s.Encounters++
	case fightSiege:
		s.Sieges++
	case fightRobber:
		s.Robbers++
	}
	if x.captured {
		s.Captures++
	}
}

// turnStats describes a non-empty list of turns.
func turnStats(ts []int) *TurnStats {
	s := slices.Clone(ts)
	slices.Sort(s)
	sum := 0
	for _, t := range s {
		sum += t
	}
	return &TurnStats{Mean: sim.Round4(float64(sum) / float64(len(s))), Median: sim.Median(s), Min: s[0], Max: s[len(s)-1]}
}

// squareType is the YAML name of a square class.
func squareType(class int) string {
	if class >= 0 && class < len(mbgfmt.ClassNames) {
		return mbgfmt.ClassNames[class]
	}
	return fmt.Sprintf("class %d", class)
}
