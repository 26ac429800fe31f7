package ftbtview

import (
	"fmt"
	"github.com/shapan/shapan/formats/cells"

	"github.com/shapan/shapan/editor"
	ftbteng "github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
)

// A new level (File ▸ New) is sized and filled with one of its rules'
// terrains; it is the kind the New dialog offers first.
func init() {
	editor.RegisterNewGrid(ftbt.KindLevel, editor.NewGrid{W: 30, H: 20, First: true, Fills: levelTerrains, Shape: shapeLevel})
}

// levelTerrains names the terrains a new level can be filled with (those
// of the rules its template names), "id name".
func levelTerrains(doc *formats.Document) []string {
	r, ok := doc.Rules.(*ftbt.Rules)
	if !ok {
		return nil
	}
	out := make([]string, len(r.Terrains))
	for i, t := range r.Terrains {
		out[i] = fmt.Sprintf("%d %s", i, t.Name)
	}
	return out
}

// shapeLevel sizes a new level to w×h cells of terrain fill, its people
// moved in proportion.
func shapeLevel(doc *formats.Document, w, h, fill int) error {
	m, ok := doc.Value.(*ftbt.Level)
	if !ok {
		return fmt.Errorf("%s documents have no size to choose", doc.Kind)
	}
	if err := ftbteng.CheckSize(w, h); err != nil {
		return err
	}
	if r, ok := doc.Rules.(*ftbt.Rules); ok && (fill < 0 || fill >= len(r.Terrains)) {
		return fmt.Errorf("the rules have no terrain %d", fill)
	}
	for i := range m.People {
		p := &m.People[i]
		p.X, p.Y = p.X*w/m.W, p.Y*h/m.H
	}
	m.W, m.H = w, h
	m.Terrain = cells.Make(w * h)
	for i := range w * h {
		m.Terrain.Set(i, fill)
	}
	return nil
}
