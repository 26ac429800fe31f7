package charts

import (
	"cmp"
	"fmt"
	battlepreview "github.com/shapan/shapan/preview/battle"
	"image"
	"image/color"
	"image/draw"
	"slices"

	"github.com/shapan/shapan/engine/sim"
	battlefmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/preview"
)

// battleHeatmap draws where the fights of a battle report happened, over
// the map as preview draws it: a title above, every cell where units were
// hit shaded by the damage dealt there (yellow little, red most), a cross
// where heroes fell, every city labelled with its falls ("陷N"), and a
// legend below naming the hottest cell.
func battleHeatmap(r *sim.Report, f *sim.BattleFacts, o Options) image.Image {
	k := o.k()
	m := f.Map()
	if m == nil || m.W != f.Width || m.H != f.Height {
		if f.Width < 1 || f.Height < 1 || f.Width > maxBlankSide || f.Height > maxBlankSide {
			return nil
		}
		m = battlefmt.New(f.Width, f.Height)
		for _, c := range f.Cities {
			m.Set(c.X, c.Y, battlefmt.CodeCity1+c.Level-1)
		}
	}
	po := preview.Options{Scale: k}
	base := battlepreview.BattleMap(m, po)
	cell, margin := battlepreview.BattleMapGeometry(m, po)
	titleH, legendH := 30*k, 48*k
	bb := base.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, bb.Dx(), bb.Dy()+int(titleH+legendH)))
	draw.Draw(img, img.Bounds(), image.NewUniform(paper), image.Point{}, draw.Src)
	draw.Draw(img, bb.Add(image.Pt(0, int(titleH))), base, bb.Min, draw.Src)
	c := preview.CanvasOn(img)
	w := float64(bb.Dx())
	c.Text(margin, titleH/2+2*k, 14*k, ink, preview.AnchorLeft, preview.FitText(14*k, w-2*margin,
		fmt.Sprintf(o.tr("战斗热图 · %d 局 · 伤害 %d · 阵亡 %d · 城寨陷落 %d"), r.Games, f.Damage, f.Kills, f.Falls)))
	at := func(x, y int) (float64, float64) { return margin + float64(x)*cell, titleH + margin + float64(y)*cell }
	most := 0
	for _, x := range f.Cells {
		most = max(most, x.Damage)
	}
	for _, x := range f.Cells {
		if x.Damage == 0 {
			continue
		}
		px, py := at(x.X, x.Y)
		t := float64(x.Damage) / float64(most)
		hc := heatColour(t)
		c.FillRect(px, py, px+cell, py+cell, color.NRGBA{hc.R, hc.G, hc.B, uint8(120 + 120*t)})
	}
	for _, x := range f.Cells {
		if x.Kills > 0 && cell >= 4 {
			px, py := at(x.X, x.Y)
			c.Line(px+1, py+1, px+cell-1, py+cell-1, max(1, cell/8), ink)
			c.Line(px+cell-1, py+1, px+1, py+cell-1, max(1, cell/8), ink)
		}
	}
	for _, city := range f.Cities {
		if city.Falls == 0 {
			continue
		}
		px, py := at(city.X, city.Y)
		label := fmt.Sprintf(o.tr("陷%d"), city.Falls)
		lw := preview.TextWidth(10*k, label)
		c.FillRect(px+cell/2-lw/2-2*k, py-14*k, px+cell/2+lw/2+2*k, py-2*k, paper)
		c.Text(px+cell/2, py-8*k, 10*k, captureRed, preview.AnchorCentre, label)
	}
	ly := float64(bb.Dy()) + titleH + 6*k
	rampW := min(w-2*margin, 160*k)
	for i := 0; i < int(rampW); i++ {
		c.FillRect(margin+float64(i), ly, margin+float64(i)+1, ly+10*k, heatColour(float64(i)/rampW))
	}
	c.Text(margin, ly+20*k, 10*k, faint, preview.AnchorLeft, o.tr("少"))
	c.Text(margin+rampW, ly+20*k, 10*k, faint, preview.AnchorRight, fmt.Sprintf(o.tr("多 (%d)"), most))
	tx := margin + rampW + 16*k
	line := o.tr("格色：在此格受到的伤害　×：武将阵亡　陷N：城寨陷落次数")
	if hot := hottest(f.Cells); hot != nil {
		line += fmt.Sprintf(o.tr("；最激烈：(%d,%d)，伤害 %d"), hot.X, hot.Y, hot.Damage)
	}
	c.Text(tx, ly+8*k, 11*k, ink, preview.AnchorLeft, preview.FitText(11*k, w-tx-margin, line))
	return img
}

// hottest returns the cell with the most damage, if any.
func hottest(cells []sim.BattleCellFacts) *sim.BattleCellFacts {
	if len(cells) == 0 {
		return nil
	}
	best := slices.MaxFunc(cells, func(a, b sim.BattleCellFacts) int { return cmp.Compare(a.Damage, b.Damage) })
	return &best
}
