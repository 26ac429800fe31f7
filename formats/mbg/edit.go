package mbg

// Operations a scenario editor needs: adding, removing and reordering
// items while every reference to them follows. A permutation maps each old
// index to its new index, or -1 for a removed item.

// remapList applies perm to a list of references, dropping removed items.
// References that pointed nowhere before are kept as they were.
func remapList(list []int, perm []int) []int {
	out := list[:0:0]
	for _, v := range list {
		switch {
		case v < 0 || v >= len(perm):
			out = append(out, v)
		case perm[v] >= 0:
			out = append(out, perm[v])
		}
	}
	return out
}

// remapRef applies perm to one reference; a removed item becomes none.
func remapRef(v int, perm []int, none int) int {
	if v < 0 || v >= len(perm) {
		return v
	}
	if perm[v] < 0 {
		return none
	}
	return perm[v]
}

// removal returns the permutation that removes item i of n.
func removal(n, i int) []int {
	perm := make([]int, n)
	for k := range perm {
		switch {
		case k < i:
			perm[k] = k
		case k == i:
			perm[k] = -1
		default:
			perm[k] = k - 1
		}
	}
	return perm
}

// swap returns the permutation that exchanges items i and j of n.
func swap(n, i, j int) []int {
	perm := make([]int, n)
	for k := range perm {
		perm[k] = k
	}
	perm[i], perm[j] = j, i
	return perm
}

// permute reorders items by perm (removed items disappear).
func permute[T any](items []T, perm []int) []T {
	n := 0
	for _, p := range perm {
		if p >= 0 {
			n++
		}
	}
	out := make([]T, n)
	for old, p := range perm {
		if p >= 0 {
			out[p] = items[old]
		}
	}
	return out
}

// RemapOfficers reorders or removes officers by perm, fixing garrisons,
// posts and retinues.
func (s *Scenario) RemapOfficers(perm []int) {
	s.Officers = permute(s.Officers, perm)
	for i := range s.Cities {
		c := &s.Cities[i]
		c.Garrison = remapList(c.Garrison, perm)
		c.Mayor = remapRef(c.Mayor, perm, -1)
		c.Treasurer = remapRef(c.Treasurer, perm, -1)
	}
	for i := range s.Roles {
		s.Roles[i].Retinue = remapList(s.Roles[i].Retinue, perm)
	}
}

// remapBuildings reorders or removes the buildings of one class by perm;
// squares of a removed building become empty squares.
func (s *Scenario) remapBuildings(class int, perm []int) {
	for i := range s.Board {
		sq := &s.Board[i]
		if sq.Class != class || sq.Base < 0 || sq.Base >= len(perm) {
			continue
		}
		if perm[sq.Base] < 0 {
			sq.Class, sq.Base = ClassEmpty, 0
		} else {
			sq.Base = perm[sq.Base]
		}
	}
}

// RemapCities reorders or removes cities by perm, fixing the board and the
// roles' city lists.
func (s *Scenario) RemapCities(perm []int) {
	s.Cities = permute(s.Cities, perm)
	s.remapBuildings(ClassCity, perm)
	for i := range s.Roles {
		s.Roles[i].Cities = remapList(s.Roles[i].Cities, perm)
	}
}

// RemapInstitutes reorders or removes institutes by perm.
func (s *Scenario) RemapInstitutes(perm []int) {
	s.Institutes = permute(s.Institutes, perm)
	s.remapBuildings(ClassInstitute, perm)
}

// RemapTrainingRooms reorders or removes training rooms by perm.
func (s *Scenario) RemapTrainingRooms(perm []int) {
	s.TrainingRooms = permute(s.TrainingRooms, perm)
	s.remapBuildings(ClassTrainingRoom, perm)
}

// RemapRoles reorders or removes roles by perm (nothing refers to roles).
func (s *Scenario) RemapRoles(perm []int) { s.Roles = permute(s.Roles, perm) }

// RemapBoard reorders or removes squares by perm; a role starting on a
// removed square starts on the square that now has its number (or the
// last one).
func (s *Scenario) RemapBoard(perm []int) {
	s.Board = permute(s.Board, perm)
	for i := range s.Roles {
		r := &s.Roles[i]
		if r.Start < 0 || r.Start >= len(perm) {
			continue
		}
		if perm[r.Start] >= 0 {
			r.Start = perm[r.Start]
		} else if len(s.Board) > 0 {
			r.Start = min(r.Start, len(s.Board)-1)
		} else {
			r.Start = -1
		}
	}
}

// InsertSquare inserts sq at index i of the board, shifting the starting
// squares behind it.
func (s *Scenario) InsertSquare(i int, sq Square) {
	i = max(0, min(i, len(s.Board)))
	s.Board = append(s.Board[:i], append([]Square{sq}, s.Board[i:]...)...)
	for k := range s.Roles {
		if s.Roles[k].Start >= i {
			s.Roles[k].Start++
		}
	}
}

// Removal returns the permutation removing item i of n items.
func Removal(n, i int) []int { return removal(n, i) }

// Swap returns the permutation exchanging items i and j of n items.
func Swap(n, i, j int) []int { return swap(n, i, j) }

// Owner returns the role that owns city c at the start (the last role
// listing it, as the game decides), or -1.
func (s *Scenario) Owner(c int) int {
	owner := -1
	for r, ro := range s.Roles {
		for _, x := range ro.Cities {
			if x == c {
				owner = r
			}
		}
	}
	return owner
}

// Placement says where an officer is at the start: "garrison", "retinue"
// or "" (free), with the index of the city or role.
func (s *Scenario) Placement(officer int) (where string, index int) {
	for c, city := range s.Cities {
		for _, o := range city.Garrison {
			if o == officer {
				return "garrison", c
			}
		}
	}
	for r, ro := range s.Roles {
		for _, o := range ro.Retinue {
			if o == officer {
				return "retinue", r
			}
		}
	}
	return "", -1
}
