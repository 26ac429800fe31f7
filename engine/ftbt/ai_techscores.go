package ftbt

import ftbtfmt "github.com/shapan/shapan/formats/ftbt"

// peopleScore is the class-0 score of target person e (spec §6.5): the
// share of hp the area takes from enemies minus that from own people, no
// buffs, no randomness.
func (d *decider) peopleScore(t *ftbtfmt.Tech, e int) int {
	s, k := d.s, d.k
	centre := s.people[e].loc
	main := max(1, d.abi-s.people[e].def+t.Value)
	other := max(1, main*t.AoeRatio/100)
	score := 0
	s.area(centre, t.AoeRange, func(c int) {
		v := d.occupant(c)
		if !s.allowed(t, c) || v == -1 {
			return
		}
		pv := &s.people[v]
		if pv.side == d.side && !t.AoeSelf || t.IsLong && s.effectAt(pv.side, c, auxDL).Val != 0 || pv.hp <= 0 {
			return
		}
		dmg := other
		if c == centre {
			dmg = main
		}
		dmg = min(max(1, dmg), pv.hp)
		if pv.side != d.side {
			score += dmg * k.MaxTechScore / pv.hp
		} else {
			score -= dmg * k.MaxTechScore / pv.hp
		}
	})
	return max(0, score)
}

// inv is AI_MAX_TECH_DIST minus the goal distance of the cell in column
// x, row y (spec §6.6).
func (d *decider) inv(x, y int) int {
	g := d.goal.limit
	if i := d.goal.indexXY(x, y); i != -1 {
		g = d.goal.d[i]
	}
	return d.k.MaxTechDist - g
}

// buffScore is the class-1/2 score of target cell o (spec §6.6).
func (d *decider) buffScore(t *ftbtfmt.Tech, o int) int {
	s, k := d.s, d.k
	kind := auxAbi
	if t.Class == ftbtfmt.ClassDefBuf {
		kind = auxDef
	}
	centre := d.abi * t.Value / 100
	vmd := 0
	s.areaXY(o, t.AoeRange, func(c, x, y int) {
		if !s.allowed(t, c) {
			return
		}
		inv := d.inv(x, y)
		dur := t.Duration - s.effectAt(d.side, c, kind).Dur
		if inv <= 0 || dur <= 0 {
			return
		}
		b := centre
		if c != o {
			b = centre * t.AoeRatio / 100
		}
		vmd += b * dur * inv / k.MaxTechDist
	})
	vmd = min(vmd, k.MaxTechBufVMD)
	return vmd * k.MaxTechScore / k.MaxTechBufVMD
}

// flyScore is the class-3 score of target cell o (spec §6.6 and quirk
// 8.6: "+ 1" in local, capped by the BUF constant, divided by the FLY
// one).
func (d *decider) flyScore(t *ftbtfmt.Tech, o int) int {
	s, k, r := d.s, d.k, d.s.rules
	centre := d.abi * t.Value / 100
	vmd := 0
	s.areaXY(o, s.flyRadius(t, d.abi), func(c, x, y int) {
		if !s.allowed(t, c) {
			return
		}
		inv := d.inv(x, y)
		dur := t.Duration - s.effectAt(d.side, c, auxFly).Dur
		if inv <= 0 || dur <= 0 {
			return
		}
		a := centre
		if c != o {
			a = centre * t.AoeRatio / 100
		}
		local := s.tw[c] - (r.MaxFlyWeight-1)*(r.MaxAbi-a)/r.MaxAbi + 1
		if local <= 0 {
			return
		}
		vmd += local * dur * inv / k.MaxTechDist
	})
	vmd = min(vmd, k.MaxTechBufVMD)
	return vmd * k.MaxTechScore / k.MaxTechFlyVMD
}

// dlScore is the class-4 score of target cell o (spec §6.6).
func (d *decider) dlScore(t *ftbtfmt.Tech, o int) int {
	s, k := d.s, d.k
	dur := s.dlDuration(t, d.abi)
	vmd := 0
	s.areaXY(o, s.dlRadius(t, d.abi), func(c, x, y int) {
		if !s.allowed(t, c) {
			return
		}
		inv := d.inv(x, y)
		diff := dur - s.effectAt(d.side, c, auxDL).Dur
		if inv <= 0 || diff <= 0 {
			return
		}
		vmd += diff * inv / k.MaxTechDist
	})
	vmd = min(vmd, k.MaxTechDLVMD)
	return vmd * k.MaxTechScore / k.MaxTechDLVMD
}
