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
func (d *decider) buffScore(j int, t *ftbtfmt.Tech, o int) int {
	k := d.k
	vmd := min(d.areaScore(j, t, o, t.AoeRange), k.MaxTechBufVMD)
	return vmd * k.MaxTechScore / k.MaxTechBufVMD
}

// flyScore is the class-3 score of target cell o (spec §6.6 and quirk
// 8.6: "+ 1" in local, capped by the BUF constant, divided by the FLY
// one).
func (d *decider) flyScore(j int, t *ftbtfmt.Tech, o int) int {
	k := d.k
	vmd := min(d.areaScore(j, t, o, d.s.flyRadius(t, d.abi)), k.MaxTechBufVMD)
	return vmd * k.MaxTechScore / k.MaxTechFlyVMD
}

// dlScore is the class-4 score of target cell o (spec §6.6).
func (d *decider) dlScore(j int, t *ftbtfmt.Tech, o int) int {
	k := d.k
	vmd := min(d.areaScore(j, t, o, d.s.dlRadius(t, d.abi)), k.MaxTechDLVMD)
	return vmd * k.MaxTechScore / k.MaxTechDLVMD
}

// term is what cell c (column x, row y) of the area of a target of tech
// t adds to the target's vmd (spec §6.6), each term truncated on its own;
// centre tells whether c is the target itself.
func (d *decider) term(t *ftbtfmt.Tech, c, x, y int, centre bool) int {
	s, k := d.s, d.k
	if !s.allowed(t, c) {
		return 0
	}
	inv := d.inv(x, y)
	if inv <= 0 {
		return 0
	}
	switch t.Class {
	case ftbtfmt.ClassAbiBuf, ftbtfmt.ClassDefBuf, ftbtfmt.ClassFly:
		dur := t.Duration - s.effectAt(d.side, c, castEffect(t)).Dur
		if dur <= 0 {
			return 0
		}
		a := d.abi * t.Value / 100 // the buff, or the fly's strength
		if !centre {
			a = a * t.AoeRatio / 100
		}
		if t.Class != ftbtfmt.ClassFly {
			return a * dur * inv / k.MaxTechDist
		}
		r := s.rules
		local := s.tw[c] - (r.MaxFlyWeight-1)*(r.MaxAbi-a)/r.MaxAbi + 1
		if local <= 0 {
			return 0
		}
		return local * dur * inv / k.MaxTechDist
	case ftbtfmt.ClassDisableLong:
		diff := s.dlDuration(t, d.abi) - s.effectAt(d.side, c, auxDL).Dur
		if diff <= 0 {
			return 0
		}
		return diff * inv / k.MaxTechDist
	}
	return 0
}

// areaScore is the vmd sum of spec §6.6 over the area of radius r around
// target o of tech j (t), before its cap. The terms of the other cells
// are summed from rows of prefix sums of the decision's box (areaSums),
// so a target costs a few additions a row instead of one term a cell;
// the area's cells off the box add nothing (their goal distance is the
// table's limit, so inv ≤ 0).
func (d *decider) areaScore(j int, t *ftbtfmt.Tech, o, r int) int {
	if r < 0 {
		return 0
	}
	sums := d.areaSums(j, t)
	b, w := d.reads, d.reads.width()+1
	ox, oy := d.s.xy(o)
	vmd := d.term(t, o, ox, oy, true) - d.term(t, o, ox, oy, false)
	for y := max(oy-r, b.y0); y <= min(oy+r, b.y1); y++ {
		span := r - abs(y-oy)
		x0, x1 := max(ox-span, b.x0), min(ox+span, b.x1)
		if x0 <= x1 {
			row := sums[(y-b.y0)*w:]
			vmd += row[x1-b.x0+1] - row[x0-b.x0]
		}
	}
	return vmd
}

// areaSums returns the prefix sums of tech j's terms for cells other than
// the target, along each row of the decision's box (a row of width+1
// sums starting at 0), computing them the first time a target of the
// tech is scored.
func (d *decider) areaSums(j int, t *ftbtfmt.Tech) []int {
	if d.sums[j] != nil {
		return d.sums[j]
	}
	b, nx := d.reads, d.s.nx
	w := b.width() + 1
	sums := grow(d.scratch.sums[j], w*b.height())
	for y := b.y0; y <= b.y1; y++ {
		row := sums[(y-b.y0)*w:]
		row[0] = 0
		for x := b.x0; x <= b.x1; x++ {
			row[x-b.x0+1] = row[x-b.x0] + d.term(t, y*nx+x, x, y, false)
		}
	}
	d.scratch.sums[j], d.sums[j] = sums, sums
	return sums
}

// castEffect is the effect a buff or fly tech casts.
func castEffect(t *ftbtfmt.Tech) int {
	switch t.Class {
	case ftbtfmt.ClassDefBuf:
		return auxDef
	case ftbtfmt.ClassFly:
		return auxFly
	}
	return auxAbi
}
