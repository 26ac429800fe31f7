package ftbt

import (
	"errors"
	"fmt"
	"slices"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// newState builds the start of a game from rules and a level, refusing
// every level the original would crash or loop on (CheckLevel: the
// diagnostics of the check rules, by path in the level document).
func newState(rules *ftbtfmt.Rules, l *ftbtfmt.Level) (*state, error) {
	if err := checkRules(rules); err != nil {
		return nil, err
	}
	if l == nil {
		return nil, errors.New("ftbt: no level")
	}
	if problems := CheckLevel(rules, l); problems.HasErrors() {
		return nil, problems
	}
	n := l.W * l.H
	if l.Terrain.Len() != n {
		return nil, fmt.Errorf("ftbt: the %d×%d map has %d terrain cells, not %d", l.W, l.H, l.Terrain.Len(), n)
	}
	s := &state{id: states.Add(1), rules: rules, nx: l.W, ny: l.H,
		terrain: l.Terrain.Values(),
		tw:      make([]int, n), occ: make([]int, n), seen: make([]uint32, n)}
	for c, t := range s.terrain {
		s.tw[c] = rules.Terrains[t].Weight
		s.occ[c] = -1
	}
	s.minTW, s.maxTW = slices.Min(s.tw), slices.Max(s.tw)
	s.weights = [2][]int{slices.Clone(s.tw), slices.Clone(s.tw)}
	s.weight = s.weights[0]
	s.auxAt = make([]int32, n)
	for side := range s.inCounting {
		s.inCounting[side] = make([]bool, n)
	}
	for i := range l.People {
		s.addPerson(i, &l.People[i])
	}
	return s, nil
}

// checkRules refuses rules the engine would crash on.
func checkRules(rules *ftbtfmt.Rules) error {
	if rules == nil {
		return errors.New("ftbt: no rules")
	}
	for i := range rules.Techs {
		t := &rules.Techs[i]
		if len(t.Allowed) != len(rules.Terrains) {
			return fmt.Errorf("ftbt: tech %d (%s) has %d terrain flags for %d terrains", i, t.Name, len(t.Allowed), len(rules.Terrains))
		}
	}
	return nil
}

// addPerson places person i of the level (CheckLevel found no problem).
func (s *state) addPerson(i int, p *ftbtfmt.Person) {
	s.people = append(s.people, person{name: p.Name, side: p.Side, abi: p.Abi, def: p.Def, hp: p.HP, speed: p.Speed,
		techs: append([]int(nil), p.Techs...), loc: -1})
	s.setLoc(i, p.Y*s.nx+p.X)
}
