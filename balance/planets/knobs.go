// Package planets is the balance assistant's knowledge of Planet-Conquer
// maps: their knobs (package knob) and where the map's preview draws
// them.
package planets

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/shapan/shapan/balance/knob"
	"github.com/shapan/shapan/formats"
	planetsfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/preview"
	planetspreview "github.com/shapan/shapan/preview/planets"
)

// The planets knobs: every planet's def, res and max (def/P, res/P,
// max/P); those of a start planet belong to the player who starts there.
// A def or max keeps its type: an integer stays an integer (the game
// fights differently with def 2 and def 2.0). A res of 1 or more stays 1
// or more, and may go down to 1 (no growth) whatever it is. The default
// set is the start planets' knobs.
//
// Each start (start/K, K = 1, 2, … as the sides of a simulation are
// numbered) is an opt-in knob that moves player slot K's start planet
// to a planet next to it (startChoices). Its values are ranks: 0 is the
// weakest choice, a step up a stronger one, so a start knob favours its
// slot when raised. A simulation shuffles the starts among the players
// (spec §1.6, with the game's seed) but counts a win for the start slot
// its winner began on, and the slot is the side: whoever plays from it,
// a stronger start planet helps the slot.
func init() {
	knob.Register("planets/map", knob.Set{Knobs: planetsKnobs, Sided: true, Spot: spot})
}

// planetStats are the planet attributes the knobs change: the factor of
// their range, their natural step when they are reals (an integer def or
// max moves by whole numbers, max by 10s when it is 100 or more), and the
// share of the value a probe moves them by.
var planetStats = []struct {
	key    string
	field  func(p *planetsfmt.Planet) *planetsfmt.Value
	factor float64
	grid   float64
	share  float64
	// typed is set when the YAML type of the value changes the game
	// (spec/planets.md §5.5, §5.6: an integer def divides as integers, an
	// integer max keeps the garrison whole); res is a factor either way.
	typed bool
}{
	{planetsfmt.PlanetFields.Field("def").Key, func(p *planetsfmt.Planet) *planetsfmt.Value { return &p.Def }, 2, 0.05, 0.25, true},
	{resKey, func(p *planetsfmt.Planet) *planetsfmt.Value { return &p.Res }, 1.5, 0.05, 0.2, false},
	{planetsfmt.PlanetFields.Field("max").Key, func(p *planetsfmt.Planet) *planetsfmt.Value { return &p.Max }, 2, 10, 0.25, true},
}

// resKey is the key of a planet's res (its growth factor), whose knob
// stops at 1.
var resKey = planetsfmt.PlanetFields.Field("res").Key

func planetsKnobs(doc *formats.Document) []knob.Knob {
	m, ok := doc.Value.(*planetsfmt.Map)
	if !ok {
		return nil
	}
	starts := map[string]int{}
	for k, s := range m.Starts {
		starts[s.Key()] = k
	}
	var out []knob.Knob
	for pi, p := range m.Planets {
		side, isStart := starts[p.Token.Key()]
		if !isStart {
			side = -1
		}
		if isStart {
			if k, ok := startKnob(m, side); ok {
				out = append(out, k)
			}
		}
		for _, st := range planetStats {
			v := *st.field(&p)
			x, ok := v.Float64()
			if !ok || !v.IsNumber() || x <= 0 {
				continue // the checks report it; the search leaves it alone
			}
			wasInt := v.Type() == planetsfmt.Int
			integer := st.typed && wasInt
			grid := st.grid
			if integer && grid < 1 {
				grid = 1
			}
			lo := 0.0
			if st.key == resKey && x >= 1 {
				// down to no growth, not below: a res below 1 shrinks the
				// planet's garrison every round
				lo = 1
			}
			k := knob.Knob{ID: fmt.Sprintf("%s/%s", st.key, p.Token.Text()), Path: fmt.Sprintf("planets.%s.%s", p.Token.Text(), st.key), Side: side,
				Get: func(mv any) float64 {
					f, _ := st.field(&mv.(*planetsfmt.Map).Planets[pi]).Float64()
					return f
				},
				Set: func(mv any, x float64) {
					if integer || wasInt && x == math.Round(x) {
						*st.field(&mv.(*planetsfmt.Map).Planets[pi]) = planetsfmt.IntValue(int64(math.Round(x)))
					} else {
						*st.field(&mv.(*planetsfmt.Map).Planets[pi]) = planetsfmt.FloatValue(x)
					}
				}}
			k = knob.Amount(k, x, st.factor, lo, math.Inf(1), grid, st.share, integer)
			if integer {
				k.Min = math.Max(k.Min, 1)
			}
			if lo == 1 {
				k.Min = 1 // a growth rate (res − 1) of 0.8 may go back to 0.1
			}
			out = append(out, k)
			if st.key == planetsfmt.PlanetFields.Field("def").Key && isStart && x >= 1 && x == math.Round(x) {
				out = append(out, defTypeKnob(pi, p.Token.Text(), side))
			}
		}
	}
	return out
}

// defTypeKnob is the defint/PLANET knob of a start planet's def: 1 when
// the YAML types it as an integer (`def: 2`), 0 as a real (`def: 2.0`).
// The game fights differently with the two (spec/planets.md §5.5 step 8:
// a defender that wins on an integer-def planet is left with 0 units),
// far more than with the def's value: on test.yml start B wins 25 % with
// def 2 and 33 to 36 % with any real def from 1.0 to 4.0 (4,000 games
// each) — the change the original map editor made by storing every
// value it edited as a real. A start planet has it when its def is a
// whole number (2 or 2.0: the knob changes the type, not the value); an
// integer is the def rounded, 1 at least, when the def/PLANET knob, set
// before it, moved the value off the whole numbers.
func defTypeKnob(pi int, name string, side int) knob.Knob {
	def := func(mv any) *planetsfmt.Value { return &mv.(*planetsfmt.Map).Planets[pi].Def }
	return knob.Knob{ID: "defint/" + name, Path: fmt.Sprintf("planets.%s.%s", name, planetsfmt.PlanetFields.Field("def").Key), Side: side,
		Min: 0, Max: 1, Step: 1, Grid: 1,
		Label: func(x float64) string {
			if x == 1 {
				return "integer"
			}
			return "real"
		},
		Get: func(mv any) float64 { return btof(def(mv).Type() == planetsfmt.Int) },
		Set: func(mv any, x float64) {
			v, _ := def(mv).Float64()
			if x == 1 {
				*def(mv) = planetsfmt.IntValue(int64(math.Max(1, math.Round(v))))
			} else {
				*def(mv) = planetsfmt.FloatValue(v)
			}
		}}
}

func btof(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// startKnob is the start/K knob of starts[k]: its value is the rank of
// the start planet among startChoices, Label names the planet.
func startKnob(m *planetsfmt.Map, k int) (knob.Knob, bool) {
	choices := startChoices(m, k)
	if len(choices) < 2 || !slices.ContainsFunc(choices, func(c planetsfmt.Value) bool { return c.Key() == m.Starts[k].Key() }) {
		return knob.Knob{}, false // nowhere to go, or a start that is not a placed planet (check says so)
	}
	rank := func(mv any) float64 {
		starts := mv.(*planetsfmt.Map).Starts
		if k < len(starts) {
			for i, c := range choices {
				if c.Key() == starts[k].Key() {
					return float64(i)
				}
			}
		}
		return -1
	}
	return knob.Knob{ID: fmt.Sprintf("start/%d", k+1), Path: fmt.Sprintf("starts[%d]", k), Side: k,
		Min: 0, Max: float64(len(choices) - 1), Step: 1, Grid: 1, OptIn: true, Order: "weakest first",
		Label: func(x float64) string {
			if i := int(x); float64(i) == x && i >= 0 && i < len(choices) {
				return choices[i].Text()
			}
			return "?"
		},
		Get: rank,
		Set: func(mv any, x float64) { mv.(*planetsfmt.Map).Starts[k] = choices[int(x)] }}, true
}

// startChoices are the planets start k may move to: the start planet
// itself and the planets one route away from it that are no start, on
// the grid and with numeric def, res, cos and max (spec §11, checks 4, 6,
// 14–16 and 23 hold for every one), weakest first: by the units they grow
// in their first round (StartStrength), then by def, then in the order
// the map lists them.
func startChoices(m *planetsfmt.Map, k int) []planetsfmt.Value {
	ids, err := m.StartIDs()
	routes, rerr := m.DirectedRoutes()
	if err != nil || rerr != nil || k >= len(ids) {
		return nil
	}
	byID := m.ByID()
	starts := map[int]bool{}
	for _, id := range ids {
		starts[id] = true
	}
	pos := m.Positions()
	order := map[*planetsfmt.Planet]int{}
	for i := range m.Planets {
		order[&m.Planets[i]] = i
	}
	type choice struct {
		p           *planetsfmt.Planet
		growth, def float64
	}
	var cs []choice
	for id, p := range byID {
		_, placed := pos[p.Token.Key()]
		_, next := routes[planetsfmt.Edge{From: ids[k], To: id}]
		if id != ids[k] && (starts[id] || !next) || !placed || p.Token.Type() != planetsfmt.Str {
			continue
		}
		if growth, def, ok := StartStrength(m, p); ok {
			cs = append(cs, choice{p, growth, def})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		switch {
		case a.growth != b.growth:
			return a.growth < b.growth
		case a.def != b.def:
			return a.def < b.def
		}
		return order[a.p] < order[b.p]
	})
	out := make([]planetsfmt.Value, len(cs))
	for i, c := range cs {
		out[i] = c.p.Token
	}
	return out
}

// StartStrength measures what a planet gives the player who starts on
// it: the units it grows in its first round from start_unit (spec §5.6:
// start_unit × (res − 1) + cos, capped at max, the fee left out) and its
// defence multiplier. False when a value is not a number.
func StartStrength(m *planetsfmt.Map, p *planetsfmt.Planet) (growth, def float64, ok bool) {
	var v [4]float64
	for i, f := range []planetsfmt.Value{p.Def, p.Res, p.Cos, p.Max} {
		x, ok := f.Float64()
		if !ok || !f.IsNumber() || math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, 0, false
		}
		v[i] = x
	}
	res, cos, most := v[1], v[2], v[3]
	unit, ok := m.Get(planetsfmt.MapFields.Field("start_unit").Key).Float64()
	if !ok {
		unit = 100
	}
	grown := unit + unit*(res-1) + cos
	if unit < most {
		grown = math.Min(grown, most)
	}
	return grown - unit, v[0], true
}

// spot is where the preview draws the planet of def/, res/ and
// max/PLANET, and the start planet of start/K as the map has it.
func spot(doc *formats.Document, id, _ string) (x, y, r float64, ok bool) {
	m, ok := doc.Value.(*planetsfmt.Map)
	if !ok {
		return 0, 0, 0, false
	}
	what, name, _ := strings.Cut(id, "/")
	if what == "start" {
		slot, err := strconv.Atoi(name)
		if err != nil || slot < 1 || slot > len(m.Starts) {
			return 0, 0, 0, false
		}
		name = m.Starts[slot-1].Text()
	}
	l := planetspreview.PlanetMapLayout(m, preview.Options{})
	pos := m.Positions()
	for i := range m.Planets {
		p := &m.Planets[i]
		if at, ok := pos[p.Token.Key()]; ok && p.Token.Text() == name {
			x, y := l.Centre(at)
			return x, y, planetspreview.PlanetRadius(p, l.Cell) + 8, true
		}
	}
	return 0, 0, 0, false
}
