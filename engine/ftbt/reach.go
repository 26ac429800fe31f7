package ftbt

import (
	"github.com/shapan/shapan/formats/cells"
	"math"
	"slices"
	"sort"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// Mobility says whether a person of a level can ever fight.
type Mobility int

// The mobilities of a person.
const (
	// Reaches: the person can walk to an enemy, or an enemy to it (or it
	// is not on the field: off the map or of no side).
	Reaches Mobility = iota
	// Stuck: its speed is below the cost of every cell around it; it
	// never leaves its cell.
	Stuck
	// Separated: terrain its speed cannot enter separates it from every
	// enemy, and them from it.
	Separated
)

// PeopleMobility tells, for every person of level l played with rules,
// whether it can ever reach an enemy (validate reports the people who
// cannot: FTB032 and FTB033). A step onto a cell costs the cell's
// terrain, so a person can walk exactly over the cells whose cost is at
// most its speed: the cells it can ever reach form one connected region
// per speed threshold, and thresholds only matter at the terrain costs, so
// at most one labelling per terrain cost is computed. A level whose
// terrain does not fit its size reaches everywhere.
func PeopleMobility(l *ftbtfmt.Level, rules *ftbtfmt.Rules) []Mobility {
	out := make([]Mobility, len(l.People))
	if rules == nil || l.W <= 0 || l.H <= 0 || l.Terrain.Len() != l.W*l.H {
		return out
	}
	weight := func(x, y int) int {
		if t := l.Terrain.At(y*l.W + x); t >= 0 && t < len(rules.Terrains) {
			return rules.Terrains[t].Weight
		}
		return math.MaxInt
	}
	// The largest terrain cost at most speed: people with the same such
	// threshold share the same regions.
	var costs []int
	seen := map[int]bool{}
	maxCost := 0
	for _, t := range rules.Terrains {
		if !seen[t.Weight] {
			seen[t.Weight] = true
			costs = append(costs, t.Weight)
		}
		maxCost = max(maxCost, t.Weight)
	}
	threshold := func(speed int) int {
		best := -1
		for _, c := range costs {
			if c <= speed && c > best {
				best = c
			}
		}
		return best
	}
	on := func(p ftbtfmt.Person) bool {
		return p.X >= 0 && p.Y >= 0 && p.X < l.W && p.Y < l.H && (p.Side == 0 || p.Side == 1)
	}
	cells := make([]int, len(l.People))
	for i, p := range l.People {
		cells[i] = -1
		if on(p) {
			cells[i] = p.Y*l.W + p.X
		}
	}
	// The regions of every person's cell, per threshold, computed only
	// for the thresholds of people slower than the costliest terrain.
	regions := map[int][]int{}
	label := func(th int) []int {
		if lab, ok := regions[th]; ok {
			return lab
		}
		enter := make([]bool, len(rules.Terrains))
		for t, tr := range rules.Terrains {
			enter[t] = tr.Weight <= th
		}
		lab := regionsAt(l.Terrain, l.W, enter, cells)
		regions[th] = lab
		return lab
	}
	for i, p := range l.People {
		if cells[i] < 0 {
			continue
		}
		moves := false
		for _, n := range [4][2]int{{p.X + 1, p.Y}, {p.X - 1, p.Y}, {p.X, p.Y + 1}, {p.X, p.Y - 1}} {
			if n[0] >= 0 && n[1] >= 0 && n[0] < l.W && n[1] < l.H && weight(n[0], n[1]) <= p.Speed {
				moves = true
			}
		}
		switch {
		case !moves:
			out[i] = Stuck
		case p.Speed >= maxCost:
			// it can go everywhere
		case !reachesAnEnemy(l, cells, i, maxCost, func(speed int) []int { return label(threshold(speed)) }):
			out[i] = Separated
		}
	}
	return out
}

// SidesApart reports whether no game of the level can have a fight,
// however long it lasts: every person on the field is stuck or separated
// from every enemy (PeopleMobility), and nobody knows a tech that could
// bridge the gap — a fly tech (which makes cells cheaper to enter) or one
// that reaches beyond the cells next to its user (a range farther than
// one step, or an area effect).
func SidesApart(l *ftbtfmt.Level, rules *ftbtfmt.Rules) bool {
	if rules == nil {
		return false
	}
	mob := PeopleMobility(l, rules)
	fielded := 0
	for i, p := range l.People {
		if p.X < 0 || p.Y < 0 || p.X >= l.W || p.Y >= l.H || (p.Side != 0 && p.Side != 1) {
			continue
		}
		fielded++
		if mob[i] == Reaches {
			return false
		}
		for _, t := range p.Techs {
			if t >= 0 && t < len(rules.Techs) && bridges(rules.Techs[t]) {
				return false
			}
		}
	}
	return fielded > 0
}

// bridges reports whether a tech can act across terrain its user cannot
// enter: a fly tech, or one that reaches beyond the next cells.
func bridges(t ftbtfmt.Tech) bool {
	if t.Class == ftbtfmt.ClassFly || t.AoeRange > 0 {
		return true
	}
	for _, r := range t.Range {
		if abs(r[0])+abs(r[1]) > 1 {
			return true
		}
	}
	return false
}

// reachesAnEnemy reports whether person i shares a region with an enemy,
// at its own speed or at the enemy's; regions(speed) labels the people's
// cells for a speed.
func reachesAnEnemy(l *ftbtfmt.Level, cells []int, i, maxCost int, regions func(speed int) []int) bool {
	p := l.People[i]
	enemy := func(j int) bool { return l.People[j].Side != p.Side && cells[j] >= 0 }
	// An enemy who can enter every terrain reaches anyone: the regions
	// are only labelled when there is none.
	for j, e := range l.People {
		if enemy(j) && e.Speed >= maxCost {
			return true
		}
	}
	mine := regions(p.Speed)
	for j, e := range l.People {
		if !enemy(j) {
			continue
		}
		if mine[j] == mine[i] {
			return true
		}
		if theirs := regions(e.Speed); theirs[j] == theirs[i] {
			return true
		}
	}
	return false
}

// regionsAt labels the regions that the given cells of a w-wide terrain
// grid lie in, for a walker who can only enter the terrains marked in
// enter: two cells get the same label when a path of enterable cells
// joins them (4 neighbours); a cell that cannot be entered is a region of
// its own. Cells that are negative are left alone. It works on horizontal
// runs of enterable cells — a union-find over runs, joining runs that
// touch the previous row — and keeps nothing per cell, so that it is fast
// and small on large maps.
func regionsAt(terrain cells.Grid, w int, enter []bool, cells []int) []int {
	can := func(t int) bool { return t >= 0 && t < len(enter) && enter[t] }
	order := make([]int, 0, len(cells))
	for i, c := range cells {
		if c >= 0 {
			order = append(order, i)
		}
	}
	sort.Slice(order, func(a, b int) bool { return cells[order[a]] < cells[order[b]] })
	out := make([]int, len(cells))
	var parent []int32
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	type run struct {
		x0, x1 int // [x0, x1)
		id     int32
	}
	var prev, cur []run
	q, rows := 0, terrain.Len()/w
	row := make([]int, w)
	for y := 0; y < rows; y++ {
		if y == 1 {
			// As many runs a row as in the first: sized once, the
			// union-find is not copied as it grows.
			parent = slices.Grow(parent, len(parent)*(rows-1)*9/8)
		}
		terrain.Read(row, y*w)
		cur = cur[:0]
		for x := 0; x < w; {
			if !can(row[x]) {
				x++
				continue
			}
			x0 := x
			for x < w && can(row[x]) {
				x++
			}
			id := int32(len(parent))
			parent = append(parent, id)
			cur = append(cur, run{x0, x, id})
		}
		// Join with overlapping runs of the previous row.
		j := 0
		for _, r := range cur {
			for j < len(prev) && prev[j].x1 <= r.x0 {
				j++
			}
			for k := j; k < len(prev) && prev[k].x0 < r.x1; k++ {
				if a, b := find(r.id), find(prev[k].id); a != b {
					parent[max(a, b)] = min(a, b)
				}
			}
		}
		// The cells asked for on this row.
		k := 0
		for ; q < len(order) && cells[order[q]] < (y+1)*w; q++ {
			c := cells[order[q]]
			for k < len(cur) && cur[k].x1 <= c-y*w {
				k++
			}
			if k < len(cur) && cur[k].x0 <= c-y*w {
				out[order[q]] = int(cur[k].id)
			} else {
				out[order[q]] = -c - 1 // a region of its own
			}
		}
		prev, cur = cur, prev
	}
	for _, i := range order {
		if out[i] >= 0 {
			out[i] = int(find(int32(out[i])))
		}
	}
	return out
}
