package ftbt

import (
	"math"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// area calls yield for every cell of Area(c, r) of spec §3.6: the
// Manhattan diamond of radius r around c clipped to the map, top to bottom
// and left to right (ascending loc). r < 0 yields nothing. The rows and
// columns are clipped before they are walked, so a huge radius costs no
// more than the map.
func (s *state) area(c, r int, yield func(cell int)) {
	s.areaXY(c, r, func(cell, _, _ int) { yield(cell) })
}

// areaXY is area, yielding each cell with its column and row.
func (s *state) areaXY(c, r int, yield func(cell, x, y int)) { areaXY(s.nx, s.ny, c, r, yield) }

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// targetRange is the target range of spec §3.5 (see TargetRange).
func (s *state) targetRange(loc int, t *ftbtfmt.Tech) []int {
	return TargetRange(s.nx, s.ny, func(c int) int { return s.terrain[c] }, t, loc)
}

// flyRadius and dlRadius are the area radii of classes 3 and 4.
func (s *state) flyRadius(t *ftbtfmt.Tech, abi int) int { return TechRadius(s.rules, t, abi) }

func (s *state) dlRadius(t *ftbtfmt.Tech, abi int) int { return TechRadius(s.rules, t, abi) }

// dlDuration is the duration of a disable-long effect cast with abi.
func (s *state) dlDuration(t *ftbtfmt.Tech, abi int) int { return DisableLongRounds(s.rules, t, abi) }

// flyWeight is the weight a fly effect of strength a gives a cell.
func (s *state) flyWeight(a int) int {
	r := s.rules
	return (r.MaxFlyWeight-1)*(r.MaxAbi-a)/r.MaxAbi + 1
}

// useTech applies tech itech of person u on cell t (spec §3.6) and
// reports whether the use was accepted. A rejected use changes nothing.
func (g *game) useTech(u, itech, t int) bool {
	s := g.state
	pu := &s.people[u]
	id := pu.techs[itech]
	tech := &s.rules.Techs[id]
	if !inList(s.targetRange(pu.loc, tech), t) {
		return false
	}
	obj := -1
	if tech.Class == ftbtfmt.ClassPeople {
		obj = s.occ[t]
		if obj == -1 || s.people[obj].side == pu.side {
			return false
		}
	}
	if tech.Class < ftbtfmt.ClassPeople || tech.Class > ftbtfmt.ClassDisableLong {
		return true // no event, no change, yet a successful use
	}
	g.emit(DoTech{Tech: id, Src: u, Obj: obj, Loc: t})
	switch tech.Class {
	case ftbtfmt.ClassPeople:
		g.damage(u, tech, obj, t)
	case ftbtfmt.ClassAbiBuf, ftbtfmt.ClassDefBuf:
		g.buff(u, tech, t)
	case ftbtfmt.ClassFly:
		g.fly(u, tech, t)
	case ftbtfmt.ClassDisableLong:
		g.disableLong(u, tech, t)
	}
	return true
}

// damage is class 0 (PEOPLE): damage over the area around the target.
func (g *game) damage(u int, tech *ftbtfmt.Tech, obj, t int) {
	s := g.state
	pu := &s.people[u]
	side := pu.side
	main := max(1, pu.abi-s.people[obj].def+tech.Value+s.effectAt(side, pu.loc, auxAbi).Val)
	other := max(1, main*tech.AoeRatio/100)
	recompute := false
	s.area(t, tech.AoeRange, func(c int) {
		v := s.occ[c]
		if !s.allowed(tech, c) || v == -1 {
			return
		}
		pv := &s.people[v]
		if pv.side == side && !tech.AoeSelf {
			return
		}
		if tech.IsLong && s.effectAt(pv.side, c, auxDL).Val != 0 {
			return
		}
		d := other
		if c == t {
			d = main
		}
		d += int(math.Floor((0.15 * g.rng.Float64()) * float64(d)))
		d -= s.effectAt(1-side, c, auxDef).Val // quirk 8.2: always the enemy of the user's
		d = max(1, d)
		g.emit(HPDown{P: v, Loc: c, HP: pv.hp, DHP: d})
		pv.hp -= d
		if pv.hp <= 0 {
			pv.hp = 0
			g.emit(PeopleOut{P: v, Loc: c})
			if pv.finished {
				s.finished[pv.side]--
			}
			s.setLoc(v, -1)
			if pv.side != side {
				recompute = true
			}
		}
	})
	if recompute {
		s.computeWeights(side)
	}
}

// buff is classes 1 and 2 (ABI_BUF, DEF_BUF).
func (g *game) buff(u int, tech *ftbtfmt.Tech, t int) {
	s := g.state
	pu := &s.people[u]
	k := castEffect(tech)
	centre := pu.abi * tech.Value / 100
	s.area(t, tech.AoeRange, func(c int) {
		if !s.allowed(tech, c) {
			return
		}
		b := centre
		if c != t {
			b = centre * tech.AoeRatio / 100
		}
		g.emit(LocBuf{Loc: c, AD: k, Val: b, Dur: tech.Duration})
		s.setEffect(pu.side, c, k, Effect{Val: b, Dur: tech.Duration})
	})
}

// fly is class 3 (FLY): lower move weights, then new weights for the
// user's side.
func (g *game) fly(u int, tech *ftbtfmt.Tech, t int) {
	s := g.state
	pu := &s.people[u]
	centre := pu.abi * tech.Value / 100
	s.area(t, s.flyRadius(tech, pu.abi), func(c int) {
		if !s.allowed(tech, c) {
			return
		}
		a := centre
		if c != t {
			a = centre * tech.AoeRatio / 100
		}
		w := s.flyWeight(a)
		g.emit(LocFly{Loc: c, Weight: w, Dur: tech.Duration})
		s.setEffect(pu.side, c, auxFly, Effect{Val: w, Dur: tech.Duration})
	})
	s.computeWeights(pu.side)
}

// disableLong is class 4 (DISABLE_LONG).
func (g *game) disableLong(u int, tech *ftbtfmt.Tech, t int) {
	s := g.state
	pu := &s.people[u]
	dur := s.dlDuration(tech, pu.abi)
	s.area(t, s.dlRadius(tech, pu.abi), func(c int) {
		if !s.allowed(tech, c) {
			return
		}
		g.emit(LocDisableLong{Loc: c, Dur: dur})
		s.setEffect(pu.side, c, auxDL, Effect{Val: 1, Dur: dur})
	})
}
