package planets

import (
	"fmt"
	"math"
	"sort"

	pfmt "github.com/shapan/shapan/formats/planets"
)

// board is what the game reads from its map (spec 1): planets in id order
// with their numbers as typed, the directed route table, the start
// planets and the settings with their defaults.
type board struct {
	planets []planetInfo
	// steps of the directed route (from, to); absent: no route.
	routes map[[2]int]Num
	// adj lists every planet's routes, by increasing destination id.
	adj [][]route
	// routeList is every directed route, sorted (what clients are shown).
	routeList []Route
	starts    []int
	maxSum    int64
	maxRound  Num
	maxPlayer Num
	minPlayer Num
	startUnit Num
	fee       bool
}

// planetInfo is one planet's attributes as the rules use them.
type planetInfo struct {
	token              string
	def, res, cos, max Num
}

// route is a directed route from a planet.
type route struct {
	to    int
	steps Num
}

// Route is a directed route [from, to, steps] as clients are shown it.
type Route struct {
	From, To int
	Steps    Num
}

// MarshalJSON writes [from, to, steps].
func (r Route) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf("[%d,%d,%s]", r.From, r.To, r.Steps)), nil
}

// maxMagnitude bounds the numbers a map may use: far beyond any playable
// value, and small enough that no realistic game leaves the int64 range.
const maxMagnitude = 1e15

// newBoard reads m as the original's loader and game do. It refuses the
// maps the original cannot load, and the ones it would crash on as soon
// as a value is used (a def that is not a number, a route whose steps are
// text): such maps are errors for the validator too (spec 11).
func newBoard(m *pfmt.Map) (*board, error) {
	if m == nil {
		return nil, fmt.Errorf("planets: no map")
	}
	if !m.HasPlanets || !m.HasGrid || !m.HasRoutes || !m.HasStarts {
		return nil, fmt.Errorf("planets: the map lacks one of planets, map, routes and starts")
	}
	b := &board{fee: m.MaintainFeeOn()}
	var err error
	if b.maxSum, err = m.MaxSum(); err != nil {
		return nil, fmt.Errorf("planets: %w", err)
	}
	for _, p := range m.ByID() {
		info := planetInfo{token: p.Name()}
		for _, a := range []struct {
			name string
			v    pfmt.Value
			to   *Num
		}{{"def", p.Def, &info.def}, {"res", p.Res, &info.res}, {"cos", p.Cos, &info.cos}, {"max", p.Max, &info.max}} {
			if *a.to, err = numberOf(a.v); err != nil {
				return nil, fmt.Errorf("planets: planet %s: %s %w", info.token, a.name, err)
			}
		}
		b.planets = append(b.planets, info)
	}
	for _, s := range []struct {
		key string
		to  *Num
	}{{"max_round", &b.maxRound}, {"max_player", &b.maxPlayer}, {"min_player", &b.minPlayer}, {"start_unit", &b.startUnit}} {
		if *s.to, err = numberOf(m.Get(s.key)); err != nil {
			return nil, fmt.Errorf("planets: %s %w", s.key, err)
		}
	}
	if b.starts, err = m.StartIDs(); err != nil {
		return nil, fmt.Errorf("planets: %w", err)
	}
	table, err := m.DirectedRoutes()
	if err != nil {
		return nil, fmt.Errorf("planets: %w", err)
	}
	b.routes = make(map[[2]int]Num, len(table))
	b.adj = make([][]route, len(b.planets))
	for e, v := range table {
		steps, err := numberOf(v)
		if err != nil {
			return nil, fmt.Errorf("planets: the route %s-%s: steps %w", b.planets[e.From].token, b.planets[e.To].token, err)
		}
		b.routes[[2]int{e.From, e.To}] = steps
		b.adj[e.From] = append(b.adj[e.From], route{to: e.To, steps: steps})
		b.routeList = append(b.routeList, Route{From: e.From, To: e.To, Steps: steps})
	}
	for _, a := range b.adj {
		sort.Slice(a, func(i, j int) bool { return a[i].to < a[j].to })
	}
	sort.Slice(b.routeList, func(i, j int) bool {
		x, y := b.routeList[i], b.routeList[j]
		return x.From < y.From || x.From == y.From && x.To < y.To
	})
	return b, nil
}

// numberOf converts a map value to a Num: an integer or a real as typed
// (a boolean is the integer 0 or 1, as in Python). Anything else, and
// values beyond ±1e15 or not finite, are refused.
func numberOf(v pfmt.Value) (Num, error) {
	switch v.Type {
	case pfmt.Int:
		i, ok := v.Int64()
		if !ok || math.Abs(float64(i)) > maxMagnitude {
			return Num{}, fmt.Errorf("%s is beyond the engine's range (±1e15)", v.Describe())
		}
		return Int(i), nil
	case pfmt.Float:
		if math.IsNaN(v.Float) || math.Abs(v.Float) > maxMagnitude {
			return Num{}, fmt.Errorf("%s is not a finite number within ±1e15", v.Describe())
		}
		return Real(v.Float), nil
	case pfmt.Bool:
		if v.Bool {
			return Int(1), nil
		}
		return Int(0), nil
	case pfmt.Absent:
		return Num{}, fmt.Errorf("is missing")
	}
	return Num{}, fmt.Errorf("%s is not a number", v.Describe())
}

// route returns the steps of the route from → to.
func (b *board) route(from, to int) (Num, bool) {
	s, ok := b.routes[[2]int{from, to}]
	return s, ok
}
