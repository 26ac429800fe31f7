package sim

import (
	"fmt"
	"slices"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	planetsfmt "github.com/shapan/shapan/formats/planets"
)

// The adapters of ftbt and planets play copies of the scenario, so that
// a document may be edited (in the studio) while its games run.

// copyLevel returns a deep copy of an ftbt level.
func copyLevel(l *ftbtfmt.Level) *ftbtfmt.Level {
	c := *l
	c.Terrain = slices.Clone(l.Terrain)
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

// copyMap returns a copy of a Planet-Conquer map, written in the game's
// own YAML and read back (the round trip is lossless).
func copyMap(m *planetsfmt.Map) (*planetsfmt.Map, error) {
	y, err := planetsfmt.WriteLegacy(m)
	if err != nil {
		return nil, fmt.Errorf("copying the map: %w", err)
	}
	c, _, err := planetsfmt.ReadLegacy("map.yml", y)
	if err != nil {
		return nil, fmt.Errorf("copying the map: %w", err)
	}
	return c, nil
}
