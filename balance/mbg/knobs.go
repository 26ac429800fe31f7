// Package mbg is the balance assistant's knowledge of mbg scenarios:
// their knobs (package knob) and where the board's preview draws them.
package mbg

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/shapan/shapan/balance/knob"
	"github.com/shapan/shapan/formats"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	mbgpreview "github.com/shapan/shapan/preview/mbg"
)

// The mbg knobs: every taking role's starting money (money/ROLE, by
// 100s), the scope of every city (scope/CITY; it belongs to the role that
// owns the city at the start) and the abilities of every officer who
// starts with a role (abilities/OFFICER: the mean of the five, all scaled
// together so that the officer keeps his profile). The default set is the
// money and the scopes: an officer's abilities are his character, changed
// only when named (abilities/*, or all).
func init() {
	knob.Register("mbg/scenario", knob.Set{Knobs: mbgKnobs, Default: []string{"money/*", "scope/*"}, Spot: spot})
}

func mbgKnobs(doc *formats.Document) []knob.Knob {
	s, ok := doc.Value.(*mbgfmt.Scenario)
	if !ok {
		return nil
	}
	var out []knob.Knob
	for ri, r := range s.Roles {
		if r.Start >= 0 {
			out = append(out, moneyKnob(s, ri))
		}
	}
	for ci, c := range s.Cities {
		out = append(out, knob.Knob{ID: "scope/" + c.Name, Path: fmt.Sprintf("cities[%d].%s", ci, mbgfmt.CityFields.Field("scope").Key), Side: cityOwner(s, ci),
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

func moneyKnob(s *mbgfmt.Scenario, ri int) knob.Knob {
	v := float64(s.Roles[ri].Money)
	return knob.Amount(knob.Knob{ID: "money/" + s.Roles[ri].Name, Path: fmt.Sprintf("roles[%d].%s", ri, mbgfmt.RoleFields.Field("money").Key), Side: ri,
		Get: func(m any) float64 { return float64(m.(*mbgfmt.Scenario).Roles[ri].Money) },
		Set: func(m any, x float64) { m.(*mbgfmt.Scenario).Roles[ri].Money = float32(x) }},
		v, 3, 100, float64(s.WinMoney)-1, 100, 0.4, true)
}

func abilitiesKnob(s *mbgfmt.Scenario, oi int, o mbgfmt.Officer, side int) knob.Knob {
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
	return knob.Amount(knob.Knob{ID: "abilities/" + o.Name, Path: fmt.Sprintf("officers[%d]", oi), Side: side,
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

// spot is where the board's preview draws the square of scope/CITY, and
// the start square of the role whose money/ROLE changes or whom an
// abilities/OFFICER travels with (side: the role the knob belongs to).
func spot(doc *formats.Document, id, side string) (x, y, r float64, ok bool) {
	s, ok := doc.Value.(*mbgfmt.Scenario)
	if !ok {
		return 0, 0, 0, false
	}
	square := -1
	what, who, _ := strings.Cut(id, "/")
	switch what {
	case "scope":
		for i, sq := range s.Board {
			if sq.Class == mbgfmt.ClassCity && sq.Base >= 0 && sq.Base < len(s.Cities) && s.Cities[sq.Base].Name == who {
				square = i
			}
		}
	case "money", "abilities":
		role := who
		if what == "abilities" {
			role = side
		}
		for _, r := range s.Roles {
			if r.Name == role {
				square = r.Start
			}
		}
	}
	cells, _, _ := mbgpreview.BoardCells(mbgpreview.BoardFromScenario(s))
	if square < 0 || square >= len(cells) {
		return 0, 0, 0, false
	}
	half := mbgpreview.BoardTile / 2.0
	return mbgpreview.BoardMargin + float64(cells[square].X)*mbgpreview.BoardTile + half,
		mbgpreview.BoardMargin + float64(cells[square].Y)*mbgpreview.BoardTile + half, half + 2, true
}
