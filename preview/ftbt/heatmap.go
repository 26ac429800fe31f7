package ftbt

import (
	"cmp"
	"fmt"
	ftbteng "github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/formats/cells"
	"image"
	"image/color"
	"image/draw"
	"slices"

	"github.com/shapan/shapan/engine/sim"
	ftbtsim "github.com/shapan/shapan/engine/sim/ftbt"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/preview"
	"github.com/shapan/shapan/preview/charts"
)

func init() {
	charts.RegisterHeatmap(ftbteng.Family, heatmap)
	charts.RegisterEnglish(english)
}

// heatmap is the heat map of a report of the family (nil for one
// without facts it can place).
func heatmap(r *sim.Report, o charts.Options) image.Image {
	f, ok := r.Facts.Section.(*ftbtsim.FTBTFacts)
	if !ok || f.Width <= 0 || f.Height <= 0 {
		return nil
	}
	return ftbtHeatmap(r, f, o)
}

// english are the heat map's words in English, by their Chinese text.
var english = map[string]string{
	"战斗热图 · %d 局 · %d 次攻击 · 共损 %d hp": "battle heat map · %d games · %d attacks · %d hp lost",
	"颜色：人物在此格失去的 hp（所有对局合计）":          "colour: hp people lost on this cell (all games together)",
	"×：有人物在此格被消灭":                     "×: somebody was wiped out here",
	"%d 回合内双方从未交战：提高回合上限再试":           "the sides never met within %d turns: raise the turn cap and try again",
	"最激烈：":      "fiercest: ",
	"，":         ", ",
	"（每局 %.1f）": " (%.1f a game)",
}

// ftbtHeatmap draws where the fights of an ftbt report happened, over the
// level as preview draws it (terrain, people at their starting cells): a
// title above, every cell where people lost hp shaded by that hp (yellow
// little, red most), a cross on the cells where people were removed, and
// a legend below naming the hottest cells.
func ftbtHeatmap(r *sim.Report, f *ftbtsim.FTBTFacts, o charts.Options) image.Image {
	k := o.Size()
	l, rules := f.Level()
	if l == nil || l.W != f.Width || l.H != f.Height {
		if f.Width > charts.MaxBlankSide || f.Height > charts.MaxBlankSide {
			return nil
		}
		l, rules = blankLevel(f.Width, f.Height)
	}
	po := preview.Options{Scale: k}
	level := Level(l, rules, po)
	cell, margin := LevelGeometry(l, po)
	titleH, legendH := 30*k, 112*k
	lb := level.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, lb.Dx(), lb.Dy()+int(titleH+legendH)))
	draw.Draw(img, img.Bounds(), image.NewUniform(preview.PaperColor), image.Point{}, draw.Src)
	draw.Draw(img, lb.Add(image.Pt(0, int(titleH))), level, lb.Min, draw.Src)
	c := preview.CanvasOn(img)
	w := float64(lb.Dx())
	c.Text(margin, titleH/2+2*k, 14*k, preview.InkColor, preview.AnchorLeft,
		preview.FitText(14*k, w-2*margin, fmt.Sprintf(o.Tr("战斗热图 · %d 局 · %d 次攻击 · 共损 %d hp"), r.Games, f.Attacks, f.Damage)))

	most := 0
	for _, x := range f.Cells {
		most = max(most, x.Damage)
	}
	top := float64(int(titleH)) + margin
	// The people are drawn again after the heat, smaller than preview
	// draws them so that the heat of their cells shows round them: first
	// their discs are painted over with their terrain.
	for _, p := range l.People {
		if p.X >= 0 && p.Y >= 0 && p.X < l.W && p.Y < l.H {
			px, py := margin+float64(p.X)*cell, top+float64(p.Y)*cell
			c.FillRect(px, py, px+cell, py+cell, rules.TerrainColor(l.At(p.X, p.Y)))
		}
	}
	for _, x := range f.Cells {
		if x.Damage == 0 || x.X < 0 || x.Y < 0 || x.X >= l.W || x.Y >= l.H {
			continue
		}
		px, py := margin+float64(x.X)*cell, top+float64(x.Y)*cell
		t := float64(x.Damage) / float64(most)
		hc := charts.HeatColour(t)
		c.FillRect(px, py, px+cell, py+cell, color.NRGBA{hc.R, hc.G, hc.B, uint8(130 + 110*t)})
	}
	drawPeopleAndFalls(c, l, f.Cells, cell, margin, top, k)

	// Legend: the ramp, the marks, the hottest cells.
	ly := float64(int(titleH)+lb.Dy()) + 6*k
	lx := margin
	charts.DrawRamp(c, lx, ly, min(w-2*margin, 200*k), k, most, o)
	tx, tw := lx, w-2*margin
	lines := []string{
		o.Tr("颜色：人物在此格失去的 hp（所有对局合计）"),
		o.Tr("×：有人物在此格被消灭"),
		hottestCells(f.Cells, r.Games, o),
	}
	if f.Attacks == 0 {
		lines[2] = fmt.Sprintf(o.Tr("%d 回合内双方从未交战：提高回合上限再试"), f.TurnCap)
	}
	for i, s := range lines {
		c.Text(tx, ly+44*k+float64(i)*18*k, 11*k, preview.InkColor, preview.AnchorLeft, preview.FitText(11*k, tw, s))
	}
	return img
}

// drawPeopleAndFalls draws the people of a heat map on their cells, as
// discs smaller than preview's, and a cross on every cell where people
// were removed.
func drawPeopleAndFalls(c *preview.Canvas, l *ftbtfmt.Level, cells []ftbtsim.FTBTCellFacts, cell, margin, top, k float64) {
	for _, p := range l.People {
		if p.X < 0 || p.Y < 0 || p.X >= l.W || p.Y >= l.H {
			continue
		}
		px, py := margin+(float64(p.X)+0.5)*cell, top+(float64(p.Y)+0.5)*cell
		c.FillCircle(px, py, cell*0.4, preview.PaperColor)
		c.FillCircle(px, py, cell*0.34, preview.PlayerColor(p.Side))
		if cell >= 12 {
			c.Text(px, py, cell*0.45, preview.PaperColor, preview.AnchorCentre, string([]rune(p.Name + "?")[0]))
		}
	}
	for _, x := range cells {
		if x.Falls == 0 || x.X < 0 || x.Y < 0 || x.X >= l.W || x.Y >= l.H {
			continue
		}
		px, py := margin+float64(x.X)*cell, top+float64(x.Y)*cell
		d := cell * 0.28
		c.Line(px+d, py+d, px+cell-d, py+cell-d, max(1.5*k, cell/10), preview.InkColor)
		c.Line(px+cell-d, py+d, px+d, py+cell-d, max(1.5*k, cell/10), preview.InkColor)
	}
}

// hottestCells names the three cells with the most damage.
func hottestCells(cells []ftbtsim.FTBTCellFacts, games int, o charts.Options) string {
	hot := slices.Clone(cells)
	slices.SortStableFunc(hot, func(a, b ftbtsim.FTBTCellFacts) int { return cmp.Compare(b.Damage, a.Damage) })
	s := o.Tr("最激烈：")
	for i, x := range hot[:min(3, len(hot))] {
		if i > 0 {
			s += o.Tr("，")
		}
		s += fmt.Sprintf("(%d, %d) %d hp", x.X, x.Y, x.Damage)
	}
	if games > 0 && len(hot) > 0 {
		s += fmt.Sprintf(o.Tr("（每局 %.1f）"), float64(hot[0].Damage)/float64(games))
	}
	return s
}

// blankLevel is the backdrop of facts without their level: a grid of one
// plain terrain.
func blankLevel(w, h int) (*ftbtfmt.Level, *ftbtfmt.Rules) {
	l := &ftbtfmt.Level{W: w, H: h, Terrain: cells.Make(w * h)}
	rules := &ftbtfmt.Rules{Terrains: []ftbtfmt.Terrain{{Name: "地形不详", Color: "#ece8dc"}}}
	return l, rules
}
