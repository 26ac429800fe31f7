package battle

import "slices"

// City is one neutral city: every cell with a city code is one city.
type City struct {
	Point
	Code  int // CodeCity1, CodeCity2 or CodeCity3
	Level int // 1 to 3
}

// Cities returns every city, in row-major order (by y, then x).
func (m *Map) Cities() []City {
	var out []City
	for i, c := range m.Cells.All() {
		if lv := CityLevel(c); lv > 0 {
			out = append(out, City{Point: m.PointOf(i), Code: c, Level: lv})
		}
	}
	return out
}

// Base is one base: a group of code-5 cells connected through their 8
// neighbours (usually a single cell).
type Base struct {
	Cells []Point // in row-major order
}

// Anchor returns the base's cell nearest to (0, 0): smallest Chebyshev
// distance max(x, y), then smaller y, then smaller x. Sides compares bases
// by their anchors.
func (b Base) Anchor() Point {
	var best Point
	for i, p := range b.Cells {
		if i == 0 || closerToOrigin(p, best) {
			best = p
		}
	}
	return best
}

func closerToOrigin(p, q Point) bool {
	dp, dq := max(p.X, p.Y), max(q.X, q.Y)
	if dp != dq {
		return dp < dq
	}
	if p.Y != q.Y {
		return p.Y < q.Y
	}
	return p.X < q.X
}

// Contains reports whether p is a cell of the base.
func (b Base) Contains(p Point) bool { return slices.Contains(b.Cells, p) }

// neighbours are the 8 moves.
var neighbours = [8]Point{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

// Bases returns the bases (8-connected groups of base cells), ordered by
// their first cell in row-major order.
func (m *Map) Bases() []Base {
	var out []Base
	var seen []bool
	for i, c := range m.Cells.All() {
		if c != CodeBase || (seen != nil && seen[i]) {
			continue
		}
		if seen == nil {
			seen = make([]bool, m.Cells.Len())
		}
		seen[i] = true
		group := []int{i}
		for k := 0; k < len(group); k++ {
			p := m.PointOf(group[k])
			for _, d := range neighbours {
				x, y := p.X+d.X, p.Y+d.Y
				if !m.In(x, y) {
					continue
				}
				j := m.Index(x, y)
				if m.Cells.At(j) == CodeBase && !seen[j] {
					seen[j] = true
					group = append(group, j)
				}
			}
		}
		slices.Sort(group)
		b := Base{Cells: make([]Point, len(group))}
		for k, j := range group {
			b.Cells[k] = m.PointOf(j)
		}
		out = append(out, b)
	}
	return out
}

// Sides returns the bases of player 1 and player 2: player 1's base is the
// one whose anchor (see Base.Anchor) is nearer to (0, 0), by Chebyshev
// distance, then smaller y, then smaller x. ok is false unless the map has
// exactly two bases.
func (m *Map) Sides() (p1, p2 Base, ok bool) {
	bases := m.Bases()
	if len(bases) != 2 {
		return Base{}, Base{}, false
	}
	p1, p2 = bases[0], bases[1]
	if closerToOrigin(p2.Anchor(), p1.Anchor()) {
		p1, p2 = p2, p1
	}
	return p1, p2, true
}

// FlagZone describes the dragon-flag cells of a map.
type FlagZone struct {
	Cells []Point // every code-3 cell, in row-major order
	// Square reports whether the cells form exactly one 3×3 square; Centre
	// is then its middle cell.
	Square bool
	Centre Point
	// Want is where the standard layout puts the middle of the zone:
	// (W/2, H/2), integer division. Centred reports Square && Centre == Want.
	Want    Point
	Centred bool
}

// FlagZone finds the flag cells and tells whether they form the standard
// zone: one 3×3 square centred on (W/2, H/2).
func (m *Map) FlagZone() FlagZone {
	z := FlagZone{Want: Point{m.W / 2, m.H / 2}}
	for i, c := range m.Cells.All() {
		if c == CodeFlag {
			z.Cells = append(z.Cells, m.PointOf(i))
		}
	}
	if len(z.Cells) != 9 {
		return z
	}
	// Nine distinct cells in row-major order form a 3×3 square exactly when
	// they are the rows y0..y0+2 of the columns x0..x0+2.
	x0, y0 := z.Cells[0].X, z.Cells[0].Y
	for k, p := range z.Cells {
		if p.X != x0+k%3 || p.Y != y0+k/3 {
			return z
		}
	}
	z.Square = true
	z.Centre = Point{x0 + 1, y0 + 1}
	z.Centred = z.Centre == z.Want
	return z
}

// Symmetry is a transformation of the map onto itself.
type Symmetry int

// The symmetries spec/battle.md ("Fairness") accepts.
const (
	// Rotation180 maps (x, y) to (W−1−x, H−1−y): the canonical one.
	Rotation180 Symmetry = iota
	// MirrorLeftRight maps (x, y) to (W−1−x, y).
	MirrorLeftRight
	// MirrorTopBottom maps (x, y) to (x, H−1−y).
	MirrorTopBottom
)

// Symmetries lists the symmetries in the order FairSymmetry tries them.
var Symmetries = []Symmetry{Rotation180, MirrorLeftRight, MirrorTopBottom}

// String names the symmetry.
func (s Symmetry) String() string {
	switch s {
	case Rotation180:
		return "180° rotation"
	case MirrorLeftRight:
		return "left-right mirror"
	case MirrorTopBottom:
		return "top-bottom mirror"
	}
	return "unknown symmetry"
}

// Image returns where s takes cell p of a w×h map.
func (s Symmetry) Image(w, h int, p Point) Point {
	switch s {
	case Rotation180:
		return Point{w - 1 - p.X, h - 1 - p.Y}
	case MirrorLeftRight:
		return Point{w - 1 - p.X, p.Y}
	case MirrorTopBottom:
		return Point{p.X, h - 1 - p.Y}
	}
	return p
}

// CellPair is a cell A and its image B whose codes differ.
type CellPair struct {
	A, B         Point
	CodeA, CodeB int
}

// SymmetryDiffs returns the first limit pairs of cells that s maps onto
// each other but whose codes differ (all of them when limit <= 0), each
// pair once, in row-major order of A.
//
// Flag cells compare equal to space cells: on a map of even width or
// height the standard 3×3 zone centred on (W/2, H/2) cannot be symmetric,
// and FlagZone checks its placement anyway.
func (m *Map) SymmetryDiffs(s Symmetry, limit int) []CellPair {
	var out []CellPair
	if m.Cells.Len() != m.W*m.H {
		return nil
	}
	for i, a := range m.Cells.All() {
		p := m.PointOf(i)
		q := s.Image(m.W, m.H, p)
		j := m.Index(q.X, q.Y)
		if j <= i {
			continue
		}
		b := m.Cells.At(j)
		if symmetric(a) != symmetric(b) {
			out = append(out, CellPair{A: p, B: q, CodeA: a, CodeB: b})
			if limit > 0 && len(out) >= limit {
				break
			}
		}
	}
	return out
}

func symmetric(code int) int {
	if code == CodeFlag {
		return CodeSpace
	}
	return code
}

// Rotation180Diffs returns the first limit cell pairs that differ under the
// 180° rotation (x, y) ↔ (W−1−x, H−1−y); see SymmetryDiffs.
func (m *Map) Rotation180Diffs(limit int) []CellPair {
	return m.SymmetryDiffs(Rotation180, limit)
}

// SwapsBases reports whether s takes the base of player 1 exactly onto the
// base of player 2 (false unless the map has two bases).
func (m *Map) SwapsBases(s Symmetry) bool {
	p1, p2, ok := m.Sides()
	if !ok || len(p1.Cells) != len(p2.Cells) {
		return false
	}
	for _, p := range p1.Cells {
		if !p2.Contains(s.Image(m.W, m.H, p)) {
			return false
		}
	}
	return true
}

// FairSymmetry returns the first symmetry of Symmetries under which the
// map is fair: no cell pair differs (see SymmetryDiffs) and, when the map
// has two bases, the symmetry swaps them.
func (m *Map) FairSymmetry() (Symmetry, bool) {
	bases := len(m.Bases())
	for _, s := range Symmetries {
		if len(m.SymmetryDiffs(s, 1)) == 0 && (bases != 2 || m.SwapsBases(s)) {
			return s, true
		}
	}
	return 0, false
}

// Distances returns, for every cell, the number of moves a unit needs from
// the nearest of the given cells, moving to any of the 8 neighbours through
// passable cells; -1 where no path leads. Start cells count as reached even
// when they are not passable. It takes 8 bytes a cell (the distances and
// the search's queue, 4 bytes each), so that a check of the biggest map
// stays within a few times its file.
func (m *Map) Distances(from ...Point) []int32 {
	n := m.Cells.Len()
	dist := make([]int32, n)
	for i := range dist {
		dist[i] = -1
	}
	queue := make([]int32, 0, n)
	for _, p := range from {
		if m.In(p.X, p.Y) {
			if i := m.Index(p.X, p.Y); dist[i] < 0 {
				dist[i] = 0
				queue = append(queue, int32(i))
			}
		}
	}
	for k := 0; k < len(queue); k++ {
		i := int(queue[k])
		p := m.PointOf(i)
		for _, d := range neighbours {
			x, y := p.X+d.X, p.Y+d.Y
			if !m.In(x, y) {
				continue
			}
			j := m.Index(x, y)
			if dist[j] < 0 && Passable(m.Cells.At(j)) {
				dist[j] = dist[i] + 1
				queue = append(queue, int32(j))
			}
		}
	}
	return dist
}

// Chebyshev returns the game's distance between two cells, max(|Δx|, |Δy|).
func Chebyshev(a, b Point) int {
	return max(abs(a.X-b.X), abs(a.Y-b.Y))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
