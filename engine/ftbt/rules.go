package ftbt

import (
	"math/rand"

	"github.com/shapan/shapan/engine"
)

// ResultQuit is the result of a game that a player quit or the turn cap
// stopped (game_over carries -1); otherwise the result is the winning
// side.
const ResultQuit = -1

// game is the state of a game together with what runs its rules.
type game struct {
	*state
	rng     *rand.Rand
	play    *engine.Play
	turnCap int  // last round played; 0: no cap
	rounds  int  // rounds started and played
	capped  bool // the turn cap ended the game
	result  int
}

func (g *game) emit(e engine.Event) { g.play.Emit(e) }

// run is the sequential rule code of spec §3.1: rounds until a side is
// annihilated, a player quits or the turn cap is reached.
func (g *game) run(p *engine.Play) any {
	g.play = p
	for round := 1; ; round++ {
		g.startRound()
		if g.turnCap > 0 && round > g.turnCap {
			// Spec §7.1: side 0's controller quits (confirmed) when
			// round turn_cap+1 would start its first selection.
			g.capped = true
			return g.gameOver(ResultQuit)
		}
		g.turn, g.rounds = round, round
		for side := range 2 {
			if res, over := g.sideTurn(side); over {
				return g.gameOver(res)
			}
		}
	}
}

func (g *game) gameOver(res int) int {
	g.result = res
	g.emit(GameOver{Winner: res})
	return res
}

// startRound is steps 1 and 2 of a round: nobody has acted yet, and the
// aux effects count down.
func (g *game) startRound() {
	for i := range g.people {
		g.people[i].finished = false
	}
	g.finished = [2]int{}
	g.countdown()
}

// sideTurn is step 3 of a round for one side; over reports that the game
// ended with result res.
func (g *game) sideTurn(side int) (res int, over bool) {
	g.side = side
	g.computeWeights(side)
	g.emit(TurnStart{Turn: g.turn, Side: side})
	for {
		a := g.askPeople(side)
		switch a {
		case AnswerQuit:
			if g.confirm(side, "quit") {
				return ResultQuit, true
			}
			continue
		case AnswerEndTurn:
			if g.confirm(side, "end_turn") {
				return 0, false
			}
			continue
		}
		ip := g.occ[a]
		if ip == -1 || g.people[ip].side != side {
			continue // an empty cell or an enemy: asked again
		}
		if !g.people[ip].finished {
			g.action(ip)
		}
		other := 1 - side
		switch {
		case g.alive[other] == 0:
			return side, true
		case g.alive[side] == 0:
			return other, true
		case g.finished[side] == g.alive[side]:
			return 0, false
		}
	}
}

// action is a person's action (spec §3.3): move, then at most one tech.
func (g *game) action(ip int) {
	pp := &g.people[ip]
	start := pp.loc
	valid, preds := g.moveRange(start, pp.speed)
	var dest int
	for {
		dest = g.askMove(ip, start, valid)
		if dest == -1 {
			return // cancelled: the person stays unfinished
		}
		if dest == start || (g.occ[dest] == -1 && inList(valid, dest)) {
			break
		}
	}
	if dest != start {
		cells := path(valid, preds, dest)
		for i := 0; i+1 < len(cells); i++ {
			g.emit(PeopleStep{P: ip, Loc: cells[i], Dir: stepDir(cells[i], cells[i+1])})
		}
		g.emit(PeopleMove{P: ip, From: start, To: dest})
		g.setLoc(ip, dest)
	}
	g.techPhase(ip, start)
	if pp.loc != -1 {
		pp.finished = true
		g.finished[pp.side]++
	}
}

// techPhase is step 4 of an action: a tech and a target until a use is
// accepted or the player picks no tech.
func (g *game) techPhase(ip, start int) {
	pp := &g.people[ip]
	for retry := 0; ; retry++ {
		itech := g.askTech(ip, start, retry)
		if itech == -1 {
			return
		}
		rng := g.targetRange(pp.loc, &g.rules.Techs[pp.techs[itech]])
		for rejected := 0; ; rejected++ {
			t := g.askTarget(ip, start, itech, rng, rejected)
			if t == -1 {
				break // back to the choice of a tech
			}
			if g.useTech(ip, itech, t) {
				return
			}
		}
	}
}
