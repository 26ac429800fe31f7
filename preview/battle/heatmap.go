package battle

import (
	"cmp"
	"fmt"
	battleeng "github.com/shapan/shapan/engine/battle"
	"image"
	"image/color"
	"image/draw"
	"slices"

	"github.com/shapan/shapan/engine/sim"
	battlesim "github.com/shapan/shapan/engine/sim/battle"
	battlefmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/preview"
	"github.com/shapan/shapan/preview/charts"
)

func init() {
	charts.RegisterHeatmap(battleeng.Family, heatmap)
	charts.RegisterEnglish(english)
}

// heatmap is the heat map of a report of the family (nil for one
// without facts it can place).
func heatmap(r *sim.Report, o charts.Options) image.Image {
	f, ok := r.Facts.Section.(*battlesim.BattleFacts)
	if !ok {
		return nil
	}
	return battleHeatmap(r, f, o)
}

// english are the heat map's words in English, by their Chinese text.
var english = map[string]string{
	"战斗热图 · %d 局 · 伤害 %d · 阵亡 %d · 城寨陷落 %d": "battle heat map · %d games · damage %d · heroes fallen %d · cities fallen %d",
	"陷%d": "F%d",
	"格色：在此格受到的伤害　×：武将阵亡　陷N：城寨陷落次数": "cell colour: damage taken there   ×: a hero fell   F N: times the city fell",
	"；最激烈：(%d,%d)，伤害 %d":           "; fiercest: (%d,%d), damage %d",
}

// battleHeatmap draws where the fights of a battle report happened, over
// the map as preview draws it: a title above, every cell where units were
// hit shaded by the damage dealt there (yellow little, red most), a cross
// where heroes fell, every city labelled with its falls ("陷N"), and a
// legend below naming the hottest cell.
func battleHeatmap(r *sim.Report, f *battlesim.BattleFacts, o charts.Options) image.Image {
	k := o.Size()
	m := f.Map()
	if m == nil || m.W != f.Width || m.H != f.Height {
		if f.Width < 1 || f.Height < 1 || f.Width > charts.MaxBlankSide || f.Height > charts.MaxBlankSide {
			return nil
		}
		m = battlefmt.New(f.Width, f.Height)
		for _, c := range f.Cities {
			m.Set(c.X, c.Y, battlefmt.CodeCity1+c.Level-1)
		}
	}
	po := preview.Options{Scale: k}
	base := BattleMap(m, po)
	cell, margin := BattleMapGeometry(m, po)
	titleH, legendH := 30*k, 48*k
	bb := base.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, bb.Dx(), bb.Dy()+int(titleH+legendH)))
	draw.Draw(img, img.Bounds(), image.NewUniform(preview.PaperColor), image.Point{}, draw.Src)
	draw.Draw(img, bb.Add(image.Pt(0, int(titleH))), base, bb.Min, draw.Src)
	c := preview.CanvasOn(img)
	w := float64(bb.Dx())
	c.Text(margin, titleH/2+2*k, 14*k, preview.InkColor, preview.AnchorLeft, preview.FitText(14*k, w-2*margin,
		fmt.Sprintf(o.Tr("战斗热图 · %d 局 · 伤害 %d · 阵亡 %d · 城寨陷落 %d"), r.Games, f.Damage, f.Kills, f.Falls)))
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
		hc := charts.HeatColour(t)
		c.FillRect(px, py, px+cell, py+cell, color.NRGBA{hc.R, hc.G, hc.B, uint8(120 + 120*t)})
	}
	for _, x := range f.Cells {
		if x.Kills > 0 && cell >= 4 {
			px, py := at(x.X, x.Y)
			c.Line(px+1, py+1, px+cell-1, py+cell-1, max(1, cell/8), preview.InkColor)
			c.Line(px+cell-1, py+1, px+1, py+cell-1, max(1, cell/8), preview.InkColor)
		}
	}
	for _, city := range f.Cities {
		if city.Falls == 0 {
			continue
		}
		px, py := at(city.X, city.Y)
		label := fmt.Sprintf(o.Tr("陷%d"), city.Falls)
		lw := preview.TextWidth(10*k, label)
		c.FillRect(px+cell/2-lw/2-2*k, py-14*k, px+cell/2+lw/2+2*k, py-2*k, preview.PaperColor)
		c.Text(px+cell/2, py-8*k, 10*k, charts.CaptureRed, preview.AnchorCentre, label)
	}
	ly := float64(bb.Dy()) + titleH + 6*k
	rampW := min(w-2*margin, 160*k)
	for i := 0; i < int(rampW); i++ {
		c.FillRect(margin+float64(i), ly, margin+float64(i)+1, ly+10*k, charts.HeatColour(float64(i)/rampW))
	}
	c.Text(margin, ly+20*k, 10*k, preview.FaintColor, preview.AnchorLeft, o.Tr("少"))
	c.Text(margin+rampW, ly+20*k, 10*k, preview.FaintColor, preview.AnchorRight, fmt.Sprintf(o.Tr("多 (%d)"), most))
	tx := margin + rampW + 16*k
	line := o.Tr("格色：在此格受到的伤害　×：武将阵亡　陷N：城寨陷落次数")
	if hot := hottest(f.Cells); hot != nil {
		line += fmt.Sprintf(o.Tr("；最激烈：(%d,%d)，伤害 %d"), hot.X, hot.Y, hot.Damage)
	}
	c.Text(tx, ly+8*k, 11*k, preview.InkColor, preview.AnchorLeft, preview.FitText(11*k, w-tx-margin, line))
	return img
}

// hottest returns the cell with the most damage, if any.
func hottest(cells []battlesim.BattleCellFacts) *battlesim.BattleCellFacts {
	if len(cells) == 0 {
		return nil
	}
	best := slices.MaxFunc(cells, func(a, b battlesim.BattleCellFacts) int { return cmp.Compare(a.Damage, b.Damage) })
	return &best
}
