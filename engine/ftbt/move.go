package ftbt

// moveRange is the movement range of spec §3.4: the cells a person with
// speed reaches from start over the current weights, in canonical
// (cost, seq) order, with the predecessor of each (parallel to valid; -1
// for start).
func (s *state) moveRange(start, speed int) (valid, preds []int) {
	gen := s.nextGen()
	q := queue{{cost: 0, seq: 0, cell: start, from: -1}}
	seq := 1
	for len(q) > 0 {
		e := q.pop()
		if s.seen[e.cell] == gen {
			continue
		}
		s.seen[e.cell] = gen
		valid = append(valid, e.cell)
		preds = append(preds, e.from)
		for dir := range 4 {
			n := s.neighbour(e.cell, dir)
			if n == -1 || s.seen[n] == gen || s.weight[n] == -1 {
				continue
			}
			step := s.weight[n]
			if s.sidewaysPastEnemy(e.cell, dir, gen) {
				step *= 2
			}
			if c := e.cost + step; c <= speed {
				q.push(entry{cost: c, seq: seq, cell: n, from: e.cell})
				seq++
			}
		}
	}
	return valid, preds
}

// sidewaysPastEnemy reports whether a step from cell in direction dir
// runs past an enemy beside the cell being left (spec §3.4, quirk 8.1):
// for a horizontal step an enemy directly above or below cell, for a
// vertical one an enemy directly left or right of it. An enemy is a cell
// of weight −1 not yet reached by search gen: the only such cell a search
// reaches is its start, when the mover stands on a cell of weight −1, and
// steps beside it are not doubled.
func (s *state) sidewaysPastEnemy(cell, dir int, gen uint32) bool {
	a, b := 2, 3
	if dir >= 2 {
		a, b = 0, 1
	}
	for _, d := range [2]int{a, b} {
		if n := s.neighbour(cell, d); n != -1 && s.weight[n] == -1 && s.seen[n] != gen {
			return true
		}
	}
	return false
}

// path rebuilds the cells from start to dest (both included) from a
// movement range.
func path(valid, preds []int, dest int) []int {
	pred := make(map[int]int, len(valid))
	for i, c := range valid {
		pred[c] = preds[i]
	}
	var back []int
	for c := dest; c != -1; c = pred[c] {
		back = append(back, c)
		if len(back) > len(valid) {
			break // cannot happen: predecessors form a tree
		}
	}
	for i, j := 0, len(back)-1; i < j; i, j = i+1, j-1 {
		back[i], back[j] = back[j], back[i]
	}
	return back
}

// stepDir is the direction of a step as the original derives it from the
// loc difference (spec §3.3): |Δ| == 1 is horizontal, anything else
// vertical, plus one when the target is smaller (wrong when nx == 1).
func stepDir(from, to int) int {
	d := to - from
	dir := 2
	if d == 1 || d == -1 {
		dir = 0
	}
	if to < from {
		dir++
	}
	return dir
}

// inList reports whether c is in list.
func inList(list []int, c int) bool {
	for _, v := range list {
		if v == c {
			return true
		}
	}
	return false
}
