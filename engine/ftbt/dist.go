package ftbt

import "math"

// maxBucketWeight bounds the terrain weights for which searches use a
// bucket queue.
const maxBucketWeight = 1 << 16

// noLimit is the limit of a search over the whole map.
const noLimit = math.MaxInt

// distQueue is the scratch space of the distance searches.
type distQueue struct {
	heap    queue
	buckets [][]int
	// cost, pushed and gen are the tentative costs of nearestOwners.
	cost   []int
	pushed []uint32
	gen    uint32
}

// walk is the search of Dist(center, terrain weights) (spec §4): a plain
// Dijkstra over the whole grid with the static terrain weights, cost of a
// step = weight of the cell entered, cells settled in the canonical
// (cost, seq) order. visit is called for every settled cell with its
// cost, and stops the search by returning false.
//
// A limit below noLimit also stops it before the first cell costing limit
// or more; that, and stopping early, give the exact distances of the
// cells settled only with non-negative weights (the callers check
// nonNegative). With weights from 0 to maxBucketWeight the search uses a
// bucket queue whose buckets are FIFO: entries of equal cost leave in the
// order they came, which is the (cost, seq) order.
func (s *state) walk(center, limit int, q *distQueue, visit func(c, cost int) bool) {
	if s.nonNegative() && s.maxTW <= maxBucketWeight {
		s.walkBuckets(center, limit, q, visit)
		return
	}
	s.walkHeap(center, limit, &q.heap, visit)
}

// nonNegative reports whether every terrain weight of the map is at
// least 0 (the searches are then true shortest-path searches).
func (s *state) nonNegative() bool { return s.minTW >= 0 }

// neighbours returns the cells next to c in direction order (right,
// left, down, up).
func (s *state) neighbours(c int, next *[4]int) []int {
	x, y := c%s.nx, c/s.nx
	k := 0
	if x+1 < s.nx {
		next[k] = c + 1
		k++
	}
	if x > 0 {
		next[k] = c - 1
		k++
	}
	if y+1 < s.ny {
		next[k] = c + s.nx
		k++
	}
	if y > 0 {
		next[k] = c - s.nx
		k++
	}
	return next[:k]
}

// walkHeap is walk with the binary heap, for any weights.
func (s *state) walkHeap(center, limit int, q *queue, visit func(c, cost int) bool) {
	gen := s.nextGen()
	*q = append((*q)[:0], entry{cell: center})
	seq := 1
	var next [4]int
	for len(*q) > 0 {
		e := q.pop()
		if s.seen[e.cell] == gen {
			continue
		}
		if e.cost >= limit {
			return
		}
		s.seen[e.cell] = gen
		if !visit(e.cell, e.cost) {
			return
		}
		for _, m := range s.neighbours(e.cell, &next) {
			if s.seen[m] != gen {
				q.push(entry{cost: e.cost + s.tw[m], seq: seq, cell: m})
				seq++
			}
		}
	}
}

// walkBuckets is walk with a circular bucket queue (Dial's algorithm) for
// weights from 0 to maxBucketWeight: bucket cost%(maxTW+1) holds, in push
// order, the cells pushed with that cost.
func (s *state) walkBuckets(center, limit int, q *distQueue, visit func(c, cost int) bool) {
	nb := s.maxTW + 1
	if len(q.buckets) < nb {
		q.buckets = make([][]int, nb)
	}
	buckets := q.buckets[:nb]
	for i := range buckets {
		buckets[i] = buckets[i][:0]
	}
	gen := s.nextGen()
	buckets[0] = append(buckets[0], center)
	pending := 1
	var next [4]int
	for cost := 0; pending > 0 && cost < limit; cost++ {
		b := cost % nb
		for i := 0; i < len(buckets[b]); i++ { // a weight 0 appends to this bucket
			c := buckets[b][i]
			pending--
			if s.seen[c] == gen {
				continue
			}
			s.seen[c] = gen
			if !visit(c, cost) {
				return
			}
			for _, m := range s.neighbours(c, &next) {
				if s.seen[m] != gen {
					nc := (cost + s.tw[m]) % nb
					buckets[nc] = append(buckets[nc], m)
					pending++
				}
			}
		}
		buckets[b] = buckets[b][:0]
	}
}

// dist is Dist(center, terrain weights): the table of every cell's
// distance from center, in out (grown to the map's size).
func (s *state) dist(center int, out []int, q *distQueue) []int {
	out = grow(out, s.cells())
	s.walk(center, noLimit, q, func(c, cost int) bool { out[c] = cost; return true })
	return out
}

// distBelow is dist where only the distances below limit are exact and
// every other cell holds limit: all that a comparison "d < limit" needs.
// It stops the search at limit with non-negative weights, and is dist
// otherwise.
func (s *state) distBelow(center, limit int, out []int, q *distQueue) []int {
	if !s.nonNegative() {
		return s.dist(center, out, q)
	}
	out = grow(out, s.cells())
	for i := range out {
		out[i] = limit
	}
	s.walk(center, limit, q, func(c, cost int) bool { out[c] = cost; return true })
	return out
}

func grow(out []int, n int) []int {
	if cap(out) < n {
		return make([]int, n)
	}
	return out[:n]
}
