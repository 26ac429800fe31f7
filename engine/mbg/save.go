package mbg

import (
	"errors"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"

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
	var ps problems
	s := loadSave(&ps, sv)
	if ps.n > 0 {
		return nil, ps.done()
	}
	return s, nil
}

// CheckSave lists every condition the engine refuses a save on: items
// that do not exist, numbers that are not finite, and officers, sets,
// owners and alliances that disagree (the engine trusts every one of
// them). The diagnostics carry the codes of the check rules and the paths
// of the save document; `shapan check` reports them through package
// validate (CheckSaveTo) and New refuses a save with any of them.
func CheckSave(sv *mbgfmt.Save) diag.List {
	var ps problems
	loadSave(&ps, sv)
	return ps.done()
}

// CheckSaveTo reports the conditions of CheckSave to sink.
func CheckSaveTo(sv *mbgfmt.Save, sink diag.Sink) {
	loadSave(&problems{sink: sink}, sv)
}

// loadSave builds the state of a save, or reports to ps why it cannot:
// what its shape and its consistency refuse, then squares of unknown
// types and cities of unknown scopes (checked last, so that they hide
// none of the others).
func loadSave(ps *problems, sv *mbgfmt.Save) *state {
	s := loadSaveState(ps, sv)
	for i, c := range sv.Cities {
		checkScope(ps, srcpos.Index("cities", i), c.Name, c.Scope)
	}
	for i, sq := range sv.Board {
		checkSquareType(ps, i, sq.Class)
	}
	return s
}

// loadSaveState builds the state of a save whose shape and consistency
// are right, or reports to ps why it cannot.
func loadSaveState(ps *problems, sv *mbgfmt.Save) *state {
	checkSaveShape(ps, sv)
	if a := sv.ActingRole; ps.n == 0 && a >= 0 && a < len(sv.Roles) && sv.Roles[a].Loc == -1 {
		// A role at -1 has been eliminated: a game resumed with it acting
		// would let it play (and win) as if it were on the board.
		ps.add(CodeSaveActing, "acting_role", "the acting role %s has been eliminated", sv.Roles[a].Name)
	}
	if ps.n > 0 {
		return nil // the state is not built beyond the memory budget
	}
	s := saveState(sv)
	s.checkConsistent(ps)
	return s
}

// saveState builds the state of a save whose shape is right.
func saveState(sv *mbgfmt.Save) *state {
	np, nc := len(sv.Officers), len(sv.Cities)
	// The lists are made at their length: a save of 170 000 officers
	// grown by appending held some 1.5 times its officers at once.
	s := &state{nx: sv.NX, ny: sv.NY, winMoney: sv.WinMoney, turn: sv.Turn,
		board: make([]square, 0, len(sv.Board)), people: make([]officer, 0, np), cities: make([]city, 0, nc),
		roles: make([]role, 0, len(sv.Roles)), insts: make([]institute, 0, len(sv.Institutes)),
		trains: make([]trainingRoom, 0, len(sv.TrainingRooms))}
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
	return s
}

func setOf(n int, members []int) set {
	s := newSet(n)
	for _, m := range members {
		s.add(m)
	}
	return s
}
