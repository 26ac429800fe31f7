package planets

import (
	"bytes"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

// This file derives what the game's loader computes from a map (spec
// sections 1.3 to 1.7): planet ids, grid positions, the map size, start
// ids, max_sum, the route table and the defaults of the settings.

// defaults are the values the game uses for top-level settings a map does
// not write (spec 1.1): the Default of their MapFields row. desc and
// maintain_fee have none.
var defaults = tableDefaults()

func tableDefaults() map[string]Value {
	out := map[string]Value{}
	for _, f := range MapFields.Fields {
		switch d := f.Default.(type) {
		case string:
			out[f.Key] = StrValue(d)
		case float64:
			out[f.Key] = FloatValue(d)
		case int:
			out[f.Key] = IntValue(int64(d))
		case nil:
		default:
			panic(fmt.Sprintf("planets: the default of %s is a %T", f.Key, d))
		}
	}
	return out
}

// Get returns the top-level setting key as the game sees it: the value
// written in the map (including unknown keys), or the game's default when
// the map does not write it, or an Absent value.
func (m *Map) Get(key string) Value {
	if f := m.scalarField(key); f != nil {
		if f.Type() != Absent {
			return *f
		}
	} else if p, ok := lookup(m.Extra, StrValue(key)); ok {
		return p.Value
	}
	return Default(key)
}

// Default returns the game's default for the top-level setting key (name
// "unknown", author "none", version 1.0, max_round 3000, max_player 4,
// min_player 2, start_unit 100), or an Absent value when it has none.
func Default(key string) Value { return defaults[key] }

// MaintainFeeOn reports whether the maintenance fee is on: maintain_fee is
// true in the Python sense (an absent key is off; the string "False" is on).
func (m *Map) MaintainFeeOn() bool { return m.MaintainFee.Truth() }

// ByID returns the planets in id order: the game numbers planets by
// sorting their tokens as Python 2 does (uppercase letters before
// lowercase ones; a non-string token before all strings).
func (m *Map) ByID() []*Planet {
	out := make([]*Planet, len(m.Planets))
	for i := range m.Planets {
		out[i] = &m.Planets[i]
	}
	sort.SliceStable(out, func(i, j int) bool { return pyLess(out[i].Token, out[j].Token) })
	return out
}

// Tokens returns the planets' tokens in id order (Planet.Name of each).
func (m *Map) Tokens() []string {
	ps := m.ByID()
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name()
	}
	return out
}

// ID returns the id of the planet whose token equals key in the Python
// sense (as a dictionary lookup in the game does), or false. It sorts the
// planets: to look up many keys, build the index once with IDs.
func (m *Map) ID(key Value) (int, bool) {
	return m.IDs().ID(key)
}

// IDIndex maps planet tokens to ids (see Map.IDs); it is not updated when
// the map changes. It is sorted slices rather than a hash map, which took
// some 60 bytes a planet.
type IDIndex struct {
	keys []string // hashKey of each token, sorted
	ids  []int32  // the planet id of each key
}

// IDs returns the index of the planets' ids by token.
func (m *Map) IDs() IDIndex {
	x := IDIndex{keys: make([]string, 0, len(m.Planets)), ids: make([]int32, 0, len(m.Planets))}
	for i, p := range m.ByID() {
		if h, ok := hashKey(p.Token); ok {
			x.keys = append(x.keys, h)
			x.ids = append(x.ids, int32(i))
		}
	}
	sort.Stable(byKey(x))
	// The first planet of a token written twice is the one found.
	n := 0
	for i := range x.keys {
		if i == 0 || x.keys[i] != x.keys[n-1] {
			x.keys[n], x.ids[n] = x.keys[i], x.ids[i]
			n++
		}
	}
	x.keys, x.ids = slices.Clip(x.keys[:n]), slices.Clip(x.ids[:n])
	return x
}

// byKey sorts an IDIndex by key.
type byKey IDIndex

func (x byKey) Len() int           { return len(x.keys) }
func (x byKey) Less(i, j int) bool { return x.keys[i] < x.keys[j] }
func (x byKey) Swap(i, j int) {
	x.keys[i], x.keys[j] = x.keys[j], x.keys[i]
	x.ids[i], x.ids[j] = x.ids[j], x.ids[i]
}

// ID returns the id of the planet whose token equals key in the Python
// sense, or false.
func (x IDIndex) ID(key Value) (int, bool) {
	h, ok := hashKey(key)
	if !ok {
		return 0, false
	}
	i, found := slices.BinarySearch(x.keys, h)
	if !found {
		return 0, false
	}
	return int(x.ids[i]), true
}

// Point is a position on the grid: column X and row Y, from 0.
type Point struct{ X, Y int }

// Cell is one letter on the grid.
type Cell struct {
	Letter string
	Point
}

// GridRows returns the rows of the grid as the game splits them: the whole
// string stripped of surrounding whitespace (Python's strip()), then split
// at line feeds.
func (m *Map) GridRows() []string {
	rows, _, _ := gridLayout(m.Grid)
	return rows
}

// gridLayout returns the rows of grid, the number of lines stripped from
// its start and the number of characters stripped from the start of the
// first remaining line.
func gridLayout(grid string) (rows []string, lead, shift int) {
	ascii := isASCII(grid)
	space := func(r rune) bool { return pyIsSpace(r, ascii) }
	trimmed := strings.TrimLeftFunc(grid, space)
	prefix := grid[:len(grid)-len(trimmed)]
	lead = strings.Count(prefix, "\n")
	shift = utf8.RuneCountInString(prefix[strings.LastIndexByte(prefix, '\n')+1:])
	trimmed = strings.TrimRightFunc(trimmed, space)
	return strings.Split(trimmed, "\n"), lead, shift
}

// Cells returns every letter of the grid in reading order (row by row,
// left to right). Columns count characters. Only ASCII letters place
// planets; every other character is empty space.
func (m *Map) Cells() []Cell {
	var out []Cell
	for y, row := range m.GridRows() {
		x := 0
		for _, r := range row {
			if r < utf8.RuneSelf && (r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
				out = append(out, Cell{Letter: string(r), Point: Point{x, y}})
			}
			x++
		}
	}
	return out
}

// Positions returns the position of every letter on the grid; when a
// letter appears several times the last occurrence wins, as in the game.
func (m *Map) Positions() map[string]Point {
	out := map[string]Point{}
	for _, c := range m.Cells() {
		out[c.Letter] = c.Point
	}
	return out
}

// Position returns where planet p is on the grid, or false when it is not
// placed (its token is not a letter that appears on the grid).
func (m *Map) Position(p *Planet) (Point, bool) {
	if p.Token.Type() != Str {
		return Point{}, false
	}
	pt, ok := m.Positions()[p.Token.Text()]
	return pt, ok
}

// MaxGridSide is the longest side of a grid Shapan makes (the studio's
// size fields refuse more). The game sets no bound (spec §1.4); this one
// keeps a typed 100000 from building a grid of ten billion cells, and is
// far above the 13×11 of the game's maps.
const MaxGridSide = 200

// MapSize returns the grid's width (the length of the first row, in
// characters) and height (the number of rows), as the game computes them.
func (m *Map) MapSize() (width, height int) {
	rows := m.GridRows()
	return utf8.RuneCountInString(rows[0]), len(rows)
}

// StartIDs returns the ids of the start planets in list order (the game's
// order with start shuffling off). It fails, as the game's loader does,
// when a start names no planet.
func (m *Map) StartIDs() ([]int, error) {
	ids := m.IDs()
	out := make([]int, 0, len(m.Starts))
	for i, s := range m.Starts {
		id, ok := ids.ID(s)
		if !ok {
			return nil, fmt.Errorf("starts[%d]: %s is not a planet", i, s.Describe())
		}
		out = append(out, id)
	}
	return out, nil
}

// MaxSum returns the sum over all planets of max converted to an integer
// (a real is truncated), as the game's loader computes it. It fails, as
// the loader does, when a max is missing or not convertible, and when the
// sum does not fit in an int64.
func (m *Map) MaxSum() (int64, error) {
	sum := new(big.Int)
	for _, p := range m.Planets {
		if p.Max.Type() == Absent {
			return 0, fmt.Errorf("planet %s has no max", p.Name())
		}
		v, ok := pyInt(p.Max)
		if !ok {
			return 0, fmt.Errorf("planet %s: max %s is not convertible to an integer", p.Name(), p.Max.Describe())
		}
		sum.Add(sum, v)
	}
	if !sum.IsInt64() {
		return 0, fmt.Errorf("the sum of the planets' max (%s) is too large", sum)
	}
	return sum.Int64(), nil
}

// Edge is a directed route between two planet ids.
type Edge struct{ From, To int }

// DirectedRoutes returns the game's route table: every entry sets the
// steps in both directions, and later entries overwrite earlier ones. It
// fails, as the game's loader does, when a route names no planet.
func (m *Map) DirectedRoutes() (map[Edge]Value, error) {
	ids := m.IDs()
	out := make(map[Edge]Value, 2*len(m.Routes))
	for i, r := range m.Routes {
		a, ok := ids.ID(r.From)
		if !ok {
			return nil, fmt.Errorf("routes[%d]: %s is not a planet", i, r.From.Describe())
		}
		b, ok := ids.ID(r.To)
		if !ok {
			return nil, fmt.Errorf("routes[%d]: %s is not a planet", i, r.To.Describe())
		}
		out[Edge{a, b}] = r.Steps
		out[Edge{b, a}] = r.Steps
	}
	return out, nil
}

// gridCells returns how to locate grid cell (row, col) in the source when
// the map is written as a literal block (map: |), whose lines are the
// source lines; nil otherwise.
func gridCells(d *yamlx.Doc, m *Map) srcpos.CellFunc {
	if !m.HasGrid {
		return nil
	}
	var vn *yaml.Node
	c := d.Root.N.Content
	for i := 0; i+1 < len(c); i += 2 {
		if c[i].Kind == yaml.ScalarNode && c[i].Value == PathGrid {
			vn = c[i+1]
		}
	}
	if vn != nil && vn.Kind == yaml.AliasNode {
		vn = vn.Alias
	}
	if vn == nil || vn.Kind != yaml.ScalarNode || vn.Style&yaml.LiteralStyle == 0 || vn.Value != m.Grid {
		return nil
	}
	valueLines := strings.Split(m.Grid, "\n")
	indent := -1
	for j, vl := range valueLines {
		if vl == "" {
			continue
		}
		sl, ok := sourceLine(d.Src, vn.Line+j) // source line vn.Line+1+j
		if !ok {
			return nil
		}
		sl = strings.TrimSuffix(sl, "\r")
		if !strings.HasSuffix(sl, vl) {
			return nil
		}
		indent = utf8.RuneCountInString(sl) - utf8.RuneCountInString(vl)
		break
	}
	if indent < 0 {
		return nil
	}
	rows, lead, shift := gridLayout(m.Grid)
	first := vn.Line + 1
	return func(row, col int) diag.Pos {
		if row < 0 || col < 0 || row >= len(rows) {
			return diag.Pos{}
		}
		if row == 0 {
			col += shift
		}
		return diag.Pos{Line: first + lead + row, Col: indent + col + 1}
	}
}

// sourceLine returns line k (counted from 0) of src without its line
// break, found without splitting the whole text.
func sourceLine(src []byte, k int) (string, bool) {
	for ; k > 0; k-- {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			return "", false
		}
		src = src[i+1:]
	}
	if i := bytes.IndexByte(src, '\n'); i >= 0 {
		src = src[:i]
	}
	return string(src), true
}
