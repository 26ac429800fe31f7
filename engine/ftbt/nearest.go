package ftbt

import (
	"math"
	"math/bits"
	"slices"
)

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
// side's turn). Otherwise (or on a map whose costs the labels cannot
// hold) it reads the whole table of from.
func (dc *distCache) nearest(s *state, from int, enemies []int) int {
	dc.use(s)
	if !s.labelsFit() {
		dc.whole = s.dist(from, dc.whole, &dc.q)
		best := -1
		for _, e := range enemies {
			if best == -1 || dc.whole[s.people[e].loc] < dc.whole[s.people[best].loc] {
				best = e
			}
		}
		return best
	}
	return dc.ownersOf(s, enemies).owner(from)
}

// ownersOf returns the owner field of enemies, searched again only when
// they or their cells changed.
func (dc *distCache) ownersOf(s *state, enemies []int) *ownerField {
	key := enemyKey(s, enemies, dc.ownersKey)
	dc.ownersKey = key
	switch {
	case dc.owners.label != nil && slices.Equal(key, dc.ownersFor):
		return &dc.owners
	case dc.owners.label != nil && len(key) > 0 && s.minTW > 0:
		if gone, ok := goneFrom(dc.ownersFor, key); ok {
			for i := 0; i < len(gone); i += 2 {
				s.removeOwner(gone[i], gone[i+1], &dc.owners, &dc.q)
			}
			break
		}
		fallthrough
	default:
		s.nearestOwners(enemies, &dc.owners, &dc.q)
	}
	dc.ownersFor = append(dc.ownersFor[:0], key...)
	return &dc.owners
}

// removeOwner brings f up to date when enemy dead, which stood on cell
// loc, is gone (the others still standing where they stood); it needs
// positive weights. Only the cells dead owned change. They are
// connected to loc (a cell's owner is that of one of the neighbours it is
// nearest through), and the labels of the cells around them still hold,
// so a search started from those neighbours and kept inside dead's cells
// labels them as a new search from all the enemies would: in (cost,
// owner) order, a cell keeps the first entry that reaches it.
func (s *state) removeOwner(dead, loc int, f *ownerField, q *distQueue) {
	n := s.cells()
	q.pushed = growStamps(q.pushed, n)
	region := q.nextGen()
	cells := append(q.region[:0], loc)
	q.pushed[loc] = region
	var next [4]int
	for i := 0; i < len(cells); i++ {
		for _, m := range s.neighbours(cells[i], &next) {
			if q.pushed[m] != region && f.owner(m) == dead {
				q.pushed[m] = region
				cells = append(cells, m)
			}
		}
	}
	q.region = cells
	h := q.heap[:0]
	for _, c := range cells {
		for _, m := range s.neighbours(c, &next) {
			if q.pushed[m] != region {
				h.push(entry{cost: f.cost(m) + s.tw[c], seq: f.owner(m), cell: c})
			}
		}
	}
	q.heap = s.settleLabels(h, f, func(m int) bool { return q.pushed[m] == region })
}

// settleLabels runs the search of the queued entries h (cost, owner as
// seq, cell) to its end, in (cost, owner) order: each cell takes the
// label of the first entry that reaches it and offers its neighbours for
// which enter is true the same owner at their cost. It returns h's
// storage for the next search.
func (s *state) settleLabels(h queue, f *ownerField, enter func(c int) bool) queue {
	done := s.nextGen()
	var next [4]int
	for len(h) > 0 {
		e := h.pop()
		if s.seen[e.cell] == done {
			continue
		}
		s.seen[e.cell] = done
		f.label[e.cell] = f.pack(e.cost, e.seq)
		for _, m := range s.neighbours(e.cell, &next) {
			if s.seen[m] != done && enter(m) {
				h.push(entry{cost: e.cost + s.tw[m], seq: e.seq, cell: m})
			}
		}
	}
	return h
}

// ownerField labels every cell c with its owner, the enemy e of the
// smallest (distance from c to e, index), and its cost, the weight of c
// plus that distance, which is the weight of e's cell plus Dist(e.loc)[c]
// (see nearest). A label packs both, cost<<shift | owner, so that labels
// compare as (cost, owner) pairs do, and a search reads one value a cell.
type ownerField struct {
	label []int
	shift uint
}

func (f *ownerField) owner(c int) int          { return f.label[c] & (1<<f.shift - 1) }
func (f *ownerField) cost(c int) int           { return f.label[c] >> f.shift }
func (f *ownerField) pack(cost, owner int) int { return cost<<f.shift | owner }

// labelShift is the shift of the owner labels of s: enough bits for any
// person's index.
func (s *state) labelShift() uint { return uint(bits.Len(uint(len(s.people)))) }

// labelsFit reports whether the owner labels serve s: non-negative
// weights, and costs that fit beside the owner (no path is dearer than
// every cell's weight).
func (s *state) labelsFit() bool {
	return s.nonNegative() && s.maxTW <= (math.MaxInt>>(s.labelShift()+1))/max(s.cells(), 1)
}

// nearestOwners fills f for enemies; it needs labelsFit.
func (s *state) nearestOwners(enemies []int, f *ownerField, q *distQueue) {
	f.label, f.shift = grow(f.label, s.cells()), s.labelShift()
	if s.minTW > 0 && s.maxTW <= maxBucketWeight {
		s.nearestOwnersBuckets(enemies, f, q)
		return
	}
	h := q.heap[:0]
	for _, e := range enemies {
		c := s.people[e].loc
		h.push(entry{cost: s.tw[c], seq: e, cell: c})
	}
	q.heap = s.settleLabels(h, f, func(int) bool { return true })
}

// nearestOwnersBuckets is nearestOwners with a bucket queue for positive
// weights: every push to a cell comes from a cell of smaller cost, so
// when a cell's bucket is reached its cost is final and it keeps the
// smallest enemy index pushed at that cost. For the same reason a push
// never lowers the cost of a settled cell, so no mark of settled cells is
// needed: an entry whose cost is no longer its cell's is a stale one.
func (s *state) nearestOwnersBuckets(enemies []int, f *ownerField, q *distQueue) {
	buckets, mask := q.ring(s.maxTW)
	for i := range f.label {
		f.label[i] = math.MaxInt
	}
	w := ownerWalk{f: f, buckets: buckets, mask: mask}
	for _, e := range enemies {
		c := s.people[e].loc
		w.relax(c, f.pack(s.tw[c], e))
	}
	tw, nx, n, shift := s.tw, s.nx, len(s.tw), f.shift
	for cost := 0; w.pending > 0; cost++ {
		b := cost & mask
		for _, c := range buckets[b] {
			w.pending--
			l := f.label[c]
			if l>>shift != cost {
				continue // pushed again at a smaller cost
			}
			x := c % nx
			if x+1 < nx {
				w.relax(c+1, l+tw[c+1]<<shift)
			}
			if x > 0 {
				w.relax(c-1, l+tw[c-1]<<shift)
			}
			if c+nx < n {
				w.relax(c+nx, l+tw[c+nx]<<shift)
			}
			if c >= nx {
				w.relax(c-nx, l+tw[c-nx]<<shift)
			}
		}
		buckets[b] = buckets[b][:0]
	}
}

// ownerWalk is the state of nearestOwnersBuckets.
type ownerWalk struct {
	f       *ownerField
	buckets [][]int
	mask    int
	pending int
}

// relax offers cell c the label l (a cost and an owner), which it keeps
// when it is smaller than its own.
func (w *ownerWalk) relax(c, l int) {
	if l < w.f.label[c] {
		w.f.label[c] = l
		b := l >> w.f.shift & w.mask
		w.buckets[b] = append(w.buckets[b], c)
		w.pending++
	}
}

func growStamps(s []uint32, n int) []uint32 {
	if cap(s) < n {
		return make([]uint32, n)
	}
	return s[:n]
}
