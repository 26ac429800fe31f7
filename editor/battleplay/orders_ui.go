package battleplay

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	battle "github.com/shapan/shapan/engine/battle"
)

// ordersUI is the question panel of a person's orders: what a click does
// now, the selected hero's buttons, the side's formation, buff,
// replacements and Give up, the orders so far (each removable) and Send.
type ordersUI struct {
	f       *orders
	hint    *widget.Label
	problem *widget.Label

	hero      *widget.Label // the selected hero and its orders
	teleport  *widget.Button
	skills    [2]*widget.Button
	claim     *widget.Button
	choice    *widget.Select // 制衡's soldier or 斗转星移's formation
	choiceBox fyne.CanvasObject
	archers   *widget.Entry
	shields   *widget.Entry
	make      *widget.Button
	clear     *widget.Button
	heroBar   *fyne.Container
	form      *widget.Select
	buff      *widget.Select
	buffCmds  []battle.Command // the buff options after "no buff"
	repicks   *fyne.Container
	quit      *widget.Button
	queue     *fyne.Container
	send      *widget.Button
	object    fyne.CanvasObject
}

// build makes the panel of the orders.
func (f *orders) build() fyne.CanvasObject {
	ui := &ordersUI{f: f}
	f.ui = ui
	title := widget.NewLabelWithStyle(fmt.Sprintf("%s: your orders for round %d", f.m.sideName(f.side), f.pos.Round),
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	ui.hint = widget.NewLabel("")
	ui.hint.Wrapping = fyne.TextWrapWord
	ui.problem = widget.NewLabel("")
	ui.problem.Importance = widget.DangerImportance
	ui.problem.Wrapping = fyne.TextWrapWord
	ui.hero = widget.NewLabel("")
	ui.teleport = widget.NewButton("瞬移", f.teleport)
	for i := range ui.skills {
		sk := i + 1
		ui.skills[i] = widget.NewButton("skill", func() { f.castSkill(sk) })
	}
	ui.claim = widget.NewButton("Claim the flag", f.claim)
	ui.choice = widget.NewSelect(nil, nil)
	ui.archers, ui.shields = widget.NewEntry(), widget.NewEntry()
	ui.archers.SetPlaceHolder("弓")
	ui.shields.SetPlaceHolder("盾")
	ui.make = widget.NewButton("Make", ui.makeSoldiers)
	ui.clear = widget.NewButtonWithIcon("", theme.ContentClearIcon(), f.clearHero)
	small := func(o fyne.CanvasObject, w float32) fyne.CanvasObject {
		return container.NewGridWrap(fyne.NewSize(w, o.MinSize().Height), o)
	}
	ui.choiceBox = small(ui.choice, 130)
	ui.heroBar = container.NewHBox(ui.teleport, ui.skills[0], ui.skills[1], ui.claim, ui.choiceBox,
		widget.NewLabel("soldiers"), small(ui.archers, 52), small(ui.shields, 52), ui.make, ui.clear)
	ui.form = widget.NewSelect(nil, ui.chooseForm)
	ui.buff = widget.NewSelect(nil, ui.chooseBuff)
	ui.repicks = container.NewHBox()
	ui.quit = widget.NewButtonWithIcon("Give up", theme.CancelIcon(), f.giveUp)
	ui.queue = container.NewHBox()
	ui.send = widget.NewButtonWithIcon("Send orders", theme.ConfirmIcon(), f.send)
	ui.send.Importance = widget.HighImportance
	sideBar := container.NewHBox(widget.NewLabel("Formation"), small(ui.form, 150), widget.NewLabel("Buff"), small(ui.buff, 190),
		ui.repicks, layout.NewSpacer(), ui.quit)
	orders := container.NewBorder(nil, nil, widget.NewLabel("Orders:"), ui.send, container.NewHScroll(ui.queue))
	ui.object = container.NewVBox(container.NewBorder(nil, nil, title, nil, ui.hint), container.NewBorder(nil, nil, nil, nil, container.NewHScroll(container.NewHBox(ui.hero, ui.heroBar))),
		sideBar, orders, ui.problem)
	ui.showSide()
	f.update()
	return ui.object
}

// update shows the orders as they stand and redraws the board.
func (f *orders) update() {
	if ui := f.ui; ui != nil {
		ui.hint.SetText(f.hintText())
		ui.showHero()
		ui.showQueue()
		if f.quitArmed {
			ui.quit.SetText("Give up? Press again")
		} else {
			ui.quit.SetText("Give up")
		}
	}
	f.m.board.show()
}

// showHero shows the selected hero's orders and buttons.
func (ui *ordersUI) showHero() {
	f := ui.f
	k := f.sel
	if k < 0 {
		ui.hero.SetText("No hero selected.")
		ui.heroBar.Hide()
		return
	}
	ui.heroBar.Show()
	h, u := f.pos.Hero(f.side, k), f.unit(k)
	var doing []string
	hp := f.plan.heroes[k]
	for _, c := range []battle.Command{hp.move, hp.act} {
		if c.Op != 0 {
			doing = append(doing, f.words(c))
		}
	}
	if hp.archers+hp.shields > 0 {
		doing = append(doing, fmt.Sprintf("makes %d弓 %d盾", hp.archers, hp.shields))
	}
	if len(doing) == 0 {
		doing = append(doing, "no orders yet")
	}
	ui.hero.SetText(fmt.Sprintf("%s at %v: %s", h.Name, battle.CellOf(u.At), strings.Join(doing, ", ")))
	modeButton(ui.teleport, readyText("瞬移", f.pos.Ready(f.side, k, 2), f.pos.Round), true, f.mode == modeTeleport)
	for i, b := range ui.skills {
		modeButton(b, readyText(fmt.Sprintf("%d %s", i+1, h.Skills[i]), f.pos.Ready(f.side, k, i), f.pos.Round),
			f.skillFields(k, i+1) >= 0, f.mode == modeSkill1+mode(i))
	}
	if f.pos.Round >= battle.FlagOpens {
		ui.claim.Enable()
	} else {
		ui.claim.Disable()
	}
	ui.showChoice(k)
	ui.archers.SetText(strconv.Itoa(hp.archers))
	ui.shields.SetText(strconv.Itoa(hp.shields))
}

// readyText labels a skill button: its name, and the round it is ready
// when it cools down.
func readyText(name string, ready, round int) string {
	if ready > round {
		name += fmt.Sprintf(" (round %d)", ready)
	}
	return name
}

// modeButton shows a skill button: highlighted while its target is being
// chosen, faint when the skill cannot be cast (pressing it says why).
func modeButton(b *widget.Button, text string, usable, choosing bool) {
	b.SetText(text)
	switch {
	case choosing:
		b.Importance = widget.HighImportance
	case usable:
		b.Importance = widget.MediumImportance
	default:
		b.Importance = widget.LowImportance
	}
	b.Refresh()
}

// showChoice offers 制衡's soldier or 斗转星移's formation when the
// selected hero has such a skill.
func (ui *ordersUI) showChoice(k int) {
	f := ui.f
	for sk := 1; sk <= 2; sk++ {
		fields := f.skillFields(k, sk)
		if fields < 0 {
			continue
		}
		switch {
		case fields&battle.FieldSoldier != 0:
			selectOptions(ui.choice, []string{soldierKind(7), soldierKind(8)}, (f.soldierChoice-7)&1)
			ui.choice.OnChanged = func(string) { f.soldierChoice = 7 + ui.choice.SelectedIndex() }
			ui.choiceBox.Show()
			return
		case fields&battle.FieldForm != 0:
			selectOptions(ui.choice, []string{"keep the formation", battle.Crane.String(), battle.Bagua.String()}, int(f.formChoice))
			ui.choice.OnChanged = func(string) { f.formChoice = battle.Formation(ui.choice.SelectedIndex()) }
			ui.choiceBox.Show()
			return
		}
	}
	ui.choiceBox.Hide()
}

// makeSoldiers orders the soldiers typed in.
func (ui *ordersUI) makeSoldiers() {
	a, errA := strconv.Atoi(strings.TrimSpace(ui.archers.Text))
	s, errS := strconv.Atoi(strings.TrimSpace(ui.shields.Text))
	if errA != nil || errS != nil || a < 0 || s < 0 {
		ui.f.say(fmt.Sprintf("soldiers are whole numbers from 0: %q archers, %q shields", ui.archers.Text, ui.shields.Text))
		return
	}
	ui.f.makeSoldiers(a, s)
}

// showQueue lists the orders so far, each a button that removes it.
func (ui *ordersUI) showQueue() {
	f := ui.f
	ui.queue.RemoveAll()
	cmds := f.plan.commands(f)
	for _, c := range cmds {
		c := c
		ui.queue.Add(widget.NewButtonWithIcon(f.words(c), theme.ContentRemoveIcon(), func() { f.remove(c) }))
	}
	if len(cmds) == 0 {
		ui.queue.Add(widget.NewLabel("none yet"))
		ui.send.SetText("Send orders (none)")
	} else {
		ui.send.SetText(fmt.Sprintf("Send orders (%d)", len(cmds)))
	}
	ui.queue.Refresh()
}

// showSide fills the formation and buff choices and the replacements of
// the dead heroes that may be replaced this round.
func (ui *ordersUI) showSide() {
	f := ui.f
	sd := &f.pos.Sides[f.side]
	keep := "keep (none)"
	if sd.Formation != battle.NoFormation {
		keep = "keep " + sd.Formation.String()
	}
	selectOptions(ui.form, []string{keep, battle.Crane.String(), battle.Bagua.String()}, 0)
	options := []string{"no buff"}
	ui.buffCmds = nil
	if f.pos.Round%100 == 0 {
		for k := range sd.Team {
			if sd.Team[k].Alive {
				ui.buffCmds = append(ui.buffCmds, battle.TakeBuff(1001, f.name(k)))
			}
		}
		for id := 1002; id <= 1004; id++ {
			ui.buffCmds = append(ui.buffCmds, battle.TakeBuff(id, ""))
		}
		for _, c := range ui.buffCmds {
			options = append(options, strings.TrimPrefix(f.words(c), "buff "))
		}
		ui.buff.Enable()
	} else {
		ui.buff.Disable()
	}
	selectOptions(ui.buff, options, 0)
	ui.repicks.RemoveAll()
	pool := f.pool()
	for k := range sd.Team {
		if u := &sd.Team[k]; u.Alive || u.Respawn != f.pos.Round {
			continue
		}
		k := k
		sel := widget.NewSelect(append([]string{"keep " + f.name(k)}, pool...), nil)
		sel.SetSelectedIndex(0)
		sel.OnChanged = func(string) {
			i := sel.SelectedIndex()
			ok := f.change(func(p *plan) {
				if i <= 0 {
					delete(p.repick, k)
				} else {
					p.repick[k] = pool[i-1]
				}
			})
			if !ok {
				selectOptions(sel, sel.Options, 0)
			}
		}
		ui.repicks.Add(widget.NewLabel(f.name(k) + " returns: "))
		ui.repicks.Add(sel)
	}
}

// pool lists the heroes not in the side's team, in roster order.
func (f *orders) pool() []string {
	var out []string
	for _, h := range f.pos.Board.Roster {
		if f.pos.SlotOf(f.side, h.Name) < 0 {
			out = append(out, h.Name)
		}
	}
	return out
}

// chooseForm takes the formation chosen.
func (ui *ordersUI) chooseForm(string) {
	i := ui.form.SelectedIndex()
	if !ui.f.change(func(p *plan) { p.form = battle.Formation(max(0, i)) }) {
		selectOptions(ui.form, ui.form.Options, int(ui.f.plan.form))
	}
}

// chooseBuff takes the buff chosen.
func (ui *ordersUI) chooseBuff(string) {
	i := ui.buff.SelectedIndex()
	var c battle.Command
	if i > 0 && i <= len(ui.buffCmds) {
		c = ui.buffCmds[i-1]
	}
	if !ui.f.change(func(p *plan) { p.buff = c }) {
		selectOptions(ui.buff, ui.buff.Options, 0)
	}
}
