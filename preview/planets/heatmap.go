package planets

import (
	"fmt"
	planetseng "github.com/shapan/shapan/engine/planets"
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/shapan/shapan/engine/sim"
	planetssim "github.com/shapan/shapan/engine/sim/planets"
	planetsfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/preview"
	"github.com/shapan/shapan/preview/charts"
)

func init() {
	charts.RegisterHeatmap(planetseng.Family, heatmap)
	charts.RegisterEnglish(english)
}

// heatmap is the heat map of a report of the family (nil for one
// without facts it can place).
func heatmap(r *sim.Report, o charts.Options) image.Image {
	f, ok := r.Facts.Section.(*planetssim.PlanetsFacts)
	if !ok || len(f.Planets) == 0 {
		return nil
	}
	return planetsHeatmap(r, f, o)
}

// english are the heat map's words in English, by their Chinese text.
var english = map[string]string{
	"战%d":  "B%d",
	" 夺%d": " C%d",
	"战斗热图 · %d 局 · 圈色：在此星球的战斗次数": "battle heat map · %d games · ring colour: battles at the planet",
	"战N：战斗次数　夺M：从其他玩家手中夺取的次数":    "B N: battles   C M: times taken from another player",
	"共 %d 场战斗，%d 次夺取，%d 次易主%s":   "%d battles in all, %d captures, %d changes of hands%s",
	"；最激烈：%s（%d 场）":              "; fiercest: %s (%d battles)",
}

// The colours of the planet map's dark background (PlanetMap).
var (
	space     = color.RGBA{0x16, 0x1b, 0x2e, 0xff}
	spaceInk  = color.RGBA{0xf0, 0xf0, 0xf0, 0xff}
	spaceFade = color.RGBA{0xb8, 0xc0, 0xd8, 0xff}
)

// planetsHeatmap draws where the fights of a planets report happened,
// over the planet graph as preview draws it: every planet fought over is
// ringed in the heat colour of its battles (yellow few, red most) and
// labelled with its battles and captures ("战N 夺M") in place of its
// stats line; a legend below names the most contested planet.
func planetsHeatmap(r *sim.Report, f *planetssim.PlanetsFacts, o charts.Options) image.Image {
	k := o.Size()
	var b backdrop
	if m := f.Map(); m != nil {
		b = mapBackdrop(m, preview.Options{Scale: k})
	} else {
		b = bareBackdrop(f, k)
	}
	legendH := 80 * k
	bb := b.img.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, bb.Dx(), bb.Dy()+int(legendH)))
	draw.Draw(img, img.Bounds(), image.NewUniform(space), image.Point{}, draw.Src)
	draw.Draw(img, bb, b.img, bb.Min, draw.Src)
	c := preview.CanvasOn(img)

	most := 0
	for _, p := range f.Planets {
		most = max(most, p.Battles)
	}
	for _, p := range f.Planets {
		x, y, rad, ok := b.place(p.Name, p.X, p.Y)
		if !ok || p.Battles == 0 {
			continue
		}
		t := float64(p.Battles) / float64(most)
		ring(c, x, y, rad+5*k, rad+(8+4*t)*k, charts.HeatColour(t))
		label := fmt.Sprintf(o.Tr("战%d"), p.Battles)
		if p.Captures > 0 {
			label += fmt.Sprintf(o.Tr(" 夺%d"), p.Captures)
		}
		lw := max(preview.TextWidth(10*k, label), preview.TextWidth(9*k, b.stats(p.Name)))
		ly := y + rad + 8*k
		c.FillRect(x-lw/2-2*k, ly-6*k, x+lw/2+2*k, ly+6*k, space)
		c.Text(x, ly, 10*k, charts.HeatColour(math.Max(t, 0.25)), preview.AnchorCentre, label)
	}

	// Legend: the ramp, what the numbers mean, the totals and the most
	// contested planet.
	margin := 28 * k
	ly := float64(bb.Dy()) + 4*k
	w := float64(bb.Dx())
	rampW := min(w-2*margin, 200*k)
	for i := 0; i < int(rampW); i++ {
		c.FillRect(margin+float64(i), ly, margin+float64(i)+1, ly+12*k, charts.HeatColour(float64(i)/rampW))
	}
	c.Text(margin, ly+22*k, 10*k, spaceFade, preview.AnchorLeft, o.Tr("少"))
	c.Text(margin+rampW, ly+22*k, 10*k, spaceFade, preview.AnchorRight, fmt.Sprintf(o.Tr("多 (%d)"), most))
	tx := margin + rampW + 20*k
	tw := w - tx - margin
	lines := []string{
		fmt.Sprintf(o.Tr("战斗热图 · %d 局 · 圈色：在此星球的战斗次数"), r.Games),
		o.Tr("战N：战斗次数　夺M：从其他玩家手中夺取的次数"),
		fmt.Sprintf(o.Tr("共 %d 场战斗，%d 次夺取，%d 次易主%s"), f.Battles, f.Captures, f.Changes, mostContested(f.Planets, o)),
	}
	for i, s := range lines {
		c.Text(tx, ly+6*k+float64(i)*18*k, 11*k, spaceInk, preview.AnchorLeft, preview.FitText(11*k, tw, s))
	}
	return img
}

// backdrop is the planet graph a heat map is drawn over.
type backdrop struct {
	img image.Image
	// place returns the centre and radius of the planet name (at grid
	// cell x, y), or false when it is not drawn.
	place func(name string, x, y int) (cx, cy, r float64, ok bool)
	// stats returns the line written under the planet name ("" for none).
	stats func(name string) string
}

// mapBackdrop is the map as PlanetMap draws it.
func mapBackdrop(m *planetsfmt.Map, po preview.Options) backdrop {
	lay := PlanetMapLayout(m, po)
	byName := map[string]*planetsfmt.Planet{}
	for i := range m.Planets {
		byName[m.Planets[i].Name()] = &m.Planets[i]
	}
	pos := m.Positions()
	withStats := lay.Cell >= 36*po.Scale // as PlanetMap decides
	return backdrop{
		img: PlanetMap(m, po),
		place: func(name string, _, _ int) (float64, float64, float64, bool) {
			pl := byName[name]
			if pl == nil {
				return 0, 0, 0, false
			}
			at, ok := pos[pl.Token.Key()]
			if !ok {
				return 0, 0, 0, false
			}
			x, y := lay.Centre(at)
			return x, y, PlanetRadius(pl, lay.Cell), true
		},
		stats: func(name string) string {
			if pl := byName[name]; pl != nil && withStats {
				return planetStats(pl)
			}
			return ""
		},
	}
}

// planetStats is the line PlanetMap writes under a planet, which
// the heat map's label covers.
func planetStats(p *planetsfmt.Planet) string {
	return fmt.Sprintf("防%s 产%s+%s 限%s", p.Def.Describe(), p.Res.Describe(), p.Cos.Describe(), p.Max.Describe())
}

// maxBareSide bounds the grid drawn for facts without their map (a
// report read back from JSON).
const maxBareSide = 200

// bareBackdrop draws the planets of facts without their map (a report
// read back from JSON): discs with their names at their grid cells, on
// the map's dark background.
func bareBackdrop(f *planetssim.PlanetsFacts, k float64) backdrop {
	w, h := 1, 1
	for _, p := range f.Planets {
		if p.X >= 0 && p.Y >= 0 && p.X < maxBareSide && p.Y < maxBareSide {
			w, h = max(w, p.X+1), max(h, p.Y+1)
		}
	}
	cell, margin := 44*k, 28*k
	c := preview.NewCanvas(max(int(2*margin+float64(w)*cell), int(520*k)), int(2*margin+float64(h)*cell), space)
	place := func(_ string, x, y int) (float64, float64, float64, bool) {
		if x < 0 || y < 0 || x >= w || y >= h {
			return 0, 0, 0, false
		}
		return margin + (float64(x)+0.5)*cell, margin + (float64(y)+0.5)*cell, cell * 0.3, true
	}
	for _, p := range f.Planets {
		if x, y, rad, ok := place(p.Name, p.X, p.Y); ok {
			c.FillCircle(x, y, rad, color.RGBA{0xc9, 0xb3, 0x7e, 0xff})
			c.Text(x, y, rad*0.95, space, preview.AnchorCentre, p.Name)
		}
	}
	return backdrop{img: c.Image(), place: place, stats: func(string) string { return "" }}
}

// ring fills the annulus between the radii inner and outer around (x, y):
// one polygon, the outer circle one way and the inner one back, so the
// inside cancels out.
func ring(c *preview.Canvas, x, y, inner, outer float64, col color.Color) {
	const n = 64
	pts := make([][2]float64, 0, 2*n+2)
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / n
		pts = append(pts, [2]float64{x + outer*math.Cos(a), y + outer*math.Sin(a)})
	}
	for i := n; i >= 0; i-- {
		a := 2 * math.Pi * float64(i) / n
		pts = append(pts, [2]float64{x + inner*math.Cos(a), y + inner*math.Sin(a)})
	}
	c.FillPolygon(pts, col)
}

// mostContested names the planet with the most battles, if any.
func mostContested(ps []planetssim.PlanetFacts, o charts.Options) string {
	best := -1
	for i, p := range ps {
		if p.Battles > 0 && (best < 0 || p.Battles > ps[best].Battles) {
			best = i
		}
	}
	if best < 0 {
		return ""
	}
	return fmt.Sprintf(o.Tr("；最激烈：%s（%d 场）"), ps[best].Name, ps[best].Battles)
}
