package planets

import (
	"fmt"
	"math"
	"math/big"
	"sort"

	"github.com/shapan/shapan/formats/diag"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/srcpos"
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
// text), with the diagnostics of CheckMap.
func newBoard(m *pfmt.Map) (*board, error) {
	if m == nil {
		return nil, fmt.Errorf("planets: no map")
	}
	b, ps := readBoard(m)
	ps = append(ps, checkSettings(m, ps)...)
	if ps.HasErrors() {
		return nil, ps
	}
	return b, nil
}

// readBoard reads m as the original's loader does, listing what it
// cannot read.
func readBoard(m *pfmt.Map) (*board, diag.List) {
	var ps problems
	for _, part := range []struct {
		key string
		has bool
	}{{"planets", m.HasPlanets}, {"map", m.HasGrid}, {"routes", m.HasRoutes}, {"starts", m.HasStarts}} {
		if !part.has {
			ps.add(CodeMissing, "", "the map has no %s: the game cannot load it", part.key)
		}
	}
	b := &board{fee: m.MaintainFeeOn()}
	b.planets, b.maxSum = readPlanets(&ps, m)
	for _, s := range []struct {
		key  string
		code string
		to   *Num
	}{{"max_round", CodeSetting, &b.maxRound}, {"max_player", CodeSetting, &b.maxPlayer}, {"min_player", CodePlayers, &b.minPlayer}, {"start_unit", CodeSetting, &b.startUnit}} {
		*s.to = ps.number(s.code, s.key, s.key, m.Get(s.key))
	}
	b.starts = readStarts(&ps, m)
	readRoutes(&ps, m, b)
	return b, ps.list
}

// readPlanets reads every planet's values and the sum of their caps.
func readPlanets(ps *problems, m *pfmt.Map) ([]planetInfo, int64) {
	var out []planetInfo
	sum := new(big.Int)
	for _, p := range m.ByID() {
		info := planetInfo{token: p.Name()}
		path := srcpos.Field("planets", p.Token.Key())
		if v, ok := p.Max.PyInt(); ok {
			sum.Add(sum, v)
		} else {
			ps.add(CodeMax, path+".max", "planet %s: max is %s, not a number the game can convert", info.token, p.Max.Describe())
		}
		info.max = ps.number(CodeMax, path+".max", "planet "+info.token+": max", p.Max)
		info.def = ps.number(CodeNumbers, path+".def", "planet "+info.token+": def", p.Def)
		info.res = ps.number(CodeNumbers, path+".res", "planet "+info.token+": res", p.Res)
		info.cos = ps.number(CodeNumbers, path+".cos", "planet "+info.token+": cos", p.Cos)
		out = append(out, info)
	}
	if !sum.IsInt64() {
		ps.add(CodeMax, "planets", "the sum of the planets' max (%s) is too large", sum)
		return out, 0
	}
	return out, sum.Int64()
}

// readStarts returns the ids of the start planets.
func readStarts(ps *problems, m *pfmt.Map) []int {
	var out []int
	ids := m.IDs()
	for i, s := range m.Starts {
		id, ok := ids.ID(s)
		if !ok {
			ps.add(CodeStartUnknown, srcpos.Index("starts", i), "start %d is %s, which is no planet", i+1, s.Describe())
			continue
		}
		out = append(out, id)
	}
	return out
}

// readRoutes builds the route table: every entry sets the steps in both
// directions, later entries overwriting earlier ones.
func readRoutes(ps *problems, m *pfmt.Map, b *board) {
	b.routes = map[[2]int]Num{}
	b.adj = make([][]route, len(b.planets))
	type entry struct {
		i     int // the route entry that set it last
		steps pfmt.Value
	}
	table := map[[2]int]entry{}
	ids := m.IDs()
	for i, r := range m.Routes {
		path := srcpos.Index("routes", i)
		from, okA := ids.ID(r.From)
		if !okA {
			ps.add(CodeRouteEnd, path+"[0]", "route %d starts at %s, which is no planet", i+1, r.From.Describe())
		}
		to, okB := ids.ID(r.To)
		if !okB {
			ps.add(CodeRouteEnd, path+"[1]", "route %d ends at %s, which is no planet", i+1, r.To.Describe())
		}
		if okA && okB {
			table[[2]int{from, to}], table[[2]int{to, from}] = entry{i, r.Steps}, entry{i, r.Steps}
		}
	}
	for e, en := range table {
		// Only the steps the game keeps are read (a later entry
		// overwrites an earlier one).
		steps := ps.number(CodeSteps, srcpos.Index("routes", en.i)+"[2]", fmt.Sprintf("route %d: steps", en.i+1), en.steps)
		b.routes[e] = steps
		b.adj[e[0]] = append(b.adj[e[0]], route{to: e[1], steps: steps})
		b.routeList = append(b.routeList, Route{From: e[0], To: e[1], Steps: steps})
	}
	for _, a := range b.adj {
		sort.Slice(a, func(i, j int) bool { return a[i].to < a[j].to })
	}
	sort.Slice(b.routeList, func(i, j int) bool {
		x, y := b.routeList[i], b.routeList[j]
		return x.From < y.From || x.From == y.From && x.To < y.To
	})
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
