package ftbt

import (
	"slices"
	"sync/atomic"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// states numbers the states made (see state.id).
var states atomic.Uint64

// person is one person's state (spec §2).
type person struct {
	name                string
	side                int
	abi, def, hp, speed int
	techs               []int // global tech ids
	loc                 int   // -1 once removed
	finished            bool  // acted this round
}

// The four aux effects, by their engine names.
const (
	auxAbi   = EffectAbi
	auxDef   = EffectDef
	auxFly   = EffectFly
	auxDL    = EffectDL
	numAuxes = NumEffects
)

// auxKinds are the names of the effects in ai_decisions.json.
var auxKinds = [numAuxes]string{"abi", "def", "fly", "dl"}

// cellEffects are the effects of one cell, per side.
type cellEffects [2][numAuxes]Effect

// state is the whole board (spec §2).
type state struct {
	// id tells this state from every other, copies included (an AI's
	// caches are about one state).
	id      uint64
	rules   *ftbtfmt.Rules
	nx, ny  int
	terrain []int // terrain id per cell
	tw      []int // static terrain weight per cell
	// minTW and maxTW are the smallest and largest terrain weights.
	minTW, maxTW int
	occ          []int // occupant of each cell, -1 when empty
	// weight holds the move weights of spec §3.2 for the side
	// computeWeights last named: weights[side] of that side.
	weight []int
	// weights holds weight_for(side, cell) for each side, kept up to date
	// cell by cell as people come and go and fly effects change.
	weights [2][]int
	// auxAt maps a cell to 1 + the index of its effects in auxPool (0:
	// none ever), so that a big map keeps effects only where some were
	// cast.
	auxAt   []int32
	auxPool []cellEffects
	// counting lists, per side, the cells with an effect whose duration
	// is positive (the effects countdown changes); inCounting marks them.
	counting   [2][]int
	inCounting [2][]bool
	people     []person
	// alive and finished count the people of each side on the map and
	// those that acted this round.
	alive, finished [2]int
	turn            int // current round, from 1 (0 before the first)
	side            int // side whose turn it is
	// seen and seenGen mark the cells reached by a search without
	// clearing them between searches.
	seen    []uint32
	seenGen uint32
}

// cells returns the number of cells.
func (s *state) cells() int { return s.nx * s.ny }

// xy returns the column and row of loc.
func (s *state) xy(loc int) (int, int) { return loc % s.nx, loc / s.nx }

// onMap reports whether column x, row y is a cell of the map.
func (s *state) onMap(x, y int) bool { return x >= 0 && x < s.nx && y >= 0 && y < s.ny }

// offset returns the cell at (dx, dy) from loc, checking x and y
// separately (no wrapping), or -1 when it is off the map.
func (s *state) offset(loc, dx, dy int) int {
	x, y := s.xy(loc)
	x, y = x+dx, y+dy
	if !s.onMap(x, y) {
		return -1
	}
	return y*s.nx + x
}

// neighbour returns the neighbour of loc in direction dir (0 right, 1
// left, 2 down, 3 up), or -1 off the map.
func (s *state) neighbour(loc, dir int) int {
	switch dir {
	case 0:
		return s.offset(loc, 1, 0)
	case 1:
		return s.offset(loc, -1, 0)
	case 2:
		return s.offset(loc, 0, 1)
	}
	return s.offset(loc, 0, -1)
}

// allowed reports whether tech t may target (or affect) cell c.
func (s *state) allowed(t *ftbtfmt.Tech, c int) bool { return t.Allowed[s.terrain[c]] }

// effectAt returns side's effect k on cell c.
func (s *state) effectAt(side, c, k int) Effect {
	if i := s.auxAt[c]; i != 0 {
		return s.auxPool[i-1][side][k]
	}
	return Effect{}
}

// effects returns the effects of cell c, making room for them.
func (s *state) effects(c int) *cellEffects {
	if s.auxAt[c] == 0 {
		s.auxPool = append(s.auxPool, cellEffects{})
		s.auxAt[c] = int32(len(s.auxPool))
	}
	return &s.auxPool[s.auxAt[c]-1]
}

// weightFor is weight_for(side, cell) of spec §3.2.
func (s *state) weightFor(side, c int) int {
	if o := s.occ[c]; o != -1 && s.people[o].side != side {
		return -1
	}
	if f := s.effectAt(side, c, auxFly).Val; f != 0 {
		return f
	}
	return s.tw[c]
}

// computeWeights recomputes the move weights for side (spec §3.2). The
// weights of both sides are kept up to date as the board changes (see
// refreshWeight), and every change the spec recomputes after is one of
// those, so recomputing is choosing the side's table.
func (s *state) computeWeights(side int) {
	s.weight = s.weights[side]
}

// refreshWeight brings both sides' weights of cell c up to date.
func (s *state) refreshWeight(c int) {
	s.weights[0][c] = s.weightFor(0, c)
	s.weights[1][c] = s.weightFor(1, c)
}

// setEffect sets side's effect k on cell c.
func (s *state) setEffect(side, c, k int, e Effect) {
	s.effects(c)[side][k] = e
	if k == auxFly {
		s.refreshWeight(c)
	}
	if e.Dur > 0 && !s.inCounting[side][c] {
		s.inCounting[side][c] = true
		s.counting[side] = append(s.counting[side], c)
	}
}

// countdown is step 2 of a round (spec §3.1): every effect with a
// positive duration loses a round; one that reaches 0 is reset. Only the
// cells of counting hold such effects.
func (s *state) countdown() {
	for side := range s.counting {
		kept := s.counting[side][:0]
		for _, c := range s.counting[side] {
			left := false
			effs := &s.effects(c)[side]
			for k := range effs {
				reset, running := effs[k].Countdown()
				if reset && k == auxFly {
					s.refreshWeight(c)
				}
				left = left || running
			}
			if left {
				kept = append(kept, c)
			} else {
				s.inCounting[side][c] = false
			}
		}
		s.counting[side] = kept
	}
}

// setLoc puts person p on cell loc (-1 takes it off the map), keeping
// the occupancy and the alive counters right.
func (s *state) setLoc(p, loc int) {
	pp := &s.people[p]
	if pp.loc != -1 {
		if s.occ[pp.loc] == p {
			s.occ[pp.loc] = -1
			s.refreshWeight(pp.loc)
		}
		if loc == -1 {
			s.alive[pp.side]--
		}
	} else if loc != -1 {
		s.alive[pp.side]++
	}
	pp.loc = loc
	if loc != -1 {
		s.occ[loc] = p
		s.refreshWeight(loc)
	}
}

// nextGen starts a new search over seen.
func (s *state) nextGen() uint32 {
	s.seenGen++
	if s.seenGen == 0 {
		clear(s.seen)
		s.seenGen = 1
	}
	return s.seenGen
}

// clone returns a copy of s that shares nothing it changes (the rules,
// the terrain and the people's techs are shared: they never change).
func (s *state) clone() *state {
	c := *s
	c.id = states.Add(1)
	c.occ = slices.Clone(s.occ)
	for side := range s.weights {
		c.weights[side] = slices.Clone(s.weights[side])
		if len(s.weight) > 0 && len(s.weights[side]) > 0 && &s.weight[0] == &s.weights[side][0] {
			c.weight = c.weights[side]
		}
		c.counting[side] = slices.Clone(s.counting[side])
		c.inCounting[side] = slices.Clone(s.inCounting[side])
	}
	c.auxAt = slices.Clone(s.auxAt)
	c.auxPool = slices.Clone(s.auxPool)
	c.people = slices.Clone(s.people)
	c.seen, c.seenGen = make([]uint32, len(s.seen)), 0
	return &c
}
