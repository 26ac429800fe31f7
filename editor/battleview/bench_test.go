package battleview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/internal/guitest"
)

// bigMapView opens a standard 200×200 battle map in a headless studio,
// its map 800×600 pixels at 4 pixels a cell.
func bigMapView(b *testing.B) *View {
	st := editor.New(test.NewTempApp(b), editor.Options{Synchronous: true})
	src, err := battle.Encode(battle.NewStandard(200, 200))
	if err != nil {
		b.Fatal(err)
	}
	doc, err := formats.ReadBytes("big.yaml", src, formats.Options{From: formats.YAML})
	if err != nil {
		b.Fatal(err)
	}
	v := st.ViewOf(st.Add(editor.NewSession(doc))).(*View)
	v.Painter.View.Resize(fyne.NewSize(800, 600))
	v.Painter.View.Zoom = 4
	return v
}

// BenchmarkPaintStroke200 is one water stroke across a 200×200 map (185
// cells in 40 drag events): the edit, the undo entry and the redraw.
func BenchmarkPaintStroke200(b *testing.B) {
	v := bigMapView(b)
	g := v.Painter.View
	v.setBrush(brushWater)
	row := 0
	for b.Loop() {
		guitest.Drag(g, g.CellCentre(5, 5+row%150), g.CellCentre(190, 5+row%150), 40)
		row++
	}
}

// BenchmarkDrawMap200 draws an 800×600 window of a 200×200 map at 8
// pixels a cell.
func BenchmarkDrawMap200(b *testing.B) {
	v := bigMapView(b)
	g := v.Painter.View
	g.Zoom, g.OffsetX, g.OffsetY = 8, 0, 400
	w := test.NewWindow(g)
	defer w.Close()
	w.SetPadded(false)
	w.Resize(fyne.NewSize(800, 600))
	for b.Loop() {
		g.Refresh()
		w.Canvas().Capture()
	}
}
