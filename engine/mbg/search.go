package mbg

import (
	"errors"
	"math/rand"
	"slices"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
)

// checkpoint is a game as it stood when a role was last asked
// sel_role_action — where the rules can start again, as a save starts
// them — and the answers given since.
type checkpoint struct {
	st      *state
	role    int
	seed    int64
	draws   int64
	answers []engine.Answer
}

// checkpoint records the state before role r is asked sel_role_action,
// once Fork has turned checkpoints on.
func (g *game) checkpoint(r int) {
	if g.cp == nil {
		return
	}
	seed, draws := g.src.Position()
	*g.cp = checkpoint{st: g.state.clone(), role: r, seed: seed, draws: draws, answers: g.cp.answers[:0]}
}

// clone returns a deep copy of s.
func (s *state) clone() *state {
	c := *s
	c.board = slices.Clone(s.board)
	for i := range c.board {
		c.board[i].present = slices.Clone(s.board[i].present)
	}
	c.people = slices.Clone(s.people)
	c.cities = slices.Clone(s.cities)
	for i := range c.cities {
		c.cities[i].mos = s.cities[i].mos.clone()
	}
	c.roles = slices.Clone(s.roles)
	for i := range c.roles {
		r := &c.roles[i]
		r.tech, r.mos, r.mcs, r.sos, r.tos = r.tech.clone(), r.mos.clone(), r.mcs.clone(), r.sos.clone(), r.tos.clone()
	}
	c.insts = slices.Clone(s.insts)
	for i := range c.insts {
		in := &c.insts[i]
		in.techs, in.researcher, in.onStudy, in.point = slices.Clone(in.techs), slices.Clone(in.researcher), slices.Clone(in.onStudy), slices.Clone(in.point)
	}
	c.trains = slices.Clone(s.trains)
	for i := range c.trains {
		t := &c.trains[i]
		t.trainee, t.round = slices.Clone(t.trainee), slices.Clone(t.round)
	}
	for i := range c.free {
		c.free[i] = s.free[i].clone()
	}
	return &c
}

// Fork returns a copy of g at its pending decision — the same state, the
// same question — whose random numbers from there on are drawn from seed
// instead of g's generator, that keeps no events and cannot be saved: the
// search player's copies. The copy is the game as it stood when the
// acting role was last asked sel_role_action, with the answers given
// since replayed: g records that point from the first Fork on. A game
// first copied within an action is copied by replaying all its answers
// (it must keep them).
func (g *Game) Fork(seed int64) (*Game, error) {
	d := g.Pending()
	if d == nil {
		return nil, errors.New("mbg: the game is over")
	}
	gg := g.g
	if gg.cp == nil || gg.cp.st == nil {
		if d.Kind != KindSelRoleAction || gg.acting == -1 {
			return g.replayFork(seed)
		}
		gg.cp = &checkpoint{}
		gg.checkpoint(gg.acting)
	}
	cp := gg.cp
	src := engine.SourceAt(cp.seed, cp.draws)
	c := &game{state: cp.st.clone(), rng: rand.New(src), src: src, maxTurn: gg.maxTurn, firstRole: cp.role, acting: -1}
	m := engine.StartWith(c.forkRules, engine.Options{DropEvents: true, DropAnswers: true})
	f := &Game{Machine: m, setup: g.setup, g: c, forked: true}
	if err := m.Replay(cp.answers); err != nil {
		f.Close()
		return nil, err
	}
	if e := f.Pending(); e == nil || e.Kind != d.Kind || e.Player != d.Player {
		f.Close()
		return nil, errors.New("mbg: the copy does not stand where the game stands")
	}
	c.src.Seed(seed)
	return f, nil
}

// replayFork is Fork by replaying every answer of g on a new game: for
// a game first copied within an action. It turns the checkpoints on for
// the next sel_role_action.
func (g *Game) replayFork(seed int64) (*Game, error) {
	// the next sel_role_action records a checkpoint even when this copy
	// cannot be made (a game that keeps no answers)
	g.g.cp = &checkpoint{}
	snap, err := g.Snapshot()
	if err != nil {
		return nil, err
	}
	f, err := Resume(snap, Options{Machine: engine.Options{DropEvents: true, DropAnswers: true}})
	if err != nil {
		return nil, err
	}
	f.forked = true
	f.g.src.Seed(seed)
	return f, nil
}

// forkRules are the rules of a copy: Run from the checkpoint's role, as
// a save continues (the UI's events are not emitted).
func (g *game) forkRules(p *engine.Play) any {
	g.play = p
	return g.run()
}

// SearchScale is the lead in share of the money that the search values
// at 73 % (the logistic of 1).
const SearchScale = 0.1

// SearchModel is the search player's model of games of setup: Fork, the
// value of a position (the winner once over, else every live role's
// share of the money: the richest wins at the turn limit), and the
// computer player (AI, a fresh one each playout, its card plans being
// its own) proposing its answer at every node and playing the playouts
// for Horizon decisions.
func SearchModel(roles int) *search.Model {
	return &search.Model{
		Seats: roles,
		Fork: func(g search.Game, seed int64) (search.Game, error) {
			return g.(*Game).Fork(seed)
		},
		Value: searchValue,
		Policy: func(seed int64) search.Policy {
			ai := NewAI(seed)
			return search.PolicyFunc(func(g search.Game, d *engine.Decision) engine.Answer { return ai.Answer(g.(*Game), d) })
		},
		Horizon: 15 * roles,
		// the AI's answer stands unless a clearly better one is found
		// (赤壁, 10 ms a decision, one of three seats, 12 games: 0 wins
		// without, 3 with, 4 with the AI seeing every decision)
		Trust: search.SureTrust,
	}
}

func searchValue(sg search.Game) []float64 {
	g := sg.(*Game)
	n := len(g.g.roles)
	if res, ok := g.Winner(); ok {
		return search.Winner(n, res)
	}
	scores := make([]float64, n)
	total := 0.0
	for r := range scores {
		if g.g.live(r) {
			scores[r] = float64(max(g.g.roles[r].money, 0))
			total += scores[r]
		}
	}
	if total > 0 {
		for r := range scores {
			scores[r] /= total
		}
	}
	return search.Shares(scores, SearchScale)
}

// Roster is the computer players of games of roles roles: the AI, and
// the generic random and search players, search-decisive
// (DecisiveModel), search-screened (ScreenedModel) and search-wide
// (WideModel).
func Roster(roles int) search.Roster[*Game] {
	return search.Roster[*Game]{
		Own:   []search.Own[*Game]{{Name: "ai", New: func(_ int, seed int64) (Player, error) { return NewAI(seed), nil }}},
		Model: func(int64) (*search.Model, error) { return SearchModel(roles), nil },
		Variants: map[string]func(int64) (*search.Model, error){
			"decisive": func(int64) (*search.Model, error) { return DecisiveModel(roles), nil },
			"screened": func(int64) (*search.Model, error) { return ScreenedModel(roles), nil },
			"wide":     func(int64) (*search.Model, error) { return WideModel(roles), nil },
		},
	}
}
