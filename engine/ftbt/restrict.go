package ftbt

import (
	"slices"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/restrict"
)

// Restrictions lists what a side of a game of setup can be forbidden to
// use: every tech a person of the level has (the side never uses it:
// asked for a tech, it takes none instead).
func Restrictions(setup Setup) []restrict.Restriction {
	var ids []int
	for _, p := range setup.Level.People {
		for _, t := range p.Techs {
			if !slices.Contains(ids, t) && t >= 0 && t < len(setup.Rules.Techs) {
				ids = append(ids, t)
			}
		}
	}
	slices.Sort(ids)
	var out []restrict.Restriction
	for _, id := range ids {
		out = append(out, restrict.Restriction{
			Element: restrict.Element{Kind: "tech", ID: id, Name: setup.Rules.Techs[id].Name},
			Uses: func(d *engine.Decision, a engine.Answer) bool {
				args, ok := d.Args.(SelTechArgs)
				if !ok {
					return false
				}
				i, err := engine.DecodeInt(a)
				return err == nil && i >= 0 && i < len(args.Techs) && args.Techs[i] == id
			},
			Repair: func(*engine.Decision, engine.Answer) engine.Answer { return engine.Encode(-1) },
		})
	}
	return out
}
