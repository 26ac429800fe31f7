package mbg

// Officer primitives (spec §5.11). notify says whether the procedure
// emits its notifications (some callers use them silently).

// join hires free officer p for role r.
func (g *game) join(p, r int) {
	o := &g.people[p]
	if o.role != -1 {
		return
	}
	o.role = r
	g.roles[r].mos.add(p)
	g.free[o.level].del(p)
	g.emit(NoteJoin{P: p, Role: r, Money: g.roles[r].money})
}

// quitRole makes p leave his role (with notifications).
func (g *game) quitRole(p int) {
	o := &g.people[p]
	if o.role == -1 {
		return
	}
	switch o.job {
	case jobMayor, jobTreasurer:
		g.becomeCitizen(p, true)
		g.leaveCity(p, true)
	case jobGarrison:
		g.leaveCity(p, true)
	case jobResearcher:
		g.leaveInst(p, true)
	case jobTrainee:
		g.leaveTrain(p, true)
	}
	old := o.role
	o.role = -1
	g.roles[old].mos.del(p)
	g.free[o.level].add(p)
	g.emit(NoteQuit{P: p, Role: old})
}

// enterCity puts p into the garrison of c (his role must own it).
func (g *game) enterCity(p, c int, notify bool) {
	o := &g.people[p]
	if o.role == -1 || o.loc != -1 || o.role != g.cities[c].role {
		return
	}
	o.job, o.loc = jobGarrison, c
	g.cities[c].mos.add(p)
	g.roles[o.role].mos.del(p)
	if notify {
		g.emit(InOutCity{Name: "note_in_city", P: p, City: c})
	}
}

// enterInst sends travelling p to institute i to study tech t.
func (g *game) enterInst(p, i, t int) {
	o := &g.people[p]
	if o.role == -1 {
		return
	}
	ro := &g.roles[o.role]
	in := &g.insts[i]
	if !ro.mos.has(p) || ro.tech.has(t) || in.researcher[o.role] != -1 {
		return
	}
	o.job, o.loc = jobResearcher, i
	in.researcher[o.role] = p
	in.onStudy[o.role] = t
	in.point[o.role] = techs[t].study
	ro.mos.del(p)
	ro.sos.add(p)
	g.emit(InOutInst{Name: "note_in_inst", P: p, Inst: i})
}

// enterTrain sends travelling p to training room t.
func (g *game) enterTrain(p, t int) {
	o := &g.people[p]
	if o.role == -1 {
		return
	}
	ro := &g.roles[o.role]
	tr := &g.trains[t]
	if !ro.mos.has(p) || tr.trainee[o.role] != -1 {
		return
	}
	o.job, o.loc = jobTrainee, t
	tr.trainee[o.role] = p
	tr.round[o.role] = trainRound
	ro.mos.del(p)
	ro.tos.add(p)
	g.emit(InOutTrain{Name: "note_in_train", P: p, Train: t})
}

// leaveCity takes p out of his garrison, back to the owner's travelling
// party; the last one out leaves the city unowned.
func (g *game) leaveCity(p int, notify bool) {
	o := &g.people[p]
	if o.loc == -1 || o.job < jobMayor || o.job > jobGarrison {
		return
	}
	c := o.loc
	ci := &g.cities[c]
	if o.job == jobMayor || o.job == jobTreasurer {
		g.becomeCitizen(p, false)
	}
	o.job, o.loc = jobNone, -1
	ci.mos.del(p)
	owner := ci.role
	if owner != -1 {
		g.roles[owner].mos.add(p)
	}
	if notify {
		g.emit(InOutCity{Name: "note_out_city", P: p, City: c})
	}
	if ci.mos.count() == 0 && owner != -1 {
		ci.role = -1
		g.roles[owner].mcs.del(c)
		if notify {
			g.emit(RoleCity{Name: "note_role_drop_city", Role: owner, City: c})
		}
	}
}

// leaveInst calls researcher p back (on_study and point are kept).
func (g *game) leaveInst(p int, notify bool) {
	o := &g.people[p]
	if o.role == -1 || o.job != jobResearcher {
		return
	}
	i := o.loc
	o.job, o.loc = jobNone, -1
	g.insts[i].researcher[o.role] = -1
	g.roles[o.role].sos.del(p)
	g.roles[o.role].mos.add(p)
	if notify {
		g.emit(InOutInst{Name: "note_out_inst", P: p, Inst: i})
	}
}

// leaveTrain calls trainee p back (the rounds left are kept).
func (g *game) leaveTrain(p int, notify bool) {
	o := &g.people[p]
	if o.role == -1 || o.job != jobTrainee {
		return
	}
	t := o.loc
	o.job, o.loc = jobNone, -1
	g.trains[t].trainee[o.role] = -1
	g.roles[o.role].tos.del(p)
	g.roles[o.role].mos.add(p)
	if notify {
		g.emit(InOutTrain{Name: "note_out_train", P: p, Train: t})
	}
}

// appointMayor makes garrison member p mayor of his city. p's job is read
// after the previous mayor was reset to a garrison member (spec §5.11):
// when p is that previous mayor — a scenario named him mayor and treasurer
// (§2.4) — he is reset first and keeps the treasurer slot too.
func (g *game) appointMayor(p int) {
	o := &g.people[p]
	if o.job != jobTreasurer && o.job != jobGarrison {
		return
	}
	ci := &g.cities[o.loc]
	if ci.mayor != -1 {
		g.people[ci.mayor].job = jobGarrison
	}
	ci.mayor = p
	if o.job == jobTreasurer {
		ci.treasurer = -1
	}
	o.job = jobMayor
	g.emit(ToOfficer{Name: "note_as_mayor", To: o.role, P: p})
}

// appointTreasurer makes garrison member p treasurer of his city, reading
// p's job after the previous treasurer was reset, like appointMayor.
func (g *game) appointTreasurer(p int) {
	o := &g.people[p]
	if o.job != jobMayor && o.job != jobGarrison {
		return
	}
	ci := &g.cities[o.loc]
	if ci.treasurer != -1 {
		g.people[ci.treasurer].job = jobGarrison
	}
	ci.treasurer = p
	if o.job == jobMayor {
		ci.mayor = -1
	}
	o.job = jobTreasurer
	g.emit(ToOfficer{Name: "note_as_treasurer", To: o.role, P: p})
}

// becomeCitizen takes the mayor's or treasurer's post from p.
func (g *game) becomeCitizen(p int, notify bool) {
	o := &g.people[p]
	if o.job != jobMayor && o.job != jobTreasurer {
		return
	}
	ci := &g.cities[o.loc]
	if o.job == jobMayor {
		ci.mayor = -1
	} else {
		ci.treasurer = -1
	}
	o.job = jobGarrison
	if notify {
		g.emit(ToOfficer{Name: "note_as_citizen", To: o.role, P: p})
	}
}
