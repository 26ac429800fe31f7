package ftbt

import (
	"errors"
	"fmt"

	"github.com/shapan/shapan/engine"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// AIDecision is one decision of the AI in the golden form (spec §7.2):
// round, side, person, destination, tech index (-1 none), target (-1
// none).
type AIDecision struct {
	Turn   int `json:"turn"`
	Side   int `json:"side"`
	P      int `json:"p"`
	Move   int `json:"move"`
	ITech  int `json:"itech"`
	Target int `json:"target"`
}

// AI is the original's computer player (spec §6), for either side or
// both. At sel_people it picks the first person of the list (index order)
// it controls, and ends the turn when none is left; at sel_move_obj it
// decides (§6.2–§6.7) and answers the destination; then the tech and the
// target of that decision. Its only memory is the decision of the action
// in progress, and that is recomputed from the board when missing (the
// scores are taken on the board before the move), so an AI continues a
// resumed game exactly. It never quits; a refused target (impossible with
// a consistent board) is given up rather than offered again. An AI keeps
// what its decisions share (the enemies' nearest-cell labels and defence
// terms of a side's turn, scratch space) between decisions; it is used by
// one goroutine at a time (one AI per game when games run in parallel).
type AI struct {
	k        ftbtfmt.AIConstants
	settings []AISettings
	dc       *distCache
	scratch  scratch
	plan     plan
	// OnDecision, when set, receives every decision as it is made.
	OnDecision func(AIDecision)
}

// plan is the decision of the action in progress.
type plan struct {
	ok                  bool
	g                   *game
	turn, side, p, from int
	choice              Choice
}

// NewAI returns the computer player for games of setup, with one
// AISettings per person of the level (see LevelAI and GoldenAI). It refuses
// rules without AI constants or with a constant the AI divides by set to
// 0, and goals off the map.
func NewAI(setup Setup, settings []AISettings) (*AI, error) {
	r, l := setup.Rules, setup.Level
	if r == nil || l == nil {
		return nil, errors.New("ftbt: the AI needs rules and a level")
	}
	if err := checkAIConstants(r); err != nil {
		return nil, err
	}
	if len(settings) != len(l.People) {
		return nil, fmt.Errorf("ftbt: %d AI settings for %d people", len(settings), len(l.People))
	}
	for i, s := range settings {
		if s.Goal < -1 || s.Goal >= l.W*l.H {
			return nil, fmt.Errorf("ftbt: person %d's goal %d is not a cell of the %d×%d map", i, s.Goal, l.W, l.H)
		}
	}
	if need := aiTableBytes(l, settings); need > MaxAITableBytes {
		return nil, fmt.Errorf("ftbt: the computer player would need about %s for its tables on this %d×%d level "+
			"(%d bytes a cell); its limit is %s: play a smaller map", gib(need), l.W, l.H, aiBytesPerCell, gib(MaxAITableBytes))
	}
	return &AI{k: *r.AI, settings: append([]AISettings(nil), settings...), dc: newDistCache()}, nil
}

// MaxAITableBytes bounds the memory the computer player may use for its
// tables. A level that needs more is refused before the game starts,
// instead of exhausting the machine's memory mid-game.
const MaxAITableBytes = 2 << 30

// aiBytesPerCell is what the computer player keeps per cell of the map,
// whatever the number of people (see distCache): each cell's nearest
// enemy with its cost (one packed value), the enemies' summed defence terms, a search's
// tentative cost and mark, and a whole distance table for weights the
// bounded searches do not serve. Measured (docs/BENCHMARKS.md): a
// 400×400 level of 100 people plays 30 rounds in 48 MiB of peak RSS, and a
// 2000×2000 level of 2000 people a round in 516 MB, most of it the board.
const aiBytesPerCell = 4*8 + 4

// aiTableBytes is the most memory the computer player's tables take on
// level l: a few values per cell, the same for any number of people and
// goals (the searches of a decision are bounded by what it reads).
func aiTableBytes(l *ftbtfmt.Level, _ []AISettings) int64 {
	return int64(l.W) * int64(l.H) * aiBytesPerCell
}

// gib writes a size in GiB (or MiB below one GiB).
func gib(n int64) string {
	if n < 1<<30 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
}

// checkAIConstants refuses the constants the AI would divide by zero with
// (CheckAIRules).
func checkAIConstants(r *ftbtfmt.Rules) error {
	return CheckAIRules(r).Err()
}

// Answer answers the pending decision d of g.
func (ai *AI) Answer(g *Game, d *engine.Decision) engine.Answer {
	return engine.Encode(ai.answer(g.g, d))
}

func (ai *AI) answer(g *game, d *engine.Decision) any {
	switch a := d.Args.(type) {
	case SelPeopleArgs:
		for i, p := range a.People {
			if ai.controls(p) {
				return a.Locs[i]
			}
		}
		return AnswerEndTurn
	case ConfirmArgs:
		return a.What == "end_turn"
	case SelMoveArgs:
		if !ai.controls(a.P) {
			return -1
		}
		c := ai.decide(g, a.P, a.From, a.Valid)
		if ai.OnDecision != nil {
			ai.OnDecision(AIDecision{Turn: g.turn, Side: g.side, P: a.P, Move: c.Move, ITech: c.ITech, Target: c.Target})
		}
		return c.Move
	case SelTechArgs:
		if a.Retry > 0 {
			return -1
		}
		return ai.planned(g, a.P, a.From).ITech
	case SelTechObjArgs:
		c := ai.planned(g, a.P, a.From)
		if a.Rejected > 0 || a.ITech != c.ITech {
			return -1
		}
		return c.Target
	}
	return -1
}

// controls reports whether the AI decides for person p (a person it has
// no settings for, in a game of another level, is not controlled).
func (ai *AI) controls(p int) bool {
	return p >= 0 && p < len(ai.settings) && ai.settings[p].Controlled()
}

// decide makes and remembers the decision of person p, whose action
// started on from with the movement range valid. Without an enemy on the
// map (impossible in a running game) the person stays without a tech.
func (ai *AI) decide(g *game, p, from int, valid []int) Choice {
	c := Choice{Move: from, ITech: -1, Target: -1}
	if sc, err := decide(g.state, &ai.k, ai.dc, &ai.scratch, ai.settings[p], p, from, valid); err == nil {
		c = sc.Decision
	}
	ai.plan = plan{ok: true, g: g, turn: g.turn, side: g.side, p: p, from: from, choice: c}
	return c
}

// planned returns the decision of the action of p that started on from:
// the remembered one, or the same decision made again on the board as it
// was before the move (the weights are unchanged by a move).
func (ai *AI) planned(g *game, p, from int) Choice {
	if !ai.controls(p) || p >= len(g.people) {
		return Choice{Move: from, ITech: -1, Target: -1}
	}
	pl := ai.plan
	if pl.ok && pl.g == g && pl.turn == g.turn && pl.side == g.side && pl.p == p && pl.from == from && pl.choice.Move == g.people[p].loc {
		return pl.choice
	}
	valid, _ := g.moveRange(from, g.people[p].speed)
	return ai.decide(g, p, from, valid)
}

// Explain returns the AI's decision for person p on the current board,
// with every intermediate score (spec §7.3). p must belong to the side
// whose turn it is and stand on the map.
func (ai *AI) Explain(g *Game, p int) (*Scores, error) {
	s := g.g.state
	if p < 0 || p >= len(s.people) || s.people[p].loc == -1 {
		return nil, fmt.Errorf("ftbt: person %d is not on the map", p)
	}
	if len(ai.settings) != len(s.people) {
		return nil, fmt.Errorf("ftbt: the AI has settings for %d people, the game has %d", len(ai.settings), len(s.people))
	}
	if s.people[p].side != s.side {
		return nil, fmt.Errorf("ftbt: person %d is not on side %d, whose turn it is", p, s.side)
	}
	from := s.people[p].loc
	valid, _ := s.moveRange(from, s.people[p].speed)
	return decide(s, &ai.k, ai.dc, &ai.scratch, ai.settings[p], p, from, valid)
}
