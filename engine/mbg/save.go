package mbg

import (
	"errors"
	"fmt"

	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// toSave returns the state as the original engine saves it (spec §3), with
// crole the role whose action was in progress.
func (s *state) toSave(crole int) *mbgfmt.Save {
	sv := &mbgfmt.Save{Turn: s.turn, WinMoney: s.winMoney, NX: s.nx, NY: s.ny, ActingRole: crole}
	for _, c := range s.cities {
		sv.Cities = append(sv.Cities, mbgfmt.SaveCity{Name: c.name, Scope: c.scope, HPMax: c.hpmax, HP: c.hp,
			Role: c.role, Mayor: c.mayor, Treasurer: c.treasurer, Fengshui: c.fengshui, Garrison: c.mos.list()})
	}
	for _, in := range s.insts {
		sv.Institutes = append(sv.Institutes, mbgfmt.SaveInstitute{Name: in.name, Techs: append([]int{}, in.techs...),
			Researcher: append([]int{}, in.researcher...), OnStudy: append([]int{}, in.onStudy...),
			Points: append([]float32{}, in.point...)})
	}
	for _, t := range s.trains {
		sv.TrainingRooms = append(sv.TrainingRooms, mbgfmt.SaveTrainingRoom{Name: t.name, Item: t.item,
			Trainee: append([]int{}, t.trainee...), Rounds: append([]int{}, t.round...)})
	}
	for _, sq := range s.board {
		sv.Board = append(sv.Board, mbgfmt.SaveSquare{Class: sq.class, Base: sq.base, Barrier: sq.barrier,
			Robber: sq.robber, Present: append([]bool{}, sq.present...)})
	}
	for _, p := range s.people {
		sv.Officers = append(sv.Officers, mbgfmt.SaveOfficer{Name: p.name, Role: p.role, Job: p.job, Loc: p.loc,
			HPMax: p.hpmax, HP: p.hp, Props: p.prop, Quit: p.quit, Rumour: p.lst, Poison: p.pst, Level: p.level})
	}
	for _, r := range s.roles {
		sv.Roles = append(sv.Roles, mbgfmt.SaveRole{Name: r.name, Loc: r.loc, Money: r.money, Dir: r.dir,
			MoveState: r.mst, MoveTurns: r.mtime, ExtraAction: r.cst, Alliance: r.ast, AllianceTurns: r.atime,
			Techs: r.tech.list(), Retinue: r.mos.list(), Cities: r.mcs.list(), Researchers: r.sos.list(),
			Trainees: r.tos.list(), Cards: r.cards})
	}
	for lv := range s.free {
		sv.Free[lv] = s.free[lv].list()
	}
	return sv
}

// fromSave rebuilds the state of a saved game. The save must be
// consistent (every officer where his job says, every set agreeing with the
// officers, every index in range): a corrupt save is refused with the
// reasons instead of crashing later.
func fromSave(sv *mbgfmt.Save) (*state, error) {
	if sv == nil {
		return nil, errors.New("no save")
	}
	np, nc := len(sv.Officers), len(sv.Cities)
	if err := checkStateSize(len(sv.Board), nc, np, len(sv.Roles)); err != nil {
		return nil, err
	}
	if err := checkSaveShape(sv); err != nil {
		return nil, err
	}
	s := &state{nx: sv.NX, ny: sv.NY, winMoney: sv.WinMoney, turn: sv.Turn}
	for lv := range s.free {
		s.free[lv] = setOf(np, sv.Free[lv])
	}
	for _, sq := range sv.Board {
		s.board = append(s.board, square{class: sq.Class, base: sq.Base, barrier: sq.Barrier, robber: sq.Robber,
			present: append([]bool{}, sq.Present...)})
	}
	for _, o := range sv.Officers {
		s.people = append(s.people, officer{name: o.Name, role: o.Role, job: o.Job, loc: o.Loc, hpmax: o.HPMax,
			hp: o.HP, prop: o.Props, quit: o.Quit, lst: o.Rumour, pst: o.Poison, level: o.Level})
	}
	for _, c := range sv.Cities {
		s.cities = append(s.cities, city{name: c.Name, scope: c.Scope, hpmax: c.HPMax, hp: c.HP, role: c.Role,
			mos: setOf(np, c.Garrison), mayor: c.Mayor, treasurer: c.Treasurer, fengshui: c.Fengshui})
	}
	for _, r := range sv.Roles {
		s.roles = append(s.roles, role{name: r.Name, loc: r.Loc, dir: r.Dir, money: r.Money, mst: r.MoveState,
			mtime: r.MoveTurns, cst: r.ExtraAction, ast: r.Alliance, atime: r.AllianceTurns,
			tech: setOf(NumTechs, r.Techs), mos: setOf(np, r.Retinue), mcs: setOf(nc, r.Cities),
			sos: setOf(np, r.Researchers), tos: setOf(np, r.Trainees), cards: r.Cards})
	}
	for _, in := range sv.Institutes {
		s.insts = append(s.insts, institute{name: in.Name, techs: append([]int{}, in.Techs...),
			researcher: append([]int{}, in.Researcher...), onStudy: append([]int{}, in.OnStudy...),
			point: append([]float32{}, in.Points...)})
	}
	for _, t := range sv.TrainingRooms {
		s.trains = append(s.trains, trainingRoom{name: t.Name, item: t.Item, trainee: append([]int{}, t.Trainee...),
			round: append([]int{}, t.Rounds...)})
	}
	if err := s.checkConsistent(); err != nil {
		return nil, err
	}
	return s, nil
}

func setOf(n int, members []int) set {
	s := newSet(n)
	for _, m := range members {
		s.add(m)
	}
	return s
}

// checkSaveShape checks the sizes and index ranges of a save.
func checkSaveShape(sv *mbgfmt.Save) error {
	var ps problems
	np, nr, nc := len(sv.Officers), len(sv.Roles), len(sv.Cities)
	ngrid, ninst, ntrain := len(sv.Board), len(sv.Institutes), len(sv.TrainingRooms)
	in := func(v, lo, hi int) bool { return v >= lo && v < hi }
	members := func(what string, list []int, n int) {
		for _, m := range list {
			if !in(m, 0, n) {
				ps.addf("%s: member %d out of range", what, m)
			}
		}
	}
	if ngrid == 0 {
		ps.addf("the board has no squares")
	}
	if !finite(sv.WinMoney) {
		ps.addf("win_money is not a finite number")
	}
	if !in(sv.ActingRole, 0, nr) {
		ps.addf("the acting role %d does not exist", sv.ActingRole)
	}
	for i, c := range sv.Cities {
		w := fmt.Sprintf("city %d (%s)", i, c.Name)
		if !in(c.Role, -1, nr) || !in(c.Mayor, -1, np) || !in(c.Treasurer, -1, np) {
			ps.addf("%s: owner, mayor or treasurer out of range", w)
		}
		if !finite(c.HP) || !finite(c.HPMax) || !finite(c.Fengshui) {
			ps.addf("%s: a number is not finite", w)
		}
		members(w+" garrison", c.Garrison, np)
	}
	for i, x := range sv.Institutes {
		w := fmt.Sprintf("institute %d (%s)", i, x.Name)
		members(w+" techs", x.Techs, NumTechs)
		if len(x.Researcher) != nr || len(x.OnStudy) != nr || len(x.Points) != nr {
			ps.addf("%s: the per-role lists need %d entries", w, nr)
			continue
		}
		for r := 0; r < nr; r++ {
			if !in(x.Researcher[r], -1, np) || !in(x.OnStudy[r], -1, NumTechs) || !finite(x.Points[r]) {
				ps.addf("%s: role %d's research is out of range", w, r)
			}
		}
	}
	for i, t := range sv.TrainingRooms {
		w := fmt.Sprintf("training room %d (%s)", i, t.Name)
		if !in(t.Item, 0, 5) {
			ps.addf("%s: trained property %d is not one of the five", w, t.Item)
		}
		if len(t.Trainee) != nr || len(t.Rounds) != nr {
			ps.addf("%s: the per-role lists need %d entries", w, nr)
			continue
		}
		for r := 0; r < nr; r++ {
			if !in(t.Trainee[r], -1, np) {
				ps.addf("%s: role %d's trainee is out of range", w, r)
			}
		}
	}
	for i, sq := range sv.Board {
		if len(sq.Present) != nr {
			ps.addf("board square %d: the presence list needs %d entries", i, nr)
		}
		switch {
		case sq.Class == mbgfmt.ClassCity && !in(sq.Base, 0, nc),
			sq.Class == mbgfmt.ClassInstitute && !in(sq.Base, 0, ninst),
			sq.Class == mbgfmt.ClassTrainingRoom && !in(sq.Base, 0, ntrain):
			ps.addf("board square %d: building %d does not exist", i, sq.Base)
		}
	}
	for i, o := range sv.Officers {
		w := fmt.Sprintf("officer %d (%s)", i, o.Name)
		if !in(o.Role, -1, nr) || !in(o.Job, -1, 5) || !in(o.Level, 0, 3) {
			ps.addf("%s: role, job or level out of range", w)
		}
		if !finite(o.HP) || !finite(o.HPMax) {
			ps.addf("%s: hp is not finite", w)
		}
		for _, v := range o.Props {
			if !finite(v) {
				ps.addf("%s: an ability is not finite", w)
			}
		}
		limit := map[int]int{jobMayor: nc, jobTreasurer: nc, jobGarrison: nc, jobResearcher: ninst, jobTrainee: ntrain}
		if n, ok := limit[o.Job]; ok && !in(o.Loc, 0, n) {
			ps.addf("%s: location %d out of range for his job", w, o.Loc)
		}
		if o.Job == jobNone && o.Loc != -1 {
			ps.addf("%s: an officer without a job has a location", w)
		}
	}
	for i, r := range sv.Roles {
		w := fmt.Sprintf("role %d (%s)", i, r.Name)
		if !in(r.Loc, -1, ngrid) {
			ps.addf("%s: square %d is not on the board", w, r.Loc)
		}
		if r.Dir != 1 && r.Dir != -1 {
			ps.addf("%s: direction %d is not 1 or -1", w, r.Dir)
		}
		if !in(r.MoveState, 0, 4) || !in(r.Alliance, -2, nr) || r.Alliance == i {
			ps.addf("%s: movement or alliance state out of range", w)
		}
		if !finite(r.Money) {
			ps.addf("%s: money is not finite", w)
		}
		members(w+" techs", r.Techs, NumTechs)
		members(w+" travelling officers", r.Retinue, np)
		members(w+" cities", r.Cities, nc)
		members(w+" researchers", r.Researchers, np)
		members(w+" trainees", r.Trainees, np)
	}
	for lv, pool := range sv.Free {
		members(fmt.Sprintf("free officers of level %d", lv), pool, np)
	}
	return ps.err("the save")
}

// checkConsistent checks that every officer is exactly where his role, job
// and location say, and that the owners agree. A city's mayor and
// treasurer slots may name an officer outside its garrison: the original
// leaves such a post behind when one officer held both (spec §2.4, §5.11;
// he keeps the post of the job he does not have) and plays on with it.
func (s *state) checkConsistent() error {
	var ps problems
	for i := range s.people {
		p := &s.people[i]
		w := fmt.Sprintf("officer %d (%s)", i, p.name)
		if p.role == -1 {
			if p.job != jobNone || !s.free[p.level].has(i) {
				ps.addf("%s is free but has a job or is not in the free pool of his level", w)
			}
			continue
		}
		r := &s.roles[p.role]
		ok := true
		switch p.job {
		case jobNone:
			ok = r.mos.has(i)
		case jobMayor, jobTreasurer, jobGarrison:
			c := &s.cities[p.loc]
			ok = c.role == p.role && c.mos.has(i) && r.mcs.has(p.loc) &&
				(p.job != jobMayor || c.mayor == i) && (p.job != jobTreasurer || c.treasurer == i)
		case jobResearcher:
			ok = r.sos.has(i) && s.insts[p.loc].researcher[p.role] == i
		case jobTrainee:
			ok = r.tos.has(i) && s.trains[p.loc].trainee[p.role] == i
		}
		if !ok {
			ps.addf("%s is not where his role, job and location say", w)
		}
	}
	count := func(where set) int { return where.count() }
	total := 0
	for lv := range s.free {
		total += count(s.free[lv])
	}
	for r := range s.roles {
		ro := &s.roles[r]
		total += count(ro.mos) + count(ro.sos) + count(ro.tos)
		for _, c := range ro.mcs.list() {
			if s.cities[c].role != r {
				ps.addf("role %d lists city %d, which it does not own", r, c)
			}
		}
	}
	for c := range s.cities {
		ci := &s.cities[c]
		total += count(ci.mos)
		if ci.role != -1 && (!s.roles[ci.role].mcs.has(c) || count(ci.mos) == 0) {
			ps.addf("city %d (%s): its owner does not list it, or its garrison is empty", c, ci.name)
		}
		if ci.role == -1 && count(ci.mos) != 0 {
			ps.addf("city %d (%s) has a garrison but no owner", c, ci.name)
		}
	}
	if total != len(s.people) {
		ps.addf("officers are listed %d times in the sets, but there are %d officers", total, len(s.people))
	}
	for i := range s.insts {
		for r, p := range s.insts[i].researcher {
			if p != -1 && (s.people[p].role != r || s.people[p].job != jobResearcher || s.people[p].loc != i) {
				ps.addf("institute %d: role %d's researcher %d is not researching there", i, r, p)
			}
		}
	}
	for i := range s.trains {
		for r, p := range s.trains[i].trainee {
			if p != -1 && (s.people[p].role != r || s.people[p].job != jobTrainee || s.people[p].loc != i) {
				ps.addf("training room %d: role %d's trainee %d is not training there", i, r, p)
			}
		}
	}
	for r := range s.roles {
		ro := &s.roles[r]
		if ro.ast >= 0 && s.roles[ro.ast].ast != r {
			ps.addf("role %d is allied with role %d, which is not allied with it", r, ro.ast)
		}
	}
	return ps.err("the save")
}
