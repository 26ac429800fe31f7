package mbg

// roundEnd is the round end of spec §5.9. over reports that the game
// ended, with res its result (a winner or ResultDraw).
func (g *game) roundEnd() (over bool, res int) {
	g.roundInstitutes()
	g.roundTraining()
	g.roundCities()
	for p := range g.people {
		o := &g.people[p]
		if o.lst > 0 {
			o.lst--
		}
		if o.pst > 0 {
			o.pst--
		}
		if o.quit {
			o.quit = false
			g.quitRole(p)
		}
	}
	for r := range g.roles {
		if won := g.roundRole(r); won {
			return true, r
		}
	}
	live, last := 0, -1
	for r := range g.roles {
		if g.live(r) {
			live++
			last = r
		}
	}
	switch live {
	case 0:
		g.emit(Plain{Name: "note_all_loss"})
		return true, ResultDraw
	case 1:
		g.emit(RoleWin{Role: last, Moneys: g.moneys()})
		return true, last
	}
	g.emit(EndTurn{Turn: g.turn, Moneys: g.moneys()})
	if g.turn%allocateTurn == 0 {
		g.allocation()
	}
	g.turn++
	return false, 0
}

// roundInstitutes: research progresses by the researcher's effective
// strategy and costs as much money.
func (g *game) roundInstitutes() {
	for i := range g.insts {
		in := &g.insts[i]
		for j := range g.roles {
			p := in.researcher[j]
			if p == -1 {
				continue
			}
			if g.people[p].lst != 0 {
				g.emit(LyStudy{To: j, Inst: i, P: p})
				continue
			}
			old := in.point[j]
			in.point[j] -= g.people[p].eff(2)
			if in.point[j] <= 0 {
				tech := in.onStudy[j]
				g.roles[j].tech.add(tech)
				in.point[j] = 0
				in.onStudy[j] = -1
				in.researcher[j] = -1
				g.emit(FinishStudy{To: j, Inst: i, P: p, Tech: tech})
				g.returnFrom(p, j)
				g.emit(InOutInst{Name: "note_out_inst", P: p, Inst: i})
			}
			paid := g.changeMoney(j, in.point[j]-old)
			g.emit(PayInst{To: j, DM: paid})
		}
	}
}

// roundTraining: a training ends after 6 rounds with a gain of 1–3.
func (g *game) roundTraining() {
	for t := range g.trains {
		tr := &g.trains[t]
		for j := range g.roles {
			p := tr.trainee[j]
			if p == -1 {
				continue
			}
			o := &g.people[p]
			if o.lst != 0 {
				g.emit(LyTrain{To: j, Train: t, P: p})
				continue
			}
			tr.round[j]--
			if tr.round[j] > 0 {
				continue
			}
			tr.trainee[j] = -1
			tr.round[j] = 0
			v := float32(g.rng.Intn(trainPlus) + 1)
			if o.prop[tr.item]+v > 100 {
				v = 100 - o.prop[tr.item]
			}
			o.prop[tr.item] += v
			g.emit(FinishTrain{To: j, P: p, Item: tr.item, Value: v})
			g.returnFrom(p, j)
			g.emit(InOutTrain{Name: "note_out_train", P: p, Train: t})
		}
	}
}

// returnFrom brings a researcher or trainee p of role j back to its
// travelling party (the slot is already cleared).
func (g *game) returnFrom(p, j int) {
	o := &g.people[p]
	o.job, o.loc = jobNone, -1
	g.roles[j].sos.del(p)
	g.roles[j].tos.del(p)
	g.roles[j].mos.add(p)
}

// roundCities: defence regenerates, mayors heal, cities earn, fengshui is
// re-rolled every fifth turn.
func (g *game) roundCities() {
	for c := range g.cities {
		ci := &g.cities[c]
		changeHP(&ci.hp, ci.hpmax, float32(ci.hpmax*defPlusScale))
		if m := ci.mayor; m != -1 {
			if g.people[m].lst != 0 {
				if ci.role != -1 {
					g.emit(ToOfficerCity{Name: "note_ly_mayor", To: ci.role, P: m, City: c})
				}
			} else {
				h := g.people[m].eff(3)
				for _, p := range ci.mos.list() {
					changeHP(&g.people[p].hp, g.people[p].hpmax, h)
				}
				if ci.role != -1 {
					g.emit(CityRecover{To: ci.role, City: c, HPlus: h})
				}
			}
		}
		if o := ci.role; o != -1 {
			if t := ci.treasurer; t != -1 && g.people[t].lst != 0 {
				g.emit(ToOfficerCity{Name: "note_ly_treasurer", To: o, P: t, City: c})
			}
			e := g.earn(c)
			g.changeMoney(o, e)
			g.emit(CityEarn{To: o, City: c, MPlus: e})
		}
		if g.turn%fengshuiRound == 0 {
			ci.fengshui = float32(g.rng.Float32() * 0.5)
		}
	}
}

// roundRole is the role step of the round end for role r; it reports a
// money victory.
func (g *game) roundRole(r int) bool {
	ro := &g.roles[r]
	if ro.loc == -1 {
		return false
	}
	if ro.mst != mstNormal {
		ro.mtime--
		if ro.mtime == 0 {
			old := ro.mst
			ro.mst = mstNormal
			g.emit(RoleStEnd{Role: r, St: old})
		}
	}
	if ro.ast != astNone {
		ro.atime--
		if ro.atime == 0 {
			old := ro.ast
			ro.ast = astNone
			if old == astPublicEnemy {
				g.emit(RoleEvent{Name: "note_role_ce_end", Role: r})
			} else if r < old {
				g.emit(AlignEnd{R1: r, R2: old})
			}
		}
	}
	ro.cst = false
	if ro.money >= g.winMoney {
		g.emit(RoleWin{Role: r, Moneys: g.moneys()})
		return true
	}
	if ro.money <= 0 {
		g.eliminate(r)
	}
	return false
}

// eliminate takes a bankrupt role out of the game, releasing its officers.
func (g *game) eliminate(r int) {
	ro := &g.roles[r]
	ro.money = 0
	g.emit(RoleEvent{Name: "note_role_loss", Role: r})
	g.board[ro.loc].present[r] = false
	ro.loc = -1
	for _, p := range ro.mos.list() {
		g.quitRole(p)
	}
	for _, c := range ro.mcs.list() {
		for _, p := range g.cities[c].mos.list() {
			g.quitRole(p)
		}
	}
	for _, p := range ro.sos.list() {
		g.quitRole(p)
	}
	for _, p := range ro.tos.list() {
		g.quitRole(p)
	}
	ro.mst, ro.mtime, ro.cst = mstNormal, 0, false
	if f := ro.ast; f >= 0 {
		ro.ast, ro.atime = astNone, 0
		g.roles[f].ast, g.roles[f].atime = astNone, 0
		g.emit(AlignEnd{R1: min(r, f), R2: max(r, f)})
	}
}
