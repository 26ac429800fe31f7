package ftbt

// distCache keeps the distance tables of one side's turn (spec §6.1). A
// table depends only on its centre (the terrain is static), so tables
// are kept by centre: whole tables and tables exact below
// AI_MAX_DEF_DIST of the people's cells for the current turn, and whole
// tables of fixed goals for the whole game.
type distCache struct {
	owner      *state
	turn, side int
	full       map[int][]int
	below      map[int][]int
	goals      map[int][]int
	free       [][]int
	q          distQueue
	// owners labels the cells with their nearest enemy for the enemies
	// and cells of ownersFor (see nearest).
	owners, ownersFor, ownersKey []int
}

func newDistCache() *distCache {
	return &distCache{turn: -1, full: map[int][]int{}, below: map[int][]int{}, goals: map[int][]int{}}
}

// startTurn recycles the tables of cells nobody stands on any more when a
// new side's turn begins, and every table when the game changes.
func (dc *distCache) startTurn(s *state) {
	if dc.owner != s {
		dc.recycle(func(int) bool { return true })
		dc.owner, dc.turn, dc.goals, dc.owners = s, -1, map[int][]int{}, nil
	}
	if dc.turn == s.turn && dc.side == s.side {
		return
	}
	dc.turn, dc.side = s.turn, s.side
	dc.recycle(func(c int) bool { return s.occ[c] == -1 })
}

func (dc *distCache) recycle(drop func(c int) bool) {
	for _, m := range []map[int][]int{dc.full, dc.below} {
		for c, t := range m {
			if drop(c) {
				dc.free = append(dc.free, t)
				delete(m, c)
			}
		}
	}
}

func (dc *distCache) buffer() []int {
	n := len(dc.free)
	if n == 0 {
		return nil
	}
	buf := dc.free[n-1]
	dc.free = dc.free[:n-1]
	return buf
}

// at returns the whole table of cell c.
func (dc *distCache) at(s *state, c int) []int {
	if t, ok := dc.full[c]; ok {
		return t
	}
	t := s.dist(c, dc.buffer(), &dc.q)
	dc.full[c] = t
	return t
}

// atBelow returns a table of cell c exact below limit (see distBelow);
// limit must be the same for every call.
func (dc *distCache) atBelow(s *state, c, limit int) []int {
	if t, ok := dc.full[c]; ok {
		return t
	}
	if t, ok := dc.below[c]; ok {
		return t
	}
	t := s.distBelow(c, limit, dc.buffer(), &dc.q)
	dc.below[c] = t
	return t
}

// goal returns the table of a fixed goal.
func (dc *distCache) goal(s *state, c int) []int {
	if t, ok := dc.goals[c]; ok {
		return t
	}
	t := s.dist(c, nil, &dc.q)
	dc.goals[c] = t
	return t
}
