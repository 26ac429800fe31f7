package balance

import (
	"fmt"
	"math"
	"slices"

	"github.com/shapan/shapan/formats"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// The mbg knobs: every taking role's starting money (money/ROLE, by
// 100s), the scope of every city (scope/CITY; it belongs to the role that
// owns the city at the start) and the abilities of every officer who
// starts with a role (abilities/OFFICER: the mean of the five, all scaled
// together so that the officer keeps his profile). The default set is the
// money and the scopes: an officer's abilities are his character, changed
// only when named (abilities/*, or all).
func init() {
	registerKnobs("mbg/scenario", mbgKnobs)
	defaultKnobs["mbg/scenario"] = []string{"money/*", "scope/*"}
}

func mbgKnobs(doc *formats.Document) []Knob {
	s, ok := doc.Value.(*mbgfmt.Scenario)
	if !ok {
		return nil
	}
	var out []Knob
	for ri, r := range s.Roles {
		if r.Start >= 0 {
			out = append(out, moneyKnob(s, ri))
		}
	}
	for ci, c := range s.Cities {
		out = append(out, Knob{ID: "scope/" + c.Name, Path: fmt.Sprintf("cities[%d].scope", ci), Side: cityOwner(s, ci),
			Min: 0, Max: 2, Step: 1, Grid: 1,
			Get: func(m any) float64 { return float64(m.(*mbgfmt.Scenario).Cities[ci].Scope) },
			Set: func(m any, x float64) { m.(*mbgfmt.Scenario).Cities[ci].Scope = int(x) }})
	}
	for oi, o := range s.Officers {
		if side := officerRole(s, oi); side >= 0 {
			out = append(out, abilitiesKnob(s, oi, o, side))
		}
	}
	return out
}

func moneyKnob(s *mbgfmt.Scenario, ri int) Knob {
	v := float64(s.Roles[ri].Money)
	return ratioKnob(Knob{ID: "money/" + s.Roles[ri].Name, Path: fmt.Sprintf("roles[%d].money", ri), Side: ri,
		Get: func(m any) float64 { return float64(m.(*mbgfmt.Scenario).Roles[ri].Money) },
		Set: func(m any, x float64) { m.(*mbgfmt.Scenario).Roles[ri].Money = float32(x) }},
		v, 3, 100, float64(s.WinMoney)-1, 100, 0.4, true)
}

func abilitiesKnob(s *mbgfmt.Scenario, oi int, o mbgfmt.Officer, side int) Knob {
	mean := func(p [5]float32) float64 {
		sum := 0.0
		for _, v := range p {
			sum += float64(v)
		}
		return sum / 5
	}
	v := mean(o.Props)
	top := float64(slices.Max(o.Props[:]))
	hi := 100.0 // no ability above 100 once scaled
	if top > 0 {
		hi = math.Min(v*2, v*100/top)
	}
	return ratioKnob(Knob{ID: "abilities/" + o.Name, Path: fmt.Sprintf("officers[%d]", oi), Side: side,
		Get: func(m any) float64 { return math.Round(mean(m.(*mbgfmt.Scenario).Officers[oi].Props)) },
		Set: func(m any, x float64) {
			off := &m.(*mbgfmt.Scenario).Officers[oi]
			now := mean(off.Props)
			if now <= 0 {
				return
			}
			for k := range off.Props {
				off.Props[k] = float32(math.Min(100, math.Round(float64(off.Props[k])*x/now)))
			}
		}}, math.Round(v), 2, 1, math.Max(hi, 1), 1, 0.2, true)
}

// cityOwner returns the role that owns city ci at the start, or -1.
func cityOwner(s *mbgfmt.Scenario, ci int) int {
	for ri, r := range s.Roles {
		if r.Start >= 0 && slices.Contains(r.Cities, ci) {
			return ri
		}
	}
	return -1
}

// officerRole returns the role an officer starts with (in its retinue or
// in the garrison of a city it owns), or -1.
func officerRole(s *mbgfmt.Scenario, oi int) int {
	for ri, r := range s.Roles {
		if r.Start < 0 {
			continue
		}
		if slices.Contains(r.Retinue, oi) {
			return ri
		}
		for _, ci := range r.Cities {
			if ci >= 0 && ci < len(s.Cities) && slices.Contains(s.Cities[ci].Garrison, oi) {
				return ri
			}
		}
	}
	return -1
}
