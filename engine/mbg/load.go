package mbg

import (
	"errors"

	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// fromScenario builds the state of a new game exactly as the original
// loader does (spec §2.3 normalisation, §2.4 derived state).
func fromScenario(sc *mbgfmt.Scenario) (*state, error) {
	if sc == nil {
		return nil, errors.New("no scenario")
	}
	np := len(sc.Officers)
	if ps := CheckScenario(sc); ps.HasErrors() {
		return nil, ps
	}
	s := &state{nx: sc.NX, ny: sc.NY, winMoney: sc.WinMoney, turn: 1}
	for i := range s.free {
		s.free[i] = newSet(np)
	}
	s.placesOf(sc)
	s.rolesOf(sc)
	s.derive()
	return s, nil
}

// placesOf sets the board, the officers (all free) and the cities of sc.
func (s *state) placesOf(sc *mbgfmt.Scenario) {
	np, nr := len(sc.Officers), len(sc.Roles)
	s.board = make([]square, len(sc.Board))
	for i, sq := range sc.Board {
		base := sq.Base
		if sq.Class == mbgfmt.ClassEmpty || sq.Class == mbgfmt.ClassSaloon || sq.Class == mbgfmt.ClassChance {
			base = 0
		}
		s.board[i] = square{class: sq.Class, base: base, x: sq.X, y: sq.Y, present: make([]bool, nr)}
	}
	s.people = make([]officer, np)
	for i, o := range sc.Officers {
		hpmax := officerHPMax(o.Props)
		s.people[i] = officer{name: o.Name, role: -1, job: jobNone, loc: -1, hpmax: hpmax, hp: hpmax,
			prop: o.Props, level: classify(o.Props)}
		s.free[s.people[i].level].add(i)
	}
	s.cities = make([]city, len(sc.Cities))
	for i, c := range sc.Cities {
		def := cityDefence(c.Scope)
		ci := city{name: c.Name, scope: c.Scope, hpmax: def, hp: def, role: -1, mos: newSet(np),
			mayor: c.Mayor, treasurer: c.Treasurer, rect: c.Rect}
		for _, p := range c.Garrison {
			ci.mos.add(p)
		}
		s.cities[i] = ci
	}
}

// rolesOf sets the roles, institutes and training rooms of sc.
func (s *state) rolesOf(sc *mbgfmt.Scenario) {
	np, nr := len(sc.Officers), len(sc.Roles)
	s.roles = make([]role, nr)
	for r, ro := range sc.Roles {
		x := role{name: ro.Name, loc: ro.Start, dir: ro.Dir, money: ro.Money, ast: astNone,
			tech: newSet(NumTechs), mos: newSet(np), mcs: newSet(len(sc.Cities)), sos: newSet(np), tos: newSet(np)}
		for _, t := range ro.Techs {
			x.tech.add(t)
		}
		for _, p := range ro.Retinue {
			x.mos.add(p)
		}
		for _, c := range ro.Cities {
			x.mcs.add(c)
		}
		s.roles[r] = x
	}
	s.insts = make([]institute, len(sc.Institutes))
	for i, in := range sc.Institutes {
		s.insts[i] = institute{name: in.Name, techs: append([]int{}, in.Techs...), researcher: filled(nr, -1),
			onStudy: filled(nr, -1), point: make([]float32, nr), rect: in.Rect}
	}
	s.trains = make([]trainingRoom, len(sc.TrainingRooms))
	for i, t := range sc.TrainingRooms {
		s.trains[i] = trainingRoom{name: t.Name, item: t.Item, trainee: filled(nr, -1), round: make([]int, nr), rect: t.Rect}
	}
}

// derive sets what the scenario implies (spec §2.4): the roles present
// on their squares, the owners of officers and cities, the officers'
// places and jobs; garrisons of unowned cities are dismissed and hired
// officers are not free.
func (s *state) derive() {
	for r := range s.roles {
		if loc := s.roles[r].loc; loc >= 0 {
			s.board[loc].present[r] = true
		}
	}
	for r := range s.roles {
		for _, p := range s.roles[r].mos.list() {
			s.people[p].role = r
		}
		for _, c := range s.roles[r].mcs.list() {
			s.cities[c].role = r
			for _, p := range s.cities[c].mos.list() {
				s.people[p].role = r
			}
		}
	}
	for c := range s.cities {
		ci := &s.cities[c]
		for _, p := range ci.mos.list() {
			s.people[p].loc = c
			s.people[p].job = jobGarrison
		}
		if ci.mayor != -1 {
			s.people[ci.mayor].job = jobMayor
		}
		if ci.treasurer != -1 {
			s.people[ci.treasurer].job = jobTreasurer
		}
	}
	for p := range s.people {
		o := &s.people[p]
		switch {
		case o.role == -1 && o.loc != -1:
			dismiss(s, p)
		case o.role != -1:
			s.free[o.level].del(p)
		}
	}
}

// dismiss removes an officer from the garrison of an unowned city at load
// (leave_city without notifications, spec §2.4 step 4): like
// become_citizen it clears the post of his job only, so an officer named
// mayor and treasurer (job treasurer) leaves the mayor slot naming him.
func dismiss(s *state, p int) {
	o := &s.people[p]
	c := &s.cities[o.loc]
	switch o.job {
	case jobMayor:
		c.mayor = -1
	case jobTreasurer:
		c.treasurer = -1
	}
	c.mos.del(p)
	o.job, o.loc = jobNone, -1
}

// fillCards sets every card count of every role to n if n is positive:
// the original's test helper, applied after loading a scenario or a save
// (spec §3.6, §11.1 fill_cards).
func (s *state) fillCards(n int) {
	if n <= 0 {
		return
	}
	for r := range s.roles {
		for k := range s.roles[r].cards {
			s.roles[r].cards[k] = n
		}
	}
}

func filled(n, v int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}
