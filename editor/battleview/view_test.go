package battleview

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/samples"
)

func open(t *testing.T) (*editor.Studio, *editor.Session, *View, string) {
	t.Helper()
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	src, err := samples.Read("battle/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "chibi.yaml")
	os.WriteFile(path, src, 0o644)
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	v := st.ViewOf(s).(*View)
	g := v.Painter.View
	g.Resize(fyne.NewSize(800, 600))
	g.Zoom, g.OffsetX, g.OffsetY = 10, 0, 0
	return st, s, v, path
}

func reread(t *testing.T, path string) *battle.Map {
	t.Helper()
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return doc.Value.(*battle.Map)
}

func TestPaintStrokeUndoAndSave(t *testing.T) {
	st, s, v, path := open(t)
	g := v.Painter.View
	v.setBrush(brushWater)
	// A stroke from (10,20) to (30,20) paints the whole row segment.
	guitest.Drag(g, g.CellCentre(10, 20), g.CellCentre(30, 20), 5)
	m := v.M()
	for x := 10; x <= 30; x++ {
		if m.At(x, 20) != battle.CodeWater {
			t.Fatalf("cell (%d,20) is %d after the stroke", x, m.At(x, 20))
		}
	}
	if !s.Dirty() || s.UndoLabel() != "paint the battle map" {
		t.Fatalf("dirty %v, undo %q", s.Dirty(), s.UndoLabel())
	}
	st.Undo()
	if orig := reread(t, path); v.M().At(20, 20) != orig.At(20, 20) {
		t.Fatal("undo did not restore the stroke")
	}
	st.Redo()
	// Rectangle tool, mirrored.
	v.Painter.Tool = grid.Rectangle
	v.mirror = true
	v.setBrush(brushMountain)
	guitest.Drag(g, g.CellCentre(2, 40), g.CellCentre(4, 42), 3)
	for _, p := range [][2]int{{2, 40}, {4, 42}, {79 - 2, 59 - 40}, {79 - 4, 59 - 42}} {
		if v.M().At(p[0], p[1]) != battle.CodeMountain {
			t.Errorf("cell %v not mountain", p)
		}
	}
	st.Save()
	saved := reread(t, path)
	if saved.At(15, 20) != battle.CodeWater || saved.At(77, 19) != battle.CodeMountain {
		t.Error("the saved map lacks the painted cells")
	}
}

func TestFillAndPicker(t *testing.T) {
	_, _, v, _ := open(t)
	g := v.Painter.View
	// A water cell of the river.
	var wx, wy int
	for i, c := range v.M().Cells.All() {
		if c == battle.CodeWater {
			p := v.M().PointOf(i)
			wx, wy = p.X, p.Y
			break
		}
	}
	v.Painter.Tool = grid.Picker
	v.Painter.Brush = battle.CodeSpace
	guitest.Tap(g, g.CellCentre(wx, wy))
	if v.Painter.Brush != battle.CodeWater {
		t.Fatal("the picker did not take the cell's value")
	}
	v.setBrush(brushSpace)
	v.Painter.Tool = grid.Fill
	before := 0
	for _, c := range v.M().Cells.All() {
		if c == battle.CodeWater {
			before++
		}
	}
	guitest.Tap(g, g.CellCentre(wx, wy)) // fills the 4-connected water there
	after := 0
	for _, c := range v.M().Cells.All() {
		if c == battle.CodeWater {
			after++
		}
	}
	if after >= before || v.M().At(wx, wy) != battle.CodeSpace {
		t.Fatalf("fill left %d of %d water cells", after, before)
	}
}

func TestStructureTools(t *testing.T) {
	_, _, v, _ := open(t)
	g := v.Painter.View
	v.setBrush(brushFlag)
	guitest.Tap(g, g.CellCentre(20, 30))
	fz := v.M().FlagZone()
	if !fz.Square || fz.Centre != (battle.Point{X: 20, Y: 30}) {
		t.Fatalf("flag zone %+v", fz)
	}
	v.setBrush(brushBase)
	guitest.Tap(g, g.CellCentre(3, 3)) // moves player 1's base (6,6)
	p1, p2, ok := v.M().Sides()
	if !ok || p1.Anchor() != (battle.Point{X: 3, Y: 3}) || p2.Anchor() != (battle.Point{X: 73, Y: 53}) {
		t.Fatalf("bases %v %v %v", p1, p2, ok)
	}
	v.setBrush(brushCity3)
	guitest.Tap(g, g.CellCentre(12, 12))
	if v.M().At(12, 12) != battle.CodeCity3 {
		t.Fatal("no city placed")
	}
}

// TestPaintingStaysResponsiveOnABigGrid paints on a 200×200 map: each
// stroke is one edit and drawing the view costs one lookup per pixel.
func TestPaintingStaysResponsiveOnABigGrid(t *testing.T) {
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	big := battle.NewStandard(200, 200)
	src, err := battle.Encode(big)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes("big.yaml", src, formats.Options{From: formats.YAML})
	if err != nil {
		t.Fatal(err)
	}
	s := st.Add(editor.NewSession(doc))
	v := st.ViewOf(s).(*View)
	g := v.Painter.View
	g.Resize(fyne.NewSize(800, 600))
	g.Zoom = 4
	v.setBrush(brushWater)
	for i := 0; i < 20; i++ {
		guitest.Drag(g, g.CellCentre(5, 5+i), g.CellCentre(190, 5+i), 40)
	}
	if v.M().At(100, 10) != battle.CodeWater {
		t.Fatal("strokes did not paint")
	}
	for i := 0; i < 20; i++ {
		st.Undo()
	}
	if v.M().At(100, 10) == battle.CodeWater {
		t.Fatal("undo did not remove the strokes")
	}
}

// TestProblemCentresTheOffendingCell: showing a problem about a cell (a
// code that is no map element) centres the map on the cell and marks it.
func TestProblemCentresTheOffendingCell(t *testing.T) {
	st, s, v, _ := open(t)
	s.Edit("bad cell", func() { v.M().Set(70, 50, 7) })
	var found bool
	for _, d := range s.Problems() {
		if d.Code == "BTL001" && d.Path == "grid[50][70]" {
			found = true
			st.Tab(s).Show(d)
		}
	}
	if !found {
		t.Fatalf("validation did not report the cell: %v", s.Problems())
	}
	if v.marked.X != 70 || v.marked.Y != 50 {
		t.Errorf("the marked cell is %v, not (70, 50)", v.marked)
	}
	g := v.Painter.View
	c, size := g.CellCentre(70, 50), g.Size()
	if dx, dy := c.X-size.Width/2, c.Y-size.Height/2; dx*dx+dy*dy > 4 {
		t.Errorf("the cell is drawn at %v, not at the centre of the %v map", c, size)
	}
	if st.Tab(s).SelectedPane() != v.mapPane {
		t.Error("the map pane is not shown")
	}
}
