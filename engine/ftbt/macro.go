package ftbt

import (
	"cmp"
	"slices"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
)

// macroAI is the original's AI as the search player's policy: a person's
// destination, tech and target are one action, the AI's best from the
// destination taken. At a destination it proposes the AI's own first,
// then its next best up to want (the AI's total of spec §6.7, the tech
// and target it would use from each); at the tech and the target it
// follows up the destination actually taken, whichever it was, with the
// tech and target the AI scored best from there (where the AI itself
// would re-decide the whole action and answer for another cell).
type macroAI struct {
	ai   *AI
	want int
}

// Propose implements search.Policy.
func (m *macroAI) Propose(sg search.Game, d *engine.Decision) []engine.Answer {
	g := sg.(*Game)
	a, ok := d.Args.(SelMoveArgs)
	if !ok || m.want <= 1 || !m.ai.controls(a.P) {
		return []engine.Answer{m.Answer(sg, d)}
	}
	s := g.g.state
	sc, err := decide(s, &m.ai.k, m.ai.dc, &m.ai.scratch, m.ai.settings[a.P], a.P, a.From, a.Valid)
	if err != nil {
		return []engine.Answer{m.Answer(sg, d)}
	}
	first := m.ai.decide(g.g, a.P, a.From, a.Valid).Move
	out := []engine.Answer{engine.Encode(first)}
	set := m.ai.settings[a.P]
	type cand struct{ cell, total int }
	var cs []cand
	for i, c := range sc.ValidLoc {
		if c == a.From || c == first || (s.occ[c] != -1 && s.occ[c] != a.P) {
			continue
		}
		cs = append(cs, cand{c, sc.AttScore[i]*set.Attack + sc.DefScore[i]*set.Defence + sc.LocScore[i]*set.Move})
	}
	slices.SortStableFunc(cs, func(x, y cand) int { return cmp.Compare(y.total, x.total) })
	for _, c := range cs[:min(len(cs), m.want-1)] {
		out = append(out, engine.Encode(c.cell))
	}
	return out
}

// Answer implements search.Policy.
func (m *macroAI) Answer(sg search.Game, d *engine.Decision) engine.Answer {
	g := sg.(*Game)
	switch a := d.Args.(type) {
	case SelTechArgs:
		if a.Retry > 0 || !m.ai.controls(a.P) {
			break
		}
		return engine.Encode(m.followUp(g.g, a.P, a.From, a.Loc).ITech)
	case SelTechObjArgs:
		if a.Rejected > 0 || !m.ai.controls(a.P) {
			break
		}
		if c := m.followUp(g.g, a.P, a.From, a.Loc); c.ITech == a.ITech {
			return engine.Encode(c.Target)
		}
		return engine.Encode(-1)
	}
	return m.ai.Answer(g, d)
}

// followUp returns the AI's action of p from from that ends on loc: its
// own when it chose loc, else the tech and target it scored best from
// loc (none when loc is not in its range).
func (m *macroAI) followUp(g *game, p, from, loc int) Choice {
	c := m.ai.planned(g, p, from)
	if c.Move == loc {
		return c
	}
	valid, _ := g.moveRange(from, g.people[p].speed)
	c = Choice{Move: loc, ITech: -1, Target: -1}
	if sc, err := decide(g.state, &m.ai.k, m.ai.dc, &m.ai.scratch, m.ai.settings[p], p, from, valid); err == nil {
		if i := slices.Index(sc.ValidLoc, loc); i >= 0 {
			c.ITech, c.Target = sc.AttTech[i], sc.AttTarget[i]
		}
	}
	m.ai.plan = plan{ok: true, g: g, turn: g.turn, side: g.side, p: p, from: from, choice: c}
	return c
}
