package ftbt

import "slices"

// nearest returns the enemy (among enemies, in index order) with
// the smallest distance from cell from, the lowest index on ties (spec
// §6.2).
//
// With non-negative weights the distance from p to e is the distance from
// e to p plus the weight of e's cell minus that of p's (a path costs the
// weights of all its cells but the first), so one search from all enemies
// at once, started at the weight of their cells and ordered by (cost,
// enemy index), labels every cell with its nearest enemy; the labels hold
// for the side's turn while the same enemies stand on the same cells.
// Otherwise it reads the whole table of from.
func (dc *distCache) nearest(s *state, from int, enemies []int) int {
	if !s.nonNegative() {
		best := -1
		t := dc.at(s, from)
		for _, e := range enemies {
			if best == -1 || t[s.people[e].loc] < t[s.people[best].loc] {
				best = e
			}
		}
		return best
	}
	key := dc.ownersKey[:0]
	for _, e := range enemies {
		key = append(key, e, s.people[e].loc)
	}
	if dc.owners == nil || !slices.Equal(key, dc.ownersFor) {
		dc.owners = s.nearestOwners(enemies, dc.owners, &dc.q)
		dc.ownersFor = append(dc.ownersFor[:0], key...)
	}
	dc.ownersKey = key
	return dc.owners[from]
}

// nearestOwners labels every cell with the enemy of the smallest
// (distance, index) to it, counting the weight of the enemy's cell (see
// nearest); it needs non-negative weights.
func (s *state) nearestOwners(enemies []int, out []int, q *distQueue) []int {
	out = grow(out, s.cells())
	if s.minTW > 0 && s.maxTW <= maxBucketWeight {
		return s.nearestOwnersBuckets(enemies, out, q)
	}
	gen := s.nextGen()
	h := q.heap[:0]
	for _, e := range enemies {
		c := s.people[e].loc
		h.push(entry{cost: s.tw[c], seq: e, cell: c})
	}
	var next [4]int
	for len(h) > 0 {
		e := h.pop()
		if s.seen[e.cell] == gen {
			continue
		}
		s.seen[e.cell] = gen
		out[e.cell] = e.seq
		for _, m := range s.neighbours(e.cell, &next) {
			if s.seen[m] != gen {
				h.push(entry{cost: e.cost + s.tw[m], seq: e.seq, cell: m})
			}
		}
	}
	q.heap = h
	return out
}

// nearestOwnersBuckets is nearestOwners with a bucket queue for positive
// weights: every push to a cell comes from a cell of smaller cost, so
// when a cell's bucket is reached its cost is final and it keeps the
// smallest enemy index pushed at that cost.
func (s *state) nearestOwnersBuckets(enemies []int, out []int, q *distQueue) []int {
	nb := s.maxTW + 1
	if len(q.buckets) < nb {
		q.buckets = make([][]int, nb)
	}
	buckets := q.buckets[:nb]
	for i := range buckets {
		buckets[i] = buckets[i][:0]
	}
	n := s.cells()
	q.cost, q.pushed = grow(q.cost, n), growStamps(q.pushed, n)
	q.gen++
	if q.gen == 0 {
		clear(q.pushed)
		q.gen = 1
	}
	gen, done := q.gen, s.nextGen()
	pending := 0
	push := func(c, cost, owner int) {
		switch {
		case q.pushed[c] != gen || cost < q.cost[c]:
			q.pushed[c], q.cost[c], out[c] = gen, cost, owner
			b := cost % nb
			buckets[b] = append(buckets[b], c)
			pending++
		case cost == q.cost[c] && owner < out[c]:
			out[c] = owner
		}
	}
	for _, e := range enemies {
		c := s.people[e].loc
		push(c, s.tw[c], e)
	}
	var next [4]int
	for cost := 0; pending > 0; cost++ {
		b := cost % nb
		for _, c := range buckets[b] {
			pending--
			if s.seen[c] == done || q.cost[c] != cost {
				continue
			}
			s.seen[c] = done
			for _, m := range s.neighbours(c, &next) {
				if s.seen[m] != done {
					push(m, cost+s.tw[m], out[c])
				}
			}
		}
		buckets[b] = buckets[b][:0]
	}
	return out
}

func growStamps(s []uint32, n int) []uint32 {
	if cap(s) < n {
		return make([]uint32, n)
	}
	return s[:n]
}
