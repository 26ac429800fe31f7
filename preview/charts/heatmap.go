package charts

import (
	"fmt"
	mbgpreview "github.com/shapan/shapan/preview/mbg"
	"image"
	"image/color"
	"image/draw"
	"slices"

	"github.com/shapan/shapan/engine/sim"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/preview"
)

// squareLabels are the names preview gives the squares without a
// building, by type.
var squareLabels = map[string]string{"empty": "空地", "city": "城", "saloon": "会馆", "institute": "研究所",
	"training_room": "修炼所", "chance": "机会"}

// heat colours, from few battles to many (yellow, orange, red).
var heatRamp = []color.RGBA{{0xff, 0xed, 0xa0, 0xff}, {0xfd, 0x8d, 0x3c, 0xff}, {0xbd, 0x00, 0x26, 0xff}}

// heatColour returns the colour of a share t (0…1) of the most battles.
func heatColour(t float64) color.RGBA {
	t = min(max(t, 0), 1)
	if t < 0.5 {
		return lerp(heatRamp[0], heatRamp[1], t*2)
	}
	return lerp(heatRamp[1], heatRamp[2], t*2-1)
}

// captureRed is the colour of the capture counts.
var captureRed = color.RGBA{0xa5, 0x00, 0x26, 0xff}

// BoardView returns the board of an mbg report as preview draws it: the
// squares with their names and city scopes, without owners or roles.
func BoardView(f *sim.MBGFacts) mbgpreview.BoardView {
	v := mbgpreview.BoardView{Selected: -1}
	for _, s := range f.Squares {
		bs := mbgpreview.BoardSquare{Class: slices.Index(mbgfmt.ClassNames, s.Type), Label: s.Name, Owner: -1, Scope: -1, X: s.X, Y: s.Y}
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

// Heatmap draws where the fights of a report happened, over the family's
// preview: for mbg the board (mbgHeatmap), for ftbt the level's grid
// (ftbtHeatmap), for planets the planet graph (planetsHeatmap), for
// battle the map (battleHeatmap). It
// returns nil for a report without such facts.
func Heatmap(r *sim.Report, o Options) image.Image {
	switch f := r.Facts; {
	case f.MBG != nil && len(f.MBG.Squares) > 0:
		return mbgHeatmap(r, f.MBG, o)
	case f.FTBT != nil && f.FTBT.Width > 0 && f.FTBT.Height > 0:
		return ftbtHeatmap(r, f.FTBT, o)
	case f.Planets != nil && len(f.Planets.Planets) > 0:
		return planetsHeatmap(r, f.Planets, o)
	case f.Battle != nil:
		return battleHeatmap(r, f.Battle, o)
	}
	return nil
}

// mbgHeatmap draws where the battles of an mbg report were fought, on the
// board as preview draws it: every square is shaded by its number of
// battles (yellow few, red most) and shows it ("战 N"), and the cities
// taken by force show how often ("夺 N").
func mbgHeatmap(r *sim.Report, f *sim.MBGFacts, o Options) image.Image {
	k := o.k()
	v := BoardView(f)
	v.Title = fmt.Sprintf(o.tr("战斗热图 · %d 局"), r.Games)
	board := mbgpreview.Board(v, preview.Options{Scale: k})
	cells, w, h := mbgpreview.BoardCells(v)
	tile, margin := mbgpreview.BoardTile*k, mbgpreview.BoardMargin*k
	// The legend goes inside the ring when there is room (as preview's
	// does), else below the board.
	inside := w >= 4 && h >= 4
	legendH := 0.0
	if !inside {
		legendH = 90 * k
	}
	bb := board.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, bb.Dx(), bb.Dy()+int(legendH)))
	draw.Draw(img, img.Bounds(), image.NewUniform(paper), image.Point{}, draw.Src)
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
		hc := heatColour(t)
		c.FillRect(x+1, y+1, x+tile-1, y+tile-1, color.NRGBA{hc.R, hc.G, hc.B, uint8(90 + 100*t)})
		c.Text(x+4*k, y+tile-10*k, 10*k, ink, preview.AnchorLeft, fmt.Sprintf(o.tr("战%d"), s.Battles))
		if s.Captures > 0 {
			c.Text(x+tile-4*k, y+tile-10*k, 10*k, captureRed, preview.AnchorRight, fmt.Sprintf(o.tr("夺%d"), s.Captures))
		}
	}

	// Legend: the colour ramp, what the numbers mean, the totals.
	lx, ly := margin+tile+12*k, margin+tile+48*k
	lw := float64(w-2)*tile - 24*k
	if !inside {
		lx, ly = margin, float64(bb.Dy())+8*k
		lw = float64(bb.Dx()) - 2*margin
	}
	drawRamp(c, lx, ly, min(lw, 220*k), k, most, o)
	lines := []string{
		o.tr("战N：在此格发生的战斗次数"),
		o.tr("夺N：攻城夺取此城的次数"),
		fmt.Sprintf(o.tr("共 %d 场战斗，%d 次夺城"), f.Battles, f.Captures),
	}
	for i, s := range lines {
		col := ink
		if i == 1 {
			col = captureRed
		}
		c.Text(lx, ly+44*k+float64(i)*18*k, 11*k, col, preview.AnchorLeft, preview.FitText(11*k, lw, s))
	}
	return img
}

// drawRamp draws the heat colours from few to most as a bar of width w
// at (x, y), labelled below.
func drawRamp(c *preview.Canvas, x, y, w, k float64, most int, o Options) {
	for i := 0; i < int(w); i++ {
		c.FillRect(x+float64(i), y, x+float64(i)+1, y+12*k, heatColour(float64(i)/w))
	}
	c.Text(x, y+22*k, 10*k, faint, preview.AnchorLeft, o.tr("少"))
	c.Text(x+w, y+22*k, 10*k, faint, preview.AnchorRight, fmt.Sprintf(o.tr("多 (%d)"), most))
}
