package ftbt

import (
	"slices"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// distances are the distance facts an AI decision reads (spec §6.1–§6.3).
// distCache computes them with searches bounded by what the decision
// reads; the tests compare it with the whole tables of spec §6.1.
type distances interface {
	// nearest returns the enemy (among enemies, in index order) with the
	// smallest distance from cell from, the lowest index on ties (§6.2).
	nearest(s *state, from int, enemies []int) int
	// goalTable fills t (reset to its box and limit) with the distances
	// from goal (§6.2), while enemies stand where they stand.
	goalTable(s *state, goal int, enemies []int, t *goalTable)
	// defence returns, for every cell m, the sum over enemies of
	// AI_MAX_DEF_SCORE minus the enemy's defence term at m (§6.3), which
	// is 0 for an enemy AI_MAX_DEF_DIST or more away.
	defence(s *state, enemies []int, k *ftbtfmt.AIConstants) []int
}

// distCache is an AI's distances: what depends only on where the enemies
// stand (the nearest enemy of every cell, the summed defence terms) is
// kept while they stand there, which is a side's turn, and brought up to
// date by subtraction when one of them dies; goal distances are searched
// for each decision, only toward the cells it reads. Its memory is a few
// values per cell of the map, whatever the number of people.
type distCache struct {
	owner uint64 // the id of the state it is about
	q     distQueue
	// owners labels the cells with their nearest enemy for the enemies
	// and cells of ownersFor (see nearest).
	owners               ownerField
	ownersFor, ownersKey []int
	// gain is defence's answer for the enemies and cells of gainFor.
	gain, gainFor, gainKey []int
	// whole is a whole distance table, for weights the bounded searches
	// do not serve.
	whole []int
}

func newDistCache() *distCache { return &distCache{} }

// use forgets everything when the game changes.
func (dc *distCache) use(s *state) {
	if dc.owner != s.id {
		*dc = distCache{owner: s.id, q: dc.q, whole: dc.whole}
	}
}

// bounded reports whether the searches toward a box and below a limit
// serve the weights of s (non-negative, small enough for a bucket queue).
func (s *state) bounded() bool { return s.nonNegative() && s.maxTW <= maxBucketWeight }

func (dc *distCache) goalTable(s *state, goal int, enemies []int, t *goalTable) {
	dc.use(s)
	if s.bounded() {
		if !dc.fromOwners(s, goal, enemies, t) {
			for i := range t.d {
				t.d[i] = t.limit
			}
			s.distToBox(goal, t, &dc.q)
		}
		return
	}
	dc.whole = s.dist(goal, dc.whole, &dc.q)
	t.fillFrom(dc.whole)
}

// fromOwners fills t from the owner field of enemies when goal is the
// cell of one of them and the field tells its distance to every cell of
// t's box as far as t needs it, and reports whether it did. The field
// tells the distance from the goal's enemy to the cells it owns, and
// gives a lower bound elsewhere: enough for cells of the box far from the
// goal, which is the rule while the mover is nearer to it than to any
// other enemy.
func (dc *distCache) fromOwners(s *state, goal int, enemies []int, t *goalTable) bool {
	e := s.occ[goal]
	if e == -1 || !slices.Contains(enemies, e) || !s.labelsFit() {
		return false
	}
	f := dc.ownersOf(s, enemies)
	b := t.b
	base := s.tw[goal] // the field's costs count the weight of e's cell
	i := 0
	for y := b.y0; y <= b.y1; y++ {
		for c := y*s.nx + b.x0; c <= y*s.nx+b.x1; c++ {
			d := f.cost(c) - base // exact when e owns c, a lower bound otherwise
			switch {
			case d >= t.threshold(i):
				t.d[i] = min(d, t.limit)
			case f.owner(c) == e:
				t.d[i] = d
			default:
				return false
			}
			i++
		}
	}
	return true
}

// enemyKey lists the enemies with their cells: what the nearest and
// defence facts depend on.
func enemyKey(s *state, enemies []int, key []int) []int {
	key = key[:0]
	for _, e := range enemies {
		key = append(key, e, s.people[e].loc)
	}
	return key
}

func (dc *distCache) defence(s *state, enemies []int, k *ftbtfmt.AIConstants) []int {
	dc.use(s)
	key := enemyKey(s, enemies, dc.gainKey)
	dc.gainKey = key
	switch {
	case dc.gain != nil && slices.Equal(key, dc.gainFor):
		return dc.gain
	case dc.gain != nil && dc.subtractGone(s, key, k):
	default:
		dc.gain = grow(dc.gain, s.cells())
		clear(dc.gain)
		for _, e := range enemies {
			dc.addDefence(s, s.people[e].loc, 1, k)
		}
	}
	dc.gainFor = append(dc.gainFor[:0], key...)
	return dc.gain
}

// subtractGone takes out of gain the enemies of gainFor missing from key
// and reports true, when key is gainFor without them; otherwise it
// changes nothing and reports false.
func (dc *distCache) subtractGone(s *state, key []int, k *ftbtfmt.AIConstants) bool {
	gone, ok := goneFrom(dc.gainFor, key)
	if !ok {
		return false
	}
	for i := 1; i < len(gone); i += 2 {
		dc.addDefence(s, gone[i], -1, k)
	}
	return true
}

// goneFrom returns the (enemy, cell) pairs of the enemy key old missing
// from key, and whether key is old without them (enemies that died, not
// enemies that moved).
func goneFrom(old, key []int) ([]int, bool) {
	var gone []int
	j := 0
	for i := 0; i < len(old); i += 2 {
		if j < len(key) && key[j] == old[i] && key[j+1] == old[i+1] {
			j += 2
			continue
		}
		gone = append(gone, old[i], old[i+1])
	}
	return gone, j == len(key)
}

// addDefence adds sign times the defence gain of an enemy on center to
// every cell nearer to it than AI_MAX_DEF_DIST (spec §6.3).
func (dc *distCache) addDefence(s *state, center, sign int, k *ftbtfmt.AIConstants) {
	limit, score := k.MaxDefDist, k.MaxDefScore
	if !s.nonNegative() {
		limit = noLimit // the whole search: costs may go down again
	}
	s.walk(center, limit, &dc.q, func(c, cost int) bool {
		if cost < k.MaxDefDist {
			dc.gain[c] += sign * (score - cost*score/k.MaxDefDist)
		}
		return true
	})
}
