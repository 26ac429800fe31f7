package battle

import (
	"errors"
	"fmt"

	bfmt "github.com/shapan/shapan/formats/battle"
)

// Point is a cell (x to the right, y downward, from 0).
type Point = bfmt.Point

// Board is what does not change during a game: the map read as the engine
// reads it (spec §2.1) and the roster after overrides (§2.3).
type Board struct {
	Map *bfmt.Map
	W   int
	H   int
	// Roster is the nine heroes with their stats, in roster order.
	Roster [9]bfmt.Hero
	// Spawn is each side's spawn cell (D1).
	Spawn [2]Point
	// Bases are each side's base cells (side 0 is Part 1's player 1).
	Bases [2][]Point
	// Flag is the flag zone, in row-major order.
	Flag []Point
	// CityCells are the cities' cells in city order (row-major).
	CityCells []Point
	// CityLevel is the level of each city (1 to 3), in city order.
	CityLevel []int

	passable [2][]bool // passable for side s (D2)
	base     []int8    // the side whose base holds the cell, or -1
	flag     []bool
	city     []int16 // city index of a cell, or -1
}

// NewBoard reads a map and a roster override as the engine does; it
// refuses (spec §2.1, §2.3) a map without exactly two bases, without a
// flag cell, with a cell code that is no map element, and a roster with
// a problem, with the diagnostics of CheckMap.
func NewBoard(m *bfmt.Map, roster []bfmt.RosterEntry) (*Board, error) {
	if m == nil {
		return nil, errors.New("battle: no map")
	}
	if m.W < 1 || m.H < 1 || m.Cells.Len() != m.W*m.H {
		return nil, fmt.Errorf("battle: the map is %d×%d but holds %d cells", m.W, m.H, m.Cells.Len())
	}
	if problems := CheckMap(m, roster); problems.HasErrors() {
		return nil, problems
	}
	p1, p2, _ := m.Sides()
	b := &Board{Map: m, W: m.W, H: m.H, Roster: bfmt.ApplyRoster(roster)}
	b.Bases = [2][]Point{p1.Cells, p2.Cells}
	b.Spawn = [2]Point{p1.Anchor(), farAnchor(p2, m.W, m.H)}
	n := m.Cells.Len()
	b.passable = [2][]bool{make([]bool, n), make([]bool, n)}
	b.base = make([]int8, n)
	b.flag = make([]bool, n)
	b.city = make([]int16, n)
	for i, c := range m.Cells.All() {
		b.base[i], b.city[i] = -1, -1
		switch {
		case c == bfmt.CodeSpace || c == bfmt.CodeFlag:
			b.passable[0][i], b.passable[1][i] = true, true
		case bfmt.CityLevel(c) > 0:
			b.city[i] = int16(len(b.CityCells))
			b.CityCells = append(b.CityCells, m.PointOf(i))
			b.CityLevel = append(b.CityLevel, bfmt.CityLevel(c))
		}
		if c == bfmt.CodeFlag {
			b.flag[i] = true
			b.Flag = append(b.Flag, m.PointOf(i))
		}
	}
	for s, cells := range b.Bases {
		for _, p := range cells {
			i := m.Index(p.X, p.Y)
			b.base[i] = int8(s)
			b.passable[s][i] = true
		}
	}
	return b, nil
}

// farAnchor is side 1's spawn cell: the base cell nearest (W−1, H−1),
// smallest max(W−1−x, H−1−y), then larger y, then larger x (D1).
func farAnchor(b bfmt.Base, w, h int) Point {
	var best Point
	bd := -1
	for _, p := range b.Cells {
		d := max(w-1-p.X, h-1-p.Y)
		if bd < 0 || d < bd || d == bd && (p.Y > best.Y || p.Y == best.Y && p.X > best.X) {
			best, bd = p, d
		}
	}
	return best
}

// In reports whether p is on the map.
func (b *Board) In(p Point) bool { return p.X >= 0 && p.Y >= 0 && p.X < b.W && p.Y < b.H }

func (b *Board) index(p Point) int { return p.Y*b.W + p.X }

// Passable reports whether side s may stand on p (D2): space, flag and
// its own base cells; false off the map.
func (b *Board) Passable(s int, p Point) bool { return b.In(p) && b.passable[s][b.index(p)] }

// IsBase reports whether p is a base cell of side s (a stack cell of s).
func (b *Board) IsBase(s int, p Point) bool { return b.In(p) && int(b.base[b.index(p)]) == s }

// IsFlag reports whether p is a flag cell.
func (b *Board) IsFlag(p Point) bool { return b.In(p) && b.flag[b.index(p)] }

// CityAt returns the index (city order) of the city on p, or -1.
func (b *Board) CityAt(p Point) int {
	if !b.In(p) {
		return -1
	}
	return int(b.city[b.index(p)])
}

// Dist is the Chebyshev distance max(|Δx|, |Δy|).
func Dist(a, b Point) int { return bfmt.Chebyshev(a, b) }
