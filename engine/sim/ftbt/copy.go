package ftbt

import (
	"slices"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// The adapters of ftbt and planets play copies of the scenario, so that
// a document may be edited (in the studio) while its games run.

// copyLevel returns a deep copy of an ftbt level.
func copyLevel(l *ftbtfmt.Level) *ftbtfmt.Level {
	c := *l
	c.Terrain = l.Terrain.Clone()
	c.Legend = slices.Clone(l.Legend)
	c.Trailing = slices.Clone(l.Trailing)
	if l.Intro != nil {
		intro := *l.Intro
		c.Intro = &intro
	}
	c.People = make([]ftbtfmt.Person, len(l.People))
	for i, p := range l.People {
		p.Techs = slices.Clone(p.Techs)
		if p.AI != nil {
			ai := *p.AI
			p.AI = &ai
		}
		c.People[i] = p
	}
	return &c
}

// copyRules returns a deep copy of ftbt rules.
func copyRules(r *ftbtfmt.Rules) *ftbtfmt.Rules {
	c := *r
	c.Terrains = slices.Clone(r.Terrains)
	c.Trailing = slices.Clone(r.Trailing)
	if r.AI != nil {
		ai := *r.AI
		c.AI = &ai
	}
	c.Techs = make([]ftbtfmt.Tech, len(r.Techs))
	for i, t := range r.Techs {
		t.Range = slices.Clone(t.Range)
		t.Allowed = slices.Clone(t.Allowed)
		c.Techs[i] = t
	}
	return &c
}
