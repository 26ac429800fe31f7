package ftbt

import (
	"fmt"
	"github.com/shapan/shapan/preview"
	"image"
	"image/color"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
)

func init() {
	preview.Register(ftbt.KindLevel, func(doc *formats.Document, o preview.Options) (image.Image, error) {
		l, ok := doc.Value.(*ftbt.Level)
		if !ok {
			return nil, fmt.Errorf("not an ftbt level")
		}
		rules, _ := doc.Rules.(*ftbt.Rules)
		return Level(l, rules, o), nil
	})
	preview.Register(ftbt.KindRules, func(doc *formats.Document, o preview.Options) (image.Image, error) {
		rs, ok := doc.Value.(*ftbt.Rules)
		if !ok {
			return nil, fmt.Errorf("not ftbt rules")
		}
		return RulesSheet(rs, o), nil
	})
}

// Level draws an ftbt level: the terrain in the rules' colours, people as
// discs in their side's colour with their names, and goals of the
// computer's people as small crosses joined to their person.
func Level(l *ftbt.Level, rules *ftbt.Rules, o preview.Options) image.Image {
	k := o.Factor()
	cell, margin := LevelGeometry(l, o)
	legendH := 70 * k
	width := max(int(2*margin+float64(l.W)*cell), int(460*k))
	height := int(2*margin + float64(l.H)*cell + legendH)
	c := preview.NewCanvas(width, height, preview.PaperColor)
	c.SetMinText(o.MinText)
	if c.TooLarge() {
		return c.Result()
	}
	at := func(x, y int) (float64, float64) { return margin + float64(x)*cell, margin + float64(y)*cell }
	terrainColor := rules.TerrainColors()
	for y := 0; y < l.H; y++ {
		for x := 0; x < l.W; x++ {
			px, py := at(x, y)
			c.FillRect(px, py, px+cell, py+cell, terrainColor(l.At(x, y)))
		}
	}
	c.StrokeRect(margin-1, margin-1, margin+float64(l.W)*cell+1, margin+float64(l.H)*cell+1, 1, preview.InkColor)
	// Goals first, under the people.
	for i, p := range l.People {
		if p.AI == nil || p.AI.GoalX < 0 || p.AI.GoalY < 0 || p.Side != 1 || p.AI.Attack == -1 {
			continue
		}
		_ = i
		gx, gy := at(p.AI.GoalX, p.AI.GoalY)
		px, py := at(p.X, p.Y)
		col := preview.Tint(preview.PlayerColor(p.Side), 0.3)
		c.Line(px+cell/2, py+cell/2, gx+cell/2, gy+cell/2, max(1, k), col)
		c.Line(gx+cell*0.2, gy+cell*0.2, gx+cell*0.8, gy+cell*0.8, 2*k, col)
		c.Line(gx+cell*0.8, gy+cell*0.2, gx+cell*0.2, gy+cell*0.8, 2*k, col)
	}
	sides := map[int]int{}
	for _, p := range l.People {
		sides[p.Side]++
		px, py := at(p.X, p.Y)
		c.FillCircle(px+cell/2, py+cell/2, cell*0.45, preview.PlayerColor(p.Side))
		if cell >= 12 {
			c.Text(px+cell/2, py+cell/2, cell*0.6, preview.WhiteColor, preview.AnchorCentre, string([]rune(p.Name + "?")[0]))
		}
	}
	// Legend: terrains with their costs, then the sides.
	ly := margin + float64(l.H)*cell + 18*k
	lx := margin
	if rules != nil {
		for i, t := range rules.Terrains {
			label := fmt.Sprintf("%s %d", t.Name, t.Weight)
			c.FillRect(lx, ly-6*k, lx+12*k, ly+6*k, rules.TerrainColor(i))
			c.StrokeRect(lx, ly-6*k, lx+12*k, ly+6*k, 1, preview.GridColor)
			c.Text(lx+16*k, ly, 11*k, preview.InkColor, preview.AnchorLeft, label)
			lx += 28*k + preview.TextWidth(11*k, label)
		}
	} else {
		c.Text(lx, ly, 11*k, preview.FaintColor, preview.AnchorLeft, "terrain ids (no rules given: names and colours unknown)")
	}
	ly += 22 * k
	c.FillCircle(margin+6*k, ly, 6*k, preview.PlayerColor(0))
	c.Text(margin+16*k, ly, 11*k, preview.InkColor, preview.AnchorLeft, fmt.Sprintf("side 0: %d", sides[0]))
	c.FillCircle(margin+96*k, ly, 6*k, preview.PlayerColor(1))
	c.Text(margin+106*k, ly, 11*k, preview.InkColor, preview.AnchorLeft, fmt.Sprintf("side 1: %d", sides[1]))
	c.Text(margin+190*k, ly, 11*k, preview.FaintColor, preview.AnchorLeft, fmt.Sprintf("%d×%d", l.W, l.H))
	return c.Result()
}

// RulesSheet draws ftbt rules: the terrains with their colours and costs,
// and every tech's target stencil (the user in the middle, target cells
// around it, the area effect's radius), class, value and duration.
func RulesSheet(rs *ftbt.Rules, o preview.Options) image.Image {
	k := o.Factor()
	margin := 14 * k
	cardW, cardH := 210*k, 230*k
	perRow := 4
	rows := (len(rs.Techs) + perRow - 1) / perRow
	width := int(2*margin + float64(perRow)*cardW)
	height := int(2*margin + 70*k + float64(rows)*cardH)
	c := preview.NewCanvas(width, height, preview.PaperColor)
	c.SetMinText(o.MinText)
	if c.TooLarge() {
		return c.Result()
	}
	x := margin
	c.Text(x, margin+8*k, 14*k, preview.InkColor, preview.AnchorLeft, fmt.Sprintf("%d terrains · %d techs · MAX_ABI %d · MAX_FLY_WEIGHT %d", len(rs.Terrains), len(rs.Techs), rs.MaxAbi, rs.MaxFlyWeight))
	y := margin + 36*k
	for i, t := range rs.Terrains {
		label := fmt.Sprintf("%s %d", t.Name, t.Weight)
		c.FillRect(x, y-8*k, x+16*k, y+8*k, rs.TerrainColor(i))
		c.StrokeRect(x, y-8*k, x+16*k, y+8*k, 1, preview.GridColor)
		c.Text(x+20*k, y, 12*k, preview.InkColor, preview.AnchorLeft, label)
		x += 36*k + preview.TextWidth(12*k, label)
	}
	for i, t := range rs.Techs {
		cx := margin + float64(i%perRow)*cardW
		cy := margin + 70*k + float64(i/perRow)*cardH
		techCard(c, rs, t, i, cx, cy, cardW-10*k, cardH-10*k, k)
	}
	return c.Result()
}

func techCard(c *preview.Canvas, rs *ftbt.Rules, t ftbt.Tech, id int, x, y, w, h, k float64) {
	c.FillRect(x, y, x+w, y+h, preview.WhiteColor)
	c.StrokeRect(x, y, x+w, y+h, 1, preview.GridColor)
	class := fmt.Sprint(t.Class)
	if t.Class >= 0 && t.Class < len(ftbt.ClassNames) {
		class = ftbt.ClassNames[t.Class]
	}
	c.Text(x+8*k, y+14*k, 13*k, preview.InkColor, preview.AnchorLeft, preview.FitText(13*k, w-16*k, fmt.Sprintf("%d %s", id, t.Name)))
	detail := fmt.Sprintf("%s · value %d", class, t.Value)
	if t.Duration != 0 {
		detail += fmt.Sprintf(" · %d turns", t.Duration)
	}
	if t.IsLong {
		detail += " · long"
	}
	c.Text(x+8*k, y+32*k, 10*k, preview.FaintColor, preview.AnchorLeft, preview.FitText(10*k, w-16*k, detail))
	// The stencil: a grid around the user big enough for the farthest
	// target, each target cell marked (darker when listed twice).
	reach := 1
	for _, d := range t.Range {
		reach = max(reach, abs(d[0]), abs(d[1]))
	}
	area := max(0, t.AoeRange)
	span := reach + min(area, 3)
	n := 2*span + 1
	size := min((w-16*k)/float64(n), (h-64*k)/float64(n))
	ox := x + (w-size*float64(n))/2
	oy := y + 44*k
	count := map[[2]int]int{}
	for _, d := range t.Range {
		count[d]++
	}
	for gy := -span; gy <= span; gy++ {
		for gx := -span; gx <= span; gx++ {
			px, py := ox+float64(gx+span)*size, oy+float64(gy+span)*size
			col := color.RGBA{0xf4, 0xf1, 0xe8, 0xff}
			switch n := count[[2]int{gx, gy}]; {
			case n > 1:
				col = color.RGBA{0xb0, 0x30, 0x20, 0xff}
			case n == 1:
				col = color.RGBA{0xe0, 0x70, 0x50, 0xff}
			}
			c.FillRect(px, py, px+size, py+size, col)
			c.StrokeRect(px, py, px+size, py+size, 1, preview.GridColor)
		}
	}
	// The user, and the area effect around the first target (dashed).
	ux, uy := ox+float64(span)*size, oy+float64(span)*size
	c.FillCircle(ux+size/2, uy+size/2, size*0.35, preview.InkColor)
	if area > 0 && len(t.Range) > 0 {
		d := t.Range[0]
		tx, ty := ux+float64(d[0])*size+size/2, uy+float64(d[1])*size+size/2
		r := float64(area) * size
		c.Line(tx-r, ty, tx, ty-r, max(1, k), preview.PlayerColor(1))
		c.Line(tx, ty-r, tx+r, ty, max(1, k), preview.PlayerColor(1))
		c.Line(tx+r, ty, tx, ty+r, max(1, k), preview.PlayerColor(1))
		c.Line(tx, ty+r, tx-r, ty, max(1, k), preview.PlayerColor(1))
	}
	var allowed []string
	for i, ok := range t.Allowed {
		if ok && i < len(rs.Terrains) {
			allowed = append(allowed, rs.Terrains[i].Name)
		}
	}
	c.Text(x+8*k, y+h-10*k, 10*k, preview.FaintColor, preview.AnchorLeft, preview.FitText(10*k, w-16*k, fmt.Sprintf("AoE %d (%d%%) · on %s", t.AoeRange, t.AoeRatio, strings.Join(allowed, ""))))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
