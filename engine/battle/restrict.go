package battle

import (
	"slices"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/restrict"
)

// Restrictions lists what a side of a game on board b can be forbidden
// to use: every hero of the roster (it is never picked, in round 1 nor
// as a replacement; a team with it takes the first other hero instead).
func Restrictions(b *Board) []restrict.Restriction {
	var out []restrict.Restriction
	for h, hero := range b.Roster {
		name := hero.Name
		out = append(out, restrict.Restriction{
			Element: restrict.Element{Kind: "hero", ID: h, Name: name},
			Uses: func(_ *engine.Decision, a engine.Answer) bool {
				cmds, err := DecodeOrders(a)
				return err == nil && slices.ContainsFunc(cmds, func(c Command) bool { return picks(c, name) })
			},
			Repair: func(_ *engine.Decision, a engine.Answer) engine.Answer {
				cmds, err := DecodeOrders(a)
				if err != nil {
					return nil
				}
				var kept []Command
				for _, c := range cmds {
					switch {
					case c.Op == OpPick && len(c.Heroes) > 0:
						c.Heroes = replaced(c.Heroes, name, b)
					case picks(c, name):
						continue // no replacement rather than this one
					}
					kept = append(kept, c)
				}
				return Encode(kept...)
			},
		})
	}
	return out
}

// picks reports whether command c picks hero name.
func picks(c Command, name string) bool {
	return c.Op == OpPick && (slices.Contains(c.Heroes, name) || c.As == name)
}

// replaced returns team with hero name replaced by the first hero of the
// roster not in it.
func replaced(team []string, name string, b *Board) []string {
	out := slices.Clone(team)
	for i, h := range out {
		if h != name {
			continue
		}
		for _, r := range b.Roster {
			if r.Name != name && !slices.Contains(out, r.Name) {
				out[i] = r.Name
				break
			}
		}
	}
	return out
}
