package planets

import (
	"fmt"
	"math"
	"math/big"
	"sort"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/srcpos"
)

// board is what the game reads from its map (spec 1): planets in id order
// with their numbers as typed, the directed route table, the start
// planets and the settings with their defaults.
type board struct {
	planets []planetInfo
	// adj lists every planet's routes, by increasing destination id
	// (route looks one up).
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
// text) and the layouts it breaks (checkLayout), with the diagnostics of
// CheckMap.
func newBoard(m *pfmt.Map) (*board, error) {
	if m == nil {
		return nil, fmt.Errorf("planets: no map")
	}
	b, list := readBoard(m, false)
	list = append(list, checkSettings(m, list)...)
	layout := problems{list: list}
	checkLayout(&layout, m)
	if layout.list.HasErrors() {
		return nil, layout.list
	}
	return b, nil
}

// readBoard reads m as the original's loader does, listing what it
// cannot read. When checking only, the board has no planets and no routes
// (CheckMap needs its starts and settings; a map of 60 000 planets and
// routes would take a third more memory than its model).
func readBoard(m *pfmt.Map, checking bool) (*board, diag.List) {
	var ps problems
	for _, part := range []struct {
		key string
		has bool
	}{{"planets", m.HasPlanets}, {pfmt.PathGrid, m.HasGrid}, {"routes", m.HasRoutes}, {"starts", m.HasStarts}} {
		if !part.has {
			ps.add(CodeMissing, "", "the map has no %s: the game cannot load it", part.key)
		}
	}
	b := &board{fee: m.MaintainFeeOn()}
	b.planets, b.maxSum = readPlanets(&ps, m, !checking)
	// Each setting's rule is its row's: PLN018, PLN016 for min_player.
	for _, s := range []struct {
		f  *field.Field
		to *Num
	}{{settingMaxRound, &b.maxRound}, {settingMaxPlayer, &b.maxPlayer}, {settingMinPlayer, &b.minPlayer}, {settingStartUnit, &b.startUnit}} {
		*s.to = ps.number(s.f.Code, s.f.Key, s.f.Key, m.Get(s.f.Key))
	}
	b.starts = readStarts(&ps, m)
	readRoutes(&ps, m, b, !checking)
	return b, ps.list
}

// The settings a board reads and the keys of a planet's numbers, from
// the planets tables.
var (
	settingMaxRound  = pfmt.SettingFields.Field("max_round")
	settingMaxPlayer = pfmt.SettingFields.Field("max_player")
	settingMinPlayer = pfmt.SettingFields.Field("min_player")
	settingStartUnit = pfmt.SettingFields.Field("start_unit")
	attrType         = pfmt.PlanetFields.Field("type").Key
	attrDef          = pfmt.PlanetFields.Field("def").Key
	attrRes          = pfmt.PlanetFields.Field("res").Key
	attrCos          = pfmt.PlanetFields.Field("cos").Key
	attrMax          = pfmt.PlanetFields.Field("max").Key
)

// readPlanets reads every planet's values and the sum of their caps, and
// returns the planets when keep is set.
func readPlanets(ps *problems, m *pfmt.Map, keep bool) ([]planetInfo, int64) {
	var out []planetInfo
	if keep {
		out = make([]planetInfo, 0, len(m.Planets))
	}
	sum := new(big.Int)
	for _, p := range m.ByID() {
		info := planetInfo{token: p.Name()}
		path := srcpos.Field("planets", p.Token.Key())
		if v, ok := p.Max.PyInt(); ok {
			sum.Add(sum, v)
		} else {
			ps.add(CodeMax, path+"."+attrMax, "planet %s: %s is %s, not a number the game can convert", info.token, attrMax, p.Max.Describe())
		}
		number := func(code, key string, v pfmt.Value) Num {
			return ps.number(code, path+"."+key, "planet "+info.token+": "+key, v)
		}
		info.max = number(CodeMax, attrMax, p.Max)
		info.def = number(CodeNumbers, attrDef, p.Def)
		info.res = number(CodeNumbers, attrRes, p.Res)
		info.cos = number(CodeNumbers, attrCos, p.Cos)
		if keep {
			out = append(out, info)
		}
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
// directions, later entries overwriting earlier ones; it reads the
// steps only (reporting what it cannot read) unless keep is set.
func readRoutes(ps *problems, m *pfmt.Map, b *board, keep bool) {
	// Every direction an entry sets, sorted by its planets and then the
	// entry: the last of a pair of planets is the one the game keeps (a
	// sorted slice takes a fifth of what a hash map of the directions
	// took on a map of 60 000 routes).
	type entry struct{ from, to, i int32 }
	set := make([]entry, 0, 2*len(m.Routes))
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
			set = append(set, entry{int32(from), int32(to), int32(i)}, entry{int32(to), int32(from), int32(i)})
		}
	}
	sort.Slice(set, func(i, j int) bool {
		x, y := set[i], set[j]
		return x.from < y.from || x.from == y.from && (x.to < y.to || x.to == y.to && x.i < y.i)
	})
	kept := func(k int) bool { // not overwritten by a later entry
		return k+1 == len(set) || set[k+1].from != set[k].from || set[k+1].to != set[k].to
	}
	n := 0
	for k := range set {
		if kept(k) {
			n++
		}
	}
	if keep {
		// The planets' routes share one array, each planet's in its
		// order.
		b.adj = make([][]route, len(b.planets))
		b.routeList = make([]Route, 0, n)
	}
	all := make([]route, 0, cap(b.routeList))
	for k, e := range set {
		if !kept(k) {
			continue
		}
		// Only the steps the game keeps are read.
		i := int(e.i)
		steps := ps.number(CodeSteps, srcpos.Index("routes", i)+"[2]", fmt.Sprintf("route %d: steps", i+1), m.Routes[i].Steps)
		if !keep {
			continue
		}
		from, to := int(e.from), int(e.to)
		all = append(all, route{to: to, steps: steps})
		b.routeList = append(b.routeList, Route{From: from, To: to, Steps: steps})
	}
	for k := 0; k < len(all); {
		from, end := b.routeList[k].From, k+1
		for end < len(all) && b.routeList[end].From == from {
			end++
		}
		b.adj[from] = all[k:end:end]
		k = end
	}
}

// numberOf converts a map value to a Num: an integer or a real as typed
// (a boolean is the integer 0 or 1, as in Python). Anything else, and
// values beyond ±1e15 or not finite, are refused.
func numberOf(v pfmt.Value) (Num, error) {
	switch v.Type() {
	case pfmt.Int:
		i, ok := v.Int64()
		if !ok || math.Abs(float64(i)) > maxMagnitude {
			return Num{}, fmt.Errorf("%s is beyond the engine's range (±1e15)", v.Describe())
		}
		return Int(i), nil
	case pfmt.Float:
		if math.IsNaN(v.Float()) || math.Abs(v.Float()) > maxMagnitude {
			return Num{}, fmt.Errorf("%s is not a finite number within ±1e15", v.Describe())
		}
		return Real(v.Float()), nil
	case pfmt.Bool:
		if v.Bool() {
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
	if from < 0 || from >= len(b.adj) {
		return Num{}, false
	}
	a := b.adj[from]
	k := sort.Search(len(a), func(k int) bool { return a[k].to >= to })
	if k < len(a) && a[k].to == to {
		return a[k].steps, true
	}
	return Num{}, false
}
