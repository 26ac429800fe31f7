package balance

import (
	"fmt"
	"math"

	"github.com/shapan/shapan/formats"
	planetsfmt "github.com/shapan/shapan/formats/planets"
)

// The planets knobs: every planet's def, res and max (def/P, res/P,
// max/P); those of a start planet favour the player who starts there.
// A value keeps its type: an integer stays an integer (the game fights
// differently with def 2 and def 2.0). The default set is the start
// planets' knobs.
func init() {
	registerKnobs("planets/map", planetsKnobs)
	sidedByDefault["planets/map"] = true
}

// planetStats are the planet attributes the knobs change, with the
// factor of their range and their smallest step.
var planetStats = []struct {
	key     string
	field   func(p *planetsfmt.Planet) *planetsfmt.Value
	factor  float64
	minStep float64
}{
	{"def", func(p *planetsfmt.Planet) *planetsfmt.Value { return &p.Def }, 2, 0.05},
	{"res", func(p *planetsfmt.Planet) *planetsfmt.Value { return &p.Res }, 1.5, 0.01},
	{"max", func(p *planetsfmt.Planet) *planetsfmt.Value { return &p.Max }, 2, 10},
}

func planetsKnobs(doc *formats.Document) []Knob {
	m, ok := doc.Value.(*planetsfmt.Map)
	if !ok {
		return nil
	}
	starts := map[string]int{}
	for k, s := range m.Starts {
		starts[s.Key()] = k
	}
	var out []Knob
	for pi, p := range m.Planets {
		side, isStart := starts[p.Token.Key()]
		if !isStart {
			side = -1
		}
		for _, st := range planetStats {
			v := *st.field(&p)
			x, ok := v.Float64()
			if !ok || !v.IsNumber() || x <= 0 {
				continue // the checks report it; the search leaves it alone
			}
			integer := v.Type == planetsfmt.Int
			lo, hi := around(x, st.factor, 0, math.Inf(1))
			step := math.Max(st.minStep, roundTo(x*0.2, st.minStep))
			if integer {
				lo, step = math.Max(1, math.Ceil(lo)), math.Max(1, math.Round(step))
			}
			out = append(out, Knob{ID: fmt.Sprintf("%s/%s", st.key, p.Token.Text), Path: fmt.Sprintf("planets.%s.%s", p.Token.Text, st.key),
				Side: side, Min: lo, Max: hi, Step: step, MinStep: math.Min(step, st.minStep), Integer: integer, Unit: planetUnit,
				Get: func(mv any) float64 {
					f, _ := st.field(&mv.(*planetsfmt.Map).Planets[pi]).Float64()
					return f
				},
				Set: func(mv any, x float64) {
					if integer {
						*st.field(&mv.(*planetsfmt.Map).Planets[pi]) = planetsfmt.IntValue(int64(math.Round(x)))
					} else {
						*st.field(&mv.(*planetsfmt.Map).Planets[pi]) = planetsfmt.FloatValue(multiple(math.Round(x/planetUnit), planetUnit))
					}
				}})
		}
	}
	return out
}

// planetUnit is the resolution of a planet's def, res and max that are
// not integers: the knobs move them by hundredths.
const planetUnit = 0.01

// roundTo rounds x to a multiple of unit.
func roundTo(x, unit float64) float64 { return math.Round(x/unit) * unit }
