package ftbtview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/guitest"
)

// bigLevelView opens a 200×200 level with two people in a headless
// studio, its map 800×600 pixels at 4 pixels a cell.
func bigLevelView(b *testing.B) (*editor.Studio, *LevelView) {
	st := editor.New(test.NewTempApp(b), editor.Options{Synchronous: true})
	l := &ftbt.Level{W: 200, H: 200, Terrain: make([]int, 200*200), People: []ftbt.Person{
		{Name: "甲", Side: 0, Abi: 10, Def: 10, HP: 50, Speed: 60, X: 10, Y: 150},
		{Name: "乙", Side: 1, Abi: 10, Def: 10, HP: 50, Speed: 60, X: 150, Y: 150},
	}}
	src, err := ftbt.EncodeLevel(l, nil)
	if err != nil {
		b.Fatal(err)
	}
	doc, err := formats.ReadBytes("big.yaml", src, formats.Options{From: formats.YAML})
	if err != nil {
		b.Fatal(err)
	}
	v := st.ViewOf(st.Add(editor.NewSession(doc))).(*LevelView)
	v.Painter.View.Resize(fyne.NewSize(800, 600))
	v.Painter.View.Zoom = 4
	return st, v
}

// BenchmarkPaintStroke200 is one pencil stroke across a 200×200 level
// (185 cells in 40 drag events): the edit, the undo entry and the redraw.
func BenchmarkPaintStroke200(b *testing.B) {
	_, v := bigLevelView(b)
	g := v.Painter.View
	v.palette.Select(5)
	row := 0
	for b.Loop() {
		guitest.Drag(g, g.CellCentre(5, 5+row%150), g.CellCentre(190, 5+row%150), 40)
		row++
	}
}

// BenchmarkDrawLevel200 draws an 800×600 window of a 200×200 level at 8
// pixels a cell.
func BenchmarkDrawLevel200(b *testing.B) {
	_, v := bigLevelView(b)
	g := v.Painter.View
	g.Zoom, g.OffsetX, g.OffsetY = 8, 0, 1000
	w := test.NewWindow(g)
	defer w.Close()
	w.SetPadded(false)
	w.Resize(fyne.NewSize(800, 600))
	for b.Loop() {
		g.Refresh()
		w.Canvas().Capture()
	}
}
