package planets

import (
	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/restrict"
	pfmt "github.com/shapan/shapan/formats/planets"
)

// Restrictions lists what a player of a game on map m can be forbidden
// to use: every planet (it never sends a fleet to it nor uses a tactic
// on it, so never takes it; the rest of its orders stand).
func Restrictions(m *pfmt.Map) []restrict.Restriction {
	var out []restrict.Restriction
	for id, p := range m.ByID() {
		out = append(out, restrict.Restriction{
			Element: restrict.Element{Kind: "planet", ID: id, Name: p.Name()},
			Uses: func(_ *engine.Decision, a engine.Answer) bool {
				o, ok, err := DecodeOrder(a)
				if err != nil || !ok {
					return false
				}
				for _, mv := range o.Moves {
					if mv.To == id && mv.Count > 0 {
						return true
					}
				}
				return o.Tactic != nil && o.Tactic.Planet == id
			},
			Repair: func(_ *engine.Decision, a engine.Answer) engine.Answer {
				o, ok, err := DecodeOrder(a)
				if err != nil || !ok {
					return nil
				}
				kept := Order{Moves: []Move{}}
				for _, mv := range o.Moves {
					if mv.To != id {
						kept.Moves = append(kept.Moves, mv)
					}
				}
				if o.Tactic != nil && o.Tactic.Planet != id {
					kept.Tactic = o.Tactic
				}
				return kept.Encode()
			},
		})
	}
	return out
}
