package ftbt

import (
	"errors"
	"fmt"
	"slices"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// maxCells bounds the size of a map the engine plays on.
const maxCells = 1 << 24

// newState builds the start of a game from rules and a level, refusing
// every level the original would crash or loop on (spec §1.4 and §8):
// terrain ids outside the rules, unknown tech ids, sides other than 0 and
// 1, positions off the map, two people on one cell, people without hp, a
// side with nobody, and MAX_ABI 0 when a fly or disable-long tech is held.
func newState(rules *ftbtfmt.Rules, l *ftbtfmt.Level) (*state, error) {
	if err := checkRules(rules); err != nil {
		return nil, err
	}
	if l == nil {
		return nil, errors.New("ftbt: no level")
	}
	if l.W < 1 || l.H < 1 || l.W > maxCells || l.H > maxCells || l.W*l.H > maxCells {
		return nil, fmt.Errorf("ftbt: the map is %d×%d; it needs 1 to %d cells", l.W, l.H, maxCells)
	}
	n := l.W * l.H
	if len(l.Terrain) != n {
		return nil, fmt.Errorf("ftbt: the %d×%d map has %d terrain cells, not %d", l.W, l.H, len(l.Terrain), n)
	}
	s := &state{rules: rules, nx: l.W, ny: l.H,
		terrain: append([]int(nil), l.Terrain...),
		tw:      make([]int, n), occ: make([]int, n), seen: make([]uint32, n)}
	for c, t := range s.terrain {
		if t < 0 || t >= len(rules.Terrains) {
			return nil, fmt.Errorf("ftbt: cell (%d, %d) has terrain %d; the rules define terrains 0 to %d", c%l.W, c/l.W, t, len(rules.Terrains)-1)
		}
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
		if err := s.addPerson(i, &l.People[i]); err != nil {
			return nil, err
		}
	}
	for side := range 2 {
		if s.alive[side] == 0 {
			return nil, fmt.Errorf("ftbt: side %d has nobody on the map; each side needs at least one person", side)
		}
	}
	return s, nil
}

// checkRules refuses rules the engine would crash on.
func checkRules(rules *ftbtfmt.Rules) error {
	if rules == nil {
		return errors.New("ftbt: no rules")
	}
	if len(rules.Terrains) == 0 {
		return errors.New("ftbt: the rules define no terrain")
	}
	for i := range rules.Techs {
		t := &rules.Techs[i]
		if len(t.Allowed) != len(rules.Terrains) {
			return fmt.Errorf("ftbt: tech %d (%s) has %d terrain flags for %d terrains", i, t.Name, len(t.Allowed), len(rules.Terrains))
		}
	}
	return nil
}

// addPerson places person i of the level.
func (s *state) addPerson(i int, p *ftbtfmt.Person) error {
	who := fmt.Sprintf("ftbt: person %d (%s)", i, p.Name)
	if p.Side != 0 && p.Side != 1 {
		return fmt.Errorf("%s is on side %d; only sides 0 and 1 exist", who, p.Side)
	}
	if !s.onMap(p.X, p.Y) {
		return fmt.Errorf("%s stands on (%d, %d), outside the %d×%d map", who, p.X, p.Y, s.nx, s.ny)
	}
	if p.HP <= 0 {
		return fmt.Errorf("%s starts with hp %d; hp must be positive", who, p.HP)
	}
	loc := p.Y*s.nx + p.X
	if o := s.occ[loc]; o != -1 {
		return fmt.Errorf("%s stands on (%d, %d), where person %d (%s) already stands", who, p.X, p.Y, o, s.people[o].name)
	}
	for _, id := range p.Techs {
		if id < 0 || id >= len(s.rules.Techs) {
			return fmt.Errorf("%s knows tech %d; the rules define techs 0 to %d", who, id, len(s.rules.Techs)-1)
		}
		if c := s.rules.Techs[id].Class; (c == ftbtfmt.ClassFly || c == ftbtfmt.ClassDisableLong) && 100*s.rules.MaxAbi == 0 {
			return fmt.Errorf("%s knows tech %d (%s), whose effect divides by MAX_ABI, which is %d", who, id, s.rules.Techs[id].Name, s.rules.MaxAbi)
		}
	}
	s.people = append(s.people, person{name: p.Name, side: p.Side, abi: p.Abi, def: p.Def, hp: p.HP, speed: p.Speed,
		techs: append([]int(nil), p.Techs...), loc: -1})
	s.setLoc(i, loc)
	return nil
}
