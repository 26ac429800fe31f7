package toyfamily

import (
	"errors"
	"fmt"
	"math/rand"

	"github.com/shapan/shapan/engine"
)

// Setup is how a game starts.
type Setup struct {
	Stones []int `json:"stones"`
}

// Took is the event of a move.
type Took struct {
	Player int `json:"player"`
	Heap   int `json:"heap"`
	Stones int `json:"stones"`
}

// EventName implements engine.Event.
func (Took) EventName() string { return "took" }

// Game is a running game of Nim.
type Game struct {
	*engine.Machine
	setup  Setup
	stones []int
}

// New starts a game: player 0 moves first.
func New(s Setup, opts engine.Options) (*Game, error) {
	if len(s.Stones) == 0 {
		return nil, errors.New("nim: a game needs a heap")
	}
	g := &Game{setup: s, stones: append([]int(nil), s.Stones...)}
	g.Machine = engine.StartWith(g.rules, opts)
	return g, g.Err()
}

// rules asks the players in turn for [heap, stones] until no stone is
// left; the player who took the last one wins.
func (g *Game) rules(p *engine.Play) any {
	for turn := 0; ; turn++ {
		who := turn % 2
		if g.left() == 0 {
			return 1 - who
		}
		a := p.Ask(&engine.Decision{Player: who, Kind: "take", Args: append([]int(nil), g.stones...),
			Check: g.check, Legal: g.legal})
		var mv [2]int
		decodeMove(a, &mv)
		g.stones[mv[0]] -= mv[1]
		p.Emit(Took{who, mv[0], mv[1]})
	}
}

func (g *Game) left() int {
	n := 0
	for _, s := range g.stones {
		n += max(s, 0)
	}
	return n
}

func (g *Game) check(a engine.Answer) error {
	var mv [2]int
	if err := decodeMove(a, &mv); err != nil {
		return err
	}
	if mv[0] < 0 || mv[0] >= len(g.stones) || mv[1] < 1 || mv[1] > g.stones[mv[0]] {
		return fmt.Errorf("take 1 to all of the stones of a heap that has some, not %v", mv)
	}
	return nil
}

// legal lists every move, heap by heap.
func (g *Game) legal() engine.Legal {
	var moves [][2]int
	for h, s := range g.stones {
		for n := 1; n <= s; n++ {
			moves = append(moves, [2]int{h, n})
		}
	}
	return engine.LegalValues(moves...)
}

func decodeMove(a engine.Answer, mv *[2]int) error {
	if err := jsonUnmarshal(a, mv); err != nil {
		return errors.New("the answer is [heap, stones]")
	}
	return nil
}

// Computer plays the winning strategy when there is one (leave a nim-sum
// of zero), and a random move otherwise.
type Computer struct{ Rand *rand.Rand }

// Answer implements engine.Player.
func (c Computer) Answer(g *Game, d *engine.Decision) engine.Answer {
	sum := 0
	for _, s := range g.stones {
		sum ^= s
	}
	for h, s := range g.stones {
		if t := s ^ sum; sum != 0 && t < s {
			return engine.Encode([2]int{h, s - t})
		}
	}
	l, _ := engine.LegalOf(d)
	return l.Random(c.Rand)
}
