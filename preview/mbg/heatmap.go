package mbg

import (
	"fmt"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	"image"
	"image/color"
	"image/draw"
	"slices"

	"github.com/shapan/shapan/engine/sim"
	mbgsim "github.com/shapan/shapan/engine/sim/mbg"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/preview"
	"github.com/shapan/shapan/preview/charts"
)

func init() {
	charts.RegisterHeatmap(mbgeng.Family, heatmap)
	charts.RegisterEnglish(english)
}

// heatmap is the heat map of a report of the family (nil for one
// without facts it can place).
func heatmap(r *sim.Report, o charts.Options) image.Image {
	f, ok := r.Facts.Section.(*mbgsim.MBGFacts)
	if !ok || len(f.Squares) == 0 {
		return nil
	}
	return mbgHeatmap(r, f, o)
}

// english are the heat map's words in English, by their Chinese text.
var english = map[string]string{
	"战斗热图 · %d 局":     "battle heat map · %d games",
	"战%d":             "B%d",
	"夺%d":             "C%d",
	"战N：在此格发生的战斗次数":   "B N: battles fought on this square",
	"夺N：攻城夺取此城的次数":    "C N: times this city was taken by force",
	"共 %d 场战斗，%d 次夺城": "%d battles in all, %d cities taken",
}

// squareLabels are the names preview gives the squares without a
// building, by type.
var squareLabels = map[string]string{"empty": "空地", "city": "城", "saloon": "会馆", "institute": "研究所",
	"training_room": "修炼所", "chance": "机会"}

// HeatmapBoard returns the board of an mbg report as preview draws it: the
// squares with their names and city scopes, without owners or roles.
func HeatmapBoard(f *mbgsim.MBGFacts) BoardView {
	v := BoardView{Selected: -1}
	for _, s := range f.Squares {
		bs := BoardSquare{Class: slices.Index(mbgfmt.ClassNames, s.Type), Label: s.Name, Owner: -1, Scope: -1, X: s.X, Y: s.Y}
		if bs.Label == "" {
			bs.Label = squareLabels[s.Type]
		}
		if s.City >= 0 && s.City < len(f.Cities) {
			bs.Scope = f.Cities[s.City].Scope
		}
		v.Squares = append(v.Squares, bs)
	}
	return v
}

// mbgHeatmap draws where the battles of an mbg report were fought, on the
// board as preview draws it: every square is shaded by its number of
// battles (yellow few, red most) and shows it ("战 N"), and the cities
// taken by force show how often ("夺 N").
func mbgHeatmap(r *sim.Report, f *mbgsim.MBGFacts, o charts.Options) image.Image {
	k := o.Size()
	v := HeatmapBoard(f)
	v.Title = fmt.Sprintf(o.Tr("战斗热图 · %d 局"), r.Games)
	board := Board(v, preview.Options{Scale: k})
	cells, w, h := BoardCells(v)
	tile, margin := BoardTile*k, BoardMargin*k
	// The legend goes inside the ring when there is room (as preview's
	// does), else below the board.
	inside := w >= 4 && h >= 4
	legendH := 0.0
	if !inside {
		legendH = 90 * k
	}
	bb := board.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, bb.Dx(), bb.Dy()+int(legendH)))
	draw.Draw(img, img.Bounds(), image.NewUniform(preview.PaperColor), image.Point{}, draw.Src)
	draw.Draw(img, bb, board, bb.Min, draw.Src)
	c := preview.CanvasOn(img)

	most := 0
	for _, s := range f.Squares {
		most = max(most, s.Battles)
	}
	for i, s := range f.Squares {
		if i >= len(cells) || s.Battles == 0 {
			continue
		}
		x, y := margin+float64(cells[i].X)*tile, margin+float64(cells[i].Y)*tile
		t := float64(s.Battles) / float64(most)
		hc := charts.HeatColour(t)
		c.FillRect(x+1, y+1, x+tile-1, y+tile-1, color.NRGBA{hc.R, hc.G, hc.B, uint8(90 + 100*t)})
		c.Text(x+4*k, y+tile-10*k, 10*k, preview.InkColor, preview.AnchorLeft, fmt.Sprintf(o.Tr("战%d"), s.Battles))
		if s.Captures > 0 {
			c.Text(x+tile-4*k, y+tile-10*k, 10*k, charts.CaptureRed, preview.AnchorRight, fmt.Sprintf(o.Tr("夺%d"), s.Captures))
		}
	}

	// Legend: the colour ramp, what the numbers mean, the totals.
	lx, ly := margin+tile+12*k, margin+tile+48*k
	lw := float64(w-2)*tile - 24*k
	if !inside {
		lx, ly = margin, float64(bb.Dy())+8*k
		lw = float64(bb.Dx()) - 2*margin
	}
	charts.DrawRamp(c, lx, ly, min(lw, 220*k), k, most, o)
	lines := []string{
		o.Tr("战N：在此格发生的战斗次数"),
		o.Tr("夺N：攻城夺取此城的次数"),
		fmt.Sprintf(o.Tr("共 %d 场战斗，%d 次夺城"), f.Battles, f.Captures),
	}
	for i, s := range lines {
		col := preview.InkColor
		if i == 1 {
			col = charts.CaptureRed
		}
		c.Text(lx, ly+44*k+float64(i)*18*k, 11*k, col, preview.AnchorLeft, preview.FitText(11*k, lw, s))
	}
	return img
}
