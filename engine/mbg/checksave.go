package mbg

import (
	"fmt"

	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/srcpos"
)

// within reports whether lo ≤ v < hi.
func within(v, lo, hi int) bool { return v >= lo && v < hi }

// refs checks that every member of a list of a save is below n.
func (ps *problems) refs(path, what string, list []int, n int) {
	for k, v := range list {
		if !within(v, 0, n) {
			ps.add(CodeSaveRef, srcpos.Index(path, k), "%s is %d, but there are %d", what, v, n)
		}
	}
}

// ref checks one reference of a save (-1 allowed when none is).
func (ps *problems) ref(path, what string, v, n int, noneOK bool) {
	if (noneOK && v == -1) || within(v, 0, n) {
		return
	}
	ps.add(CodeSaveRef, path, "%s is %d, but there are %d", what, v, n)
}

// number checks that a number of a save is finite.
func (ps *problems) number(path, what string, v float32) {
	if !finite(v) {
		ps.add(CodeNotANumber, path, "%s is %v", what, v)
	}
}

// checkSaveShape checks the sizes, references and numbers of a save.
func checkSaveShape(ps *problems, sv *mbgfmt.Save) {
	if len(sv.Board) == 0 {
		ps.add(CodeEmptyBoard, "board", "the board has no squares")
	}
	w := mbgfmt.SaveFields.Field("win_money")
	ps.number(w.Key, w.Name(), sv.WinMoney)
	if !within(sv.ActingRole, 0, len(sv.Roles)) {
		ps.add(CodeSaveActing, "acting_role", "the acting role is %d, but there are %d roles", sv.ActingRole, len(sv.Roles))
	}
	checkSavedBoard(ps, sv)
	checkSavedCities(ps, sv)
	checkSavedBuildings(ps, sv)
	checkSavedOfficers(ps, sv)
	checkSavedRoles(ps, sv)
	for lv, pool := range sv.Free {
		ps.refs(fmt.Sprintf("free[%d]", lv), fmt.Sprintf("a free officer of level %d", lv), pool, len(sv.Officers))
	}
}

// checkSavedBoard: every square's building exists and its presence list
// has one flag per role.
func checkSavedBoard(ps *problems, sv *mbgfmt.Save) {
	buildings := map[int]int{mbgfmt.ClassCity: len(sv.Cities), mbgfmt.ClassInstitute: len(sv.Institutes), mbgfmt.ClassTrainingRoom: len(sv.TrainingRooms)}
	noun := map[int]string{mbgfmt.ClassCity: "city", mbgfmt.ClassInstitute: "institute", mbgfmt.ClassTrainingRoom: "training room"}
	for i, sq := range sv.Board {
		p := srcpos.Index("board", i)
		if n, ok := buildings[sq.Class]; ok {
			ps.ref(p+"."+mbgfmt.BaseKey(sq.Class), fmt.Sprintf("square %d's %s", i, noun[sq.Class]), sq.Base, n, false)
		}
		if len(sq.Present) != len(sv.Roles) {
			ps.add(CodeSaveRef, p, "square %d has %d presence flags for %d roles", i, len(sq.Present), len(sv.Roles))
		}
	}
}

// checkSavedCities: owners, posts and garrisons name roles and officers;
// the numbers are finite.
func checkSavedCities(ps *problems, sv *mbgfmt.Save) {
	no, nr := len(sv.Officers), len(sv.Roles)
	for i, c := range sv.Cities {
		p := srcpos.Index("cities", i)
		ps.ref(p+".owner", "city "+c.Name+"'s owner", c.Role, nr, true)
		ps.ref(p+".mayor", "city "+c.Name+"'s mayor", c.Mayor, no, true)
		ps.ref(p+".treasurer", "city "+c.Name+"'s treasurer", c.Treasurer, no, true)
		ps.refs(p+".garrison", "a garrison officer of "+c.Name, c.Garrison, no)
		ps.number(srcpos.Field(p, mbgfmt.SaveCityFields.Field("defence").Key), "city "+c.Name+"'s defence", c.HP)
		ps.number(srcpos.Field(p, mbgfmt.SaveCityFields.Field("defence_max").Key), "city "+c.Name+"'s maximum defence", c.HPMax)
		ps.number(srcpos.Field(p, mbgfmt.SaveCityFields.Field("fengshui").Key), "city "+c.Name+"'s fengshui", c.Fengshui)
	}
}

// checkSavedBuildings: institutes and training rooms have one slot per
// role, naming officers and techs that exist; rooms train an ability.
func checkSavedBuildings(ps *problems, sv *mbgfmt.Save) {
	no, nr := len(sv.Officers), len(sv.Roles)
	for i, in := range sv.Institutes {
		p := srcpos.Index("institutes", i)
		ps.refs(p+".techs", "a tech of "+in.Name, in.Techs, NumTechs)
		if len(in.Researcher) != nr || len(in.OnStudy) != nr || len(in.Points) != nr {
			ps.add(CodeSaveRef, p+".research", "%s has research for %d roles, not %d", in.Name, len(in.Researcher), nr)
			continue
		}
		for k := range in.Researcher {
			ps.ref(p+".research", fmt.Sprintf("the researcher of role %d at %s", k+1, in.Name), in.Researcher[k], no, true)
			ps.ref(p+".research", fmt.Sprintf("the tech studied by role %d at %s", k+1, in.Name), in.OnStudy[k], NumTechs, true)
			ps.number(p+".research", fmt.Sprintf("the points of role %d at %s", k+1, in.Name), in.Points[k])
		}
	}
	for i, t := range sv.TrainingRooms {
		p := srcpos.Index("training_rooms", i)
		if mbgfmt.ItemField.Outside(t.Item) {
			ps.add(CodeBadItem, srcpos.Field(p, mbgfmt.ItemField.Key), "training room %s trains property %d; use wu, zhan, mou, zheng or jing", t.Name, t.Item)
		}
		if len(t.Trainee) != nr || len(t.Rounds) != nr {
			ps.add(CodeSaveRef, p+".training", "%s has training for %d roles, not %d", t.Name, len(t.Trainee), nr)
			continue
		}
		for k := range t.Trainee {
			ps.ref(p+".training", fmt.Sprintf("the trainee of role %d at %s", k+1, t.Name), t.Trainee[k], no, true)
		}
	}
}

// checkSavedOfficers: roles, jobs, levels and locations in range, finite
// numbers.
func checkSavedOfficers(ps *problems, sv *mbgfmt.Save) {
	loc := map[int]int{jobMayor: len(sv.Cities), jobTreasurer: len(sv.Cities), jobGarrison: len(sv.Cities),
		jobResearcher: len(sv.Institutes), jobTrainee: len(sv.TrainingRooms)}
	for i, o := range sv.Officers {
		p := srcpos.Index("officers", i)
		ps.ref(p+".role", "officer "+o.Name+"'s role", o.Role, len(sv.Roles), true)
		if !within(o.Job, -1, 5) {
			ps.add(CodeSaveRef, p+".job", "officer %s has job %d; jobs are -1 to 4", o.Name, o.Job)
		}
		ps.ref(p+".level", "officer "+o.Name+"'s level", o.Level, 3, false)
		at := srcpos.Field(p, mbgfmt.SaveOfficerFields.Field("at").Key)
		if n, ok := loc[o.Job]; ok {
			ps.ref(at, "officer "+o.Name+"'s location", o.Loc, n, false)
		}
		if o.Job == jobNone && o.Loc != -1 {
			ps.add(CodeSaveJob, at, "officer %s has no job but location %d", o.Name, o.Loc)
		}
		ps.number(srcpos.Field(p, mbgfmt.SaveOfficerFields.Field("hp").Key), "officer "+o.Name+"'s hp", o.HP)
		ps.number(srcpos.Field(p, mbgfmt.SaveOfficerFields.Field("hp_max").Key), "officer "+o.Name+"'s maximum hp", o.HPMax)
		for k, v := range o.Props {
			ps.number(p+"."+mbgfmt.PropKeys[k], fmt.Sprintf("officer %s: ability %s", o.Name, mbgfmt.PropKeys[k]), v)
		}
	}
}

// checkSavedRoles: squares on the board, directions ±1, states in range,
// lists of things that exist, finite money.
func checkSavedRoles(ps *problems, sv *mbgfmt.Save) {
	no, nr, nc := len(sv.Officers), len(sv.Roles), len(sv.Cities)
	for i, ro := range sv.Roles {
		p := srcpos.Index("roles", i)
		if !within(ro.Loc, -1, len(sv.Board)) {
			ps.add(CodeSaveRef, srcpos.Field(p, mbgfmt.SaveRoleFields.Field("at").Key), "role %s stands on square %d, but the board has %d squares", ro.Name, ro.Loc, len(sv.Board))
		}
		if mbgfmt.DirField.Outside(ro.Dir) {
			ps.add(CodeBadDir, srcpos.Field(p, mbgfmt.DirField.Key), "role %s has direction %d; use 1 or -1", ro.Name, ro.Dir)
		}
		if !within(ro.MoveState, 0, 4) {
			ps.add(CodeSaveRef, p+".move_state", "role %s has movement state %d; the states are 0 to 3", ro.Name, ro.MoveState)
		}
		if !within(ro.Alliance, -2, nr) || ro.Alliance == i {
			ps.add(CodeSaveRef, p+".alliance", "role %s has alliance state %d: -2, -1 or another role", ro.Name, ro.Alliance)
		}
		ps.number(srcpos.Field(p, mbgfmt.SaveRoleFields.Field("money").Key), "role "+ro.Name+"'s money", ro.Money)
		ps.refs(p+".techs", "a tech of "+ro.Name, ro.Techs, NumTechs)
		ps.refs(p+".retinue", "a travelling officer of "+ro.Name, ro.Retinue, no)
		ps.refs(p+".cities", "a city of "+ro.Name, ro.Cities, nc)
		ps.refs(p+".researchers", "a researcher of "+ro.Name, ro.Researchers, no)
		ps.refs(p+".trainees", "a trainee of "+ro.Name, ro.Trainees, no)
	}
}

// checkConsistent checks that every officer is exactly where his role, job
// and location say, and that the owners agree. A city's mayor and
// treasurer slots may name an officer outside its garrison: the original
// leaves such a post behind when one officer held both (spec §2.4, §5.11;
// he keeps the post of the job he does not have) and plays on with it.
func (s *state) checkConsistent(ps *problems) {
	for i := range s.people {
		if !s.inPlace(i) {
			p := &s.people[i]
			ps.add(CodeSaveJob, srcpos.Index("officers", i)+".job", "officer %s has job %s (role %d, location %d) but the lists of the save do not put him there",
				p.name, jobName(p.job, p.role), p.role, p.loc)
		}
	}
	s.checkListings(ps)
	for i := range s.insts {
		for r, p := range s.insts[i].researcher {
			if p != -1 && (s.people[p].role != r || s.people[p].job != jobResearcher || s.people[p].loc != i) {
				ps.add(CodeSaveJob, srcpos.Index("institutes", i)+".research", "role %d's researcher at %s, %s, is not researching there", r+1, s.insts[i].name, s.people[p].name)
			}
		}
	}
	for i := range s.trains {
		for r, p := range s.trains[i].trainee {
			if p != -1 && (s.people[p].role != r || s.people[p].job != jobTrainee || s.people[p].loc != i) {
				ps.add(CodeSaveJob, srcpos.Index("training_rooms", i)+".training", "role %d's trainee at %s, %s, is not training there", r+1, s.trains[i].name, s.people[p].name)
			}
		}
	}
	for r := range s.roles {
		if ro := &s.roles[r]; ro.ast >= 0 && s.roles[ro.ast].ast != r {
			ps.add(CodeSaveJob, srcpos.Index("roles", r)+".alliance", "role %s is allied with %s, which is not allied with it", ro.name, s.roles[ro.ast].name)
		}
	}
}

// inPlace reports whether officer i is where his role, job and location
// say: in the free pool of his level, in his role's retinue, in the
// garrison (and post) of a city his role owns, or in his role's research
// or training slot.
func (s *state) inPlace(i int) bool {
	p := &s.people[i]
	if p.role == -1 {
		return p.job == jobNone && s.free[p.level].has(i)
	}
	r := &s.roles[p.role]
	switch p.job {
	case jobNone:
		return r.mos.has(i)
	case jobMayor, jobTreasurer, jobGarrison:
		c := &s.cities[p.loc]
		return c.role == p.role && c.mos.has(i) && r.mcs.has(p.loc) &&
			(p.job != jobMayor || c.mayor == i) && (p.job != jobTreasurer || c.treasurer == i)
	case jobResearcher:
		return r.sos.has(i) && s.insts[p.loc].researcher[p.role] == i
	case jobTrainee:
		return r.tos.has(i) && s.trains[p.loc].trainee[p.role] == i
	}
	return true
}

// checkListings checks the owners of cities against the roles' lists and
// that the sets list every officer exactly once.
func (s *state) checkListings(ps *problems) {
	total := 0
	for lv := range s.free {
		total += s.free[lv].count()
	}
	for r := range s.roles {
		ro := &s.roles[r]
		total += ro.mos.count() + ro.sos.count() + ro.tos.count()
		for k, c := range ro.mcs.list() {
			if s.cities[c].role != r {
				ps.add(CodeSaveJob, srcpos.Index(srcpos.Index("roles", r)+".cities", k), "role %s lists city %s, which it does not own", ro.name, s.cities[c].name)
			}
		}
	}
	for c := range s.cities {
		ci := &s.cities[c]
		total += ci.mos.count()
		if ci.role != -1 && (!s.roles[ci.role].mcs.has(c) || ci.mos.count() == 0) {
			ps.add(CodeSaveJob, srcpos.Index("cities", c)+".owner", "city %s: its owner %s does not list it, or its garrison is empty", ci.name, s.roles[ci.role].name)
		}
		if ci.role == -1 && ci.mos.count() != 0 {
			ps.add(CodeSaveJob, srcpos.Index("cities", c)+".garrison", "city %s has a garrison but no owner", ci.name)
		}
	}
	if total != len(s.people) {
		ps.add(CodeSaveJob, "officers", "the lists of the save hold %d officers, but there are %d", total, len(s.people))
	}
}

// jobName names a saved job ("none (free)" for a free officer).
func jobName(job, role int) string {
	if job >= 0 && job < len(mbgfmt.JobNames) {
		return mbgfmt.JobNames[job]
	}
	if role == -1 {
		return "none (free)"
	}
	return "none (travelling)"
}
