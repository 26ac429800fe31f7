package mbgview

import (
	"fmt"
	"slices"

	"github.com/shapan/shapan/formats/mbg"
)

// Operations on a saved game that keep its bookkeeping the way the
// engine keeps it (spec §5.11): an officer's role, job and location, the
// set that lists him (a retinue, garrison, researcher or trainee set, or
// the free pool of his level), the institute and training-room slots, the
// mayor and treasurer posts and the owners of cities always agree. The
// engine refuses a save where they do not, and the validator warns
// (MBG062).

// trainRounds is how long a training lasts (spec §4.1, TRAIN_ROUND).
const trainRounds = 6

// studyPoints are the research points (and the money) each tech costs
// (spec §4.2).
var studyPoints = [mbg.NumTechs]float32{350, 420, 450, 360, 360, 330, 430, 400, 450, 380, 500, 650}

// A place is where an officer is: his role (-1 free), his job and the
// city, institute or training room of that job (-1 for none).
type place struct{ role, job, loc int }

// freePlace is a free officer's place (in the free pool of his level).
var freePlace = place{-1, mbg.JobNone, -1}

// retinueOf is the place of an officer travelling with role r.
func retinueOf(r int) place { return place{r, mbg.JobNone, -1} }

// placeOf returns where officer p is.
func placeOf(s *mbg.Save, p int) place {
	o := s.Officers[p]
	return place{o.Role, o.Job, o.Loc}
}

// cityJob reports whether job is held in a city.
func cityJob(job int) bool {
	return job == mbg.JobMayor || job == mbg.JobTreasurer || job == mbg.JobGarrison
}

// moveOfficer puts officer p at to, taking him out of every list that
// holds him and into the lists of his new place, as the engine's
// primitives do: a city left by its last garrison member loses its owner;
// an unowned city entered by an officer becomes his role's; a new mayor or
// treasurer sends the previous one back to the ranks of the garrison; an
// officer sent where his role already has a researcher or trainee sends
// that one back to the retinue. A new researcher studies the first tech of
// the institute his role does not know yet, with all its points to go; a
// new trainee trains for the full six rounds. Nothing changes when the
// move is impossible; the error says why.
func moveOfficer(s *mbg.Save, p int, to place) error {
	if err := checkPlace(s, p, to); err != nil {
		return err
	}
	was := placeOf(s, p)
	if occupant := slotHolder(s, to); occupant >= 0 && occupant != p {
		back := freePlace
		if r := s.Officers[occupant].Role; r >= 0 && r < len(s.Roles) {
			back = retinueOf(r)
		}
		if err := moveOfficer(s, occupant, back); err != nil {
			return err
		}
	}
	keep := -1
	if cityJob(to.job) {
		keep = to.loc
	}
	detach(s, p, keep)
	attach(s, p, to, was)
	return nil
}

// checkPlace says why officer p cannot be put at to (nil when he can).
func checkPlace(s *mbg.Save, p int, to place) error {
	if p < 0 || p >= len(s.Officers) {
		return fmt.Errorf("there is no officer %d", p)
	}
	name := s.Officers[p].Name
	if to.role < -1 || to.role >= len(s.Roles) {
		return fmt.Errorf("there is no role %d", to.role)
	}
	if to.role == -1 && to.job != mbg.JobNone {
		return fmt.Errorf("%s is free (在野): give him a role before a job", name)
	}
	switch {
	case to.job == mbg.JobNone:
		return nil
	case cityJob(to.job):
		if to.loc < 0 || to.loc >= len(s.Cities) {
			return fmt.Errorf("there is no city %d", to.loc)
		}
		c := s.Cities[to.loc]
		if c.Role != -1 && c.Role != to.role {
			return fmt.Errorf("%s belongs to %s, not to %s: hand the city over first (Cities pane)", c.Name, roleName(s, c.Role), roleName(s, to.role))
		}
	case to.job == mbg.JobResearcher:
		if to.loc < 0 || to.loc >= len(s.Institutes) {
			return fmt.Errorf("there is no institute %d", to.loc)
		}
		in := s.Institutes[to.loc]
		if to.role >= len(in.Researcher) || to.role >= len(in.OnStudy) || to.role >= len(in.Points) {
			return fmt.Errorf("institute %s has no research slot for %s", in.Name, roleName(s, to.role))
		}
		if len(in.Techs) == 0 {
			return fmt.Errorf("institute %s teaches no tech", in.Name)
		}
	case to.job == mbg.JobTrainee:
		if to.loc < 0 || to.loc >= len(s.TrainingRooms) {
			return fmt.Errorf("there is no training room %d", to.loc)
		}
		t := s.TrainingRooms[to.loc]
		if to.role >= len(t.Trainee) || to.role >= len(t.Rounds) {
			return fmt.Errorf("training room %s has no slot for %s", t.Name, roleName(s, to.role))
		}
	default:
		return fmt.Errorf("there is no job %d", to.job)
	}
	return nil
}

// slotHolder returns who holds the institute or training-room slot of
// place to, -1 for nobody or when to is not such a place.
func slotHolder(s *mbg.Save, to place) int {
	switch to.job {
	case mbg.JobResearcher:
		return s.Institutes[to.loc].Researcher[to.role]
	case mbg.JobTrainee:
		return s.TrainingRooms[to.loc].Trainee[to.role]
	}
	return -1
}

// detach takes officer p out of every set, slot and post that holds him.
// A city whose last garrison member he was loses its owner, unless it is
// keep (the city he stays in).
func detach(s *mbg.Save, p int, keep int) {
	for lv := range s.Free {
		s.Free[lv] = without(s.Free[lv], p)
	}
	for r := range s.Roles {
		ro := &s.Roles[r]
		ro.Retinue = without(ro.Retinue, p)
		ro.Researchers = without(ro.Researchers, p)
		ro.Trainees = without(ro.Trainees, p)
	}
	for c := range s.Cities {
		city := &s.Cities[c]
		if city.Mayor == p {
			city.Mayor = -1
		}
		if city.Treasurer == p {
			city.Treasurer = -1
		}
		if !slices.Contains(city.Garrison, p) {
			continue
		}
		city.Garrison = without(city.Garrison, p)
		if len(city.Garrison) == 0 && c != keep {
			dropCity(s, c)
		}
	}
	for i := range s.Institutes {
		for r, x := range s.Institutes[i].Researcher {
			if x == p {
				s.Institutes[i].Researcher[r] = -1 // the tech and points stay, as in the game
			}
		}
	}
	for i := range s.TrainingRooms {
		for r, x := range s.TrainingRooms[i].Trainee {
			if x == p {
				s.TrainingRooms[i].Trainee[r] = -1
			}
		}
	}
}

// attach puts officer p, taken out of every list, at to; was is where he
// was before.
func attach(s *mbg.Save, p int, to place, was place) {
	o := &s.Officers[p]
	o.Role, o.Job, o.Loc = to.role, to.job, to.loc
	switch {
	case to.role == -1:
		o.Job, o.Loc = mbg.JobNone, -1
		lv := min(max(o.Level, 0), len(s.Free)-1)
		s.Free[lv] = with(s.Free[lv], p)
	case to.job == mbg.JobNone:
		o.Loc = -1
		s.Roles[to.role].Retinue = with(s.Roles[to.role].Retinue, p)
	case cityJob(to.job):
		c := &s.Cities[to.loc]
		if c.Role == -1 {
			c.Role = to.role
			s.Roles[to.role].Cities = with(s.Roles[to.role].Cities, to.loc)
		}
		c.Garrison = with(c.Garrison, p)
		switch to.job {
		case mbg.JobMayor:
			demote(s, c.Mayor)
			c.Mayor = p
		case mbg.JobTreasurer:
			demote(s, c.Treasurer)
			c.Treasurer = p
		}
	case to.job == mbg.JobResearcher:
		in := &s.Institutes[to.loc]
		in.Researcher[to.role] = p
		s.Roles[to.role].Researchers = with(s.Roles[to.role].Researchers, p)
		if was != to {
			t := firstUnknownTech(in.Techs, s.Roles[to.role].Techs)
			in.OnStudy[to.role], in.Points[to.role] = t, studyPoints[t]
		}
	case to.job == mbg.JobTrainee:
		t := &s.TrainingRooms[to.loc]
		t.Trainee[to.role] = p
		s.Roles[to.role].Trainees = with(s.Roles[to.role].Trainees, p)
		if was != to {
			t.Rounds[to.role] = trainRounds
		}
	}
}

// demote makes a former mayor or treasurer a plain garrison member.
func demote(s *mbg.Save, p int) {
	if p >= 0 && p < len(s.Officers) {
		s.Officers[p].Job = mbg.JobGarrison
	}
}

// dropCity makes city c unowned.
func dropCity(s *mbg.Save, c int) {
	s.Cities[c].Role = -1
	for r := range s.Roles {
		s.Roles[r].Cities = without(s.Roles[r].Cities, c)
	}
}

// firstUnknownTech returns the first of techs not in known (the first of
// techs when all are known, and 0 when there are none).
func firstUnknownTech(techs, known []int) int {
	for _, t := range techs {
		if t >= 0 && t < mbg.NumTechs && !slices.Contains(known, t) {
			return t
		}
	}
	for _, t := range techs {
		if t >= 0 && t < mbg.NumTechs {
			return t
		}
	}
	return 0
}

// setCityOwner hands city c to role r (-1: nobody). The garrison goes
// over with the city; a city nobody held is garrisoned by the first
// travelling officer of its new owner; a city given up sends its garrison
// back to its owner's retinue.
func setCityOwner(s *mbg.Save, c, r int) error {
	if c < 0 || c >= len(s.Cities) {
		return fmt.Errorf("there is no city %d", c)
	}
	if r < -1 || r >= len(s.Roles) {
		return fmt.Errorf("there is no role %d", r)
	}
	city := &s.Cities[c]
	if r == -1 {
		back := freePlace
		if city.Role >= 0 && city.Role < len(s.Roles) {
			back = retinueOf(city.Role)
		}
		for _, p := range slices.Clone(city.Garrison) {
			if err := moveOfficer(s, p, back); err != nil {
				return err
			}
		}
		dropCity(s, c)
		return nil
	}
	if len(city.Garrison) == 0 {
		ret := s.Roles[r].Retinue
		if len(ret) == 0 {
			return fmt.Errorf("%s has no travelling officer to garrison %s: give it one first (its retinue in the Roles pane)", s.Roles[r].Name, city.Name)
		}
		return moveOfficer(s, ret[0], place{r, mbg.JobGarrison, c})
	}
	for _, p := range city.Garrison {
		if p >= 0 && p < len(s.Officers) {
			s.Officers[p].Role = r
		}
	}
	dropCity(s, c)
	city.Role = r
	s.Roles[r].Cities = with(s.Roles[r].Cities, c)
	return nil
}

// setGarrison makes want the garrison of city c: officers who join it
// come from wherever they were and serve its owner (an unowned city
// becomes the role of the first one to join); officers who leave go back
// to the owner's retinue.
func setGarrison(s *mbg.Save, c int, want []int) error {
	city := &s.Cities[c]
	for _, p := range want {
		if slices.Contains(city.Garrison, p) {
			continue
		}
		owner := city.Role
		if owner == -1 {
			owner = s.Officers[p].Role
		}
		if owner == -1 {
			return fmt.Errorf("%s is free (在野) and %s has no owner: give the city an owner or the officer a role first", s.Officers[p].Name, city.Name)
		}
		if err := moveOfficer(s, p, place{owner, mbg.JobGarrison, c}); err != nil {
			return err
		}
	}
	for _, p := range slices.Clone(city.Garrison) {
		if slices.Contains(want, p) {
			continue
		}
		back := freePlace
		if city.Role >= 0 {
			back = retinueOf(city.Role)
		}
		if err := moveOfficer(s, p, back); err != nil {
			return err
		}
	}
	return nil
}

// setPost appoints officer p (-1: nobody) mayor or treasurer (job) of
// city c; a dismissed holder stays in the garrison.
func setPost(s *mbg.Save, c, job, p int) error {
	city := s.Cities[c]
	if p >= 0 {
		return moveOfficer(s, p, place{city.Role, job, c})
	}
	holder := city.Mayor
	if job == mbg.JobTreasurer {
		holder = city.Treasurer
	}
	if holder < 0 || holder >= len(s.Officers) {
		return nil
	}
	return moveOfficer(s, holder, place{s.Officers[holder].Role, mbg.JobGarrison, c})
}

// setMembers moves the officers added to a list (from current to want)
// with join and the officers removed from it with leave.
func setMembers(current, want []int, join, leave func(p int) error) error {
	for _, p := range want {
		if !slices.Contains(current, p) {
			if err := join(p); err != nil {
				return err
			}
		}
	}
	for _, p := range current {
		if !slices.Contains(want, p) {
			if err := leave(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// setRetinue makes want role r's travelling officers: officers ticked
// join it from wherever they were, officers unticked become free.
func setRetinue(s *mbg.Save, r int, want []int) error {
	return setMembers(slices.Clone(s.Roles[r].Retinue), want,
		func(p int) error { return moveOfficer(s, p, retinueOf(r)) },
		func(p int) error { return moveOfficer(s, p, freePlace) })
}

// setRoleCities makes want the cities of role r (see setCityOwner).
func setRoleCities(s *mbg.Save, r int, want []int) error {
	return setMembers(slices.Clone(s.Roles[r].Cities), want,
		func(c int) error { return setCityOwner(s, c, r) },
		func(c int) error { return setCityOwner(s, c, -1) })
}

// setResearchers makes want role r's researchers: an officer ticked goes
// to the first institute where r has no researcher; one unticked comes
// back to the retinue.
func setResearchers(s *mbg.Save, r int, want []int) error {
	return setMembers(slices.Clone(s.Roles[r].Researchers), want,
		func(p int) error {
			for i, in := range s.Institutes {
				if r < len(in.Researcher) && in.Researcher[r] == -1 && len(in.Techs) > 0 {
					return moveOfficer(s, p, place{r, mbg.JobResearcher, i})
				}
			}
			return fmt.Errorf("%s already has a researcher in every institute", s.Roles[r].Name)
		},
		func(p int) error { return moveOfficer(s, p, retinueOf(r)) })
}

// setTrainees makes want role r's trainees, like setResearchers.
func setTrainees(s *mbg.Save, r int, want []int) error {
	return setMembers(slices.Clone(s.Roles[r].Trainees), want,
		func(p int) error {
			for i, t := range s.TrainingRooms {
				if r < len(t.Trainee) && t.Trainee[r] == -1 {
					return moveOfficer(s, p, place{r, mbg.JobTrainee, i})
				}
			}
			return fmt.Errorf("%s already has a trainee in every training room", s.Roles[r].Name)
		},
		func(p int) error { return moveOfficer(s, p, retinueOf(r)) })
}

// setFree makes want the free officers among those of level lv: officers
// ticked are released, officers unticked are hired by role hire.
func setFree(s *mbg.Save, lv int, want []int, hire int) error {
	var current []int
	for p, o := range s.Officers {
		if o.Level == lv && o.Role == -1 {
			current = append(current, p)
		}
	}
	return setMembers(current, want,
		func(p int) error { return moveOfficer(s, p, freePlace) },
		func(p int) error {
			if hire < 0 || hire >= len(s.Roles) {
				return fmt.Errorf("choose the role that hires %s", s.Officers[p].Name)
			}
			return moveOfficer(s, p, retinueOf(hire))
		})
}

// setLevel sets officer p's level; a free officer moves to the pool of
// his new level.
func setLevel(s *mbg.Save, p, lv int) {
	o := &s.Officers[p]
	o.Level = lv
	if o.Role == -1 {
		detach(s, p, -1)
		attach(s, p, freePlace, freePlace)
	}
}

// setOfficerRole gives officer p to role r: he joins r's retinue (or
// becomes free for -1). Choosing his own role changes nothing.
func setOfficerRole(s *mbg.Save, p, r int) error {
	if r == s.Officers[p].Role {
		return nil
	}
	if r == -1 {
		return moveOfficer(s, p, freePlace)
	}
	return moveOfficer(s, p, retinueOf(r))
}

// setOfficerJob gives officer p a new job at the most natural place: his
// city when he already serves in one, else the first city of his role, else
// the first unowned city; for research and training, the first institute or
// room where his role has nobody yet, else the first one.
func setOfficerJob(s *mbg.Save, p, job int) error {
	o := s.Officers[p]
	if job == o.Job {
		return nil
	}
	to := place{o.Role, job, -1}
	switch {
	case job == mbg.JobNone:
	case cityJob(job):
		to.loc = defaultCity(s, o)
		if to.loc < 0 {
			return fmt.Errorf("%s has no city of its own and every city has an owner", roleName(s, o.Role))
		}
	case job == mbg.JobResearcher:
		to.loc = firstFreeSlot(len(s.Institutes), func(i int) []int { return s.Institutes[i].Researcher }, o.Role)
		if to.loc < 0 {
			return fmt.Errorf("there is no institute")
		}
	case job == mbg.JobTrainee:
		to.loc = firstFreeSlot(len(s.TrainingRooms), func(i int) []int { return s.TrainingRooms[i].Trainee }, o.Role)
		if to.loc < 0 {
			return fmt.Errorf("there is no training room")
		}
	}
	return moveOfficer(s, p, to)
}

// defaultCity is where an officer given a city job goes (-1: nowhere).
func defaultCity(s *mbg.Save, o mbg.SaveOfficer) int {
	if cityJob(o.Job) && o.Loc >= 0 && o.Loc < len(s.Cities) {
		return o.Loc
	}
	for c, city := range s.Cities {
		if city.Role == o.Role && o.Role >= 0 {
			return c
		}
	}
	for c, city := range s.Cities {
		if city.Role == -1 {
			return c
		}
	}
	return -1
}

// firstFreeSlot returns the first of n buildings whose slot of role r is
// empty, else the first building (-1 when there is none).
func firstFreeSlot(n int, slots func(i int) []int, r int) int {
	for i := 0; i < n; i++ {
		if sl := slots(i); r >= 0 && r < len(sl) && sl[r] == -1 {
			return i
		}
	}
	if n > 0 {
		return 0
	}
	return -1
}

// setOfficerLoc moves officer p to another city, institute or training
// room for the same job.
func setOfficerLoc(s *mbg.Save, p, loc int) error {
	o := s.Officers[p]
	if loc == o.Loc {
		return nil
	}
	return moveOfficer(s, p, place{o.Role, o.Job, loc})
}

// setResearcher makes officer p (-1: nobody) role r's researcher at
// institute i; a researcher replaced goes back to the retinue.
func setResearcher(s *mbg.Save, i, r, p int) error {
	if p >= 0 {
		return moveOfficer(s, p, place{r, mbg.JobResearcher, i})
	}
	if old := s.Institutes[i].Researcher[r]; old >= 0 && old < len(s.Officers) {
		return moveOfficer(s, old, retinueOf(r))
	}
	return nil
}

// setTrainee makes officer p (-1: nobody) role r's trainee at training
// room t.
func setTrainee(s *mbg.Save, t, r, p int) error {
	if p >= 0 {
		return moveOfficer(s, p, place{r, mbg.JobTrainee, t})
	}
	if old := s.TrainingRooms[t].Trainee[r]; old >= 0 && old < len(s.Officers) {
		return moveOfficer(s, old, retinueOf(r))
	}
	return nil
}

// setStudy sets the tech role r studies at institute i (-1: none) with
// all its points to go.
func setStudy(s *mbg.Save, i, r, t int) {
	in := &s.Institutes[i]
	in.OnStudy[r] = t
	if t >= 0 && t < mbg.NumTechs {
		in.Points[r] = studyPoints[t]
	} else {
		in.Points[r] = 0
	}
}

// moveRole puts role r on square sq (-1: off the board, eliminated),
// keeping the squares' presence flags in step (spec §5.4: a role is
// present on exactly the square it stands on).
func moveRole(s *mbg.Save, r, sq int) error {
	if r < 0 || r >= len(s.Roles) {
		return fmt.Errorf("there is no role %d", r)
	}
	if sq < -1 || sq >= len(s.Board) {
		return fmt.Errorf("there is no square %d", sq)
	}
	for i := range s.Board {
		b := &s.Board[i]
		for len(b.Present) < len(s.Roles) {
			b.Present = append(b.Present, false)
		}
		b.Present[r] = i == sq
	}
	s.Roles[r].Loc = sq
	return nil
}

// setAlliance sets role r's alliance state: -1 none, -2 public enemy (公愤),
// or the allied role. Alliances are mutual, so the partners' states
// follow: a new ally leaves its former ally, a former ally is left alone.
// A new state without rounds left gets the rounds a card gives (7 for an
// alliance, 5 for a public enemy).
func setAlliance(s *mbg.Save, r, a int) error {
	if a < -2 || a >= len(s.Roles) || a == r {
		return fmt.Errorf("%s cannot be allied with itself or role %d", s.Roles[r].Name, a)
	}
	ro := &s.Roles[r]
	breakUp := func(x int) {
		if x >= 0 && x < len(s.Roles) {
			if y := s.Roles[x].Alliance; y >= 0 && y < len(s.Roles) && s.Roles[y].Alliance == x {
				s.Roles[y].Alliance, s.Roles[y].AllianceTurns = -1, 0
			}
			s.Roles[x].Alliance, s.Roles[x].AllianceTurns = -1, 0
		}
	}
	turns := ro.AllianceTurns
	breakUp(r)
	switch {
	case a == -1:
		return nil
	case a == -2:
		if turns <= 0 {
			turns = 5
		}
	default:
		if turns <= 0 {
			turns = 7
		}
		breakUp(a)
		s.Roles[a].Alliance, s.Roles[a].AllianceTurns = r, turns
	}
	ro.Alliance, ro.AllianceTurns = a, turns
	return nil
}

// setAllianceTurns sets the rounds role r's alliance state lasts; an ally
// gets the same.
func setAllianceTurns(s *mbg.Save, r, turns int) {
	ro := &s.Roles[r]
	ro.AllianceTurns = turns
	if a := ro.Alliance; a >= 0 && a < len(s.Roles) && s.Roles[a].Alliance == r {
		s.Roles[a].AllianceTurns = turns
	}
}

// setMoveState sets role r's movement state; a slowed, hastened or
// stopped role without rounds left gets the 3 rounds a card gives, a
// normal one none.
func setMoveState(s *mbg.Save, r, st int) {
	ro := &s.Roles[r]
	ro.MoveState = st
	switch {
	case st == 0:
		ro.MoveTurns = 0
	case ro.MoveTurns <= 0:
		ro.MoveTurns = 3
	}
}

// with returns the set list with v added, in ascending order.
func with(list []int, v int) []int {
	if slices.Contains(list, v) {
		return list
	}
	out := append(slices.Clone(list), v)
	slices.Sort(out)
	return out
}

// without returns list without v.
func without(list []int, v int) []int {
	if !slices.Contains(list, v) {
		return list
	}
	return slices.DeleteFunc(slices.Clone(list), func(x int) bool { return x == v })
}

// roleName names role r ("—" for none).
func roleName(s *mbg.Save, r int) string {
	if r >= 0 && r < len(s.Roles) {
		return s.Roles[r].Name
	}
	if r == -1 {
		return "—"
	}
	return fmt.Sprintf("#%d?", r)
}

// cloneSave returns a deep copy of s.
func cloneSave(s *mbg.Save) *mbg.Save {
	c := *s
	c.Cities = slices.Clone(s.Cities)
	for i := range c.Cities {
		c.Cities[i].Garrison = slices.Clone(s.Cities[i].Garrison)
	}
	c.Institutes = slices.Clone(s.Institutes)
	for i, in := range s.Institutes {
		x := &c.Institutes[i]
		x.Techs, x.Researcher = slices.Clone(in.Techs), slices.Clone(in.Researcher)
		x.OnStudy, x.Points = slices.Clone(in.OnStudy), slices.Clone(in.Points)
	}
	c.TrainingRooms = slices.Clone(s.TrainingRooms)
	for i, t := range s.TrainingRooms {
		c.TrainingRooms[i].Trainee, c.TrainingRooms[i].Rounds = slices.Clone(t.Trainee), slices.Clone(t.Rounds)
	}
	c.Board = slices.Clone(s.Board)
	for i := range c.Board {
		c.Board[i].Present = slices.Clone(s.Board[i].Present)
	}
	c.Officers = slices.Clone(s.Officers)
	c.Roles = slices.Clone(s.Roles)
	for i, ro := range s.Roles {
		x := &c.Roles[i]
		x.Techs, x.Retinue, x.Cities = slices.Clone(ro.Techs), slices.Clone(ro.Retinue), slices.Clone(ro.Cities)
		x.Researchers, x.Trainees = slices.Clone(ro.Researchers), slices.Clone(ro.Trainees)
	}
	for lv := range c.Free {
		c.Free[lv] = slices.Clone(s.Free[lv])
	}
	c.Trailing = slices.Clone(s.Trailing)
	return &c
}
