// Package charts draws the charts of a balance report (package sim) for
// the studio's balance view, `shapan sim --chart` and the README: the win
// rates with their 95 % intervals, a histogram of the games' lengths, and
// a heat map of the fights drawn over the scenario's preview: for mbg the
// battles and captures on the board, for ftbt the damage on the level's
// grid, for planets the battles and captures on the planet graph. It
// draws with package preview, so the charts look like the previews and
// show Chinese names; it needs no GUI.
package charts

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/preview"
)

// Options adjust a chart.
type Options struct {
	// Scale multiplies every size (0 or 1: the default size).
	Scale float64
	// English writes the charts' words in English (the studio's
	// interface); they are in Chinese otherwise, as the games' own.
	English bool
}

// Size is the scale every size is multiplied by (1 when Scale is unset).
func (o Options) Size() float64 {
	if o.Scale <= 0 {
		return 1
	}
	return o.Scale
}

// The size of the win-rate and length charts at scale 1, and their plot
// area's margins.
const (
	ChartWidth  = 560
	ChartHeight = 340
	plotLeft    = 56
	plotRight   = 20
	plotTop     = 48
	plotBottom  = 48
)

var (
	ink    = preview.InkColor
	faint  = preview.FaintColor
	grid   = preview.GridColor
	paper  = preview.PaperColor
	accent = color.RGBA{0xff, 0x7f, 0x0e, 0xff} // capped games, means
)

// plot is a chart's canvas and its plot area.
type plot struct {
	o                      Options
	c                      *preview.Canvas
	k                      float64
	left, right, top, base float64 // the plot area; base is the bottom
}

func newPlot(o Options, title string) *plot {
	k := o.Size()
	w, h := ChartWidth*k, ChartHeight*k
	p := &plot{o: o, c: preview.NewCanvas(int(w), int(h), paper), k: k,
		left: plotLeft * k, right: w - plotRight*k, top: plotTop * k, base: h - plotBottom*k}
	p.c.Text(16*k, 22*k, 15*k, ink, preview.AnchorLeft, preview.FitText(15*k, w-32*k, title))
	return p
}

// y returns the height of value v on an axis from 0 to top.
func (p *plot) y(v, top float64) float64 {
	if top <= 0 {
		return p.base
	}
	return p.base - (p.base-p.top)*v/top
}

// hline draws a horizontal grid line at value v with its label.
func (p *plot) hline(v, top float64, label string) {
	y := p.y(v, top)
	p.c.Line(p.left, y, p.right, y, 1*p.k, grid)
	p.c.Text(p.left-6*p.k, y, 11*p.k, faint, preview.AnchorRight, label)
}

// dashed draws a horizontal dashed line.
func (p *plot) dashed(x0, x1, y float64, col color.Color) {
	for x := x0; x < x1; x += 10 * p.k {
		p.c.Line(x, y, min(x+6*p.k, x1), y, 1.5*p.k, col)
	}
}

// vdashed draws a vertical dashed line.
func (p *plot) vdashed(x, y0, y1 float64, col color.Color) {
	for y := y0; y < y1; y += 8 * p.k {
		p.c.Line(x, y, x, min(y+5*p.k, y1), 1.5*p.k, col)
	}
}

// label draws centred text on a patch of paper, readable over grid lines.
func (p *plot) label(x, y, size float64, s string) {
	w := preview.TextWidth(size, s)
	p.c.FillRect(x-w/2-2*p.k, y-size*0.6, x+w/2+2*p.k, y+size*0.6, paper)
	p.c.Text(x, y, size, ink, preview.AnchorCentre, s)
}

func (p *plot) empty() image.Image {
	p.c.Text((p.left+p.right)/2, (p.top+p.base)/2, 14*p.k, faint, preview.AnchorCentre, p.o.Tr("没有完成的对局"))
	return p.c.Image()
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// WinRates draws the win rate of every side taking part (and of draws,
// if any) as bars with the 95 % Wilson interval as whiskers, on an axis
// from 0 to 100 %; a dashed line marks the fair share (one in the number
// of sides).
func WinRates(r *sim.Report, o Options) image.Image {
	title := fmt.Sprintf(o.Tr("胜率与 95%% 置信区间 · %d 局"), r.Games)
	if r.Scenario != "" {
		title = r.Scenario + " · " + title
	}
	p := newPlot(o, title)
	k := p.k
	p.right -= 40 * k // room for the fair-share label
	if r.Games == 0 {
		return p.empty()
	}
	type bar struct {
		label string
		p     sim.Proportion
		col   color.RGBA
	}
	var bars []bar
	for _, s := range r.Sides {
		if !s.Absent {
			bars = append(bars, bar{s.Name, s.Wins, preview.PlayerColor(s.Index)})
		}
	}
	sides := len(bars)
	if r.Draws.Count > 0 {
		bars = append(bars, bar{o.Tr("平局"), r.Draws, preview.PlayerColor(-1)})
	}
	for v := 0; v <= 100; v += 25 {
		p.hline(float64(v), 100, fmt.Sprintf("%d%%", v))
	}
	slot := (p.right - p.left) / float64(max(len(bars), 1))
	bw := min(slot*0.56, 90*k)
	for i, b := range bars {
		cx := p.left + slot*(float64(i)+0.5)
		p.c.FillRect(cx-bw/2, p.y(b.p.Rate, 1), cx+bw/2, p.base, b.col)
		lo, hi := p.y(b.p.Low, 1), p.y(b.p.High, 1)
		cap := min(bw*0.35, 14*k)
		p.c.Line(cx, hi, cx, lo, 2*k, ink)
		p.c.Line(cx-cap, hi, cx+cap, hi, 2*k, ink)
		p.c.Line(cx-cap, lo, cx+cap, lo, 2*k, ink)
		p.label(cx, hi-10*k, 12*k, pct(b.p.Rate))
		p.c.Text(cx, p.base+16*k, 13*k, ink, preview.AnchorCentre, preview.FitText(13*k, slot-4*k, b.label))
		p.c.Text(cx, p.base+33*k, 10*k, faint, preview.AnchorCentre, fmt.Sprintf(o.Tr("%d 胜"), b.p.Count))
	}
	p.c.Line(p.left, p.base, p.right, p.base, 1.5*k, ink)
	if sides > 1 {
		fair := 1 / float64(sides)
		y := p.y(fair, 1)
		p.dashed(p.left, p.right, y, faint)
		p.c.Text(p.right+4*k, y-7*k, 10*k, faint, preview.AnchorLeft, o.Tr("均势"))
		p.c.Text(p.right+4*k, y+7*k, 10*k, faint, preview.AnchorLeft, pct(fair))
	}
	return p.c.Image()
}

// niceStep returns the smallest of 1, 2, 5, 10, 20, 50, … at least x.
func niceStep(x float64) int {
	for m := 1; ; m *= 10 {
		for _, s := range []int{1, 2, 5} {
			if float64(s*m) >= x {
				return s * m
			}
		}
	}
}

// Lengths draws a histogram of the games' lengths in turns (bins of a
// round number of turns, at most 30 of them), with the games stopped at
// the turn cap stacked in another colour on the longest bin, and dashed
// lines at the mean and the median.
func Lengths(r *sim.Report, o Options) image.Image {
	l := r.Length
	p := newPlot(o, fmt.Sprintf(o.Tr("对局长度（回合）· 平均 %.1f · 中位 %g · p90 %d"), l.Mean, l.Median, l.P90))
	k := p.k
	if r.Games == 0 || len(l.Histogram) == 0 {
		return p.empty()
	}
	width := niceStep(float64(l.Max-l.Min+1) / 30)
	first := l.Min / width * width
	nbins := l.Max/width - l.Min/width + 1
	counts := make([]int, nbins)
	for _, h := range l.Histogram {
		counts[(h.Turns-first)/width] += h.Games
	}
	capped := make([]int, nbins)
	if last := nbins - 1; r.Capped.Count > 0 && r.Capped.Count <= counts[last] {
		capped[last] = r.Capped.Count // capped games are the longest
	}
	top := 0
	for _, n := range counts {
		top = max(top, n)
	}
	step := niceStep(float64(top) / 4)
	yTop := float64((top + step - 1) / step * step)
	for v := 0; float64(v) <= yTop; v += step {
		p.hline(float64(v), yTop, fmt.Sprint(v))
	}
	binW := (p.right - p.left) / float64(nbins)
	xOf := func(turns float64) float64 { // a length's position, bins centred on theirs
		return p.left + (turns-float64(first)+0.5)/float64(nbins*width)*(p.right-p.left)
	}
	label := max(1, niceStep(float64(nbins)/10))
	for i, n := range counts {
		x0 := p.left + float64(i)*binW
		gap := min(binW*0.12, 3*k)
		if n > 0 {
			p.c.FillRect(x0+gap/2, p.y(float64(n), yTop), x0+binW-gap/2, p.base, preview.PlayerColor(1))
		}
		if c := capped[i]; c > 0 {
			p.c.FillRect(x0+gap/2, p.y(float64(c), yTop), x0+binW-gap/2, p.base, accent)
		}
		if i%label == 0 {
			p.c.Line(x0, p.base, x0, p.base+4*k, 1*k, ink)
			p.c.Text(x0, p.base+14*k, 10*k, faint, preview.AnchorCentre, fmt.Sprint(first+i*width))
		}
	}
	p.c.Line(p.left, p.base, p.right, p.base, 1.5*k, ink)
	// The mean's and the median's lines, each labelled on its outer side.
	meanSide := 1.0
	if l.Mean < l.Median {
		meanSide = -1
	}
	marker := func(v float64, side float64, col color.RGBA, text string) {
		x := xOf(v)
		p.vdashed(x, p.top, p.base, col)
		a := preview.AnchorLeft
		if side < 0 {
			a = preview.AnchorRight
		}
		p.c.Text(x+side*4*k, p.top+6*k, 10*k, col, a, text)
	}
	marker(l.Median, -meanSide, faint, o.Tr("中位"))
	marker(l.Mean, meanSide, ink, o.Tr("平均"))
	caption := fmt.Sprintf(o.Tr("每格 %d 回合 · %d–%d 回合"), width, l.Min, l.Max)
	if width == 1 {
		caption = fmt.Sprintf(o.Tr("%d–%d 回合"), l.Min, l.Max)
	}
	p.c.Text(p.left, p.base+32*k, 10*k, faint, preview.AnchorLeft, caption)
	if r.Capped.Count > 0 {
		x := p.right
		capped := fmt.Sprintf(o.Tr("达到回合上限 %d 局 (%s)"), r.Capped.Count, pct(r.Capped.Rate))
		p.c.Text(x, p.base+32*k, 10*k, ink, preview.AnchorRight, capped)
		w := preview.TextWidth(10*k, capped)
		p.c.FillRect(x-w-14*k, p.base+27*k, x-w-4*k, p.base+37*k, accent)
	}
	return p.c.Image()
}

// Summary draws the win rates and the lengths side by side and the heat
// map (Heatmap) below them, when the report has one.
func Summary(r *sim.Report, o Options) image.Image {
	a, b := WinRates(r, o), Lengths(r, o)
	h := Heatmap(r, o)
	w := a.Bounds().Dx() + b.Bounds().Dx()
	top := max(a.Bounds().Dy(), b.Bounds().Dy())
	height := top
	if h != nil {
		w = max(w, h.Bounds().Dx())
		height += h.Bounds().Dy()
	}
	c := preview.NewCanvas(w, height, paper)
	img := c.Image()
	draw.Draw(img, a.Bounds(), a, image.Point{}, draw.Src)
	draw.Draw(img, b.Bounds().Add(image.Pt(a.Bounds().Dx(), 0)), b, image.Point{}, draw.Src)
	if h != nil {
		at := image.Pt((w-h.Bounds().Dx())/2, top)
		draw.Draw(img, h.Bounds().Add(at), h, image.Point{}, draw.Src)
		k := o.Size()
		c.Line(16*k, float64(top), float64(w)-16*k, float64(top), 1*k, grid)
	}
	return img
}

// lerp mixes two colours: t 0 is a, 1 is b.
func lerp(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
}
