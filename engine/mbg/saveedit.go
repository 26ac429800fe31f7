package mbg

import (
	"fmt"
	"slices"

	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// Operations on a saved game that keep its bookkeeping the way the
// engine keeps it (spec §5.11): an officer's role, job and location, the
// set that lists him (a retinue, garrison, researcher or trainee set, or
// the free pool of his level), the institute and training-room slots, the
// mayor and treasurer posts and the owners of cities always agree. The
// engine refuses a save where they do not, and the validator warns
// (MBG062).

// TrainRounds is how long a training lasts (spec §4.1, TRAIN_ROUND).
const TrainRounds = trainRound

// The table's training rounds are the engine's.
var _ = [1]int{}[mbgfmt.TrainRounds-trainRound]

// A Place is where an officer is: his role (-1 free), his job and the
// city, institute or training room of that job (-1 for none).
type Place struct{ Role, Job, Loc int }

// FreePlace is a free officer's Place (in the free pool of his level).
var FreePlace = Place{-1, mbgfmt.JobNone, -1}

// RetinueOf is the Place of an officer travelling with role r.
func RetinueOf(r int) Place { return Place{r, mbgfmt.JobNone, -1} }

// PlaceOf returns where officer p is.
func PlaceOf(s *mbgfmt.Save, p int) Place {
	o := s.Officers[p]
	return Place{o.Role, o.Job, o.Loc}
}

// CityJob reports whether job is held in a city.
func CityJob(job int) bool {
	return job == mbgfmt.JobMayor || job == mbgfmt.JobTreasurer || job == mbgfmt.JobGarrison
}

// MoveOfficer puts officer p at to, taking him out of every list that
// holds him and into the lists of his new Place, as the engine's
// primitives do: a city left by its last garrison member loses its owner;
// an unowned city entered by an officer becomes his role's; a new mayor or
// treasurer sends the previous one back to the ranks of the garrison; an
// officer sent where his role already has a researcher or trainee sends
// that one back to the retinue. A new researcher studies the first tech of
// the institute his role does not know yet, with all its points to go; a
// new trainee trains for the full six rounds. Nothing changes when the
// move is impossible; the error says why.
func MoveOfficer(s *mbgfmt.Save, p int, to Place) error {
	if err := CheckPlace(s, p, to); err != nil {
		return err
	}
	was := PlaceOf(s, p)
	if occupant := slotHolder(s, to); occupant >= 0 && occupant != p {
		back := FreePlace
		if r := s.Officers[occupant].Role; r >= 0 && r < len(s.Roles) {
			back = RetinueOf(r)
		}
		if err := MoveOfficer(s, occupant, back); err != nil {
			return err
		}
	}
	keep := -1
	if CityJob(to.Job) {
		keep = to.Loc
	}
	detach(s, p, keep)
	attach(s, p, to, was)
	return nil
}

// CheckPlace says why officer p cannot be put at to (nil when he can).
func CheckPlace(s *mbgfmt.Save, p int, to Place) error {
	if p < 0 || p >= len(s.Officers) {
		return fmt.Errorf("there is no officer %d", p)
	}
	name := s.Officers[p].Name
	if to.Role < -1 || to.Role >= len(s.Roles) {
		return fmt.Errorf("there is no role %d", to.Role)
	}
	if to.Role == -1 && to.Job != mbgfmt.JobNone {
		return fmt.Errorf("%s is free (在野): give him a role before a job", name)
	}
	switch {
	case to.Job == mbgfmt.JobNone:
		return nil
	case CityJob(to.Job):
		if to.Loc < 0 || to.Loc >= len(s.Cities) {
			return fmt.Errorf("there is no city %d", to.Loc)
		}
		c := s.Cities[to.Loc]
		if c.Role != -1 && c.Role != to.Role {
			return fmt.Errorf("%s belongs to %s, not to %s: hand the city over first (Cities pane)", c.Name, RoleName(s, c.Role), RoleName(s, to.Role))
		}
	case to.Job == mbgfmt.JobResearcher:
		if to.Loc < 0 || to.Loc >= len(s.Institutes) {
			return fmt.Errorf("there is no institute %d", to.Loc)
		}
		in := s.Institutes[to.Loc]
		if to.Role >= len(in.Researcher) || to.Role >= len(in.OnStudy) || to.Role >= len(in.Points) {
			return fmt.Errorf("institute %s has no research slot for %s", in.Name, RoleName(s, to.Role))
		}
		if len(in.Techs) == 0 {
			return fmt.Errorf("institute %s teaches no tech", in.Name)
		}
	case to.Job == mbgfmt.JobTrainee:
		if to.Loc < 0 || to.Loc >= len(s.TrainingRooms) {
			return fmt.Errorf("there is no training room %d", to.Loc)
		}
		t := s.TrainingRooms[to.Loc]
		if to.Role >= len(t.Trainee) || to.Role >= len(t.Rounds) {
			return fmt.Errorf("training room %s has no slot for %s", t.Name, RoleName(s, to.Role))
		}
	default:
		return fmt.Errorf("there is no job %d", to.Job)
	}
	return nil
}

// slotHolder returns who holds the institute or training-room slot of
// Place to, -1 for nobody or when to is not such a Place.
func slotHolder(s *mbgfmt.Save, to Place) int {
	switch to.Job {
	case mbgfmt.JobResearcher:
		return s.Institutes[to.Loc].Researcher[to.Role]
	case mbgfmt.JobTrainee:
		return s.TrainingRooms[to.Loc].Trainee[to.Role]
	}
	return -1
}

// detach takes officer p out of every set, slot and post that holds him.
// A city whose last garrison member he was loses its owner, unless it is
// keep (the city he stays in).
func detach(s *mbgfmt.Save, p int, keep int) {
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
func attach(s *mbgfmt.Save, p int, to Place, was Place) {
	o := &s.Officers[p]
	o.Role, o.Job, o.Loc = to.Role, to.Job, to.Loc
	switch {
	case to.Role == -1:
		o.Job, o.Loc = mbgfmt.JobNone, -1
		lv := min(max(o.Level, 0), len(s.Free)-1)
		s.Free[lv] = with(s.Free[lv], p)
	case to.Job == mbgfmt.JobNone:
		o.Loc = -1
		s.Roles[to.Role].Retinue = with(s.Roles[to.Role].Retinue, p)
	case CityJob(to.Job):
		c := &s.Cities[to.Loc]
		if c.Role == -1 {
			c.Role = to.Role
			s.Roles[to.Role].Cities = with(s.Roles[to.Role].Cities, to.Loc)
		}
		c.Garrison = with(c.Garrison, p)
		switch to.Job {
		case mbgfmt.JobMayor:
			demote(s, c.Mayor)
			c.Mayor = p
		case mbgfmt.JobTreasurer:
			demote(s, c.Treasurer)
			c.Treasurer = p
		}
	case to.Job == mbgfmt.JobResearcher:
		in := &s.Institutes[to.Loc]
		in.Researcher[to.Role] = p
		s.Roles[to.Role].Researchers = with(s.Roles[to.Role].Researchers, p)
		if was != to {
			t := firstUnknownTech(in.Techs, s.Roles[to.Role].Techs)
			in.OnStudy[to.Role], in.Points[to.Role] = t, techs[t].study
		}
	case to.Job == mbgfmt.JobTrainee:
		t := &s.TrainingRooms[to.Loc]
		t.Trainee[to.Role] = p
		s.Roles[to.Role].Trainees = with(s.Roles[to.Role].Trainees, p)
		if was != to {
			t.Rounds[to.Role] = trainRound
		}
	}
}

// demote makes a former mayor or treasurer a plain garrison member.
func demote(s *mbgfmt.Save, p int) {
	if p >= 0 && p < len(s.Officers) {
		s.Officers[p].Job = mbgfmt.JobGarrison
	}
}

// dropCity makes city c unowned.
func dropCity(s *mbgfmt.Save, c int) {
	s.Cities[c].Role = -1
	for r := range s.Roles {
		s.Roles[r].Cities = without(s.Roles[r].Cities, c)
	}
}

// firstUnknownTech returns the first of techs not in known (the first of
// techs when all are known, and 0 when there are none).
func firstUnknownTech(techs, known []int) int {
	for _, t := range techs {
		if t >= 0 && t < mbgfmt.NumTechs && !slices.Contains(known, t) {
			return t
		}
	}
	for _, t := range techs {
		if t >= 0 && t < mbgfmt.NumTechs {
			return t
		}
	}
	return 0
}

// SetCityOwner hands city c to role r (-1: nobody). The garrison goes
// over with the city; a city nobody held is garrisoned by the first
// travelling officer of its new owner; a city given up sends its garrison
// back to its owner's retinue.
func SetCityOwner(s *mbgfmt.Save, c, r int) error {
	if c < 0 || c >= len(s.Cities) {
		return fmt.Errorf("there is no city %d", c)
	}
	if r < -1 || r >= len(s.Roles) {
		return fmt.Errorf("there is no role %d", r)
	}
	city := &s.Cities[c]
	if r == -1 {
		back := FreePlace
		if city.Role >= 0 && city.Role < len(s.Roles) {
			back = RetinueOf(city.Role)
		}
		for _, p := range slices.Clone(city.Garrison) {
			if err := MoveOfficer(s, p, back); err != nil {
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
		return MoveOfficer(s, ret[0], Place{r, mbgfmt.JobGarrison, c})
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

// SetGarrison makes want the garrison of city c: officers who join it
// come from wherever they were and serve its owner (an unowned city
// becomes the role of the first one to join); officers who leave go back
// to the owner's retinue.
func SetGarrison(s *mbgfmt.Save, c int, want []int) error {
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
		if err := MoveOfficer(s, p, Place{owner, mbgfmt.JobGarrison, c}); err != nil {
			return err
		}
	}
	for _, p := range slices.Clone(city.Garrison) {
		if slices.Contains(want, p) {
			continue
		}
		back := FreePlace
		if city.Role >= 0 {
			back = RetinueOf(city.Role)
		}
		if err := MoveOfficer(s, p, back); err != nil {
			return err
		}
	}
	return nil
}

// SetPost appoints officer p (-1: nobody) mayor or treasurer (job) of
// city c; a dismissed holder stays in the garrison.
func SetPost(s *mbgfmt.Save, c, job, p int) error {
	city := s.Cities[c]
	if p >= 0 {
		return MoveOfficer(s, p, Place{city.Role, job, c})
	}
	holder := city.Mayor
	if job == mbgfmt.JobTreasurer {
		holder = city.Treasurer
	}
	if holder < 0 || holder >= len(s.Officers) {
		return nil
	}
	return MoveOfficer(s, holder, Place{s.Officers[holder].Role, mbgfmt.JobGarrison, c})
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

// SetRetinue makes want role r's travelling officers: officers ticked
// join it from wherever they were, officers unticked become free.
func SetRetinue(s *mbgfmt.Save, r int, want []int) error {
	return setMembers(slices.Clone(s.Roles[r].Retinue), want,
		func(p int) error { return MoveOfficer(s, p, RetinueOf(r)) },
		func(p int) error { return MoveOfficer(s, p, FreePlace) })
}

// SetRoleCities makes want the cities of role r (see SetCityOwner).
func SetRoleCities(s *mbgfmt.Save, r int, want []int) error {
	return setMembers(slices.Clone(s.Roles[r].Cities), want,
		func(c int) error { return SetCityOwner(s, c, r) },
		func(c int) error { return SetCityOwner(s, c, -1) })
}

// SetResearchers makes want role r's researchers: an officer ticked goes
// to the first institute where r has no researcher; one unticked comes
// back to the retinue.
func SetResearchers(s *mbgfmt.Save, r int, want []int) error {
	return setMembers(slices.Clone(s.Roles[r].Researchers), want,
		func(p int) error {
			for i, in := range s.Institutes {
				if r < len(in.Researcher) && in.Researcher[r] == -1 && len(in.Techs) > 0 {
					return MoveOfficer(s, p, Place{r, mbgfmt.JobResearcher, i})
				}
			}
			return fmt.Errorf("%s already has a researcher in every institute", s.Roles[r].Name)
		},
		func(p int) error { return MoveOfficer(s, p, RetinueOf(r)) })
}

// SetTrainees makes want role r's trainees, like SetResearchers.
func SetTrainees(s *mbgfmt.Save, r int, want []int) error {
	return setMembers(slices.Clone(s.Roles[r].Trainees), want,
		func(p int) error {
			for i, t := range s.TrainingRooms {
				if r < len(t.Trainee) && t.Trainee[r] == -1 {
					return MoveOfficer(s, p, Place{r, mbgfmt.JobTrainee, i})
				}
			}
			return fmt.Errorf("%s already has a trainee in every training room", s.Roles[r].Name)
		},
		func(p int) error { return MoveOfficer(s, p, RetinueOf(r)) })
}

// SetFree makes want the free officers among those of level lv: officers
// ticked are released, officers unticked are hired by role hire.
func SetFree(s *mbgfmt.Save, lv int, want []int, hire int) error {
	var current []int
	for p, o := range s.Officers {
		if o.Level == lv && o.Role == -1 {
			current = append(current, p)
		}
	}
	return setMembers(current, want,
		func(p int) error { return MoveOfficer(s, p, FreePlace) },
		func(p int) error {
			if hire < 0 || hire >= len(s.Roles) {
				return fmt.Errorf("choose the role that hires %s", s.Officers[p].Name)
			}
			return MoveOfficer(s, p, RetinueOf(hire))
		})
}

// SetLevel sets officer p's level; a free officer moves to the pool of
// his new level.
func SetLevel(s *mbgfmt.Save, p, lv int) {
	o := &s.Officers[p]
	o.Level = lv
	if o.Role == -1 {
		detach(s, p, -1)
		attach(s, p, FreePlace, FreePlace)
	}
}

// SetOfficerRole gives officer p to role r: he joins r's retinue (or
// becomes free for -1). Choosing his own role changes nothing.
func SetOfficerRole(s *mbgfmt.Save, p, r int) error {
	if r == s.Officers[p].Role {
		return nil
	}
	if r == -1 {
		return MoveOfficer(s, p, FreePlace)
	}
	return MoveOfficer(s, p, RetinueOf(r))
}

// SetOfficerJob gives officer p a new job at the most natural Place: his
// city when he already serves in one, else the first city of his role, else
// the first unowned city; for research and training, the first institute or
// room where his role has nobody yet, else the first one.
func SetOfficerJob(s *mbgfmt.Save, p, job int) error {
	o := s.Officers[p]
	if job == o.Job {
		return nil
	}
	to := Place{o.Role, job, -1}
	switch {
	case job == mbgfmt.JobNone:
	case CityJob(job):
		to.Loc = defaultCity(s, o)
		if to.Loc < 0 {
			return fmt.Errorf("%s has no city of its own and every city has an owner", RoleName(s, o.Role))
		}
	case job == mbgfmt.JobResearcher:
		to.Loc = firstFreeSlot(len(s.Institutes), func(i int) []int { return s.Institutes[i].Researcher }, o.Role)
		if to.Loc < 0 {
			return fmt.Errorf("there is no institute")
		}
	case job == mbgfmt.JobTrainee:
		to.Loc = firstFreeSlot(len(s.TrainingRooms), func(i int) []int { return s.TrainingRooms[i].Trainee }, o.Role)
		if to.Loc < 0 {
			return fmt.Errorf("there is no training room")
		}
	}
	return MoveOfficer(s, p, to)
}

// defaultCity is where an officer given a city job goes (-1: nowhere).
func defaultCity(s *mbgfmt.Save, o mbgfmt.SaveOfficer) int {
	if CityJob(o.Job) && o.Loc >= 0 && o.Loc < len(s.Cities) {
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

// SetOfficerLoc moves officer p to another city, institute or training
// room for the same job.
func SetOfficerLoc(s *mbgfmt.Save, p, loc int) error {
	o := s.Officers[p]
	if loc == o.Loc {
		return nil
	}
	return MoveOfficer(s, p, Place{o.Role, o.Job, loc})
}

// SetResearcher makes officer p (-1: nobody) role r's researcher at
// institute i; a researcher replaced goes back to the retinue.
func SetResearcher(s *mbgfmt.Save, i, r, p int) error {
	if p >= 0 {
		return MoveOfficer(s, p, Place{r, mbgfmt.JobResearcher, i})
	}
	if old := s.Institutes[i].Researcher[r]; old >= 0 && old < len(s.Officers) {
		return MoveOfficer(s, old, RetinueOf(r))
	}
	return nil
}

// SetTrainee makes officer p (-1: nobody) role r's trainee at training
// room t.
func SetTrainee(s *mbgfmt.Save, t, r, p int) error {
	if p >= 0 {
		return MoveOfficer(s, p, Place{r, mbgfmt.JobTrainee, t})
	}
	if old := s.TrainingRooms[t].Trainee[r]; old >= 0 && old < len(s.Officers) {
		return MoveOfficer(s, old, RetinueOf(r))
	}
	return nil
}

// SetStudy sets the tech role r studies at institute i (-1: none) with
// all its points to go.
func SetStudy(s *mbgfmt.Save, i, r, t int) {
	in := &s.Institutes[i]
	in.OnStudy[r] = t
	if t >= 0 && t < mbgfmt.NumTechs {
		in.Points[r] = techs[t].study
	} else {
		in.Points[r] = 0
	}
}

// MoveRole puts role r on square sq (-1: off the board, eliminated),
// keeping the squares' presence flags in step (spec §5.4: a role is
// present on exactly the square it stands on).
func MoveRole(s *mbgfmt.Save, r, sq int) error {
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

// SetAlliance sets role r's alliance state: -1 none, -2 public enemy (公愤),
// or the allied role. Alliances are mutual, so the partners' states
// follow: a new ally leaves its former ally, a former ally is left alone.
// A new state without rounds left gets the rounds a card gives (7 for an
// alliance, 5 for a public enemy).
func SetAlliance(s *mbgfmt.Save, r, a int) error {
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

// SetAllianceTurns sets the rounds role r's alliance state lasts; an ally
// gets the same.
func SetAllianceTurns(s *mbgfmt.Save, r, turns int) {
	ro := &s.Roles[r]
	ro.AllianceTurns = turns
	if a := ro.Alliance; a >= 0 && a < len(s.Roles) && s.Roles[a].Alliance == r {
		s.Roles[a].AllianceTurns = turns
	}
}

// SetMoveState sets role r's movement state; a slowed, hastened or
// stopped role without rounds left gets the 3 rounds a card gives, a
// normal one none.
func SetMoveState(s *mbgfmt.Save, r, st int) {
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

// RoleName names role r ("—" for none).
func RoleName(s *mbgfmt.Save, r int) string {
	if r >= 0 && r < len(s.Roles) {
		return s.Roles[r].Name
	}
	if r == -1 {
		return "—"
	}
	return fmt.Sprintf("#%d?", r)
}

// CloneSave returns a deep copy of s.
func CloneSave(s *mbgfmt.Save) *mbgfmt.Save {
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
