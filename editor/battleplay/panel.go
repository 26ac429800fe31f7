package battleplay

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	battle "github.com/shapan/shapan/engine/battle"
	"github.com/shapan/shapan/preview"
)

// sidePanel shows one side: its grain, morale, formation, held rounds,
// kills and cities, and each of its heroes with hp, soldiers, cooldowns
// and statuses. A person giving orders selects a hero by tapping its row.
type sidePanel struct {
	b      *board
	side   int
	title  *canvas.Text
	totals [2]*canvas.Text
	heroes [battle.TeamSize]*textRow
	object fyne.CanvasObject
}

func newSidePanel(b *board, side int) *sidePanel {
	sp := &sidePanel{b: b, side: side}
	sp.title = canvas.NewText("", preview.PlayerColor(side))
	sp.title.TextStyle = fyne.TextStyle{Bold: true}
	objs := []fyne.CanvasObject{sp.title}
	for i := range sp.totals {
		sp.totals[i] = smallText("")
		objs = append(objs, sp.totals[i])
	}
	for k := range sp.heroes {
		k := k
		sp.heroes[k] = newTextRow(2, func() {
			if f := b.m.form; f != nil && f.side == side {
				f.selectSlot(k)
			}
		})
		objs = append(objs, sp.heroes[k])
	}
	sp.object = container.NewVBox(append(objs, widget.NewSeparator())...)
	return sp
}

// smallText is a line of the panel.
func smallText(s string) *canvas.Text {
	t := canvas.NewText(s, theme.Color(theme.ColorNameForeground))
	t.TextSize = theme.TextSize() * 0.85
	return t
}

// show writes the side's state as the board shows it.
func (sp *sidePanel) show() {
	m := sp.b.m
	p := m.shown
	sd := &p.Sides[sp.side]
	who := "computer"
	if sp.side < len(m.seats) {
		switch seat := m.seats[sp.side]; {
		case seat.Human:
			who = "a person"
		case seat.Computer != "":
			who = "computer, " + seat.Computer
		}
	}
	title := fmt.Sprintf("Side %d (%s) — %s", sp.side, sideColour(sp.side), who)
	if p.Holder == sp.side {
		title += " · holds the flag"
	}
	setText(sp.title, title)
	form := "no formation"
	if sd.Formation != battle.NoFormation {
		n := p.People(sp.side)
		form = fmt.Sprintf("%s %d%% (%d people)", sd.Formation, battle.Pct(n), n)
	}
	setText(sp.totals[0], fmt.Sprintf("grain %d · morale %d · held %d/%d · %s", sd.Grain, sd.Morale, sd.Held, battle.FlagWin, form))
	setText(sp.totals[1], fmt.Sprintf("killed %d heroes, %d soldiers · cities taken %d", sd.HeroKills, sd.SoldierKills, sd.Cities))
	for k, row := range sp.heroes {
		if !sd.Picked || sd.Team[k].Hero < 0 {
			row.set([]string{"", ""}, false)
			continue
		}
		selected := m.form != nil && m.form.side == sp.side && m.form.sel == k
		row.set(heroLines(p, sp.side, k), selected)
	}
}

// heroLines describe side s's slot k in two lines: the hero, hp and
// soldiers; the skills' readiness and the statuses (or when a dead hero
// returns).
func heroLines(p *battle.Position, s, k int) []string {
	u := &p.Sides[s].Team[k]
	h := p.Hero(s, k)
	if !u.Alive {
		back := fmt.Sprintf("   back at the end of round %d", u.Respawn)
		if u.Respawn == p.Round {
			back += " (another hero may take the slot now)"
		}
		return []string{fmt.Sprintf("%d %s %s — dead", k, h.Name, h.Class), back}
	}
	line1 := fmt.Sprintf("%d %s %s hp %d/%d · %d弓 %d盾 of %d", k, h.Name, h.Class, u.HP, h.HP, u.Archers, u.Shields, h.Command)
	ready := func(i int, name string) string {
		if r := p.Ready(s, k, i); r > p.Round {
			return fmt.Sprintf("%s in %d", name, r-p.Round)
		}
		return name + " ready"
	}
	parts := []string{ready(0, h.Skills[0]), ready(1, h.Skills[1]), ready(2, "瞬移")}
	for st, iv := range u.Status {
		if iv.Active(p.Round) || iv.From > p.Round {
			parts = append(parts, fmt.Sprintf("%s→%d", battle.StatusKeys[st], iv.Until))
		}
	}
	return []string{line1, "   " + strings.Join(parts, " · ")}
}

// setText changes a text only when it differs (a redraw is not free).
func setText(t *canvas.Text, s string) {
	if t.Text != s {
		t.Text = s
		t.Refresh()
	}
}

// textRow is a few lines of small text that can be tapped and shown as
// selected.
type textRow struct {
	widget.BaseWidget
	lines []*canvas.Text
	back  *canvas.Rectangle
	onTap func()
	box   *fyne.Container
}

func newTextRow(n int, onTap func()) *textRow {
	r := &textRow{onTap: onTap, back: canvas.NewRectangle(color.Transparent)}
	var objs []fyne.CanvasObject
	for range n {
		t := smallText("")
		r.lines = append(r.lines, t)
		objs = append(objs, t)
	}
	r.box = container.NewStack(r.back, container.New(&linesLayout{}, objs...))
	r.ExtendBaseWidget(r)
	return r
}

// set shows the lines; a selected row is highlighted.
func (r *textRow) set(lines []string, selected bool) {
	for i, t := range r.lines {
		if i < len(lines) {
			setText(t, lines[i])
		}
	}
	var col color.Color = color.Transparent
	if selected {
		col = color.NRGBA{0xff, 0xd7, 0x00, 0x60}
	}
	if r.back.FillColor != col {
		r.back.FillColor = col
		r.back.Refresh()
	}
}

// Text returns the row's lines joined (for tests).
func (r *textRow) Text() string {
	var parts []string
	for _, t := range r.lines {
		parts = append(parts, t.Text)
	}
	return strings.Join(parts, "\n")
}

// CreateRenderer implements fyne.Widget.
func (r *textRow) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.box) }

// Tapped selects the row's hero.
func (r *textRow) Tapped(*fyne.PointEvent) {
	if r.onTap != nil {
		r.onTap()
	}
}

// linesLayout stacks lines of text without the padding of a VBox.
type linesLayout struct{}

func (linesLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objs {
		h := o.MinSize().Height
		o.Move(fyne.NewPos(2, y))
		o.Resize(fyne.NewSize(size.Width-2, h))
		y += h
	}
}

func (linesLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	for _, o := range objs {
		ms := o.MinSize()
		w, h = max(w, ms.Width+2), h+ms.Height
	}
	return fyne.NewSize(w, h)
}
