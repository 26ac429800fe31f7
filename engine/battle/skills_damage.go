package battle

// damagingSkills is stage 9b: by caster, side order, slot order. A skill
// whose caster died in 9a still resolves, from the snapshot.
func (st *state) damagingSkills() {
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			a := &st.ord[s].act[k]
			if a.op != OpSK {
				continue
			}
			if sk := skillOf(st.snap[s][k].Hero, a.skill); damaging(sk) {
				st.damagingSkill(s, k, sk, a)
			}
		}
	}
}

func (st *state) damagingSkill(s, k, sk int, a *actOrder) {
	r, t := st.Round, other(s)
	u := &st.snap[s][k]
	st.Sides[s].Last[u.Hero][a.skill-1] = r
	via := [3]string{"", "SK1", "SK2"}[a.skill]
	src := source{side: s, slot: k, name: st.name(s, k), via: via}
	fe, rng := st.force(u), st.Board.Roster[u.Hero].Range
	switch sk {
	case sk1Fire:
		st.skillEvent(s, k, a, "", &a.at)
		if Dist(u.At, a.at) > rng {
			st.miss(s, k, via, "out_of_range")
			return
		}
		for v := range st.snap[t] {
			e := &st.snap[t][v]
			if e.Alive && inSquare(e.At, a.at, 4) {
				st.strike(src, t, v, fe*5/2, fireDamage)
			}
		}
		return
	case sk1Wushuang, sk2Charge, sk2Moon:
		st.skillEvent(s, k, a, "", nil)
		st.areaSkill(src, sk, fe, rng)
		if sk == sk2Moon {
			setStatus(&st.Sides[s].Team[k], Charge, r+1, r+chargeRounds)
		}
		return
	}
	target := st.name(t, a.target)
	st.skillEvent(s, k, a, target, nil)
	if Dist(u.At, st.snap[t][a.target].At) > rng {
		st.miss(s, k, via, "out_of_range")
		return
	}
	st.targetSkill(src, sk, fe, a.target)
}

// inSquare reports whether p is in the n×n square whose top-left is at.
func inSquare(p, at Point, n int) bool {
	return p.X >= at.X && p.X < at.X+n && p.Y >= at.Y && p.Y < at.Y+n
}

// areaSkill strikes every enemy unit in range at the snapshot, in slot
// order: 无双乱舞, 冲锋陷阵, 青龙偃月斩.
func (st *state) areaSkill(src source, sk, fe, rng int) {
	t := other(src.side)
	at := st.snap[src.side][src.slot].At
	for v := range st.snap[t] {
		e := &st.snap[t][v]
		if !e.Alive || Dist(at, e.At) > rng {
			continue
		}
		switch {
		case sk != sk2Charge:
			st.strike(src, t, v, fe*2, unitDamage)
		case e.Archers+e.Shields > 0:
			st.strike(src, t, v, fe/2, soldierOnly)
		default:
			st.strike(src, t, v, fe, directDamage)
		}
	}
}

// targetSkill resolves a single-target skill whose target was in range.
func (st *state) targetSkill(src source, sk, fe, v int) {
	r, t := st.Round, other(src.side)
	e := &st.Sides[t].Team[v]
	if !e.Alive {
		return
	}
	switch sk {
	case sk1Dragon:
		sn := &st.snap[t][v]
		if sn.HP*4 < st.Board.Roster[sn.Hero].HP {
			amount := e.HP
			if sn.Has(Immune, r) {
				amount = 0
			}
			st.dealt[src.side][src.slot] += st.hit(src, t, v, amount, executeHit)
		} else {
			st.strike(src, t, v, fe*2, directDamage)
		}
	case sk1Yiqi:
		st.strike(src, t, v, fe*3, directDamage)
	case sk1Tiger:
		st.strike(src, t, v, fe*3/2, unitDamage)
		st.strike(src, t, v, fe*3/2, unitDamage)
		st.knock[src.side] = knock{ok: true, caster: src.slot, target: v}
	case sk1Guimou, sk2Tianming:
		i, status, amount := 0, Silence, fe*3/2
		if sk == sk2Tianming {
			i, status, amount = 1, Prison, fe
		}
		setStatus(e, status, r+1, r+controlRounds)
		e.DoT[i] = DoT{Amount: amount, SrcSide: src.side, Src: src.name}
	}
}
