// Package ftbttest makes ftbt levels for tests.
package ftbttest

import ftbtfmt "github.com/shapan/shapan/formats/ftbt"

// River cuts level l in two with a column of its costliest terrain,
// slows everybody down so that nobody can enter it, and leaves everybody
// the rules' first tech only (刀击 in the samples' rules: a sword, which
// does not reach across): no game of it can have a fight. It returns
// false when a person stands on the column.
func River(l *ftbtfmt.Level, rules *ftbtfmt.Rules) bool {
	deepest := 0
	for t, tr := range rules.Terrains {
		if tr.Weight > rules.Terrains[deepest].Weight {
			deepest = t
		}
	}
	x := l.W / 2
	for i, p := range l.People {
		if p.X == x {
			return false
		}
		l.People[i].Speed = min(p.Speed, rules.Terrains[deepest].Weight-10)
		l.People[i].Techs = []int{0}
	}
	for y := range l.H {
		l.Terrain.Set(y*l.W+x, deepest)
	}
	return true
}
