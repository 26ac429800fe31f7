package battleplay

import (
	"fmt"
	battlepreview "github.com/shapan/shapan/preview/battle"
	"image"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/ftbtview"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/editor/play"
	battle "github.com/shapan/shapan/engine/battle"
	bfmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/preview"
)

// The board of a battle is the map (grid.GridView: the wheel zooms, a
// right-button drag pans, as in the other play windows) with the game
// drawn over it, a toolbar with the round, the flag and what the pointer
// is on, and beside it both sides' state and heroes.

// Colours of the marks on the board.
var (
	markMove     = color.NRGBA{0xff, 0xd7, 0x00, 0x90} // cells the selected hero may step to
	markTeleport = color.NRGBA{0x60, 0xc0, 0xff, 0x50} // cells 瞬移 reaches
	markRange    = color.NRGBA{0xff, 0x80, 0x30, 0x38} // the selected hero's attack range
	markEdge     = color.NRGBA{0xe0, 0x60, 0x10, 0xd0} // the range's border
	markTarget   = color.NRGBA{0xd0, 0x10, 0x10, 0xff} // enemies and cities in range, the planned target
	markArea     = color.NRGBA{0xff, 0x40, 0x00, 0x60} // 火攻's square
	markFight    = color.NRGBA{0xff, 0x20, 0x20, 0x50} // units hit this round
	markSelect   = color.NRGBA{0xff, 0xd7, 0x00, 0xff} // the selected hero
	markFallen   = color.NRGBA{0x30, 0x30, 0x30, 0xa0} // a fallen city
	markCityRng  = color.NRGBA{0x7a, 0x3b, 0x2e, 0x60} // a standing city's range
	barBack      = color.NRGBA{0x20, 0x20, 0x20, 0xc0}
	barSoldiers  = color.NRGBA{0xf0, 0xf0, 0xf0, 0xff}
	barDefence   = color.NRGBA{0x40, 0x90, 0xe0, 0xff}
)

// board draws a battle and takes the clicks of a person's orders.
type board struct {
	m      *match
	grid   *grid.GridView
	round  *widget.Label
	info   *widget.Label
	sides  [2]*sidePanel
	object fyne.CanvasObject
	hover  battle.Point
	hovers bool // the pointer is on a cell
}

// terrain is the map's cells in the map editor's colours.
type terrain struct{ m *bfmt.Map }

func (t terrain) GridSize() (int, int) { return t.m.W, t.m.H }

func (t terrain) CellColor(x, y int) color.RGBA { return battlepreview.BattleCellColor(t.m.At(x, y)) }

func newBoard(m *match) *board {
	b := &board{m: m}
	b.grid = grid.NewGridView(terrain{m.g.Board().Map})
	b.grid.Overlay = b.overlay
	b.grid.OnTap = func(x, y int) {
		if f := m.form; f != nil {
			f.tap(battle.Point{X: x, Y: y})
		}
	}
	b.grid.OnHover = b.hovered
	b.round = widget.NewLabelWithStyle("Round 1", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	b.info = widget.NewLabel("")
	b.info.Truncation = fyne.TextTruncateEllipsis
	fit := play.NewGridFit(b.grid)
	bar := container.NewBorder(nil, nil, container.NewHBox(append(fit.Buttons(), b.round)...), nil, b.info)
	var panels []fyne.CanvasObject
	for s := range b.sides {
		b.sides[s] = newSidePanel(b, s)
		panels = append(panels, b.sides[s].object)
	}
	side := container.NewVScroll(container.NewVBox(panels...))
	side.SetMinSize(fyne.NewSize(300, 0))
	b.object = container.NewBorder(bar, nil, nil, side, container.New(fit, b.grid))
	return b
}

// show writes the round, the sides and their heroes, and redraws the map.
func (b *board) show() {
	p := b.m.shown
	text := fmt.Sprintf("Round %d of %d", max(p.Round, 1), b.m.cap)
	if p.Round == 1 {
		text += " (the pick round)"
	}
	if b.round.Text != text {
		b.round.SetText(text)
	}
	for _, sp := range b.sides {
		sp.show()
	}
	if b.hovers {
		b.info.SetText(b.describeCell(b.hover))
	}
	b.grid.Redraw()
}

// hovered says what is on the cell under the pointer.
func (b *board) hovered(x, y int) {
	b.hovers = x >= 0 && y >= 0
	b.hover = battle.Point{X: x, Y: y}
	if !b.hovers {
		b.info.SetText("")
		return
	}
	b.info.SetText(b.describeCell(b.hover))
	if f := b.m.form; f != nil && f.wantsArea() {
		b.grid.Redraw()
	}
}

// describeCell says what a cell is and what stands on it.
func (b *board) describeCell(c battle.Point) string {
	bd := b.m.g.Board()
	if !bd.In(c) {
		return ""
	}
	code := bd.Map.At(c.X, c.Y)
	parts := []string{battle.CellOf(c).String()}
	if e, ok := bfmt.ElementByCode(code); ok {
		parts[0] += " " + e.Chinese
	}
	for s := range 2 {
		if bd.IsBase(s, c) {
			parts = append(parts, fmt.Sprintf("side %d's base", s))
		}
	}
	if i := bd.CityAt(c); i >= 0 && i < len(b.m.shown.Cities) {
		parts = append(parts, cityWords(&b.m.shown.Cities[i]))
	}
	p := b.m.shown
	for s := range p.Sides {
		for k := range p.Sides[s].Team {
			if u := &p.Sides[s].Team[k]; u.Alive && u.At == c {
				parts = append(parts, fmt.Sprintf("%s (side %d) hp %d/%d, %s", p.Hero(s, k).Name, s, u.HP, p.Hero(s, k).HP, soldiers(u, p.Hero(s, k))))
			}
		}
	}
	return strings.Join(parts, " · ")
}

// cityWords describes a city: level, defence, or when it stands again.
func cityWords(c *battle.City) string {
	lv := bfmt.CityLevels[c.Level]
	if !c.Standing {
		return fmt.Sprintf("level-%d city, fallen, stands again in round %d", c.Level, c.Respawn)
	}
	return fmt.Sprintf("level-%d city, defence %d/%d, range %d, damage %d, reward %d", c.Level, c.Defence, lv.Defence, lv.Range, lv.Damage, lv.Reward)
}

// soldiers writes a unit's soldiers against its command: "4 archers, 2
// shields of 6".
func soldiers(u *battle.Unit, h *bfmt.Hero) string {
	return fmt.Sprintf("%d archers, %d shields of %d", u.Archers, u.Shields, h.Command)
}

// overlay draws, over the terrain: the bases, the flag zone in its
// holder's colour, the cities with their defence, the cells fought over,
// the marks of the orders being given, and the heroes with their hp and
// soldiers.
func (b *board) overlay(img *image.RGBA, cell func(x, y int) (float64, float64, float64)) {
	m := b.m
	p := m.shown
	bd := m.g.Board()
	_, _, s := cell(0, 0)
	box := func(c battle.Point) (float64, float64, float64, float64) {
		px, py, _ := cell(c.X, c.Y)
		return px, py, px + s, py + s
	}
	fill := func(c battle.Point, col color.Color) {
		x0, y0, x1, y1 := box(c)
		fillRect(img, x0, y0, x1, y1, col)
	}
	for side, cells := range bd.Bases {
		for _, c := range cells {
			fill(c, preview.PlayerColor(side))
		}
	}
	if p.Holder >= 0 {
		col := preview.PlayerColor(p.Holder)
		for _, c := range bd.Flag {
			fill(c, color.NRGBA{col.R, col.G, col.B, 0x80})
		}
	}
	b.drawCities(img, cell, s)
	for c := range m.fights {
		fill(c, markFight)
	}
	if f := m.form; f != nil {
		f.drawMarks(img, cell, s)
	}
	b.drawUnits(img, cell, s)
	if f := m.form; f != nil {
		f.drawSelection(img, cell, s)
	}
}

// drawCities draws each city's defence as a bar, a fallen city darkened,
// a city besieged this round framed, and the standing cities' ranges.
func (b *board) drawCities(img *image.RGBA, cell func(x, y int) (float64, float64, float64), s float64) {
	for i := range b.m.shown.Cities {
		c := &b.m.shown.Cities[i]
		px, py, _ := cell(c.At.X, c.At.Y)
		if !c.Standing {
			fillRect(img, px, py, px+s, py+s, markFallen)
			continue
		}
		r := float64(bfmt.CityLevels[c.Level].Range)
		frameRect(img, px-r*s, py-r*s, px+(r+1)*s, py+(r+1)*s, 1, markCityRng)
		full := bfmt.CityLevels[c.Level].Defence
		frac := min(1, max(0, float64(c.Defence)/float64(full)))
		h := max(2, s/6)
		fillRect(img, px, py+s-h, px+s, py+s, barBack)
		fillRect(img, px, py+s-h, px+s*frac, py+s, barDefence)
		if b.m.sieged[c.At] {
			frameRect(img, px, py, px+s, py+s, max(1, s/8), markTarget)
		}
	}
}

// drawUnits draws every living hero as a disc in its side's colour with
// its hp and its soldiers as bars; several units on one base cell are
// one disc with their number.
func (b *board) drawUnits(img *image.RGBA, cell func(x, y int) (float64, float64, float64), s float64) {
	p := b.m.shown
	count := map[battle.Point]int{}
	for side := range p.Sides {
		for k := range p.Sides[side].Team {
			if u := &p.Sides[side].Team[k]; u.Alive {
				count[u.At]++
			}
		}
	}
	drawn := map[battle.Point]bool{}
	for side := range p.Sides {
		for k := range p.Sides[side].Team {
			u := &p.Sides[side].Team[k]
			if !u.Alive || drawn[u.At] {
				continue
			}
			drawn[u.At] = true
			px, py, _ := cell(u.At.X, u.At.Y)
			h := p.Hero(side, k)
			name := h.Name
			if n := count[u.At]; n > 1 {
				name = fmt.Sprint(n)
			}
			ftbtview.DrawPerson(img, px, py, s, preview.PlayerColor(side), name)
			if s < 6 || count[u.At] > 1 {
				continue
			}
			bar := max(2, s/9)
			x0, x1 := px+s*0.1, px+s*0.9
			y0 := py + s*0.80
			fillRect(img, x0, y0, x1, y0+bar, barBack)
			fillRect(img, x0, y0, x0+(x1-x0)*min(1, float64(u.HP)/float64(max(1, h.HP))), y0+bar, hpColour(float64(u.HP)/float64(max(1, h.HP))))
			if h.Command > 0 && u.Archers+u.Shields > 0 {
				y0 += bar
				fillRect(img, x0, y0, x1, y0+bar, barBack)
				fillRect(img, x0, y0, x0+(x1-x0)*min(1, float64(u.Archers+u.Shields)/float64(h.Command)), y0+bar, barSoldiers)
			}
		}
	}
}

// hpColour is green for full health, yellow at half, red when low.
func hpColour(frac float64) color.NRGBA {
	switch {
	case frac > 0.5:
		return color.NRGBA{0x3c, 0xc0, 0x3c, 0xff}
	case frac > 0.25:
		return color.NRGBA{0xf0, 0xc0, 0x20, 0xff}
	}
	return color.NRGBA{0xe0, 0x30, 0x20, 0xff}
}
