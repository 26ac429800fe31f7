package planets

import (
	"fmt"
	planetseng "github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/validate"
	"math"
	"slices"
	"strings"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

var (
	_ = validate.Define(validate.Rule{Code: planetseng.CodeMissing, Severity: diag.Error, Family: "planets",
		Title:   "a required part of the map is missing",
		Meaning: "The game needs planets, map, routes and starts; without one of them it fails to load the map.",
		Fix:     "Add the missing part."})
	plnMax = validate.Define(validate.Rule{Code: planetseng.CodeMax, Severity: diag.Error, Family: "planets",
		Title:   "a planet without a production cap it can read",
		Meaning: "The game converts every planet's max to an integer when it loads the map; a missing or non-numeric max makes the load fail.",
		Fix:     "Give the planet a numeric max."})
	plnNumbers = validate.Define(validate.Rule{Code: planetseng.CodeNumbers, Severity: diag.Error, Family: "planets",
		Title:   "a planet's def, res or cos is missing or not a number",
		Meaning: "The map loads, but the game crashes at the first battle on the planet (def) or its first production (res, cos).",
		Fix:     "Give the planet numeric def, res and cos."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeUnknownLetter, Severity: diag.Error, Family: "planets",
		Title:   "a letter on the grid that is no planet",
		Meaning: "Every letter of the grid places a planet; a letter with no entry under planets makes the load fail.",
		Fix:     "Define the planet, or replace the letter with '.'."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeNotPlaced, Severity: diag.Error, Family: "planets",
		Title:   "a planet that is not on the grid",
		Meaning: "The map loads but the planet has no position; clients cannot draw it.",
		Fix:     "Put the planet's letter on the grid."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeTwice, Severity: diag.Error, Family: "planets",
		Title:   "a planet's letter appears more than once on the grid",
		Meaning: "The last occurrence (in reading order) gives the position; the others are ignored.",
		Fix:     "Keep one occurrence of the letter."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeToken, Severity: diag.Error, Family: "planets",
		Title:   "a planet's token is not a single ASCII letter",
		Meaning: "Only the letters A–Z and a–z can be placed on the grid; any other token can never have a position.",
		Fix:     "Name the planet with a letter not used yet."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeRouteEnd, Severity: diag.Error, Family: "planets",
		Title:   "a route to or from a planet that does not exist",
		Meaning: "The game fails to load the map (unknown token).",
		Fix:     "Use existing planets at both ends."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeSteps, Severity: diag.Error, Family: "planets",
		Title:   "a route whose steps are not a whole number of at least 1",
		Meaning: "A fleet on a route of 0, negative or fractional steps never arrives: its units are lost. A non-number crashes the game when a fleet moves.",
		Fix:     "Give the route a whole number of steps, 1 or more."})
	plnDupRoute = validate.Define(validate.Rule{Code: "PLN010", Severity: diag.Warning, Family: "planets",
		Title:   "two route entries join the same planets",
		Meaning: "Each entry sets the travel time both ways; the later one silently overwrites the earlier.",
		Fix:     "Keep one entry per pair of planets."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeConflict, Severity: diag.Error, Family: "planets",
		Title:   "two route entries join the same planets with different steps",
		Meaning: "The later entry wins, so the earlier travel time is silently ignored.",
		Fix:     "Keep one entry with the travel time you want."})
	plnLoop = validate.Define(validate.Rule{Code: "PLN012", Severity: diag.Warning, Family: "planets",
		Title:   "a route from a planet to itself",
		Meaning: "The game accepts it, but sending a fleet to where it already is means nothing.",
		Fix:     "Remove the route."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeStartUnknown, Severity: diag.Error, Family: "planets",
		Title:   "a start planet that does not exist",
		Meaning: "The game fails to load the map (unknown token).",
		Fix:     "Use existing planets as starts."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeStartTwice, Severity: diag.Error, Family: "planets",
		Title:   "a planet is the start of two players",
		Meaning: "The later player takes the planet over; the earlier one starts with nothing and is out at once.",
		Fix:     "Give every player a different start planet."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeFewStarts, Severity: diag.Error, Family: "planets",
		Title:   "fewer start planets than max_player",
		Meaning: "When a player joins beyond the number of starts, the game crashes after registering them (a half-joined player).",
		Fix:     "Add starts or lower max_player."})
	plnPlayers = validate.Define(validate.Rule{Code: planetseng.CodePlayers, Severity: diag.Error, Family: "planets",
		Title:   "min_player and max_player do not allow a game",
		Meaning: "With min_player above max_player the game never starts; with 0 or fewer players it crashes.",
		Fix:     "Use 1 ≤ min_player ≤ max_player (2 or more for a real game)."})
	plnSolo = validate.Define(validate.Rule{Code: "PLN017", Severity: diag.Warning, Family: "planets",
		Title:   "a game of one player",
		Meaning: "With min_player 1 a single player starts the game, which ends at its first step (at most one player has units).",
		Fix:     "Set min_player to 2 or more."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeSetting, Severity: diag.Error, Family: "planets",
		Title:   "max_round, start_unit or max_player is not a positive integer",
		Meaning: "The game does not check them: start_unit 0 makes every player start dead, a non-integer round limit misbehaves.",
		Fix:     "Use a positive whole number."})
	plnDesc = validate.Define(validate.Rule{Code: "PLN019", Severity: diag.Warning, Family: "planets",
		Title:   "the map has no description",
		Meaning: "The map loads, but serving the map's description to a client fails.",
		Fix:     "Add a desc."})
	plnRows = validate.Define(validate.Rule{Code: "PLN020", Severity: diag.Warning, Family: "planets",
		Title:   "grid rows of different lengths",
		Meaning: "The game takes the map's width from the first row only; clients draw the grid with that width.",
		Fix:     "Pad the rows with '.' to the same length."})
	plnUnknownKey = validate.Define(validate.Rule{Code: "PLN021", Severity: diag.Warning, Family: "planets",
		Title:   "an unknown top-level key",
		Meaning: "The game keeps and ignores it; a misspelt setting (maxround) silently leaves the default in force.",
		Fix:     "Correct the key, or remove it."})
	plnUnreachable = validate.Define(validate.Rule{Code: "PLN022", Severity: diag.Warning, Family: "planets",
		Title:   "a planet no fleet can reach",
		Meaning: "Routes are the only way to move: a planet no route path leads to from the starts takes no part in the game.",
		Fix:     "Add routes to it."})
	plnStuckStart = validate.Define(validate.Rule{Code: "PLN023", Severity: diag.Warning, Family: "planets",
		Title:   "a start planet with no route",
		Meaning: "Its player can never send a fleet anywhere.",
		Fix:     "Add routes from the start planet."})
	plnRange = validate.Define(validate.Rule{Code: "PLN024", Severity: diag.Warning, Family: "planets",
		Title:   "a planet value the rules do not expect",
		Meaning: "def ≤ 0 makes defence meaningless, a negative res or cos shrinks the garrison every step, max ≤ 0 stops all growth.",
		Fix:     "Use def > 0, res ≥ 0, cos ≥ 0, max > 0."})
	plnFee = validate.Define(validate.Rule{Code: planets.CodeFee, Severity: diag.Warning, Family: "planets",
		Title:   "maintain_fee is not true or false",
		Meaning: "The game switches the fee on for any value Python calls true — even the text \"False\".",
		Fix:     "Write true or false."})
	plnIntDef = validate.Define(validate.Rule{Code: "PLN026", Severity: diag.Warning, Family: "planets",
		Title:   "a planet's def is an integer",
		Meaning: "The game divides integers as Python 2 does: when the owner of a planet with an integer def wins a battle there against attackers, its garrison becomes 0 (with def written 2.0 it keeps its survivors).",
		Fix:     "Write def as a real (2.0) unless this is intended."})
	_ = validate.Define(validate.Rule{Code: planetseng.CodeTooMany, Severity: diag.Error, Family: "planets",
		Title:   "more than 52 planets",
		Meaning: "Only the 52 ASCII letters can be placed on the grid.",
		Fix:     "Remove planets."})
)

func init() { validate.RegisterChecker(planets.Kind, checkPlanets) }

func checkPlanets(r validate.Reporter) {
	m, ok := r.Doc().Value.(*planets.Map)
	if !ok {
		return
	}
	before := planetseng.CheckMapTo(m, r.Sink()) // what the engine refuses
	checkPlanetValues(r, m)
	checkRows(r, m)
	adj := checkRoutes(r, m, before)
	checkStarts(r, m, adj)
	checkSettings(r, m)
	checkUnknownKeys(r, m)
	checkReachable(r, m, adj)
}

// checkPlanetValues reports the planets' values (the engine's check
// refuses their tokens).
func checkPlanetValues(r validate.Reporter, m *planets.Map) {
	for _, p := range m.Planets {
		name := p.Name()
		path := srcpos.Field("planets", p.Token.Key())
		if v, ok := p.Max.Float64(); !ok || math.IsNaN(v) || math.IsInf(v, 0) {
			r.Add(plnMax, srcpos.Field(path, maxKey), "planet %s: max is %s, not a number the game can convert", name, p.Max.Describe())
		} else if v <= 0 {
			r.Add(plnRange, srcpos.Field(path, maxKey), "planet %s: max is %s; the garrison can never grow", name, p.Max.Describe())
		}
		checkGrowth(r, &p, path, name)
		if p.Def.Type() == planets.Int {
			r.Add(plnIntDef, srcpos.Field(path, defKey), "planet %s: def %s is an integer; an owner who wins a battle there keeps 0 units (write %s.0)", name, p.Def.Text(), p.Def.Text())
		}
	}
}

// The keys of a planet's max and def (planets.PlanetFields').
var (
	maxKey = planets.PlanetFields.Field("max").Key
	defKey = planets.PlanetFields.Field("def").Key
)

// checkGrowth reports a planet's def, res and cos (its numbers of
// planets.PlanetFields but max, in table order) that are no number, a def
// that is not above 0 and a res or cos below 0.
func checkGrowth(r validate.Reporter, p *planets.Planet, path, name string) {
	for _, f := range planets.PlanetFields.Fields {
		if f.Type != field.Number || f.Key == maxKey {
			continue
		}
		fv := *p.Attr(f.Key)
		v, ok := fv.Float64()
		if !ok || fv.Type() == planets.Bool {
			r.Add(plnNumbers, srcpos.Field(path, f.Key), "planet %s: %s is %s, not a number", name, f.Key, fv.Describe())
			continue
		}
		switch {
		case f.Key == defKey && v <= 0:
			r.Add(plnRange, srcpos.Field(path, f.Key), "planet %s: def is %s; defence means nothing", name, fv.Describe())
		case f.Key != defKey && v < 0:
			r.Add(plnRange, srcpos.Field(path, f.Key), "planet %s: %s is %s; the garrison shrinks every step", name, f.Key, fv.Describe())
		}
	}
}

// checkRows reports grid rows of different lengths (the engine's check
// refuses the letters that are no planet or placed twice, and planets
// not placed).
func checkRows(r validate.Reporter, m *planets.Map) {
	rows := m.GridRows()
	for y, row := range rows {
		if y > 0 && len([]rune(row)) != len([]rune(rows[0])) {
			r.Add(plnRows, fmt.Sprintf("map[%d][0]", y), "row %d has %d characters, the first row %d", y, len([]rune(row)), len([]rune(rows[0])))
			break
		}
	}
}

// routeGraph is which planets the routes join, by the planets' keys as
// the routes, starts and planets write them (Value.Key). A map of 60 000
// routes is held as numbers (a hash map of strings to lists of strings
// took five times as much), its keys a sorted list (a hash map from key
// to number took twice as much).
type routeGraph struct {
	// keys are the planets' and the joined routes' ends' keys, sorted
	// and distinct: key k is node k.
	keys []string
	// extra numbers the keys asked for after (a start that is no
	// route's end nor planet), from len(keys) on.
	extra map[string]int32
	// The neighbours of node k are next[start[k]:start[k+1]] (nodes
	// numbered after the routes were read have none).
	start, next []int32
}

// newRouteGraph returns the graph of the keys, no route read yet.
func newRouteGraph(keys []string) *routeGraph {
	slices.Sort(keys)
	return &routeGraph{keys: slices.Clip(slices.Compact(keys))}
}

// lookup returns the number of key, or false.
func (g *routeGraph) lookup(key string) (int32, bool) {
	if k, ok := slices.BinarySearch(g.keys, key); ok {
		return int32(k), true
	}
	k, ok := g.extra[key]
	return k, ok
}

// id returns the number of key, numbering it when it has none.
func (g *routeGraph) id(key string) int32 {
	if k, ok := g.lookup(key); ok {
		return k
	}
	if g.extra == nil {
		g.extra = map[string]int32{}
	}
	k := int32(g.count())
	g.extra[key] = k
	return k
}

// has reports whether key is one of the graph's keys.
func (g *routeGraph) has(key string) bool {
	_, ok := slices.BinarySearch(g.keys, key)
	return ok
}

// count returns the number of nodes.
func (g *routeGraph) count() int { return len(g.keys) + len(g.extra) }

// neighbours returns the nodes a route joins key to.
func (g *routeGraph) neighbours(key string) []int32 {
	k, ok := g.lookup(key)
	if !ok || int(k)+1 >= len(g.start) {
		return nil
	}
	return g.next[g.start[k]:g.start[k+1]]
}

// join sets the routes of the graph: edges are pairs of nodes.
func (g *routeGraph) join(edges []int32) {
	g.start = make([]int32, g.count()+1)
	for _, k := range edges {
		g.start[k+1]++
	}
	for k := 1; k < len(g.start); k++ {
		g.start[k] += g.start[k-1]
	}
	g.next = make([]int32, len(edges))
	fill := slices.Clone(g.start)
	for e := 0; e < len(edges); e += 2 {
		a, b := edges[e], edges[e+1]
		g.next[fill[a]], fill[a] = b, fill[a]+1
		g.next[fill[b]], fill[b] = a, fill[b]+1
	}
}

// checkRoutes reports loops and routes given twice (before: the engine's
// RepeatedRoutes; its check refuses bad steps and the same planets joined
// with other steps), and returns the planets each planet has a route to.
func checkRoutes(r validate.Reporter, m *planets.Map, before []int32) *routeGraph {
	ids := m.IDs()
	// The routes that join two planets, and their ends that are no
	// planet's key (an end equal to a planet in the Python sense but
	// written otherwise: 1.0 for 1).
	joined := make([]bool, len(m.Routes))
	keys := make([]string, 0, len(m.Planets))
	for _, p := range m.Planets {
		keys = append(keys, p.Token.Key())
	}
	g := newRouteGraph(keys)
	var others []string
	for i, rt := range m.Routes {
		reportRoute(r, m, i, int(before[i]))
		_, okA := ids.ID(rt.From)
		_, okB := ids.ID(rt.To)
		if joined[i] = okA && okB; joined[i] {
			if k := rt.From.Key(); !g.has(k) {
				others = append(others, k)
			}
			if k := rt.To.Key(); !g.has(k) {
				others = append(others, k)
			}
		}
	}
	if len(others) > 0 {
		g = newRouteGraph(append(g.keys, others...))
	}
	before, ids = nil, planets.IDIndex{}
	edges := make([]int32, 0, 2*len(m.Routes))
	for i, rt := range m.Routes {
		if joined[i] {
			edges = append(edges, g.id(rt.From.Key()), g.id(rt.To.Key()))
		}
	}
	joined = nil
	g.join(edges)
	return g
}

// reportRoute reports route i as a loop, and as the same two planets
// joined with the same steps by route j before (j < 0: by none).
func reportRoute(r validate.Reporter, m *planets.Map, i, j int) {
	rt := m.Routes[i]
	path := srcpos.Index("routes", i)
	from, to := rt.From.Key(), rt.To.Key()
	if from == to {
		r.Add(plnLoop, path, "route %d goes from %s to itself", i+1, from)
	}
	if j >= 0 && planets.Equal(m.Routes[j].Steps, rt.Steps) {
		r.Add(plnDupRoute, path, "routes %d and %d both join %s and %s", j+1, i+1, from, to)
	}
}

// checkStarts reports starts without routes (adj); the engine's check
// refuses a planet that starts two players.
func checkStarts(r validate.Reporter, m *planets.Map, adj *routeGraph) {
	ids := m.IDs()
	for i, s := range m.Starts {
		if _, ok := ids.ID(s); !ok {
			continue // the engine's check reports it
		}
		if len(adj.neighbours(s.Key())) == 0 && m.HasRoutes {
			r.Add(plnStuckStart, srcpos.Index("starts", i), "start planet %s has no route: its player can never move", s.Key())
		}
	}
}

// checkSettings reports the map's settings the game misreads or that
// cannot start a game.
func checkSettings(r validate.Reporter, m *planets.Map) {
	// max_round, start_unit and max_player (PLN018) are the engine's:
	// CheckMap refuses them, and check reports them from there.
	minF, maxF := planets.SettingFields.Field("min_player"), planets.SettingFields.Field("max_player")
	minV, maxV := m.Get(minF.Key), m.Get(maxF.Key)
	minP, _ := minV.Int64()
	maxP, okMax := maxV.Int64()
	switch {
	case !planets.Fits(minF, minV) || (okMax && minP > maxP):
		r.Add(plnPlayers, minF.Key, "min_player is %s and max_player %s: the game can never start", minV.Describe(), maxV.Describe())
	case minP == 1:
		r.Add(plnSolo, minF.Key, "min_player is 1: a one-player game ends at its first step")
	}
	if m.Desc.Type() == planets.Absent {
		r.Add(plnDesc, "name", "the map has no desc: serving its description to a client fails")
	}
	if fee := m.MaintainFee; fee.Type() != planets.Absent && fee.Type() != planets.Bool {
		state := "off"
		if fee.Truth() {
			state = "on"
		}
		r.Add(plnFee, planets.MapFields.Field("maintain_fee").Key, "maintain_fee is %s, which turns the fee %s", fee.Describe(), state)
	}
}

// checkUnknownKeys reports the keys the game ignores.
func checkUnknownKeys(r validate.Reporter, m *planets.Map) {
	known := planets.MapFields.Keys()
	for _, e := range m.Extra {
		k := e.Key.Key()
		if s := yamlx.Suggest(k, known); s != "" {
			r.AddAt(plnUnknownKey, k, srcpos.Key(k), "the game ignores the key %s (did you mean %s?)", k, s)
		} else {
			r.AddAt(plnUnknownKey, k, srcpos.Key(k), "the game ignores the key %s", k)
		}
	}
}

// checkReachable reports the planets no route path (adj) leads to from
// the starts.
func checkReachable(r validate.Reporter, m *planets.Map, adj *routeGraph) {
	if len(m.Starts) > 0 && m.HasRoutes {
		var stack []int32
		for _, s := range m.Starts {
			stack = append(stack, adj.id(s.Key()))
		}
		reached := make([]bool, adj.count())
		for _, k := range stack {
			reached[k] = true
		}
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if int(p)+1 >= len(adj.start) {
				continue
			}
			for _, n := range adj.next[adj.start[p]:adj.start[p+1]] {
				if !reached[n] {
					reached[n] = true
					stack = append(stack, n)
				}
			}
		}
		var lost []int32 // the planets' indices, sorted by name
		for i, p := range m.Planets {
			if k, ok := adj.lookup(p.Token.Key()); !ok || !reached[k] {
				lost = append(lost, int32(i))
			}
		}
		slices.SortFunc(lost, func(a, b int32) int { return strings.Compare(m.Planets[a].Name(), m.Planets[b].Name()) })
		for _, i := range lost {
			name := m.Planets[i].Name()
			r.Add(plnUnreachable, srcpos.Field("planets", name), "no route path leads to planet %s from the starts", name)
		}
	}

}
