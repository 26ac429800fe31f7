package planets

import (
	"fmt"
	"github.com/shapan/shapan/preview"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/planets"
)

func init() {
	preview.Register(planets.Kind, func(doc *formats.Document, o preview.Options) (image.Image, error) {
		m, ok := doc.Value.(*planets.Map)
		if !ok {
			return nil, fmt.Errorf("not a Planet-Conquer map")
		}
		return PlanetMap(m, o), nil
	})
}

// PlanetMap draws a Planet-Conquer map: the planets at their grid cells
// (size by production cap; start planets ringed in their player's colour
// with the start number), the routes with their step counts, and a legend.
func PlanetMap(m *planets.Map, o preview.Options) image.Image {
	k := o.Factor()
	w, h := m.MapSize()
	l := PlanetMapLayout(m, o)
	cell, margin := l.Cell, l.Margin
	c := preview.NewCanvas(l.Width, l.Height, color.RGBA{0x16, 0x1b, 0x2e, 0xff})
	c.SetMinText(o.MinText)
	if c.TooLarge() {
		return c.Result()
	}
	centre := l.Centre
	// Faint grid dots.
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			cx, cy := centre(planets.Point{X: x, Y: y})
			c.FillRect(cx-1, cy-1, cx+1, cy+1, color.RGBA{0x34, 0x3b, 0x55, 0xff})
		}
	}
	pos := m.Positions()
	// Routes first, under the planets.
	routeInk := color.RGBA{0x7f, 0x8c, 0xb0, 0xff}
	for _, r := range m.Routes {
		a, okA := pos[r.From.Key()]
		b, okB := pos[r.To.Key()]
		if !okA || !okB {
			continue
		}
		ax, ay := centre(a)
		bx, by := centre(b)
		c.Line(ax, ay, bx, by, 2*k, routeInk)
		mx, my := (ax+bx)/2, (ay+by)/2
		label := r.Steps.Describe()
		c.FillRect(mx-preview.TextWidth(10*k, label)/2-3*k, my-7*k, mx+preview.TextWidth(10*k, label)/2+3*k, my+7*k, color.RGBA{0x16, 0x1b, 0x2e, 0xff})
		c.Text(mx, my, 10*k, color.RGBA{0xd8, 0xdf, 0xf0, 0xff}, preview.AnchorCentre, label)
	}
	// Start order of every planet.
	startOf := map[string][]int{}
	for i, s := range m.Starts {
		startOf[s.Key()] = append(startOf[s.Key()], i)
	}
	for _, p := range m.Planets {
		at, ok := pos[p.Token.Key()]
		if !ok {
			continue
		}
		cx, cy := centre(at)
		r := PlanetRadius(&p, cell)
		body := color.RGBA{0xc9, 0xb3, 0x7e, 0xff}
		if strings.Contains(strings.ToLower(p.Type.Text()), "base") {
			body = color.RGBA{0xe0, 0x9b, 0x5a, 0xff}
		} else if strings.Contains(strings.ToLower(p.Type.Text()), "resource") {
			body = color.RGBA{0x8f, 0xc9, 0x8a, 0xff}
		}
		if starts := startOf[p.Token.Key()]; len(starts) > 0 {
			ring := preview.PlayerColor(starts[0])
			c.FillCircle(cx, cy, r+4*k, ring)
			c.Text(cx+r+2*k, cy-r-2*k, 10*k, ring, preview.AnchorLeft, fmt.Sprint(starts[0]+1))
		}
		c.FillCircle(cx, cy, r, body)
		c.Text(cx, cy, math.Max(8, r*0.95), color.RGBA{0x16, 0x1b, 0x2e, 0xff}, preview.AnchorCentre, p.Name())
		if cell >= 36*k {
			c.Text(cx, cy+r+8*k, 9*k, color.RGBA{0xb8, 0xc0, 0xd8, 0xff}, preview.AnchorCentre,
				fmt.Sprintf("防%s 产%s+%s 限%s", p.Def.Describe(), p.Res.Describe(), p.Cos.Describe(), p.Max.Describe()))
		}
	}
	planetLegend(c, m, margin+float64(max(h, 1))*cell+20*k, margin, k)
	return c.Result()
}

// planetLegend draws the lines below a planet map, from ly: its name and
// sizes, and its rules.
func planetLegend(c *preview.Canvas, m *planets.Map, ly, margin, k float64) {
	title := m.Get("name").Describe()
	if n := m.Get("name"); n.Type() == planets.Str {
		title = n.Text()
	}
	c.Text(margin, ly, 13*k, color.RGBA{0xf0, 0xf0, 0xf0, 0xff}, preview.AnchorLeft,
		fmt.Sprintf("%s · %d planets · %d routes · %d starts", title, len(m.Planets), len(m.Routes), len(m.Starts)))
	fee := "off"
	if m.MaintainFeeOn() {
		fee = "on"
	}
	c.Text(margin, ly+20*k, 11*k, color.RGBA{0xb8, 0xc0, 0xd8, 0xff}, preview.AnchorLeft,
		fmt.Sprintf("max_round %s · players %s–%s · start_unit %s · maintenance fee %s · 防 def · 产 res+cos · 限 max",
			m.Get(planets.MapFields.Field("max_round").Key).Describe(), m.Get(planets.MapFields.Field("min_player").Key).Describe(),
			m.Get(planets.MapFields.Field("max_player").Key).Describe(), m.Get(planets.MapFields.Field("start_unit").Key).Describe(), fee))
}

// PlanetLayout is the geometry of a PlanetMap image, in its pixels: the
// size of a grid cell, the margin around the grid, the image's size and
// the height of the map above the legend.
type PlanetLayout struct {
	Cell, Margin             float64
	Width, Height, MapHeight int
}

// Centre returns the centre of grid cell p.
func (l PlanetLayout) Centre(p planets.Point) (x, y float64) {
	return l.Margin + (float64(p.X)+0.5)*l.Cell, l.Margin + (float64(p.Y)+0.5)*l.Cell
}

// PlanetMapLayout returns the geometry PlanetMap draws m with (test play
// draws the game over the same map).
func PlanetMapLayout(m *planets.Map, o preview.Options) PlanetLayout {
	k := o.Factor()
	w, h := m.MapSize()
	cell := 44 * k
	if max(w, h) > 0 && float64(max(w, h))*cell > 1400 {
		cell = max(8, 1400/float64(max(w, h)))
	}
	margin := 28 * k
	legendH := 64 * k
	gridH := margin + float64(max(h, 1))*cell
	return PlanetLayout{Cell: cell, Margin: margin,
		Width: max(int(2*margin+float64(max(w, 1))*cell), int(520*k)), Height: int(gridH + margin + legendH),
		MapHeight: int(gridH + 12*k)} // the legend's first line is 20k below the grid
}

// PlanetRadius returns the radius PlanetMap draws planet p with on cells
// of the given size: it grows with the production cap.
func PlanetRadius(p *planets.Planet, cell float64) float64 {
	capacity, _ := p.Max.Float64()
	r := cell * (0.22 + 0.06*math.Log10(math.Max(10, capacity)))
	return math.Min(r, cell*0.45)
}
