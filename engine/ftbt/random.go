package ftbt

import (
	"math/rand"

	"github.com/shapan/shapan/engine"
)

// RandomPlayer answers uniformly at random among the legal answers of
// the question (engine.Decision.Legal: a person still to act or ending the
// turn, a destination the rules accept, a tech or none, a target where a
// use is accepted, or giving the tech up when there is none), as
// engine.RandomPlayer does, and can waste answers. It never quits.
type RandomPlayer struct {
	Rand *rand.Rand
	// Wasteful is the probability of answering, instead, anything the
	// machine accepts — cells the rules ignore or re-ask, cancelled
	// actions, given-up techs, unconfirmed quits — to exercise every
	// branch (robustness tests).
	Wasteful float64
}

// NewRandomPlayer returns a random player with its own generator.
func NewRandomPlayer(seed int64) *RandomPlayer {
	return &RandomPlayer{Rand: rand.New(rand.NewSource(seed))}
}

// Answer implements Player.
func (p *RandomPlayer) Answer(g *Game, d *engine.Decision) engine.Answer {
	if p.Wasteful > 0 && p.Rand.Float64() < p.Wasteful {
		if a := p.anyAccepted(g, d); a != nil {
			return engine.Encode(a)
		}
	}
	return (&engine.RandomPlayer[*Game]{Rand: p.Rand}).Answer(g, d)
}

// pick returns a uniform element of list, or none when it is empty.
func (p *RandomPlayer) pick(list []int, none int) int {
	if len(list) == 0 {
		return none
	}
	return list[p.Rand.Intn(len(list))]
}

// anyAccepted draws among everything the machine accepts (never a
// confirmed quit).
func (p *RandomPlayer) anyAccepted(g *Game, d *engine.Decision) any {
	cells := g.g.cells()
	switch a := d.Args.(type) {
	case SelPeopleArgs:
		switch p.Rand.Intn(8) {
		case 0:
			return AnswerQuit
		case 1:
			return AnswerEndTurn
		}
		return p.Rand.Intn(cells)
	case ConfirmArgs:
		return a.What == "end_turn" && p.Rand.Intn(2) == 0
	case SelMoveArgs:
		if p.Rand.Intn(4) == 0 {
			return -1
		}
		return p.Rand.Intn(cells)
	case SelTechObjArgs:
		switch p.Rand.Intn(3) {
		case 0:
			return -1
		case 1:
			return p.pick(a.Range, -1)
		}
		return p.Rand.Intn(cells)
	}
	return nil
}
