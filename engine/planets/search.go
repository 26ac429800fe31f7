package planets

import (
	"errors"
	"slices"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
)

// Fork returns a copy of g at the start of its current step — the same
// board, every living player asked its orders again (the orders given
// already this step are forgotten, so a player searching the copy does
// not learn them) — that keeps no events and cannot be saved: the search
// player's copies. The rules draw no random numbers once the game has
// started, so there is nothing to reseed.
func (g *Game) Fork() (*Game, error) {
	if g.Over() {
		return nil, errors.New("planets: the game is over")
	}
	st := g.st.clone()
	st.reuseArgs, st.emit, st.only = false, nil, nil
	for i := range st.players {
		if i < len(st.roundStart) && i < st.asking {
			q := st.roundStart[i]
			p := &st.players[i]
			p.order, p.queued, p.tactic, p.spare = slices.Clone(q.order), q.queued, q.tactic, nil
		}
	}
	gm := &game{st: st, players: len(st.players), cap: g.setup.MaxRounds, quiet: true, forked: true}
	m := engine.StartWith(gm.rules, engine.Options{DropEvents: true, DropAnswers: true})
	if err := m.Err(); err != nil {
		return nil, err
	}
	return &Game{Machine: m, setup: g.setup, st: st, forked: true}, nil
}

// step returns the orders decisions of the current step: the pending
// one, then those of the living players still to be asked (their Args are
// the same board's).
func (g *Game) step() []*engine.Decision {
	d := g.Pending()
	if d == nil {
		return nil
	}
	out := []*engine.Decision{d}
	board := g.st.board()
	for i := d.Player + 1; i < len(g.st.players); i++ {
		if g.st.players[i].alive {
			out = append(out, g.st.decision(i, board))
		}
	}
	return out
}

// SearchScale is the lead in share of planets (plus half the share of
// units) that the search values at 73 % (the logistic of 1).
const SearchScale = 0.1

// SearchModel is the search player's model of games of setup: Fork, the
// step of every living player's orders, the value of a position (the
// winner once over, else each player's share of the planets plus half
// its share of the units: the ranking's order), and the computer player
// (NewAI) proposing its orders at every node, a seeded one too, and
// playing the playouts for Horizon decisions.
func SearchModel(setup Setup, players int, seed int64) *search.Model {
	ai, seeded := NewAI(), NewSeededAI(seed)
	pol := &searchPolicy{ai: ai, seeded: seeded}
	return &search.Model{
		Seats: players,
		Fork: func(g search.Game, _ int64) (search.Game, error) {
			return g.(*Game).Fork()
		},
		Step:    func(g search.Game) []*engine.Decision { return g.(*Game).step() },
		Value:   searchValue,
		Policy:  func(int64) search.Policy { return pol },
		Horizon: 8 * players,
	}
}

func searchValue(sg search.Game) []float64 {
	g := sg.(*Game)
	n := len(g.st.players)
	if r, ok := g.Outcome(); ok {
		return search.Winner(n, r.Winner)
	}
	planets, units := g.st.tally()
	var allP, allU float64
	for i := range planets {
		allP += float64(planets[i])
		allU += max(units[i].Float(), 0)
	}
	scores := make([]float64, n)
	for i := range scores {
		if allP > 0 {
			scores[i] += float64(planets[i]) / allP
		}
		if allU > 0 {
			scores[i] += 0.5 * max(units[i].Float(), 0) / allU
		}
	}
	return search.Shares(scores, SearchScale)
}

// searchPolicy proposes the computer players' orders and plays the
// deterministic one in the playouts.
type searchPolicy struct {
	ai, seeded *AI
}

func (p *searchPolicy) Propose(sg search.Game, d *engine.Decision) []engine.Answer {
	g := sg.(*Game)
	return []engine.Answer{p.ai.Answer(g, d), p.seeded.Answer(g, d)}
}

func (p *searchPolicy) Answer(sg search.Game, d *engine.Decision) engine.Answer {
	return p.ai.Answer(sg.(*Game), d)
}

// Roster is the computer players of games of setup with players
// players: the computer player (seeded per seat, as SeededSeats seats
// it), and the generic random and search players.
func Roster(setup Setup, players int) search.Roster[*Game] {
	return search.Roster[*Game]{
		Own: []search.Own[*Game]{{Name: "ai", New: func(seat int, seed int64) (Player, error) {
			return NewSeededAI(SeatSeed(seed, seat)), nil
		}}},
		Model: func(seed int64) (*search.Model, error) { return SearchModel(setup, players, seed), nil },
	}
}
