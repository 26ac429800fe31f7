package battle

import (
	"fmt"
	"github.com/shapan/shapan/preview"
	"image"
	"image/color"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/battle"
)

func init() {
	preview.Register(battle.Kind, func(doc *formats.Document, o preview.Options) (image.Image, error) {
		m, ok := doc.Value.(*battle.Map)
		if !ok {
			return nil, fmt.Errorf("not a battle map")
		}
		return BattleMap(m, o), nil
	})
}

// BattleCellColor is the colour of a battle map cell of the given code
// (battle.CellColor).
func BattleCellColor(code int) color.RGBA { return battle.CellColor(code) }

// BattleMapGeometry returns the size of a cell of BattleMap's drawing of
// m and the margin before the first cell: cell (x, y) is drawn from
// (margin + x·cell, margin + y·cell).
func BattleMapGeometry(m *battle.Map, o preview.Options) (cell, margin float64) {
	k := o.Factor()
	cell = 10 * k
	if m.W*m.H > 0 && float64(max(m.W, m.H))*cell > 1600 {
		cell = max(1, 1600/float64(max(m.W, m.H)))
	}
	return cell, 12 * k
}

// BattleMap draws a battle map: terrain, the flag zone, the two bases in
// their players' colours, cities with their level and attack range, and a
// legend.
func BattleMap(m *battle.Map, o preview.Options) image.Image {
	k := o.Factor()
	cell, margin := BattleMapGeometry(m, o)
	legendH := 64 * k
	if len(m.Roster) > 0 {
		legendH += 20 * k
	}
	width := int(2*margin + float64(m.W)*cell)
	height := int(2*margin + float64(m.H)*cell + legendH)
	c := preview.NewCanvas(max(width, int(460*k)), height, preview.PaperColor)
	c.SetMinText(o.MinText)
	if c.TooLarge() {
		return c.Result()
	}
	at := func(x, y int) (float64, float64) { return margin + float64(x)*cell, margin + float64(y)*cell }
	for y := 0; y < m.H; y++ {
		for x := 0; x < m.W; x++ {
			px, py := at(x, y)
			c.FillRect(px, py, px+cell, py+cell, BattleCellColor(m.At(x, y)))
		}
	}
	// Attack ranges of the cities (Chebyshev squares), faintly.
	for _, city := range m.Cities() {
		r := float64([]int{0, 3, 4, 5}[city.Level])
		px, py := at(city.X, city.Y)
		c.StrokeRect(px-r*cell, py-r*cell, px+(r+1)*cell, py+(r+1)*cell, max(1, k), color.NRGBA{0x7a, 0x3b, 0x2e, 0x70})
	}
	for _, city := range m.Cities() {
		px, py := at(city.X, city.Y)
		if cell >= 8 {
			c.Text(px+cell/2, py+cell/2, cell*0.9, preview.WhiteColor, preview.AnchorCentre, fmt.Sprint(city.Level))
		}
	}
	// Bases in their players' colours; player 1 is the base nearest (0,0).
	if p1, p2, ok := m.Sides(); ok {
		for i, b := range []battle.Base{p1, p2} {
			for _, p := range b.Cells {
				px, py := at(p.X, p.Y)
				c.FillRect(px, py, px+cell, py+cell, preview.PlayerColor(i))
			}
			a := b.Anchor()
			px, py := at(a.X, a.Y)
			c.FillCircle(px+cell/2, py+cell/2, max(cell*1.4, 8*k), preview.PlayerColor(i))
			c.Text(px+cell/2, py+cell/2, max(cell*1.2, 10*k), preview.WhiteColor, preview.AnchorCentre, fmt.Sprint(i+1))
		}
	}
	// The flag zone, outlined.
	if fz := m.FlagZone(); len(fz.Cells) > 0 {
		for _, p := range fz.Cells {
			px, py := at(p.X, p.Y)
			c.StrokeRect(px, py, px+cell, py+cell, max(1, k), color.RGBA{0xa0, 0x70, 0x00, 0xff})
		}
	}
	c.StrokeRect(margin-1, margin-1, margin+float64(m.W)*cell+1, margin+float64(m.H)*cell+1, 1, preview.InkColor)
	battleLegend(c, m, cell, margin, k)
	return c.Result()
}

// battleLegend draws the legend below a battle map: the elements' colours,
// the size, cities and symmetry, and the roster's changes.
func battleLegend(c *preview.Canvas, m *battle.Map, cell, margin, k float64) {
	ly := margin + float64(m.H)*cell + 18*k
	lx := margin
	for _, e := range battle.Elements {
		if e.Code == battle.CodeBase {
			continue
		}
		c.FillRect(lx, ly-6*k, lx+12*k, ly+6*k, BattleCellColor(e.Code))
		c.StrokeRect(lx, ly-6*k, lx+12*k, ly+6*k, 1, preview.GridColor)
		c.Text(lx+16*k, ly, 11*k, preview.InkColor, preview.AnchorLeft, e.Chinese)
		lx += 16*k + preview.TextWidth(11*k, e.Chinese) + 12*k
		if lx > float64(c.Image().Bounds().Dx())-120*k {
			lx = margin
			ly += 20 * k
		}
	}
	sym := "不对称"
	if s, ok := m.FairSymmetry(); ok {
		sym = []string{"180° 旋转对称", "左右对称", "上下对称"}[min(int(s), 2)]
	}
	c.Text(margin, ly+22*k, 11*k, preview.FaintColor, preview.AnchorLeft, fmt.Sprintf("%d×%d · 城寨 %d · %s", m.W, m.H, len(m.Cities()), sym))
	if len(m.Roster) > 0 {
		w := float64(c.Image().Bounds().Dx()) - 2*margin
		c.Text(margin, ly+42*k, 11*k, preview.InkColor, preview.AnchorLeft, preview.FitText(11*k, w, "武将调整："+rosterText(m.Roster)))
	}
}

// rosterStatNames are the Chinese names of the stats a roster changes, in
// the order of battle.RosterStats.
var rosterStatNames = [4]string{"武力", "统帅", "体力", "攻击距离"}

// rosterText lists a roster override: "吕布 武力110 体力1400 · 周瑜 统帅10".
func rosterText(r []battle.RosterEntry) string {
	s := ""
	for i, e := range r {
		if i > 0 {
			s += " · "
		}
		s += e.Name
		for k := range battle.RosterStats {
			if v := *e.Field(k); v != nil {
				s += fmt.Sprintf(" %s%d", rosterStatNames[k], *v)
			}
		}
	}
	return s
}
