package mbg

import (
	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/restrict"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// Restrictions lists what a role of a game of scenario sc can be
// forbidden to use: every card (never played: the role moves instead),
// every tech (never studied; techs a role starts with stay its own) and
// every officer (never hired in a saloon; officers a role starts with
// stay its own).
func Restrictions(sc *mbgfmt.Scenario) []restrict.Restriction {
	var out []restrict.Restriction
	for c := range NumCards {
		out = append(out, restrict.Restriction{
			Element: restrict.Element{Kind: "card", ID: c, Name: Card(c)},
			Uses: func(d *engine.Decision, a engine.Answer) bool {
				v, err := engine.DecodeInt(a)
				return d.Kind == KindSelRoleAction && err == nil && v == c
			},
			Repair: func(*engine.Decision, engine.Answer) engine.Answer { return engine.Encode(-1) },
		})
	}
	for t := range NumTechs {
		out = append(out, restrict.Restriction{
			Element: restrict.Element{Kind: "tech", ID: t, Name: Tech(t)},
			Uses: func(d *engine.Decision, a engine.Answer) bool {
				args, ok := d.Args.(StudyArgs)
				v, err := engine.DecodeInts(a)
				return ok && err == nil && len(v) == 2 && v[1] >= 0 && v[1] < len(args.TList) && args.TList[v[1]] == t
			},
			Repair: func(*engine.Decision, engine.Answer) engine.Answer { return engine.Encode([]int{-1, -1}) },
		})
	}
	for o, off := range sc.Officers {
		out = append(out, restrict.Restriction{
			Element: restrict.Element{Kind: "officer", ID: o, Name: off.Name},
			Uses: func(d *engine.Decision, a engine.Answer) bool {
				args, ok := d.Args.(SaloonArgs)
				v, err := engine.DecodeInt(a)
				return ok && err == nil && v >= 0 && v < len(args.PList) && args.PList[v] == o
			},
			Repair: func(*engine.Decision, engine.Answer) engine.Answer { return engine.Encode(-1) },
		})
	}
	return out
}
