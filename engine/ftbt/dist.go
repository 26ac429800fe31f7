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
	// cost, pushed and gen are the tentative costs of nearestOwners and
	// distToBox.
	cost   []int
	pushed []uint32
	gen    uint32
	// region lists the cells of a dead enemy (removeOwner).
	region []int
}

// nextGen starts a new search over pushed.
func (q *distQueue) nextGen() uint32 {
	q.gen++
	if q.gen == 0 {
		clear(q.pushed)
		q.gen = 1
	}
	return q.gen
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
	x := c % s.nx
	k := 0
	if x+1 < s.nx {
		next[k] = c + 1
		k++
	}
	if x > 0 {
		next[k] = c - 1
		k++
	}
	if c+s.nx < len(s.tw) {
		next[k] = c + s.nx
		k++
	}
	if c >= s.nx {
		next[k] = c - s.nx
		k++
	}
	return next[:k]
}

// ring returns the buckets of a circular bucket queue for keys that
// grow by at most span between a cell and the cells it pushes, emptied,
// and the mask that maps a key to its bucket (the number of buckets is a
// power of two).
func (q *distQueue) ring(span int) ([][]int, int) {
	nb := 1
	for nb <= span {
		nb <<= 1
	}
	if len(q.buckets) < nb {
		q.buckets = make([][]int, nb)
	}
	buckets := q.buckets[:nb]
	for i := range buckets {
		buckets[i] = buckets[i][:0]
	}
	return buckets, nb - 1
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
// weights from 0 to maxBucketWeight: the bucket of a cost holds, in push
// order, the cells pushed with that cost. A cell is pushed again only at
// a smaller cost, so the entry that settles it is still the first of the
// (cost, seq) order, and an entry whose cost is no longer its cell's is a
// stale one. No push lowers the cost of a settled cell (the cost of what
// it pushes is at least its own), and none repeats a cost, so the first
// entry of a cell at its cost settles it and no other entry does.
func (s *state) walkBuckets(center, limit int, q *distQueue, visit func(c, cost int) bool) {
	buckets, mask := q.ring(s.maxTW)
	n := s.cells()
	q.cost, q.pushed = grow(q.cost, n), growStamps(q.pushed, n)
	w := bucketWalk{q: q, gen: q.nextGen(), buckets: buckets, mask: mask}
	w.push(center, 0)
	tw, nx := s.tw, s.nx
	for cost := 0; w.pending > 0 && cost < limit; cost++ {
		b := cost & mask
		for i := 0; i < len(buckets[b]); i++ { // a weight 0 appends to this bucket
			c := buckets[b][i]
			w.pending--
			if q.cost[c] != cost {
				continue // pushed again at a smaller cost
			}
			if !visit(c, cost) {
				return
			}
			x := c % nx
			if x+1 < nx {
				w.push(c+1, cost+tw[c+1])
			}
			if x > 0 {
				w.push(c-1, cost+tw[c-1])
			}
			if c+nx < n {
				w.push(c+nx, cost+tw[c+nx])
			}
			if c >= nx {
				w.push(c-nx, cost+tw[c-nx])
			}
		}
		buckets[b] = buckets[b][:0]
	}
}

// bucketWalk is the state of walkBuckets.
type bucketWalk struct {
	q       *distQueue
	gen     uint32
	buckets [][]int
	mask    int
	pending int
}

// push offers cell c at cost.
func (w *bucketWalk) push(c, cost int) {
	if w.q.pushed[c] == w.gen && w.q.cost[c] <= cost {
		return
	}
	w.q.pushed[c], w.q.cost[c] = w.gen, cost
	w.buckets[cost&w.mask] = append(w.buckets[cost&w.mask], c)
	w.pending++
}

// dist is Dist(center, terrain weights): the table of every cell's
// distance from center, in out (grown to the map's size).
func (s *state) dist(center int, out []int, q *distQueue) []int {
	out = grow(out, s.cells())
	s.walk(center, noLimit, q, func(c, cost int) bool { out[c] = cost; return true })
	return out
}

func grow(out []int, n int) []int {
	if cap(out) < n {
		return make([]int, n)
	}
	return out[:n]
}
