package charts_test

import (
	"image"
	"image/color"
	"testing"

	"github.com/shapan/shapan/engine/sim"
	mbgsim "github.com/shapan/shapan/engine/sim/mbg"
	_ "github.com/shapan/shapan/family/all"
	"github.com/shapan/shapan/internal/imagetest"
	"github.com/shapan/shapan/preview"
	"github.com/shapan/shapan/preview/charts"
	mbgpreview "github.com/shapan/shapan/preview/mbg"
)

// handReport is a made-up report: three sides taking part and one absent,
// draws, capped games and a 16-square board.
func handReport() *sim.Report {
	p := sim.NewProportion
	r := &sim.Report{Family: "mbg", Scenario: "测试.yaml", Seed: 1, Requested: 100, Games: 100,
		Sides: []sim.SideStats{
			{Index: 0, Name: "魏", Wins: p(50, 100)},
			{Index: 1, Name: "蜀", Wins: p(30, 100)},
			{Index: 2, Name: "吴", Absent: true, Wins: p(0, 100)},
			{Index: 3, Name: "晋", Wins: p(10, 100)},
		},
		Draws:  p(10, 100),
		Capped: p(15, 100),
		Length: sim.LengthStats{Mean: 31.5, Median: 30, P90: 50, Min: 12, Max: 50},
	}
	// 5 games of every length 12…28 but 20 (85 games), 15 of length 50.
	for t := 12; t <= 28; t++ {
		if t != 20 {
			r.Length.Histogram = append(r.Length.Histogram, sim.LengthCount{Turns: t, Games: 5})
		}
	}
	r.Length.Histogram = append(r.Length.Histogram, sim.LengthCount{Turns: 50, Games: 15})
	f := &mbgsim.MBGFacts{TurnCap: 50, Battles: 0, Captures: 0}
	names := []string{"洛阳", "长安", "许昌", "成都"}
	for c, n := range names {
		f.Cities = append(f.Cities, mbgsim.MBGCityFacts{Name: n, Scope: c % 3, Squares: []int{4 * c}, Owners: []int{25, 25, 0, 25}, Unowned: 25})
	}
	types := []string{"city", "saloon", "chance", "institute"}
	for i := range 16 {
		s := mbgsim.MBGSquareFacts{Index: i, Type: types[i%4], City: -1, Battles: 3 * i}
		switch i % 4 {
		case 0:
			s.City, s.Name = i/4, names[i/4]
			s.Sieges, s.Captures, s.Encounters = 2*i, i, i
		case 3:
			s.Name = "太学"
			s.Encounters = 3 * i
		default:
			s.Encounters = 3 * i
		}
		f.Battles += s.Battles
		f.Captures += s.Captures
		f.Squares = append(f.Squares, s)
	}
	r.Facts = sim.Facts{Family: "mbg", Section: f}
	return r
}

func near(c color.Color, want color.RGBA, tol uint32) bool {
	r, g, b, _ := c.RGBA()
	d := func(x uint32, y uint8) bool { return absDiff(x>>8, uint32(y)) <= tol }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestWinRateBars: one bar per side taking part and one for draws, each
// as high as its rate, in its side's colour, with a whisker.
func TestWinRateBars(t *testing.T) {
	r := handReport()
	img := charts.WinRates(r, charts.Options{})
	if b := img.Bounds(); b.Dx() != charts.ChartWidth || b.Dy() != charts.ChartHeight {
		t.Fatalf("size %v", b)
	}
	left, right, top, base := float64(charts.PlotLeft), float64(charts.ChartWidth-charts.PlotRight-40), float64(charts.PlotTop), float64(charts.ChartHeight-charts.PlotBottom)
	y := func(rate float64) int { return int(base - (base-top)*rate) }
	bars := []struct {
		rate, lo, hi float64
		col          color.RGBA
	}{
		{0.5, r.Sides[0].Wins.Low, r.Sides[0].Wins.High, preview.PlayerColor(0)},
		{0.3, r.Sides[1].Wins.Low, r.Sides[1].Wins.High, preview.PlayerColor(1)},
		{0.1, r.Sides[3].Wins.Low, r.Sides[3].Wins.High, preview.PlayerColor(3)},
		{0.1, r.Draws.Low, r.Draws.High, preview.PlayerColor(-1)},
	}
	slot := (right - left) / 4
	for i, b := range bars {
		cx := left + slot*(float64(i)+0.5)
		edge := int(cx + min(slot*0.56, 90)/2 - 4) // inside the bar, clear of the whisker
		if c := img.At(edge, int(base)-3); !near(c, b.col, 2) {
			t.Errorf("bar %d: colour at its foot %v, want %v", i, c, b.col)
		}
		if c := img.At(edge, y(b.rate)+3); !near(c, b.col, 2) {
			t.Errorf("bar %d: colour just below its top %v, want %v", i, c, b.col)
		}
		if c := img.At(edge, y(b.rate)-3); near(c, b.col, 40) {
			t.Errorf("bar %d: the bar goes above its rate", i)
		}
		if c := img.At(int(cx), (y(b.lo)+y(b.hi))/2); !near(c, preview.InkColor, 40) {
			t.Errorf("bar %d: no whisker at its centre (%v)", i, c)
		}
		if c := img.At(int(cx), y(b.hi)-3); near(c, preview.InkColor, 40) && b.hi < 0.9 {
			t.Errorf("bar %d: the whisker goes above the interval", i)
		}
	}
	// The absent side has no bar: the fourth slot is the draws' grey.
	if c := img.At(int(left+slot*3.5+20), int(base)-3); !near(c, preview.PlayerColor(-1), 2) {
		t.Errorf("draws bar %v", c)
	}
}

// TestLengthHistogram: bins of 2 turns for lengths spanning 39 turns
// (12…50, at most 30 bins), each bin as high as its games, the capped
// games stacked in the accent colour.
func TestLengthHistogram(t *testing.T) {
	r := handReport()
	img := charts.Lengths(r, charts.Options{})
	if b := img.Bounds(); b.Dx() != charts.ChartWidth || b.Dy() != charts.ChartHeight {
		t.Fatalf("size %v", b)
	}
	// Bins of 2 turns from 12 to 51: 20 bins; the last holds the 15
	// capped games; the axis goes to 15 (step 5).
	left, right, top, base := float64(charts.PlotLeft), float64(charts.ChartWidth-charts.PlotRight), float64(charts.PlotTop), float64(charts.ChartHeight-charts.PlotBottom)
	binW := (right - left) / 20
	last := left + 19.5*binW
	if c := img.At(int(last), int(top)+3); !near(c, charts.Accent, 2) {
		t.Errorf("the capped bin does not reach the top: %v", c)
	}
	// Bin 0 (12–13) holds 10 games: two thirds of the height.
	h := base - (base-top)*10/15
	if c := img.At(int(left+binW/2), int(h)+3); !near(c, preview.PlayerColor(1), 2) {
		t.Errorf("bin 0 below its top: %v", c)
	}
	if c := img.At(int(left+binW/2), int(h)-3); near(c, preview.PlayerColor(1), 30) {
		t.Errorf("bin 0 above its top: %v", c)
	}
	// Bin 4 (20–21) holds only the 5 games of length 21.
	h = base - (base-top)*5/15
	if c := img.At(int(left+4.5*binW), int(h)-3); near(c, preview.PlayerColor(1), 30) {
		t.Errorf("bin 4 above its top: %v", c)
	}
	// Bins 9…18 (30–49) are empty.
	if c := img.At(int(left+12.5*binW), int(base)-3); near(c, preview.PlayerColor(1), 30) {
		t.Errorf("an empty bin has a bar")
	}
}

// TestHeatmap: the board as preview draws it, shaded where battles were
// fought and untouched where none were.
func TestHeatmap(t *testing.T) {
	r := handReport()
	img := charts.Heatmap(r, charts.Options{})
	v := mbgpreview.HeatmapBoard(r.Facts.Section.(*mbgsim.MBGFacts))
	v.Title = "战斗热图 · 100 局"
	board := mbgpreview.Board(v, preview.Options{})
	if img.Bounds() != board.Bounds() {
		t.Fatalf("size %v, the board's %v", img.Bounds(), board.Bounds())
	}
	cells, _, _ := mbgpreview.PerimeterLayout(16)
	at := func(im image.Image, i int, dx, dy float64) color.Color {
		return im.At(int(mbgpreview.BoardMargin+float64(cells[i].X)*mbgpreview.BoardTile+dx), int(mbgpreview.BoardMargin+float64(cells[i].Y)*mbgpreview.BoardTile+dy))
	}
	// Square 0 had no battle; square 15 the most.
	if a, b := at(img, 0, 10, 40), at(board, 0, 10, 40); a != b {
		t.Errorf("square 0 was shaded: %v, board %v", a, b)
	}
	hot := at(img, 15, 10, 40)
	if r, g, _, _ := hot.RGBA(); r>>8 < g>>8+60 {
		t.Errorf("the hottest square is not red: %v", hot)
	}
	mild := at(img, 2, 10, 40)
	if mild == at(board, 2, 10, 40) || mild == hot {
		t.Errorf("square 2 is not shaded lightly: %v", mild)
	}
	if charts.Heatmap(&sim.Report{}, charts.Options{}) != nil {
		t.Error("a heat map without mbg facts")
	}
}

// TestSummary: the charts side by side over the heat map, like the
// golden image; sizes scale.
func TestSummary(t *testing.T) {
	r := handReport()
	img := charts.Summary(r, charts.Options{})
	heat := charts.Heatmap(r, charts.Options{})
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != max(2*charts.ChartWidth, heat.Bounds().Dx()) || h != charts.ChartHeight+heat.Bounds().Dy() {
		t.Fatalf("size %dx%d", w, h)
	}
	imagetest.Compare(t, "summary", img)
	if b := charts.WinRates(r, charts.Options{Scale: 2}).Bounds(); b.Dx() != 2*charts.ChartWidth || b.Dy() != 2*charts.ChartHeight {
		t.Errorf("scale 2: %v", b)
	}
	r.Facts = sim.Facts{}
	if b := charts.Summary(r, charts.Options{}).Bounds(); b.Dx() != 2*charts.ChartWidth || b.Dy() != charts.ChartHeight {
		t.Errorf("without a board: %v", b)
	}
	empty := &sim.Report{Family: "mbg"}
	if b := charts.Summary(empty, charts.Options{}).Bounds(); b.Dx() != 2*charts.ChartWidth {
		t.Errorf("no games: %v", b)
	}
}
