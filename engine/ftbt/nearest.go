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
// enemy index), labels every cell with its nearest enemy (ownerField);
// the labels hold while the same enemies stand on the same cells (a
// side's turn). Otherwise it reads the whole table of from.
func (dc *distCache) nearest(s *state, from int, enemies []int) int {
	dc.use(s)
	if !s.nonNegative() {
		dc.whole = s.dist(from, dc.whole, &dc.q)
		best := -1
		for _, e := range enemies {
			if best == -1 || dc.whole[s.people[e].loc] < dc.whole[s.people[best].loc] {
				best = e
			}
		}
		return best
	}
	return dc.ownersOf(s, enemies).owner[from]
}

// ownersOf returns the owner field of enemies, searched again only when
// they or their cells changed.
func (dc *distCache) ownersOf(s *state, enemies []int) *ownerField {
	key := enemyKey(s, enemies, dc.ownersKey)
	dc.ownersKey = key
	if dc.owners.owner == nil || !slices.Equal(key, dc.ownersFor) {
		s.nearestOwners(enemies, &dc.owners, &dc.q)
		dc.ownersFor = append(dc.ownersFor[:0], key...)
	}
	return &dc.owners
}

// ownerField labels every cell c with owner[c], the enemy e of the
// smallest (distance from c to e, index), and cost[c], the weight of c
// plus that distance, which is the weight of e's cell plus Dist(e.loc)[c]
// (see nearest).
type ownerField struct{ owner, cost []int }

// nearestOwners fills f for enemies; it needs non-negative weights.
func (s *state) nearestOwners(enemies []int, f *ownerField, q *distQueue) {
	n := s.cells()
	f.owner, f.cost = grow(f.owner, n), grow(f.cost, n)
	if s.minTW > 0 && s.maxTW <= maxBucketWeight {
		s.nearestOwnersBuckets(enemies, f, q)
		return
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
		f.owner[e.cell], f.cost[e.cell] = e.seq, e.cost
		for _, m := range s.neighbours(e.cell, &next) {
			if s.seen[m] != gen {
				h.push(entry{cost: e.cost + s.tw[m], seq: e.seq, cell: m})
			}
		}
	}
	q.heap = h
}

// nearestOwnersBuckets is nearestOwners with a bucket queue for positive
// weights: every push to a cell comes from a cell of smaller cost, so
// when a cell's bucket is reached its cost is final and it keeps the
// smallest enemy index pushed at that cost.
func (s *state) nearestOwnersBuckets(enemies []int, f *ownerField, q *distQueue) {
	buckets, mask := q.ring(s.maxTW)
	q.pushed = growStamps(q.pushed, s.cells())
	gen, done := q.nextGen(), s.nextGen()
	pending := 0
	push := func(c, cost, owner int) {
		switch {
		case s.seen[c] == done:
		case q.pushed[c] != gen || cost < f.cost[c]:
			q.pushed[c], f.cost[c], f.owner[c] = gen, cost, owner
			b := cost & mask
			buckets[b] = append(buckets[b], c)
			pending++
		case cost == f.cost[c] && owner < f.owner[c]:
			f.owner[c] = owner
		}
	}
	for _, e := range enemies {
		c := s.people[e].loc
		push(c, s.tw[c], e)
	}
	for cost := 0; pending > 0; cost++ {
		b := cost & mask
		for _, c := range buckets[b] {
			pending--
			if s.seen[c] == done || f.cost[c] != cost {
				continue
			}
			s.seen[c] = done
			owner, x := f.owner[c], c%s.nx
			if x+1 < s.nx {
				push(c+1, cost+s.tw[c+1], owner)
			}
			if x > 0 {
				push(c-1, cost+s.tw[c-1], owner)
			}
			if c+s.nx < len(s.tw) {
				push(c+s.nx, cost+s.tw[c+s.nx], owner)
			}
			if c >= s.nx {
				push(c-s.nx, cost+s.tw[c-s.nx], owner)
			}
		}
		buckets[b] = buckets[b][:0]
	}
}

func growStamps(s []uint32, n int) []uint32 {
	if cap(s) < n {
		return make([]uint32, n)
	}
	return s[:n]
}
