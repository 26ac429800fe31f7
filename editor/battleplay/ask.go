package battleplay

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/engine"
	battle "github.com/shapan/shapan/engine/battle"
)

// Ask builds a person's question: the team in the pick round, the orders
// given on the board in the others. When both sides are people, side 1's
// question opens behind a hand-over screen, so that side 1 sees neither
// side 0's orders (already hidden) nor is seen giving its own.
func (m *match) Ask(d *engine.Decision, answer func(engine.Answer) error) fyne.CanvasObject {
	a, ok := d.Args.(*battle.OrdersArgs)
	if !ok {
		return widget.NewLabel(fmt.Sprintf("the game asks %q, which the board cannot answer", d.Kind))
	}
	open := func() fyne.CanvasObject {
		if a.Round == 1 {
			return m.newPick(a.Side, answer).build()
		}
		f := newOrders(m, a.Side, a.Position, answer)
		m.form = f
		return f.build()
	}
	m.form = nil
	if d.Player == 1 && m.hotSeat() {
		box := container.NewStack()
		note := widget.NewLabel(fmt.Sprintf("%s has given its orders for round %d; they are hidden until the round is resolved. "+
			"Hand over to %s.", m.sideName(0), a.Round, m.sideName(1)))
		note.Wrapping = fyne.TextWrapWord
		show := widget.NewButtonWithIcon(fmt.Sprintf("%s: give my orders", m.sideName(1)), theme.VisibilityIcon(), func() {
			box.Objects = []fyne.CanvasObject{open()}
			box.Refresh()
		})
		show.Importance = widget.HighImportance
		box.Add(container.NewVBox(note, container.NewHBox(show)))
		m.board.show()
		return box
	}
	return open()
}

// hotSeat reports whether both sides are people on this screen.
func (m *match) hotSeat() bool {
	return len(m.seats) == 2 && m.seats[0].Human && m.seats[1].Human
}

// pick is a person's team in the pick round: six of the nine heroes,
// chosen in slot order by clicking them.
type pick struct {
	m      *match
	side   int
	answer func(engine.Answer) error
	chosen []string

	buttons []*widget.Button
	team    *widget.Label
	problem *widget.Label
	send    *widget.Button
	quit    *widget.Button
	armed   bool // Give up was pressed once
}

func (m *match) newPick(side int, answer func(engine.Answer) error) *pick {
	return &pick{m: m, side: side, answer: answer}
}

// build makes the pick panel: a button per hero with its class and
// stats (the map's roster changes included).
func (p *pick) build() fyne.CanvasObject {
	title := widget.NewLabelWithStyle(fmt.Sprintf("%s: pick your six heroes, in slot order", p.m.sideName(p.side)),
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	var grid []fyne.CanvasObject
	for _, h := range p.m.g.Board().Roster {
		name := h.Name
		b := widget.NewButton("", func() { p.toggle(name) })
		p.buttons = append(p.buttons, b)
		grid = append(grid, b)
	}
	p.team = widget.NewLabel("")
	p.problem = widget.NewLabel("")
	p.problem.Importance = widget.DangerImportance
	p.send = widget.NewButtonWithIcon("Send team", theme.ConfirmIcon(), p.sendTeam)
	p.send.Importance = widget.HighImportance
	clear := widget.NewButtonWithIcon("Clear", theme.ContentClearIcon(), func() { p.chosen = nil; p.update() })
	p.quit = widget.NewButtonWithIcon("Give up", theme.CancelIcon(), p.giveUp)
	p.update()
	// The heroes in as many columns as fit a 1024-pixel screen; the team
	// so far is cut to the room its row leaves the buttons.
	p.team.Truncation = fyne.TextTruncateEllipsis
	return container.NewVBox(title, play.OptionGrid(grid),
		container.NewBorder(nil, nil, nil, container.NewHBox(clear, p.quit, p.send), p.team), p.problem)
}

// toggle adds a hero to the team (the next slot) or takes it out.
func (p *pick) toggle(name string) {
	for i, n := range p.chosen {
		if n == name {
			p.chosen = append(p.chosen[:i:i], p.chosen[i+1:]...)
			p.update()
			return
		}
	}
	if len(p.chosen) == battle.TeamSize {
		p.problem.SetText(fmt.Sprintf("the team is full: click a hero of it to take it out before adding %s", name))
		return
	}
	p.chosen = append(p.chosen, name)
	p.update()
}

// update marks the chosen heroes with their slot and says who is in
// the team.
func (p *pick) update() {
	p.problem.SetText("")
	slot := map[string]int{}
	for i, n := range p.chosen {
		slot[n] = i
	}
	for i, h := range p.m.g.Board().Roster {
		b := p.buttons[i]
		text := fmt.Sprintf("%s %s · 武%d 统%d 体%d · %s/%s", h.Name, h.Class, h.Force, h.Command, h.HP, h.Skills[0], h.Skills[1])
		if k, ok := slot[h.Name]; ok {
			b.SetText(fmt.Sprintf("%d: %s", k, text))
			b.Importance = widget.HighImportance
		} else {
			b.SetText(text)
			b.Importance = widget.MediumImportance
		}
		b.Refresh()
	}
	var team []string
	for i, n := range p.chosen {
		team = append(team, fmt.Sprintf("%d %s", i, n))
	}
	if len(team) == 0 {
		team = []string{"none yet"}
	}
	p.team.SetText(fmt.Sprintf("Team (%d of %d): %s", len(p.chosen), battle.TeamSize, strings.Join(team, " · ")))
	if len(p.chosen) == battle.TeamSize {
		p.send.Enable()
	} else {
		p.send.Disable()
	}
}

// sendTeam gives the team to the game.
func (p *pick) sendTeam() {
	if err := p.answer(battle.Encode(battle.PickTeam(p.chosen...))); err != nil {
		p.problem.SetText("The rules refuse this team: " + reason(err))
	}
}

// giveUp forfeits the game, on the second press.
func (p *pick) giveUp() {
	if !p.armed {
		p.armed = true
		p.quit.SetText("Give up? Press again")
		return
	}
	if err := p.answer(battle.Encode(battle.Quit())); err != nil {
		p.problem.SetText(reason(err))
	}
}
