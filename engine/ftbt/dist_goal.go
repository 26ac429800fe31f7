package ftbt

// box is a rectangle of cells, corners included: the part of the map
// whose goal distances one decision reads.
type box struct{ x0, y0, x1, y1 int }

// contains reports whether column x, row y is in b.
func (b box) contains(x, y int) bool { return x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1 }

// width and height are b's size in cells.
func (b box) width() int  { return b.x1 - b.x0 + 1 }
func (b box) height() int { return b.y1 - b.y0 + 1 }

// union returns the smallest box holding b and o.
func (b box) union(o box) box {
	return box{min(b.x0, o.x0), min(b.y0, o.y0), max(b.x1, o.x1), max(b.y1, o.y1)}
}

// steps returns the number of steps from column x, row y to the nearest
// cell of b (0 inside).
func (b box) steps(x, y int) int {
	return max(b.x0-x, 0, x-b.x1) + max(b.y0-y, 0, y-b.y1)
}

// clip returns b cut to the map (b must overlap it).
func (s *state) clip(b box) box {
	return box{max(b.x0, 0), max(b.y0, 0), min(b.x1, s.nx-1), min(b.y1, s.ny-1)}
}

// goalTable holds Dist(goal) of spec §4 for the cells of a box, as far
// as the AI reads it: it compares the goal distance of a cell of the
// movement range with AI_MAX_MOVE_DIST (spec §6.3) and that of any cell
// of the box with AI_MAX_TECH_DIST (§6.6). So a cell of the range holds
// its distance when it is below limit, other cells when it is below near,
// and every other cell a value of limit or more (near or more).
type goalTable struct {
	b           box
	nx          int
	limit, near int
	// moves is the box of the movement range; in marks its cells.
	moves box
	in    []bool
	count int // cells of the range
	d     []int
}

// reset makes t a table of box b on a map nx wide for the movement range
// valid (inside b), with every cell at limit, reusing its storage.
func (t *goalTable) reset(b box, nx, limit, near int, valid []int) {
	t.b, t.nx, t.limit, t.near = b, nx, limit, near
	n := b.width() * b.height()
	t.d = grow(t.d, n)
	for i := range t.d {
		t.d[i] = limit
	}
	t.in = growBools(t.in, n)
	clear(t.in)
	t.count = 0
	x, y := valid[0]%nx, valid[0]/nx
	t.moves = box{x, y, x, y}
	for _, c := range valid {
		x, y := c%nx, c/nx
		t.moves = t.moves.union(box{x, y, x, y})
		if i := t.index(c); !t.in[i] {
			t.in[i] = true
			t.count++
		}
	}
}

// threshold is the distance below which cell i of the box must be exact.
func (t *goalTable) threshold(i int) int {
	if t.in[i] {
		return t.limit
	}
	return t.near
}

func growBools(s []bool, n int) []bool {
	if cap(s) < n {
		return make([]bool, n)
	}
	return s[:n]
}

// index returns the position of cell c in t.d, or -1 outside the box.
func (t *goalTable) index(c int) int {
	y := c / t.nx
	return t.indexXY(c-y*t.nx, y)
}

// indexXY is index of the cell in column x, row y.
func (t *goalTable) indexXY(x, y int) int {
	if !t.b.contains(x, y) {
		return -1
	}
	return (y-t.b.y0)*t.b.width() + x - t.b.x0
}

// at returns the goal distance of cell c as far as t knows it. A
// decision reads only cells of its box; any other cell reads as far from
// the goal.
func (t *goalTable) at(c int) int {
	if i := t.index(c); i != -1 {
		return t.d[i]
	}
	return t.limit
}

// fillFrom copies the cells of t's box from a whole table of the map.
func (t *goalTable) fillFrom(table []int) {
	for y := t.b.y0; y <= t.b.y1; y++ {
		row := table[y*t.nx+t.b.x0 : y*t.nx+t.b.x1+1]
		copy(t.d[(y-t.b.y0)*t.b.width():], row)
	}
}

// distToBox fills t (reset) with Dist(goal) of spec §4 as far as t
// needs it (see goalTable). It needs non-negative weights, and searches
// in two steps: the cells nearer than near to the goal, then, toward the
// movement range, the range's cells nearer than limit.
func (s *state) distToBox(goal int, t *goalTable, q *distQueue) {
	unit := max(s.minTW, 0)
	if unit*t.b.steps(goal%s.nx, goal/s.nx) < t.near {
		s.walk(goal, t.near, q, func(c, cost int) bool {
			if i := t.index(c); i != -1 {
				t.d[i] = cost
			}
			return true
		})
	}
	s.distToMoves(goal, t, q)
}

// distToMoves is an A* search from goal toward the movement range of t
// whose estimate of the cost left from a cell is the number of steps to
// the range's box times the smallest terrain weight. That estimate never
// exceeds the real cost and drops by at most the weight of a step, so
// every cell leaves the queue with its exact distance, in order of
// distance plus estimate; the search ends when every cell of the range
// is settled or the next cell would cost the limit or more (in the
// range's box the estimate is 0, so no unsettled cell of it is nearer).
//
// The queue is a ring of FIFO buckets keyed by distance plus estimate,
// which a step raises by at most maxTW plus the smallest weight. A cell
// is pushed again only at a smaller cost, which leaves the queue first.
func (s *state) distToMoves(goal int, t *goalTable, q *distQueue) {
	b := t.moves
	unit := max(s.minTW, 0)
	buckets, mask := q.ring(s.maxTW + unit)
	n := s.cells()
	q.cost, q.pushed = grow(q.cost, n), growStamps(q.pushed, n)
	gen, done := q.nextGen(), s.nextGen()
	pending, left := 0, t.count
	push := func(c, x, y, cost int) {
		if q.pushed[c] == gen && q.cost[c] <= cost {
			return
		}
		q.pushed[c], q.cost[c] = gen, cost
		k := (cost + unit*b.steps(x, y)) & mask
		buckets[k] = append(buckets[k], c)
		pending++
	}
	push(goal, goal%s.nx, goal/s.nx, 0)
	for f := unit * b.steps(goal%s.nx, goal/s.nx); pending > 0 && f < t.limit; f++ {
		k := f & mask
		for i := 0; i < len(buckets[k]); i++ { // a weight 0 step appends to this bucket
			c := buckets[k][i]
			pending--
			if s.seen[c] == done {
				continue
			}
			s.seen[c] = done
			cost := q.cost[c]
			y := c / s.nx
			x := c - y*s.nx
			if j := t.indexXY(x, y); j != -1 {
				t.d[j] = cost
				if t.in[j] {
					if left--; left == 0 {
						return
					}
				}
			}
			if x+1 < s.nx && s.seen[c+1] != done {
				push(c+1, x+1, y, cost+s.tw[c+1])
			}
			if x > 0 && s.seen[c-1] != done {
				push(c-1, x-1, y, cost+s.tw[c-1])
			}
			if y+1 < s.ny && s.seen[c+s.nx] != done {
				push(c+s.nx, x, y+1, cost+s.tw[c+s.nx])
			}
			if y > 0 && s.seen[c-s.nx] != done {
				push(c-s.nx, x, y-1, cost+s.tw[c-s.nx])
			}
		}
		buckets[k] = buckets[k][:0]
	}
}
