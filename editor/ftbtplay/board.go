package ftbtplay

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/ftbtview"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/editor/play"
	ftbteng "github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/preview"
)

// The board of an ftbt game is the level editor's map (grid.GridView,
// which navigates as every map of the studio) with the people drawn as the
// level editor draws them, their hp as bars, the cells' effects as corner
// marks and the current question's choices as tinted cells.

// Colours of the marks on the board.
var (
	ftbtReach       = color.NRGBA{0xff, 0xff, 0xff, 0x48} // reachable, not a destination
	ftbtDest        = color.NRGBA{0xff, 0xd7, 0x00, 0x80} // a destination
	ftbtRange       = color.NRGBA{0xff, 0xb0, 0x50, 0x60} // in a tech's range
	ftbtTarget      = color.NRGBA{0xe0, 0x20, 0x20, 0x78} // a target a use is accepted on
	ftbtArea        = color.NRGBA{0xff, 0x60, 0x00, 0x58} // the area effect of the hovered target
	ftbtFlash       = color.NRGBA{0xff, 0x20, 0x20, 0x70} // the cells the last tech hit
	ftbtFrame       = color.NRGBA{0xff, 0xd7, 0x00, 0xff} // people who may act, the actor
	ftbtTargetFrame = color.NRGBA{0xd0, 0x10, 0x10, 0xff} // around a target
	ftbtHPBack      = color.NRGBA{0x20, 0x20, 0x20, 0xc0}
	ftbtEffectCs    = [ftbteng.NumEffects]color.NRGBA{ // attack, defence, fly, shield marks
		{0xff, 0x70, 0x20, 0xff}, {0x30, 0x90, 0xff, 0xff}, {0xf0, 0xf0, 0xf0, 0xff}, {0x60, 0x60, 0x60, 0xff}}
)

// ftbtTerrain shows a level's terrain in the rules' colours.
type ftbtTerrain struct{ m *ftbtMatch }

func (t ftbtTerrain) GridSize() (int, int) { return t.m.level.W, t.m.level.H }

func (t ftbtTerrain) CellColor(x, y int) color.RGBA {
	return t.m.rules.TerrainColor(t.m.level.At(x, y))
}

// newBoard builds the board: a toolbar with the round, zoom buttons and
// what the pointer is on, over the map.
func (m *ftbtMatch) newBoard() fyne.CanvasObject {
	m.grid = grid.NewGridView(ftbtTerrain{m})
	m.grid.Overlay = m.overlay
	m.grid.OnTap = func(x, y int) {
		if m.q.onCell != nil {
			m.q.onCell(y*m.level.W + x)
		}
	}
	m.grid.OnHover = m.hovered
	m.round = widget.NewLabelWithStyle("Round 1", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	m.info = widget.NewLabel("")
	m.info.Truncation = fyne.TextTruncateEllipsis
	fitter := play.NewGridFit(m.grid)
	bar := container.NewBorder(nil, nil, container.NewHBox(append(fitter.Buttons(), m.round)...), nil, m.info)
	return container.NewBorder(bar, nil, nil, nil, container.New(fitter, m.grid))
}

// hovered shows what is on the cell under the pointer and, when a tech's
// target is asked, its area around that cell.
func (m *ftbtMatch) hovered(x, y int) {
	c := -1
	if x >= 0 && y >= 0 {
		c = y*m.level.W + x
	}
	if c == m.hover {
		return
	}
	m.hover = c
	m.info.SetText(m.describeCell(c))
	if m.q.tech >= 0 {
		m.Show()
	}
}

// describeCell says what is on cell c: terrain, person, effects.
func (m *ftbtMatch) describeCell(c int) string {
	if c < 0 || c >= m.level.Terrain.Len() {
		return ""
	}
	tid := m.level.Terrain.At(c)
	parts := []string{m.cellName(c) + " " + m.terrainName(tid)}
	for p, at := range m.pos {
		if at == c {
			parts = append(parts, m.personLine(p)+" of "+m.sideName(m.level.People[p].Side))
		}
	}
	for s := range m.aux {
		for k, e := range m.aux[s][c] {
			if e.Val != 0 {
				eff := "shielded from long-range attacks"
				if k != ftbteng.EffectDL {
					eff = fmt.Sprintf([]string{"attack +%d", "defence +%d", "move cost %d"}[k], e.Val)
				}
				if e.Dur > 0 {
					eff += fmt.Sprintf(" (%d rounds)", e.Dur)
				}
				parts = append(parts, m.sideName(s)+": "+eff)
			}
		}
	}
	return strings.Join(parts, " · ")
}

func (m *ftbtMatch) terrainName(id int) string {
	if id >= 0 && id < len(m.rules.Terrains) {
		t := m.rules.Terrains[id]
		return fmt.Sprintf("%s (cost %d)", t.Name, t.Weight)
	}
	return fmt.Sprintf("terrain %d", id)
}

// reveal scrolls the map so that cell c is in view.
func (m *ftbtMatch) reveal(c int) {
	size := m.grid.Size()
	if c < 0 || size.Width <= 0 || size.Height <= 0 {
		return
	}
	x, y := c%m.level.W, c/m.level.W
	p := m.grid.CellCentre(x, y)
	if p.X >= 0 && p.Y >= 0 && p.X <= size.Width && p.Y <= size.Height {
		return
	}
	m.grid.OffsetX = (float64(x)+0.5)*m.grid.Zoom - float64(size.Width)/2
	m.grid.OffsetY = (float64(y)+0.5)*m.grid.Zoom - float64(size.Height)/2
}

// overlay draws, over the terrain, the effects, the question's choices,
// the last tech's hits and the people.
func (m *ftbtMatch) overlay(img *image.RGBA, cell func(x, y int) (float64, float64, float64)) {
	_, _, s := cell(0, 0)
	p := cellPainter{img: img, w: m.level.W, s: s, cell: cell}
	m.drawEffects(p)
	centre := m.drawChoices(p)
	m.drawPeople(p)
	m.drawFrames(p, centre)
}

// cellPainter draws on the board's image cell by cell.
type cellPainter struct {
	img  *image.RGBA
	w    int     // the level's width in cells
	s    float64 // the side of a cell in pixels
	cell func(x, y int) (float64, float64, float64)
}

// at is the top left corner of cell c.
func (p cellPainter) at(c int) (float64, float64) {
	px, py, _ := p.cell(c%p.w, c/p.w)
	return px, py
}

// fill fills cell c with col.
func (p cellPainter) fill(c int, col color.Color) {
	px, py := p.at(c)
	ftbtFill(p.img, px, py, px+p.s, py+p.s, col)
}

// frame draws a frame of the width around cell c.
func (p cellPainter) frame(c int, width float64, col color.Color) {
	px, py := p.at(c)
	ftbtFrameBox(p.img, px, py, px+p.s, py+p.s, width, col)
}

// drawEffects draws the cell effects: a small square in a corner per
// kind, in the side's colour ringed by the kind's colour.
func (m *ftbtMatch) drawEffects(p cellPainter) {
	s := p.s
	if s < 6 {
		return
	}
	mark := s / 5
	corners := [ftbteng.NumEffects][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}}
	for side := range m.aux {
		col := preview.PlayerColor(side)
		for c, effs := range m.aux[side] {
			for k, e := range effs {
				if e.Val == 0 {
					continue
				}
				px, py := p.at(c)
				x0 := px + 1 + corners[k][0]*(s-mark-2)
				y0 := py + 1 + corners[k][1]*(s-mark-2)
				ftbtFill(p.img, x0, y0, x0+mark, y0+mark, ftbtEffectCs[k])
				ftbtFill(p.img, x0+mark/4, y0+mark/4, x0+mark*3/4, y0+mark*3/4, col)
			}
		}
	}
}

// drawChoices marks the question's cells (the reach, the destinations,
// the range, the targets, the tech's area) and the last tech's hits; it
// returns the centre of the area shown (-1: none).
func (m *ftbtMatch) drawChoices(p cellPainter) int {
	q := m.q
	for _, c := range q.reach {
		if !slices.Contains(q.dests, c) {
			p.fill(c, ftbtReach)
		}
	}
	for _, c := range q.dests {
		p.fill(c, ftbtDest)
	}
	for _, c := range q.rng {
		p.fill(c, ftbtRange)
	}
	for _, c := range q.targets {
		p.fill(c, ftbtTarget)
	}
	// The area of effect around the hovered cell of the range, or around
	// the first target when the pointer is elsewhere.
	centre := -1
	switch {
	case q.tech < 0:
	case slices.Contains(q.rng, m.hover):
		centre = m.hover
	case len(q.targets) > 0:
		centre = q.targets[0]
	}
	if centre >= 0 {
		for _, c := range m.techArea(q.tech, q.actor, centre) {
			p.fill(c, ftbtArea)
		}
	}
	for _, c := range m.flash {
		p.fill(c, ftbtFlash)
	}
	return centre
}

// drawPeople draws the people, those who already acted this round paler,
// the one walking over the others, each with its health bar.
func (m *ftbtMatch) drawPeople(p cellPainter) {
	s := p.s
	done := map[int]bool{}
	for i, pp := range m.g.People() {
		done[i] = pp.Finished && pp.Side == m.side
	}
	order := make([]int, 0, len(m.pos))
	for i := range m.pos {
		if i != m.moving {
			order = append(order, i)
		}
	}
	if m.moving >= 0 && m.moving < len(m.pos) {
		order = append(order, m.moving) // the walker passes over its own side
	}
	labels := ftbtview.PersonLabels(m.level.People)
	for _, i := range order {
		c := m.pos[i]
		if c < 0 || i >= len(m.level.People) {
			continue
		}
		person := m.level.People[i]
		col := preview.PlayerColor(person.Side)
		if done[i] {
			col = preview.Tint(col, 0.55)
		}
		px, py := p.at(c)
		ftbtview.DrawPerson(p.img, px, py, s, col, labels[i])
		if s >= 10 && person.HP > 0 {
			frac := math.Min(1, float64(m.hp[i])/float64(person.HP))
			x0, x1 := px+s*0.12, px+s*0.88
			y0, y1 := py+s*0.84, py+s*0.84+max(2, s/9)
			ftbtFill(p.img, x0, y0, x1, y1, ftbtHPBack)
			ftbtFill(p.img, x0, y0, x0+(x1-x0)*frac, y1, ftbtHPColour(frac))
		}
	}
}

// drawFrames frames, over the people, who may act, the targets, the
// hovered centre of the area shown and the actor.
func (m *ftbtMatch) drawFrames(p cellPainter, centre int) {
	q, s := m.q, p.s
	for _, c := range q.pick {
		p.frame(c, max(2, s/10), ftbtFrame)
	}
	for _, c := range q.targets {
		p.frame(c, max(2, s/10), ftbtTargetFrame)
	}
	if centre >= 0 && centre == m.hover {
		p.frame(centre, max(2, s/8), ftbtFrame)
	}
	if q.actor >= 0 && q.actor < len(m.pos) && m.pos[q.actor] >= 0 {
		p.frame(m.pos[q.actor], max(2, s/7), ftbtFrame)
	}
}

// ftbtHPColour is green for full health, yellow at half, red when low.
func ftbtHPColour(frac float64) color.NRGBA {
	switch {
	case frac > 0.5:
		return color.NRGBA{0x3c, 0xc0, 0x3c, 0xff}
	case frac > 0.25:
		return color.NRGBA{0xf0, 0xc0, 0x20, 0xff}
	}
	return color.NRGBA{0xe0, 0x30, 0x20, 0xff}
}

// ftbtFill blends col over the rectangle (x0, y0)–(x1, y1) of img.
func ftbtFill(img *image.RGBA, x0, y0, x1, y1 float64, col color.Color) {
	preview.CanvasOn(img).FillRect(x0, y0, x1, y1, col)
}

// ftbtFrameBox draws the inside border of a rectangle, width thick.
func ftbtFrameBox(img *image.RGBA, x0, y0, x1, y1, width float64, col color.Color) {
	ftbtFill(img, x0, y0, x1, y0+width, col)
	ftbtFill(img, x0, y1-width, x1, y1, col)
	ftbtFill(img, x0, y0+width, x0+width, y1-width, col)
	ftbtFill(img, x1-width, y0+width, x1, y1-width, col)
}
