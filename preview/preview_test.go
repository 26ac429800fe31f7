package preview_test

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/imagetest"
	"github.com/shapan/shapan/preview"
	battlepreview "github.com/shapan/shapan/preview/battle"
	mbgpreview "github.com/shapan/shapan/preview/mbg"
	"github.com/shapan/shapan/samples"
)

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func sampleDoc(t *testing.T, name string) *formats.Document {
	t.Helper()
	src, err := samples.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes(name, src, formats.Options{FS: samples.FS()})
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func near(c color.Color, want color.RGBA) bool {
	r, g, b, _ := c.RGBA()
	return absDiff(r>>8, uint32(want.R)) < 8 && absDiff(g>>8, uint32(want.G)) < 8 && absDiff(b>>8, uint32(want.B)) < 8
}

func TestBoardPreview(t *testing.T) {
	doc := sampleDoc(t, "mbg/赤壁.yaml")
	img, err := preview.Render(doc, preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	imagetest.Compare(t, "board-chibi", img)
	// Square 0 (襄阳) belongs to the first role: its top band is the
	// first player's colour; square 2 (a saloon) has the saloon colour.
	cells, _, _ := mbgpreview.PerimeterLayout(36)
	at := func(i int, dx, dy float64) color.Color {
		return img.At(int(16+float64(cells[i].X)*mbgpreview.BoardTile+dx), int(16+float64(cells[i].Y)*mbgpreview.BoardTile+dy))
	}
	if c := at(0, mbgpreview.BoardTile/2, 3); !near(c, preview.PlayerColor(0)) {
		t.Errorf("owner band of 襄阳 is %v", c)
	}
	if c := at(2, 6, mbgpreview.BoardTile-6); !near(c, mbgpreview.SquareFill(mbgpreview.BoardSquare{Class: 2, Owner: -1})) {
		t.Errorf("saloon square is %v", c)
	}
}

func TestPerimeterLayoutIsARing(t *testing.T) {
	for _, n := range []int{1, 3, 4, 10, 16, 36, 37, 60, 100} {
		cells, w, h := mbgpreview.PerimeterLayout(n)
		if len(cells) != n {
			t.Fatalf("n=%d: %d cells", n, len(cells))
		}
		seen := map[image.Point]bool{}
		for i, p := range cells {
			if seen[p] {
				t.Fatalf("n=%d: cell %v used twice", n, p)
			}
			seen[p] = true
			if p.X < 0 || p.Y < 0 || p.X >= w || p.Y >= h {
				t.Fatalf("n=%d: cell %v outside %dx%d", n, p, w, h)
			}
			if n >= 4 && p.X != 0 && p.Y != 0 && p.X != w-1 && p.Y != h-1 {
				t.Fatalf("n=%d: cell %v is not on the edge", n, p)
			}
			// Consecutive squares are neighbours (the path walks the ring).
			if i > 0 && n >= 4 {
				q := cells[i-1]
				if d := abs(p.X-q.X) + abs(p.Y-q.Y); d != 1 {
					t.Fatalf("n=%d: squares %d and %d are not adjacent", n, i-1, i)
				}
			}
		}
		if n%4 == 0 && n >= 4 && w != h {
			t.Errorf("n=%d: %dx%d is not a square", n, w, h)
		}
	}
}

func TestBattlePreview(t *testing.T) {
	doc := sampleDoc(t, "battle/赤壁.yaml")
	img, err := preview.Render(doc, preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	imagetest.Compare(t, "battle-chibi", img)
	// Player 1's base (6,6) is drawn in the first player's colour, water
	// in water's colour.
	m := doc.Value.(*battle.Map)
	at := func(x, y int) color.Color { return img.At(12+x*10+1, 12+y*10+1) }
	if c := at(6, 6); !near(c, preview.PlayerColor(0)) {
		t.Errorf("base of player 1 is %v", c)
	}
	for i, code := range m.Cells.All() {
		if code == battle.CodeWater {
			p := m.PointOf(i)
			if c := at(p.X, p.Y); !near(c, battlepreview.BattleCellColor(battle.CodeWater)) && !near(c, color.RGBA{0xd5, 0xc6, 0xbd, 0xff}) {
				t.Errorf("water at %v is %v", p, c)
			}
			break
		}
	}
}

func TestLevelAndRulesPreviews(t *testing.T) {
	level := sampleDoc(t, "ftbt/长坂坡.yaml")
	img, err := preview.Render(level, preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	imagetest.Compare(t, "level-changban", img)
	// The river (terrain 5) at (15, 0) is drawn in the river's colour; the
	// first person of side 0 stands on a disc of side 0's colour.
	rules := level.Rules.(*ftbt.Rules)
	if c := img.At(12+15*16+2, 12+2); !near(c, rules.TerrainColor(5)) {
		t.Errorf("river cell is %v", c)
	}
	p := level.Value.(*ftbt.Level).People[0]
	if c := img.At(12+p.X*16+3, 12+p.Y*16+8); !near(c, preview.PlayerColor(0)) {
		t.Errorf("person %s is drawn in %v", p.Name, c)
	}
	sheet, err := preview.Render(sampleDoc(t, "ftbt/兵法.yaml"), preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	imagetest.Compare(t, "rules-bingfa", sheet)
}

func TestPlanetMapPreview(t *testing.T) {
	doc := sampleDoc(t, "planets/九州.yaml")
	img, err := preview.Render(doc, preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	imagetest.Compare(t, "planets-jiuzhou", img)
	// The first start planet (A, at the top left) is ringed in the first
	// player's colour.
	m := doc.Value.(*planets.Map)
	a := m.Positions()["A"]
	cell := 44.0
	cx, cy := 28+(float64(a.X)+0.5)*cell, 28+(float64(a.Y)+0.5)*cell
	capacity := 800.0
	r := cell * (0.22 + 0.06*math.Log10(capacity))
	if c := img.At(int(cx), int(cy-r-2)); !near(c, preview.PlayerColor(0)) {
		t.Errorf("the start ring of A is %v", c)
	}
}

// TestBoardCellsOfAPartlyPlacedBoard: squares still at 0 0 beside squares
// placed by hand keep their cells of the automatic layout; a board whose
// squares all have positions (one of them at 0 0) is drawn as placed.
func TestBoardCellsOfAPartlyPlacedBoard(t *testing.T) {
	auto, _, _ := mbgpreview.PerimeterLayout(12)
	v := mbgpreview.BoardView{Squares: make([]mbgpreview.BoardSquare, 12)}
	v.Squares[5].X, v.Squares[5].Y = 1, 1
	cells, w, h := mbgpreview.BoardCells(v)
	for i, c := range cells {
		want := auto[i]
		if i == 5 {
			want = image.Pt(1, 1)
		}
		if c != want {
			t.Errorf("square %d is drawn at %v, not %v", i, c, want)
		}
	}
	if w < 2 || h < 2 {
		t.Errorf("the board is %d×%d", w, h)
	}
	for i := range v.Squares {
		v.Squares[i].X, v.Squares[i].Y = i, 0
	}
	if cells, _, _ := mbgpreview.BoardCells(v); cells[0] != image.Pt(0, 0) || cells[7] != image.Pt(7, 0) {
		t.Errorf("a placed board is drawn at %v", cells)
	}
}

// TestMinTextLeavesOutSmallTexts draws every family's sample small, as
// the studio shows them fitted, with MinText: no text smaller than
// preview.MinReadable is drawn; without it the same previews draw smaller ones.
func TestMinTextLeavesOutSmallTexts(t *testing.T) {
	var smallest float64
	preview.SetTextDrawn(func(size float64) { smallest = min(smallest, size) })
	defer preview.SetTextDrawn(nil)
	for _, name := range []string{"mbg/赤壁.yaml", "ftbt/长坂坡.yaml", "battle/小沛.yaml", "planets/九州.yaml"} {
		doc := sampleDoc(t, name)
		for _, scale := range []float64{0.2, 0.3, 0.5, 1} {
			smallest = math.Inf(1)
			if _, err := preview.Render(doc, preview.Options{Scale: scale, MinText: preview.MinReadable}); err != nil {
				t.Fatal(err)
			}
			if smallest < preview.MinReadable {
				t.Errorf("%s at %v: a text %v pixels high", name, scale, smallest)
			}
		}
		smallest = math.Inf(1)
		preview.Render(doc, preview.Options{Scale: 0.3})
		if smallest >= preview.MinReadable {
			t.Errorf("%s at 0.3 without MinText drew no text smaller than %v: the test proves nothing", name, preview.MinReadable)
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Previews drawn at once on many goroutines, as the studio draws each
// open document's, are the images drawn one at a time: the faces they
// share are never used by two at once (an opentype face returns every
// glyph's mask in one buffer of its own; the studio once crashed drawing
// past its end).
func TestPreviewsDrawnAtOnceAreThoseDrawnAlone(t *testing.T) {
	var docs []*formats.Document
	for _, name := range []string{"mbg/赤壁.yaml", "planets/九州.yaml", "battle/小沛.yaml", "ftbt/长坂坡.yaml"} {
		docs = append(docs, sampleDoc(t, name))
	}
	want := make([][]byte, len(docs))
	for i, d := range docs {
		want[i] = renderPixels(t, d)
	}
	const rounds = 3
	got := make([][]byte, len(docs)*rounds)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = renderPixels(t, docs[i%len(docs)]) })
	}
	wg.Wait()
	for i, g := range got {
		if !bytes.Equal(g, want[i%len(docs)]) {
			t.Errorf("%s drawn beside others differs from it drawn alone", docs[i%len(docs)].Path)
		}
	}
}

// renderPixels draws doc's preview and returns its pixels.
func renderPixels(t *testing.T, doc *formats.Document) []byte {
	img, err := preview.Render(doc, preview.Options{})
	if err != nil {
		t.Error(err)
		return nil
	}
	b := img.Bounds()
	rgba := image.NewRGBA(b)
	draw.Draw(rgba, b, img, b.Min, draw.Src)
	return rgba.Pix
}
