package ftbtview

import (
	"github.com/shapan/shapan/formats/cells"
	"image"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/biglevel"
	"github.com/shapan/shapan/internal/cputime"
	"github.com/shapan/shapan/internal/guitest"
)

// bigLevelView opens a 200×200 level with two people in a headless
// studio, its map 800×600 pixels at 4 pixels a cell.
func bigLevelView(b *testing.B) (*editor.Studio, *LevelView) {
	st := editor.New(test.NewTempApp(b), editor.Options{Synchronous: true})
	l := &ftbt.Level{W: 200, H: 200, Terrain: cells.Make(200 * 200), People: []ftbt.Person{
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

// levelWindow shows the map of a w×h level of terrain 0 (n people from
// the big-level generator when big) alone in an 800×600 window.
func levelWindow(b *testing.B, l *ftbt.Level) (*editor.Studio, *LevelView) {
	st := editor.New(test.NewTempApp(b), editor.Options{Synchronous: true})
	src, err := ftbt.EncodeLevel(l, nil)
	if err != nil {
		b.Fatal(err)
	}
	doc, err := formats.ReadBytes("big.yaml", src, formats.Options{From: formats.YAML})
	if err != nil {
		b.Fatal(err)
	}
	v := st.ViewOf(st.Add(editor.NewSession(doc))).(*LevelView)
	w := test.NewWindow(v.Painter.View)
	b.Cleanup(w.Close)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(800, 600))
	return st, v
}

// frame draws the view's raster as the driver does for a frame, 800×600
// pixels (what a real window then uploads; the test canvas's own
// compositing is left out).
func frame(g *grid.GridView) image.Image {
	return test.WidgetRenderer(g).Objects()[0].(*canvas.Raster).Generator(800, 600)
}

// cpuPerOp starts counting the process's CPU time; the function it
// returns, deferred, adds the CPU time an operation to the results (on a
// shared machine the wall time also counts the waits for a core).
func cpuPerOp(b *testing.B) func() {
	start := cputime.Process()
	return func() {
		if b.N > 0 && start > 0 {
			b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

// BenchmarkPencilCell200 is one cell of a pencil stroke on a 200×200
// level shown at 4 units a cell: the drag event and the frame that shows
// the cell (the whole view drawn again). A stroke ends every 150 cells
// (its edit and undo entry are counted too).
func BenchmarkPencilCell200(b *testing.B) {
	_, v := levelWindow(b, &ftbt.Level{W: 200, H: 200, Terrain: cells.Make(200 * 200)})
	g := v.Painter.View
	g.SetView(4, 0, 0)
	v.palette.Select(3)
	i := 0
	defer cpuPerOp(b)()
	for b.Loop() {
		x, y := 10+i%150, 10+(i/150)%150
		if i%150 == 0 && i > 0 {
			g.DragEnd()
		}
		p := g.CellCentre(x, y)
		g.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: p}, Dragged: fyne.NewDelta(4, 0)})
		frame(g)
		i++
	}
	g.DragEnd()
}

// BenchmarkFill200 flood-fills all 40,000 cells of a 200×200 level (the
// fill alternates two terrains): the fill, its edit and the next frame.
func BenchmarkFill200(b *testing.B) {
	_, v := levelWindow(b, &ftbt.Level{W: 200, H: 200, Terrain: cells.Make(200 * 200)})
	g := v.Painter.View
	v.Painter.SetTool(grid.Fill)
	i := 0
	defer cpuPerOp(b)()
	for b.Loop() {
		v.palette.Select(1 + i%2)
		guitest.Tap(g, g.CellCentre(100, 100))
		frame(g)
		i++
	}
	if v.L().At(0, 0) == 0 {
		b.Fatal("the fill painted nothing")
	}
}

// BenchmarkPan1000 pans a 1000×1000 level shown at 8 units a cell by a
// few cells and draws the frame.
func BenchmarkPan1000(b *testing.B) {
	_, v := levelWindow(b, biglevel.Generate(1000, 1000, 0))
	g := v.Painter.View
	g.SetView(8, 3000, 3000)
	i := 0
	defer cpuPerOp(b)()
	for b.Loop() {
		d := float64(37 * (1 - 2*((i/20)%2)))
		g.PanBy(d, d/2)
		frame(g)
		i++
	}
}

// BenchmarkZoom1000 zooms a 1000×1000 level in and out about the pointer
// (Ctrl+wheel) between the whole map and 4 units a cell, drawing each
// frame.
func BenchmarkZoom1000(b *testing.B) {
	_, v := levelWindow(b, biglevel.Generate(1000, 1000, 0))
	g := v.Painter.View
	g.Fit()
	at := fyne.NewPos(300, 200)
	i := 0
	defer cpuPerOp(b)()
	for b.Loop() {
		f := 1.25
		if (i/8)%2 == 1 {
			f = 0.8
		}
		g.ZoomAt(at, f)
		frame(g)
		i++
	}
}

// BenchmarkOpen1500 opens the big level (1500×1500 cells, 2000 people,
// a legacy .map file) in the studio and draws its map the first time:
// the window is then interactive (the check and the preview go on in the
// background, as in the studio). BenchmarkOpen1500Synchronous waits for
// them too.
func BenchmarkOpen1500(b *testing.B) { benchOpen1500(b, false) }

// BenchmarkOpen1500Synchronous is BenchmarkOpen1500 with the check and
// the preview done before the map is drawn.
func BenchmarkOpen1500Synchronous(b *testing.B) { benchOpen1500(b, true) }

func benchOpen1500(b *testing.B, synchronous bool) {
	src := biglevel.Bytes()
	app := test.NewTempApp(b)
	defer cpuPerOp(b)()
	for b.Loop() {
		st := editor.New(app, editor.Options{Synchronous: synchronous})
		doc, err := formats.ReadBytes("big.map", src, formats.Options{})
		if err != nil {
			b.Fatal(err)
		}
		v := st.ViewOf(st.Add(editor.NewSession(doc))).(*LevelView)
		w := test.NewWindow(v.Pane("map").Content)
		w.Resize(fyne.NewSize(1024, 700))
		w.Canvas().Capture()
		w.Close()
		st.Window().Close()
	}
}

// BenchmarkRedraw200 is a full redraw of an 800×600 view of a 200×200
// level at 8 units a cell (after a zoom or a pan), people included.
func BenchmarkRedraw200(b *testing.B) {
	_, v := levelWindow(b, biglevel.Generate(200, 200, 40))
	g := v.Painter.View
	g.SetView(8, 400, 400)
	defer cpuPerOp(b)()
	for b.Loop() {
		frame(g)
	}
}
