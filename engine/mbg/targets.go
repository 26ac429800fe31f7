package mbg

// Helpers the players share: what the rules would accept as an effective
// answer in the current state.

// cardTargets lists the roles a role card a played by u can be applied to
// without being re-asked or cancelled.
func (s *state) cardTargets(u, a int) []int {
	out := []int{}
	for o := range s.roles {
		if !s.live(o) {
			continue
		}
		switch cards[a].odir {
		case odirSelf:
			if o != u {
				continue
			}
		case odirOther:
			if o == u {
				continue
			}
		}
		switch a {
		case 11:
			if s.roles[u].ast != astNone || s.roles[o].ast != astNone {
				continue
			}
		case 12:
			if s.roles[o].ast != astNone {
				continue
			}
		}
		out = append(out, o)
	}
	return out
}

// officerAllowed is the allowed role set of officer card a played by u.
func (s *state) officerAllowed(u, a int) []bool {
	allowed := make([]bool, len(s.roles))
	for r := range s.roles {
		allowed[r] = s.live(r) && (cards[a].odir != odirOther || r != u) && (cards[a].odir != odirSelf || r == u)
	}
	return allowed
}

// place is a target of sel_card_obj_any: [st, obj] and the officers there.
type place struct {
	st, obj int
	people  []int
}

// officerPlaces lists the places of sel_card_obj_any that card a played
// by u accepts and where at least one officer stands.
func (s *state) officerPlaces(u, a int) []place {
	allowed := s.officerAllowed(u, a)
	var out []place
	add := func(st, obj int, people []int) {
		if len(people) > 0 {
			out = append(out, place{st, obj, people})
		}
	}
	for r := range s.roles {
		if allowed[r] {
			add(0, r, s.roles[r].mos.list())
		}
	}
	for c := range s.cities {
		owner := s.cities[c].role
		if (cards[a].odir == odirSelf && owner != u) || (cards[a].odir == odirOther && (owner == -1 || owner == u)) {
			continue
		}
		add(1, c, s.cities[c].mos.list())
	}
	for i := range s.insts {
		add(2, i, slots(s.insts[i].researcher, allowed))
	}
	for t := range s.trains {
		add(3, t, slots(s.trains[t].trainee, allowed))
	}
	return out
}

// slots lists the officers of the allowed roles in per-role slots.
func slots(per []int, allowed []bool) []int {
	out := []int{}
	for r, p := range per {
		if allowed[r] && p != -1 {
			out = append(out, p)
		}
	}
	return out
}

// allocTargets lists the effective sel_alloc_obj answers of role r.
func (s *state) allocTargets(r int) [][2]int {
	var out [][2]int
	for c := range s.cities {
		if s.cities[c].role == r {
			out = append(out, [2]int{0, c})
		}
	}
	for i := range s.insts {
		if s.insts[i].researcher[r] != -1 {
			out = append(out, [2]int{1, i})
		}
	}
	for t := range s.trains {
		if s.trains[t].trainee[r] != -1 {
			out = append(out, [2]int{2, t})
		}
	}
	return out
}
