package balance

import (
	"fmt"
	"math"

	"github.com/shapan/shapan/formats"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// The ftbt knobs: every person's hp, attack (abi), defence (def) and
// speed (hp/NAME, abi/NAME, def/NAME, speed/NAME), each favouring the
// person's side; the default set is hp/*. People are named by their name, or by their number
// when two share one.
func init() {
	registerKnobs("ftbt/level", ftbtKnobs)
	defaultKnobs["ftbt/level"] = []string{"hp/*"}
}

// ftbtStats are the person fields the knobs change.
var ftbtStats = []struct {
	key     string
	field   func(p *ftbtfmt.Person) *int
	minStep float64
}{
	{"hp", func(p *ftbtfmt.Person) *int { return &p.HP }, 5},
	{"abi", func(p *ftbtfmt.Person) *int { return &p.Abi }, 1},
	{"def", func(p *ftbtfmt.Person) *int { return &p.Def }, 1},
	{"speed", func(p *ftbtfmt.Person) *int { return &p.Speed }, 1},
}

func ftbtKnobs(doc *formats.Document) []Knob {
	l, ok := doc.Value.(*ftbtfmt.Level)
	if !ok {
		return nil
	}
	names := map[string]int{}
	for _, p := range l.People {
		names[p.Name]++
	}
	var out []Knob
	for pi, p := range l.People {
		who := p.Name
		if names[who] > 1 || who == "" {
			who = fmt.Sprintf("%s#%d", who, pi+1)
		}
		side := -1
		if p.Side == 0 || p.Side == 1 {
			side = p.Side
		}
		for _, st := range ftbtStats {
			v := float64(*st.field(&p))
			if v <= 0 {
				continue // a stat the level leaves at 0 stays so
			}
			lo, hi := around(v, 2.5, 1, math.Inf(1))
			out = append(out, Knob{ID: st.key + "/" + who, Path: fmt.Sprintf("people[%d].%s", pi, st.key), Side: side,
				Min: lo, Max: hi, Step: math.Max(st.minStep, math.Round(v*0.25)), MinStep: st.minStep, Integer: true,
				Get: func(m any) float64 { return float64(*st.field(&m.(*ftbtfmt.Level).People[pi])) },
				Set: func(m any, x float64) { *st.field(&m.(*ftbtfmt.Level).People[pi]) = int(x) }})
		}
	}
	return out
}
