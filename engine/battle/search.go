package battle

import (
	"errors"
	"slices"
	"time"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// Fork returns a copy of g at the start of its current round — the same
// position, both sides asked their orders again (an answer given this
// round is not copied, so a side searching the copy does not learn the
// other's) — that keeps no events and cannot be saved: the search
// player's copies. The rules draw no random numbers, so there is nothing
// to reseed.
func (g *Game) Fork() (*Game, error) {
	if g.Over() {
		return nil, errors.New("battle: the game is over")
	}
	st := newState(g.st.Board, g.st.maxRounds)
	st.Position = *g.st.Position.clone()
	c := &Game{setup: g.setup, st: st, forked: true}
	c.Machine = engine.StartWith(c.rules, engine.Options{DropEvents: true, DropAnswers: true})
	if err := c.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// SearchScale is the lead, in the tactician's evaluation of a position
// (a living hero is worth 1200, a held round 40), that the search values
// at 73 % (the logistic of 1).
const SearchScale = 1500

// SearchModel is the search player's model of games on board b: Fork,
// the value of a position (the result once over, else the tactician's
// evaluation of both sides), and the proposals of the tactician and of
// greedy at every node, with the tactician's plan (without its
// lookahead) playing the playouts for Horizon decisions (two a round).
// seed varies the tactician's proposals.
func SearchModel(b *Board, seed int64) *search.Model {
	pol := &searchPolicy{greedy: NewGreedy(b)}
	for s := range pol.tactician {
		pol.tactician[s] = NewTactician(b, seed*2+int64(s))
		// the playouts' tactician: its plan without the lookahead
		pol.quick[s] = NewTactician(b, seed*2+int64(s))
		pol.quick[s].Depth, pol.quick[s].Budget = 1, 0
	}
	return &search.Model{
		Seats: 2,
		Fork: func(g search.Game, _ int64) (search.Game, error) {
			return g.(*Game).Fork()
		},
		Value:  searchValue,
		Policy: func(int64) search.Policy { return pol },
		// the search's own seat is advised by the tactician, which at the
		// pick also proposes the teams one hero away from its own
		Lead: func(int64) search.Policy {
			return &searchPolicy{tactician: pol.tactician, quick: pol.quick, greedy: pol.greedy, lead: true}
		},
		// the pick decides more than any round: its playouts are whole
		// games of tacticians (docs/ai.md, "The pick")
		Opening: func(_ search.Game, d *engine.Decision) bool {
			a, ok := d.Args.(*OrdersArgs)
			return ok && a.Position.Round == 1
		},
		OpeningPolicy:   func(seed int64) search.Policy { return newOpeningPolicy(b, seed) },
		OpeningCPU:      OpeningCPU,
		OpeningPlayouts: 40,
		Horizon:         2 * 10,
		// the tactician's orders stand unless a clearly better order is
		// found: a few dozen playouts over random orders of six heroes
		// otherwise overrule it on noise (13 % of 30 games against the
		// tactician at 10 ms a round without, 57 % with)
		Trust: search.SureTrust,
	}
}

// searchValue is both sides' value of g.
func searchValue(sg search.Game) []float64 {
	g := sg.(*Game)
	if r, ok := g.Outcome(); ok {
		return search.Winner(2, r.Winner)
	}
	v := defaultWeights.evaluate(&g.st.Position, 0)
	return search.Shares([]float64{v / 2, -v / 2}, SearchScale)
}

// OpeningCPU is the CPU time the search spends on its pick (round 1)
// when it thinks in CPU time and has less a round: its playouts are
// whole games.
const OpeningCPU = time.Second

// searchPolicy proposes the tactician's and greedy's orders and plays
// the quick tactician in the playouts; lead is set on the adviser of the
// search's own seat.
type searchPolicy struct {
	tactician, quick [2]*Tactician
	greedy           *Greedy
	lead             bool
}

func (p *searchPolicy) Propose(sg search.Game, d *engine.Decision) []engine.Answer {
	g := sg.(*Game)
	if argsOf(d).Position.Round == 1 && (d.Player == 0 || d.Player == 1) {
		return pickProposals(p.tactician[d.Player].team, p.lead)
	}
	out := []engine.Answer{p.greedy.Answer(g, d)}
	if d.Player == 0 || d.Player == 1 {
		out = append([]engine.Answer{p.tactician[d.Player].Answer(g, d)}, out...)
	}
	return out
}

func (p *searchPolicy) Answer(sg search.Game, d *engine.Decision) engine.Answer {
	if d.Player == 0 || d.Player == 1 {
		return p.quick[d.Player].Answer(sg.(*Game), d)
	}
	return p.greedy.Answer(sg.(*Game), d)
}

// pickProposals are the teams proposed at the pick: team (the
// tactician's draw), then, for the search's own seat (wide), the teams
// one hero away from it, then the tactician's other teams and greedy's.
func pickProposals(team []string, wide bool) []engine.Answer {
	out := []engine.Answer{Encode(PickTeam(team...))}
	if wide {
		for k := range team {
			for _, h := range bfmt.HeroNames() {
				if !slices.Contains(team, h) {
					t := slices.Clone(team)
					t[k] = h
					out = append(out, Encode(PickTeam(t...)))
				}
			}
		}
	}
	for _, t := range TacticianTeams {
		out = append(out, Encode(PickTeam(t...)))
	}
	return append(out, Encode(PickTeam(GreedyTeam...)))
}

// openingPolicy plays the pick's playouts: whole games of two
// tacticians (with the lookahead), each seeded anew.
type openingPolicy struct {
	tactician [2]*Tactician
}

func newOpeningPolicy(b *Board, seed int64) *openingPolicy {
	return &openingPolicy{tactician: [2]*Tactician{NewTactician(b, seed*2), NewTactician(b, seed*2+1)}}
}

func (p *openingPolicy) Propose(g search.Game, d *engine.Decision) []engine.Answer {
	if argsOf(d).Position.Round == 1 {
		return pickProposals(TacticianTeams[0], false)
	}
	return []engine.Answer{p.Answer(g, d)}
}

func (p *openingPolicy) Answer(sg search.Game, d *engine.Decision) engine.Answer {
	return p.tactician[d.Player&1].Answer(sg.(*Game), d)
}
