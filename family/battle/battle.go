// Package battle registers the battle family (the 80×60 Three Kingdoms
// battle map): its map documents. The battle game (engine/battle) joins
// play and simulation here, with a Play and a Sim of its own.
package battle

import (
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	bfmt "github.com/shapan/shapan/formats/battle"
)

func init() {
	family.Register(family.Family{
		Name:  "battle",
		Title: "the 80×60 battle map with bases, cities and the dragon-flag zone",
		Kinds: []family.Kind{
			{Kind: bfmt.Kind, Title: "battle map", Legacy: formats.BattleGrid, Check: true, Preview: true,
				Template: &family.Template{Title: "battle map (80×60)", YAML: func() ([]byte, error) {
					return bfmt.Encode(bfmt.NewStandard(80, 60))
				}}},
		},
	})
}
