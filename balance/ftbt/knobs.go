// Package ftbt is the balance assistant's knowledge of ftbt levels:
// their knobs (package knob), where the level's preview draws them, and
// why a level can have no decided game.
package ftbt

import (
	"fmt"
	"math"
	"strings"

	ftbteng "github.com/shapan/shapan/engine/ftbt"

	"github.com/shapan/shapan/balance/knob"
	"github.com/shapan/shapan/formats"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/preview"
	ftbtpreview "github.com/shapan/shapan/preview/ftbt"
)

// The ftbt knobs: every person's hp (by 5s), attack (abi), defence (def)
// and speed (hp/NAME, abi/NAME, def/NAME, speed/NAME), each belonging to
// the person's side, from half the level's value to twice it. People are
// named by their name, or by their number when two share one.
//
// The default set is side/0 and side/1: a side's people made stronger
// or weaker together, every one's hp, abi and def scaled by one factor
// (÷2 … ×2 by 0.05; hp rounded to 5s, abi and def to whole numbers, as
// the person knobs have them). A level is unfair for what a whole side
// has far more often than for one person, and two knobs are measured in
// a tenth of the games of a person's hp each (m1.map has ten people, at
// about 115 ms of CPU a game).
//
// The start cell of every person (x/NAME, y/NAME: its column and row)
// is an opt-in knob: only a --knobs pattern that names it turns it. It
// moves by whole cells, at most a quarter of the map's width (height)
// from where the level puts the person (two cells at least), inside the
// map. It favours no side: a person moved toward the enemy fights
// sooner, which helps a side that attacks and hurts one that holds a
// place (张飞 at the bridge of 长坂坡), so the search tries both ways.
// Whether the new cell is legal — on the map, nobody else there (spec
// §1.4), a cell the person can move from and reach an enemy from (FTB032,
// FTB033) — is `check`'s to say: a candidate it refuses is never played,
// at the cost of one check and no game.
func init() {
	knob.Register("ftbt/level", knob.Set{Knobs: ftbtKnobs, Default: []string{"side/*"}, Spot: spot, Note: note})
}

// ftbtStats are the person fields the knobs change, by their keys in the
// field table, which name the knobs (hp/PERSON) and their paths.
var ftbtStats = []struct {
	key   string
	field func(p *ftbtfmt.Person) *int
	grid  float64
}{
	{ftbtfmt.PersonFields.Field("hp").Key, func(p *ftbtfmt.Person) *int { return &p.HP }, 5},
	{ftbtfmt.PersonFields.Field("abi").Key, func(p *ftbtfmt.Person) *int { return &p.Abi }, 1},
	{ftbtfmt.PersonFields.Field("def").Key, func(p *ftbtfmt.Person) *int { return &p.Def }, 1},
	{ftbtfmt.PersonFields.Field("speed").Key, func(p *ftbtfmt.Person) *int { return &p.Speed }, 1},
}

func ftbtKnobs(doc *formats.Document) []knob.Knob {
	l, ok := doc.Value.(*ftbtfmt.Level)
	if !ok {
		return nil
	}
	names := map[string]int{}
	for _, p := range l.People {
		names[p.Name]++
	}
	var out []knob.Knob
	rules, _ := doc.Rules.(*ftbtfmt.Rules)
	for side := range 2 {
		if k, ok := sideKnob(l, rules, side); ok {
			out = append(out, k)
		}
	}
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
			out = append(out, knob.Amount(knob.Knob{ID: st.key + "/" + who, Path: fmt.Sprintf("people[%d].%s", pi, st.key), Side: side,
				Get: func(m any) float64 { return float64(*st.field(&m.(*ftbtfmt.Level).People[pi])) },
				Set: func(m any, x float64) { *st.field(&m.(*ftbtfmt.Level).People[pi]) = int(math.Round(x)) }},
				v, 2, 1, math.Inf(1), st.grid, 0.25, true))
		}
		out = append(out, cellKnobs(l, pi, who)...)
	}
	return out
}

// sideFine is the finer step of side/N for a bisection over a cliff (a
// side's people 1 % stronger or weaker): an ftbt level played by the
// original's AI on both sides can go from one side winning every game to
// the other between two neighbouring 5 % steps (docs/balance.md).
const sideFine = 0.01

// sideStats are the stats side/N scales.
var sideStats = ftbtStats[:3]

// sideKnob is side/N: the hp, abi and def of every person of side scaled
// by one factor from the level's values, each rounded to its stat's grid
// (a stat the level leaves at 0 stays 0, one above 0 stays 1 at least).
// Its value is the factor, 1 as the level has it. Setting it writes the
// people's stats from the level's values, whatever they are in the
// model; it reads back the factor whose stats the model holds (the
// nearest when none matches exactly). Its range stops below the factor
// that would take a person who knows a fly tech above the rules' MAX_ABI
// (check's FTB031: a warning the level does not have, so the search
// would refuse every candidate past it — m1.map's side 0 ×2 was, and its
// probe fell back to ×0.5, which could show nothing on a side that
// loses every game).
func sideKnob(l *ftbtfmt.Level, rules *ftbtfmt.Rules, side int) (knob.Knob, bool) {
	var who []int
	var orig [][3]int
	for pi := range l.People {
		if l.People[pi].Side == side {
			who = append(who, pi)
			var o [3]int
			for si, st := range sideStats {
				o[si] = *st.field(&l.People[pi])
			}
			orig = append(orig, o)
		}
	}
	if len(who) == 0 {
		return knob.Knob{}, false
	}
	scaled := func(j, si int, f float64) int {
		v := orig[j][si]
		if v <= 0 {
			return v
		}
		g := sideStats[si].grid
		return int(max(1, math.Round(float64(v)*f/g)*g))
	}
	hi := 2.0
	for j, pi := range who {
		for hi > 1 && orig[j][1] <= maxAbi(rules) && knowsFly(rules, l.People[pi].Techs) && scaled(j, 1, hi) > maxAbi(rules) {
			hi = knob.Multiple(math.Round(hi/0.05)-1, 0.05)
		}
	}
	k := knob.Amount(knob.Knob{ID: fmt.Sprintf("side/%d", side), Path: fmt.Sprintf("people[side %d].hp, abi, def", side), Side: side},
		1, 2, 0, hi, 0.05, 0.25, false)
	k.Set = func(m any, f float64) {
		people := m.(*ftbtfmt.Level).People
		for j, pi := range who {
			for si, st := range sideStats {
				*st.field(&people[pi]) = scaled(j, si, f)
			}
		}
	}
	k.Fine = sideFine
	lo, hi := k.Min, k.Max
	k.Get = func(m any) float64 {
		people := m.(*ftbtfmt.Level).People
		best, bestD := 1.0, math.Inf(1)
		// the nearest factor of the grid, or a finer one of a bisection
		// whose stats the people have exactly: a factor of the grid reads
		// back as itself even when a finer one gives the same stats, and
		// one person's stat edited (abi/张飞) leaves the factor the grid's
		for _, step := range []float64{k.Grid, sideFine} {
			for n := math.Round(lo / step); n <= math.Round(hi/step); n++ {
				f := knob.Multiple(n, step)
				d := 0.0
				for j, pi := range who {
					for si, st := range sideStats {
						if s := scaled(j, si, f); s > 0 {
							d += math.Abs(float64(*st.field(&people[pi])-s)) / float64(s)
						}
					}
				}
				if step == k.Grid && (d < bestD || d == bestD && math.Abs(f-1) < math.Abs(best-1)) || step != k.Grid && d == 0 && bestD > 0 {
					best, bestD = f, d
				}
			}
		}
		return best
	}
	return k, true
}

// maxAbi is the rules' MAX_ABI (no bound without rules).
func maxAbi(rules *ftbtfmt.Rules) int {
	if rules == nil {
		return math.MaxInt
	}
	return rules.MaxAbi
}

// knowsFly reports whether techs hold a fly tech of rules.
func knowsFly(rules *ftbtfmt.Rules, techs []int) bool {
	for _, t := range techs {
		if rules != nil && t >= 0 && t < len(rules.Techs) && rules.Techs[t].Class == ftbtfmt.ClassFly {
			return true
		}
	}
	return false
}

// cellKnobs are the x/ and y/ knobs of person pi's start cell.
func cellKnobs(l *ftbtfmt.Level, pi int, who string) []knob.Knob {
	p := l.People[pi]
	axes := []struct {
		key   string
		at    int // the index in the YAML's at: [x, y]
		v, n  int // the value and the map's size along the axis
		field func(p *ftbtfmt.Person) *int
	}{
		{"x", 0, p.X, l.W, func(p *ftbtfmt.Person) *int { return &p.X }},
		{"y", 1, p.Y, l.H, func(p *ftbtfmt.Person) *int { return &p.Y }},
	}
	var out []knob.Knob
	for _, a := range axes {
		if a.v < 0 || a.v >= a.n {
			continue // off the map: check reports it, the search leaves it alone
		}
		reach := max(2, a.n/4)
		lo, hi := max(0, a.v-reach), min(a.n-1, a.v+reach)
		if lo == hi {
			continue // a map one cell wide along the axis
		}
		out = append(out, knob.Knob{ID: a.key + "/" + who, Path: fmt.Sprintf("people[%d].at[%d]", pi, a.at), Side: -1,
			Min: float64(lo), Max: float64(hi), Step: 1, Grid: 1, OptIn: true,
			Get: func(m any) float64 { return float64(*a.field(&m.(*ftbtfmt.Level).People[pi])) },
			Set: func(m any, x float64) { *a.field(&m.(*ftbtfmt.Level).People[pi]) = int(x) }})
	}
	return out
}

// spot is where the preview draws the person of hp/, abi/, def/, speed/,
// x/ and y/PERSON: the cell the level has the person on.
func spot(doc *formats.Document, id, _ string) (x, y, r float64, ok bool) {
	l, ok := doc.Value.(*ftbtfmt.Level)
	if !ok {
		return 0, 0, 0, false
	}
	cell, margin := ftbtpreview.LevelGeometry(l, preview.Options{})
	_, who, _ := strings.Cut(id, "/")
	for i, p := range l.People {
		// a knob names a person by name, or as NAME#N (the N-th person)
		// when two share the name
		if p.Name == who || who == fmt.Sprintf("%s#%d", p.Name, i+1) {
			return margin + (float64(p.X)+0.5)*cell, margin + (float64(p.Y)+0.5)*cell, math.Max(8, cell*0.8), true
		}
	}
	return 0, 0, 0, false
}

// sidesApart says why no game of a level whose sides cannot reach each
// other has a fight.
const sidesApart = "the sides cannot reach each other (FTB033): no game can have a fight, whatever the turn cap"

// note is sidesApart for such a level, "" for the others.
func note(doc *formats.Document) string {
	l, ok := doc.Value.(*ftbtfmt.Level)
	rules, _ := doc.Rules.(*ftbtfmt.Rules)
	if ok && rules != nil && ftbteng.SidesApart(l, rules) {
		return sidesApart
	}
	return ""
}
