package ftbt

import (
	"errors"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
)

// Fork returns a copy of g at its pending decision — the same board, the
// same question — whose damage bonuses are drawn from seed instead of
// g's generator, that keeps no events and cannot be saved: the search
// player's copies.
func (g *Game) Fork(seed int64) (*Game, error) {
	if g.Over() {
		return nil, errors.New("ftbt: the game is over")
	}
	rng, src := engine.NewRand(seed)
	at := g.g.at
	c := &game{state: g.g.state.clone(), rng: rng, src: src, turnCap: g.g.turnCap, rounds: g.g.rounds, at: at, resume: &at}
	m := engine.StartWith(c.run, engine.Options{DropEvents: true, DropAnswers: true})
	if err := m.Err(); err != nil {
		return nil, err
	}
	f := &Game{Machine: m, setup: g.setup, g: c, forked: true}
	if d, e := f.Pending(), g.Pending(); d == nil || d.Kind != e.Kind || d.Player != e.Player {
		f.Close()
		return nil, errors.New("ftbt: the copy does not stand where the game stands")
	}
	return f, nil
}

// HPShares returns the share of its starting hp each side keeps: what
// decides a capped game of a simulation (the larger share wins).
func (g *Game) HPShares() [2]float64 {
	var start, left [2]int
	for i, p := range g.setup.Level.People {
		if p.Side < 0 || p.Side > 1 {
			continue
		}
		start[p.Side] += p.HP
		if i < len(g.g.people) && g.g.people[i].loc != -1 {
			left[p.Side] += max(g.g.people[i].hp, 0)
		}
	}
	var out [2]float64
	for s := range out {
		if start[s] > 0 {
			out[s] = float64(left[s]) / float64(start[s])
		}
	}
	return out
}

// SearchScale is the lead in kept hp share that the search values at
// 73 % (the logistic of 1).
const SearchScale = 0.15

// SearchModel is the search player's model of games of setup: Fork,
// the value of a position (the winner once over; a game the cap or a quit
// ended, and one still running, by the share of starting hp each side
// keeps, as a capped simulation decides), and the original's AI (on both
// sides, as NewGoldenAI sets it) playing the playouts for Horizon
// decisions. A person's action is searched as one answer (Narrow): its
// destination among the AI's SearchDestinations best, its tech and
// target as the AI follows up the destination taken (macroAI); every
// other question of the search's seat gets the AI's answer without a
// search. It has no Trust: the opponent's AI is modelled exactly, only
// the damage bonuses are drawn, and the destination tried most is the
// better player (长坂坡, 10 ms a decision, 200 games against the AI:
// 190 won with no trust, 105 with a trust of 1.645).
func SearchModel(setup Setup) (*search.Model, error) {
	ai, err := NewGoldenAI(setup)
	if err != nil {
		return nil, err
	}
	pol := &macroAI{ai: ai, want: 1}
	return &search.Model{
		Seats: 2,
		Fork: func(g search.Game, seed int64) (search.Game, error) {
			return g.(*Game).Fork(seed)
		},
		Value:  searchValue,
		Policy: func(int64) search.Policy { return pol },
		Lead: func(int64) search.Policy {
			lead, err := NewGoldenAI(setup)
			if err != nil {
				return pol
			}
			return &macroAI{ai: lead, want: SearchDestinations}
		},
		Narrow:  func(*engine.Decision) bool { return true },
		Horizon: 4 * len(setup.Level.People),
	}, nil
}

// SearchDestinations is the number of destinations the search player
// weighs for each person's action: the AI's own and its next best.
const SearchDestinations = 4

func searchValue(sg search.Game) []float64 {
	g := sg.(*Game)
	if res, ok := g.Winner(); ok && !g.Capped() && (res == 0 || res == 1) {
		return search.Winner(2, res)
	}
	sh := g.HPShares()
	v := search.Shares([]float64{sh[0], sh[1]}, SearchScale)
	if g.Over() {
		// the cap: the larger share wins
		switch {
		case sh[0] > sh[1]:
			return search.Winner(2, 0)
		case sh[1] > sh[0]:
			return search.Winner(2, 1)
		}
		return search.Winner(2, -1)
	}
	return v
}

// Roster is the computer players of games of setup: the original's AI
// (as shapan play sets it: NewGoldenAI), and the generic random and
// search players.
func Roster(setup Setup) search.Roster[*Game] {
	return search.Roster[*Game]{
		Own:   []search.Own[*Game]{{Name: "ai", New: func(int, int64) (Player, error) { return NewGoldenAI(setup) }}},
		Model: func(int64) (*search.Model, error) { return SearchModel(setup) },
	}
}
