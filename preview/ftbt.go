package preview

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
)

func init() {
	renderers[ftbt.KindLevel] = func(doc *formats.Document, o Options) (image.Image, error) {
		l, ok := doc.Value.(*ftbt.Level)
		if !ok {
			return nil, fmt.Errorf("not an ftbt level")
		}
		rules, _ := doc.Rules.(*ftbt.Rules)
		return Level(l, rules, o), nil
	}
	renderers[ftbt.KindRules] = func(doc *formats.Document, o Options) (image.Image, error) {
		rs, ok := doc.Value.(*ftbt.Rules)
		if !ok {
			return nil, fmt.Errorf("not ftbt rules")
		}
		return RulesSheet(rs, o), nil
	}
}

// Level draws an ftbt level: the terrain in the rules' colours, people as
// discs in their side's colour with their names, and goals of the
// computer's people as small crosses joined to their person.
func Level(l *ftbt.Level, rules *ftbt.Rules, o Options) image.Image {
	k := o.scale()
	cell, margin := LevelGeometry(l, o)
	legendH := 70 * k
	width := max(int(2*margin+float64(l.W)*cell), int(460*k))
	height := int(2*margin + float64(l.H)*cell + legendH)
	c := newCanvas(width, height, paper)
	c.minText = o.MinText
	if c.over != nil {
		return c.image()
	}
	at := func(x, y int) (float64, float64) { return margin + float64(x)*cell, margin + float64(y)*cell }
	terrainColor := rules.TerrainColors()
	for y := 0; y < l.H; y++ {
		for x := 0; x < l.W; x++ {
			px, py := at(x, y)
			c.fillRect(px, py, px+cell, py+cell, terrainColor(l.At(x, y)))
		}
	}
	c.strokeRect(margin-1, margin-1, margin+float64(l.W)*cell+1, margin+float64(l.H)*cell+1, 1, ink)
	// Goals first, under the people.
	for i, p := range l.People {
		if p.AI == nil || p.AI.GoalX < 0 || p.AI.GoalY < 0 || p.Side != 1 || p.AI.Attack == -1 {
			continue
		}
		_ = i
		gx, gy := at(p.AI.GoalX, p.AI.GoalY)
		px, py := at(p.X, p.Y)
		col := tint(PlayerColor(p.Side), 0.3)
		c.line(px+cell/2, py+cell/2, gx+cell/2, gy+cell/2, max(1, k), col)
		c.line(gx+cell*0.2, gy+cell*0.2, gx+cell*0.8, gy+cell*0.8, 2*k, col)
		c.line(gx+cell*0.8, gy+cell*0.2, gx+cell*0.2, gy+cell*0.8, 2*k, col)
	}
	sides := map[int]int{}
	for _, p := range l.People {
		sides[p.Side]++
		px, py := at(p.X, p.Y)
		c.fillCircle(px+cell/2, py+cell/2, cell*0.45, PlayerColor(p.Side))
		if cell >= 12 {
			c.text(px+cell/2, py+cell/2, cell*0.6, white, anchorCentre, string([]rune(p.Name + "?")[0]))
		}
	}
	// Legend: terrains with their costs, then the sides.
	ly := margin + float64(l.H)*cell + 18*k
	lx := margin
	if rules != nil {
		for i, t := range rules.Terrains {
			label := fmt.Sprintf("%s %d", t.Name, t.Weight)
			c.fillRect(lx, ly-6*k, lx+12*k, ly+6*k, rules.TerrainColor(i))
			c.strokeRect(lx, ly-6*k, lx+12*k, ly+6*k, 1, gridLine)
			c.text(lx+16*k, ly, 11*k, ink, anchorLeft, label)
			lx += 28*k + textWidth(11*k, label)
		}
	} else {
		c.text(lx, ly, 11*k, faint, anchorLeft, "terrain ids (no rules given: names and colours unknown)")
	}
	ly += 22 * k
	c.fillCircle(margin+6*k, ly, 6*k, PlayerColor(0))
	c.text(margin+16*k, ly, 11*k, ink, anchorLeft, fmt.Sprintf("side 0: %d", sides[0]))
	c.fillCircle(margin+96*k, ly, 6*k, PlayerColor(1))
	c.text(margin+106*k, ly, 11*k, ink, anchorLeft, fmt.Sprintf("side 1: %d", sides[1]))
	c.text(margin+190*k, ly, 11*k, faint, anchorLeft, fmt.Sprintf("%d×%d", l.W, l.H))
	return c.image()
}

// RulesSheet draws ftbt rules: the terrains with their colours and costs,
// and every tech's target stencil (the user in the middle, target cells
// around it, the area effect's radius), class, value and duration.
func RulesSheet(rs *ftbt.Rules, o Options) image.Image {
	k := o.scale()
	margin := 14 * k
	cardW, cardH := 210*k, 230*k
	perRow := 4
	rows := (len(rs.Techs) + perRow - 1) / perRow
	width := int(2*margin + float64(perRow)*cardW)
	height := int(2*margin + 70*k + float64(rows)*cardH)
	c := newCanvas(width, height, paper)
	c.minText = o.MinText
	if c.over != nil {
		return c.image()
	}
	x := margin
	c.text(x, margin+8*k, 14*k, ink, anchorLeft, fmt.Sprintf("%d terrains · %d techs · MAX_ABI %d · MAX_FLY_WEIGHT %d", len(rs.Terrains), len(rs.Techs), rs.MaxAbi, rs.MaxFlyWeight))
	y := margin + 36*k
	for i, t := range rs.Terrains {
		label := fmt.Sprintf("%s %d", t.Name, t.Weight)
		c.fillRect(x, y-8*k, x+16*k, y+8*k, rs.TerrainColor(i))
		c.strokeRect(x, y-8*k, x+16*k, y+8*k, 1, gridLine)
		c.text(x+20*k, y, 12*k, ink, anchorLeft, label)
		x += 36*k + textWidth(12*k, label)
	}
	for i, t := range rs.Techs {
		cx := margin + float64(i%perRow)*cardW
		cy := margin + 70*k + float64(i/perRow)*cardH
		techCard(c, rs, t, i, cx, cy, cardW-10*k, cardH-10*k, k)
	}
	return c.image()
}

func techCard(c *canvas, rs *ftbt.Rules, t ftbt.Tech, id int, x, y, w, h, k float64) {
	c.fillRect(x, y, x+w, y+h, white)
	c.strokeRect(x, y, x+w, y+h, 1, gridLine)
	class := fmt.Sprint(t.Class)
	if t.Class >= 0 && t.Class < len(ftbt.ClassNames) {
		class = ftbt.ClassNames[t.Class]
	}
	c.text(x+8*k, y+14*k, 13*k, ink, anchorLeft, fitText(13*k, w-16*k, fmt.Sprintf("%d %s", id, t.Name)))
	detail := fmt.Sprintf("%s · value %d", class, t.Value)
	if t.Duration != 0 {
		detail += fmt.Sprintf(" · %d turns", t.Duration)
	}
	if t.IsLong {
		detail += " · long"
	}
	c.text(x+8*k, y+32*k, 10*k, faint, anchorLeft, fitText(10*k, w-16*k, detail))
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
			c.fillRect(px, py, px+size, py+size, col)
			c.strokeRect(px, py, px+size, py+size, 1, gridLine)
		}
	}
	// The user, and the area effect around the first target (dashed).
	ux, uy := ox+float64(span)*size, oy+float64(span)*size
	c.fillCircle(ux+size/2, uy+size/2, size*0.35, ink)
	if area > 0 && len(t.Range) > 0 {
		d := t.Range[0]
		tx, ty := ux+float64(d[0])*size+size/2, uy+float64(d[1])*size+size/2
		r := float64(area) * size
		c.line(tx-r, ty, tx, ty-r, max(1, k), PlayerColor(1))
		c.line(tx, ty-r, tx+r, ty, max(1, k), PlayerColor(1))
		c.line(tx+r, ty, tx, ty+r, max(1, k), PlayerColor(1))
		c.line(tx, ty+r, tx-r, ty, max(1, k), PlayerColor(1))
	}
	var allowed []string
	for i, ok := range t.Allowed {
		if ok && i < len(rs.Terrains) {
			allowed = append(allowed, rs.Terrains[i].Name)
		}
	}
	c.text(x+8*k, y+h-10*k, 10*k, faint, anchorLeft, fitText(10*k, w-16*k, fmt.Sprintf("AoE %d (%d%%) · on %s", t.AoeRange, t.AoeRatio, strings.Join(allowed, ""))))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
