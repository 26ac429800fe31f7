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
	src     *engine.Source // rng's source
	play    *engine.Play
	turnCap int  // last round played; 0: no cap
	rounds  int  // rounds started and played
	capped  bool // the turn cap ended the game
	result  int
	// at is where the rules stand: the decision they pose (a copy made
	// by Fork starts its rules there).
	at at
	// resume, on a copy made by Fork, is the decision its rules start
	// from; nil once they reached it (and on every other game).
	resume *at
}

// at is the decision the rules pose and what they hold then: the person
// acting, the cell its action started on, the sel_tech questions and the
// refused targets of the tech so far, and what confirm asks.
type at struct {
	kind                         string
	what                         string
	ip, start, retry, itech, rej int
}

func (g *game) emit(e engine.Event) { g.play.Emit(e) }

// run is the sequential rule code of spec §3.1: rounds until a side is
// annihilated, a player quits or the turn cap is reached. A copy made by
// Fork enters it at the round and side of the decision it starts from.
func (g *game) run(p *engine.Play) any {
	g.play = p
	round, first := 1, 0
	if g.resume != nil {
		round, first = g.turn, g.side
	}
	for ; ; round++ {
		if g.resume == nil {
			g.startRound()
			if g.turnCap > 0 && round > g.turnCap {
				// Spec §7.1: side 0's controller quits (confirmed) when
				// round turn_cap+1 would start its first selection.
				g.capped = true
				return g.gameOver(ResultQuit)
			}
			g.turn, g.rounds = round, round
		}
		for side := first; side < 2; side++ {
			if res, over := g.sideTurn(side); over {
				return g.gameOver(res)
			}
		}
		first = 0
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
	r := g.resume
	g.resume = nil
	if r == nil {
		g.side = side
		g.computeWeights(side)
		g.emit(TurnStart{Turn: g.turn, Side: side})
	}
	for {
		if r != nil && r.kind != KindSelPeople && r.kind != KindConfirm {
			g.action(r.ip, r) // the copy starts within an action
		} else {
			a := AnswerEndTurn
			switch {
			case r == nil || r.kind == KindSelPeople:
				a = g.askPeople(side)
			case r.what == "quit":
				a = AnswerQuit
			}
			r = nil
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
				g.action(ip, nil)
			}
		}
		r = nil
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
// r, when set, is the decision of the action the rules start from.
func (g *game) action(ip int, r *at) {
	pp := &g.people[ip]
	start := pp.loc
	if r != nil && r.kind != KindSelMoveObj {
		start = r.start // moved already
	} else {
		r = nil // the move's question is the one asked now
		if !g.move(ip, start) {
			return // cancelled: the person stays unfinished
		}
	}
	g.techPhase(ip, start, r)
	if pp.loc != -1 {
		pp.finished = true
		g.finished[pp.side]++
	}
}

// move asks person ip, whose action starts on start, for its destination
// until one is accepted and moves it there; false: the action was
// cancelled.
func (g *game) move(ip, start int) bool {
	pp := &g.people[ip]
	valid, preds := g.moveRange(start, pp.speed)
	var dest int
	for {
		g.at = at{kind: KindSelMoveObj, ip: ip, start: start}
		dest = g.askMove(ip, start, valid)
		if dest == -1 {
			return false
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
	return true
}

// techPhase is step 4 of an action: a tech and a target until a use is
// accepted or the player picks no tech. r, when set, is the decision of
// the phase the rules start from.
func (g *game) techPhase(ip, start int, r *at) {
	pp := &g.people[ip]
	for retry := 0; ; retry++ {
		var itech, rejected int
		if r != nil {
			retry, itech, rejected = r.retry, r.itech, r.rej
		}
		if r == nil || r.kind == KindSelTech {
			g.at = at{kind: KindSelTech, ip: ip, start: start, retry: retry}
			itech = g.askTech(ip, start, retry)
			if itech == -1 {
				return
			}
		}
		r = nil
		rng := g.targetRange(pp.loc, &g.rules.Techs[pp.techs[itech]])
		for ; ; rejected++ {
			g.at = at{kind: KindSelTechObj, ip: ip, start: start, retry: retry, itech: itech, rej: rejected}
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
