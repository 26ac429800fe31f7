package battle

import (
	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// state is a game's rules: the position and what one round's resolution
// needs.
type state struct {
	Position
	maxRounds int
	// emit receives the events; nil builds none.
	emit func(engine.Event)
	// result is set once the game is over.
	result *Result

	// this round's orders as the checks accepted them, as resolve takes
	// them, and the scratch of the resolution
	asked  [2]Orders
	ord    [2]Orders
	movers []mover
	snap   [2][TeamSize]Unit
	people [2]int
	dealt  [2][TeamSize]int
	siege  [2][]int // siege_done by city, this round
	knock  [2]knock
	cmdBuf []Command
	// typed are the answers AnswerCommands checked; argsBuf the states
	// the orders show when Args are reused.
	typed     [2]typedAnswer
	encBuf    []byte
	reuseArgs bool
	argsBuf   [2]Position
}

// newState is a game before round 1.
func newState(b *Board, maxRounds int) *state {
	st := &state{Position: newPosition(b), maxRounds: maxRounds}
	st.siege = [2][]int{make([]int, len(b.CityCells)), make([]int, len(b.CityCells))}
	return st
}

// open is the opening of round st.Round: the round event and, in play
// rounds, the city respawns (spec §5.2 step 1).
func (st *state) open() {
	r := st.Round
	if st.emit != nil {
		st.emit(RoundStart{Round: r})
	}
	if r < 2 {
		return
	}
	for i := range st.Cities {
		c := &st.Cities[i]
		if c.Standing || c.Respawn != r {
			continue
		}
		c.Standing, c.Respawn = true, 0
		c.Defence = bfmt.CityLevels[c.Level].Defence
		if st.emit != nil {
			st.emit(CityRespawn{At: Cell(c.At), Level: c.Level, Defence: c.Defence})
		}
	}
}

// resolve plays round st.Round with both sides' checked orders (spec §5);
// it returns the result when the game ends.
func (st *state) resolve(o *[2]Orders) *Result {
	switch {
	case o[0].quit:
		return st.finish(1, ReasonForfeit)
	case o[1].quit:
		return st.finish(0, ReasonForfeit)
	}
	st.ord = *o
	if st.Round == 1 {
		st.pickTeams()
		return nil
	}
	st.repicks()
	st.buffs()
	st.forms()
	st.makes()
	st.movement()
	st.support()
	st.combat()
	st.production()
	st.flag()
	st.respawn()
	return st.endCheck()
}

// pickTeams is round 1 after the orders (spec §5.1).
func (st *state) pickTeams() {
	for s := range st.Sides {
		sd := &st.Sides[s]
		sd.Picked = true
		for k, h := range st.ord[s].team {
			sd.Team[k] = Unit{Hero: h}
			if st.emit != nil {
				st.emit(Pick{Side: s, Slot: k, Hero: st.Board.Roster[h].Name})
			}
		}
	}
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			st.spawn(s, k)
		}
	}
}

// spawn puts side s's slot k on its spawn cell, alive and fresh.
func (st *state) spawn(s, k int) {
	u := &st.Sides[s].Team[k]
	*u = Unit{Hero: u.Hero, Alive: true, At: st.Board.Spawn[s], HP: st.Board.Roster[u.Hero].HP}
	if st.emit != nil {
		st.emit(Spawn{Side: s, Slot: k, Hero: st.name(s, k), At: Cell(u.At), HP: u.HP})
	}
}

// respawn is step 12.
func (st *state) respawn() {
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			if u := &st.Sides[s].Team[k]; !u.Alive && u.Respawn == st.Round {
				st.spawn(s, k)
			}
		}
	}
}
