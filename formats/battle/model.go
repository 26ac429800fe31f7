// Package battle reads and writes the map of the 80×60 Three Kingdoms battle
// game (seeds/004, spec/battle.md): the numeric grid interchange file (W H,
// then H rows of W element codes) and Shapan's YAML document of kind
// battle/map (rows of one-character symbols with a legend). It also finds
// the structures of a map that validation, the studio and previews need:
// cities, bases, the dragon-flag zone, which base belongs to which player,
// and whether the map is symmetric.
//
// The model keeps every code as read, including codes that are no map
// element, so that conversion is lossless both ways and validation can
// report them.
package battle

import (
	"fmt"

	"github.com/shapan/shapan/formats/cells"
)

// Kind is the YAML document kind of a battle map, and Version the format
// version this package writes.
const (
	Kind    = "battle/map"
	Version = 1
)

// Element codes of the map cells (spec/battle.md, "Grid and codes").
const (
	CodeSpace    = 0  // 空地, passable
	CodeMountain = 1  // 山丘, obstacle
	CodeWater    = 2  // 水域, obstacle
	CodeFlag     = 3  // 龙旗据点, the dragon-flag zone, passable
	CodeBase     = 5  // 主基地, a player's base, passable
	CodeCity1    = 50 // 中立城寨 level 1 (small city), obstacle
	CodeCity2    = 51 // 中立城寨 level 2 (middle city), obstacle
	CodeCity3    = 52 // 中立城寨 level 3 (big city), obstacle
)

// Unit type codes of the game. They share the number space of the element
// codes but are never map cells; a map that holds one is invalid.
const (
	UnitArchers = 7 // 弓兵
	UnitShields = 8 // 盾兵
)

// Element describes one kind of map cell.
type Element struct {
	Code     int
	Name     string // the name used in YAML legends: space, mountain, ...
	Chinese  string // the seed's name: 空地, 山丘, ...
	Symbol   rune   // the symbol of the standard legend
	Passable bool   // units may stand on and walk through it
}

// Elements lists the map elements in the order of the standard legend.
var Elements = []Element{
	{CodeSpace, "space", "空地", '.', true},
	{CodeMountain, "mountain", "山丘", '^', false},
	{CodeWater, "water", "水域", '~', false},
	{CodeFlag, "flag", "龙旗据点", 'F', true},
	{CodeBase, "base", "主基地", 'B', true},
	{CodeCity1, "city1", "中立城寨（一级）", 'S', false},
	{CodeCity2, "city2", "中立城寨（二级）", 'M', false},
	{CodeCity3, "city3", "中立城寨（三级）", 'L', false},
}

// ElementNames returns the YAML names of the elements, in legend order.
func ElementNames() []string {
	names := make([]string, len(Elements))
	for i, e := range Elements {
		names[i] = e.Name
	}
	return names
}

// ElementByCode returns the element with the given code.
func ElementByCode(code int) (Element, bool) {
	for _, e := range Elements {
		if e.Code == code {
			return e, true
		}
	}
	return Element{}, false
}

// ElementByName returns the element with the given YAML name.
func ElementByName(name string) (Element, bool) {
	for _, e := range Elements {
		if e.Name == name {
			return e, true
		}
	}
	return Element{}, false
}

// IsElement reports whether code is a valid map element.
func IsElement(code int) bool {
	_, ok := ElementByCode(code)
	return ok
}

// Passable reports whether units may enter a cell with code. Codes that
// are no element count as obstacles.
func Passable(code int) bool {
	return code == CodeSpace || code == CodeFlag || code == CodeBase
}

// CityLevel returns the level (1 to 3) of a city code, or 0 when code is no
// city.
func CityLevel(code int) int {
	if code >= CodeCity1 && code <= CodeCity3 {
		return code - CodeCity1 + 1
	}
	return 0
}

// CityStats are the numbers of a neutral city of one level (seed §5.2).
type CityStats struct {
	Range   int // attack range (Chebyshev distance)
	Damage  int // damage per attack
	Defence int // 城防值, the damage needed to take the city
	Reward  int // 粮草 given to the player who takes it
}

// CityLevels holds the stats of city levels 1, 2 and 3 at indices 1 to 3.
var CityLevels = [4]CityStats{
	{},
	{Range: 3, Damage: 60, Defence: 1000, Reward: 100},
	{Range: 4, Damage: 120, Defence: 2000, Reward: 200},
	{Range: 5, Damage: 180, Defence: 3000, Reward: 400},
}

// HeroAttackRange is the attack distance of every hero in the seed.
const HeroAttackRange = 3

// Point is a cell position: x to the right, y downward, both from 0.
type Point struct{ X, Y int }

// LegendEntry maps a grid symbol to a cell code.
type LegendEntry struct {
	Symbol rune
	Code   int
}

// Map is a battle map.
type Map struct {
	W, H int
	// Cells holds the codes row by row: cell (x, y) is Cells.At(y*W+x).
	// Codes are kept as read, valid or not, a byte a cell while every code
	// is from 0 to 255 (cells.Grid).
	Cells cells.Grid
	// Legend is the legend read from a YAML document, kept so that a
	// person's own choice of symbols survives loading and saving. It is
	// presentation only: nil means the standard legend plus symbols chosen
	// for the codes that are no element (see FullLegend), and Decode
	// returns nil whenever the document's legend is just that. Decode
	// returns it complete (every element and every code of Cells has a
	// symbol); Encode completes a legend that is not.
	Legend []LegendEntry
	// Trailing holds the tokens after the grid of an interchange file; the
	// game ignores them, we keep them.
	Trailing []string
	// Roster changes the stats of named heroes (the YAML document's
	// optional roster key, spec Part 2 §2.3); the grid file has no room
	// for it. Entries are kept as read, valid or not (validation reports
	// them).
	Roster []RosterEntry
}

// The sides of a map run from MinSide to MaxSide cells (spec Part 1, "Grid
// and codes"); shapan check reports other sizes (BTL002).
const (
	MinSide = 2
	MaxSide = 1000
)

// CheckSize says why w×h is not a size a map may have (nil when it is).
func CheckSize(w, h int) error {
	width, height := SizeFields.Field("width"), SizeFields.Field("height")
	if width.Outside(w) || height.Outside(h) {
		return fmt.Errorf("the map is %d×%d; each side must be %s cells", w, h, width.Allowed())
	}
	return nil
}

// New returns a w×h map of space cells. Sizes below 1 are raised to 1.
func New(w, h int) *Map {
	w, h = max(w, 1), max(h, 1)
	return &Map{W: w, H: h, Cells: cells.Make(w * h)}
}

// In reports whether (x, y) is a cell of the map.
func (m *Map) In(x, y int) bool {
	return x >= 0 && y >= 0 && x < m.W && y < m.H && y*m.W+x < m.Cells.Len()
}

// NoCell is what At returns for a point outside the map. (A file may hold
// the code -1 too: use In to tell the two apart.)
const NoCell = -1

// At returns the code of cell (x, y), or NoCell outside the map.
func (m *Map) At(x, y int) int {
	if !m.In(x, y) {
		return NoCell
	}
	return m.Cells.At(y*m.W + x)
}

// Set changes the code of cell (x, y); it reports false (and changes
// nothing) outside the map.
func (m *Map) Set(x, y, code int) bool {
	if !m.In(x, y) {
		return false
	}
	m.Cells.Set(y*m.W+x, code)
	return true
}

// Index returns the index of cell (x, y) in Cells (and in the slices
// Distances returns): y*W + x.
func (m *Map) Index(x, y int) int { return y*m.W + x }

// PointOf returns the position of the cell at index i of Cells.
func (m *Map) PointOf(i int) Point {
	if m.W <= 0 {
		return Point{}
	}
	return Point{i % m.W, i / m.W}
}

// Clone returns a deep copy of m.
func (m *Map) Clone() *Map {
	c := *m
	c.Cells = m.Cells.Clone()
	c.Legend = append([]LegendEntry(nil), m.Legend...)
	c.Trailing = append([]string(nil), m.Trailing...)
	c.Roster = CloneRoster(m.Roster)
	return &c
}
