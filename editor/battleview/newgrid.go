package battleview

import (
	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/battle"
)

// A new battle map (File ▸ New) is the standard map at the size asked.
func init() {
	editor.RegisterNewGrid(battle.Kind, editor.NewGrid{W: 80, H: 60, Shape: func(doc *formats.Document, w, h, _ int) error {
		if err := battle.CheckSize(w, h); err != nil {
			return err
		}
		doc.Value = battle.NewStandard(w, h)
		return nil
	}})
}
