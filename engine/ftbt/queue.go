package ftbt

// entry is an entry of the search queue of spec §3.4 and §4.
type entry struct {
	cost, seq int
	cell      int
	from      int // predecessor (movement ranges only)
}

// queue is a binary min-heap of entries in the canonical (cost, seq)
// order. Sequence numbers are unique, so the order is total and the heap's
// shape does not matter.
type queue []entry

func (e entry) less(o entry) bool {
	return e.cost < o.cost || (e.cost == o.cost && e.seq < o.seq)
}

func (q *queue) push(e entry) {
	h := append(*q, e)
	i := len(h) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if !h[i].less(h[parent]) {
			break
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
	*q = h
}

func (q *queue) pop() entry {
	h := *q
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h) && h[l].less(h[m]) {
			m = l
		}
		if r < len(h) && h[r].less(h[m]) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	*q = h
	return top
}
