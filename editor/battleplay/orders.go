package battleplay

import (
	"fmt"
	"maps"
	"strings"

	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/engine"
	battle "github.com/shapan/shapan/engine/battle"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// mode is what a click on the map gives the selected hero.
type mode int

const (
	modeMoveAct  mode = iota // a step, an attack, a siege
	modeTeleport             // 瞬移's destination
	modeSkill1               // skill 1's target or cell
	modeSkill2               // skill 2's target or cell
)

// heroPlan is what one hero is ordered to do this round: at most one
// movement (MOVE or SP), one action (AD, SG, SK or AC) and one MAKE
// (spec §4.3).
type heroPlan struct {
	move             battle.Command // Op 0: it stays
	act              battle.Command // Op 0: no action
	archers, shields int            // MAKE (none when both are 0)
}

// plan is a side's orders being put together.
type plan struct {
	heroes [battle.TeamSize]heroPlan
	form   battle.Formation // NoFormation: keep the formation
	buff   battle.Command   // Op 0: no buff
	repick map[int]string   // slot → the hero that replaces the dead one
}

func (p plan) clone() plan {
	p.repick = maps.Clone(p.repick)
	return p
}

// orders are a person's orders for a play round, put together on the
// board: select a hero (click it, or its row), click where it goes and
// what it strikes, use the buttons for 瞬移, skills, the flag and
// soldiers, and the side's formation, buff and replacements; every
// change is checked with the rules at once, and a refused change is
// undone with the rules' reason.
type orders struct {
	m      *match
	side   int
	pos    *battle.Position // the start of the round, as both sides see it
	answer func(engine.Answer) error

	sel           int // the selected slot, -1 for none
	mode          mode
	plan          plan
	soldierChoice int              // 制衡's soldier (7 or 8)
	formChoice    battle.Formation // 斗转星移's formation (none: keep)
	quitArmed     bool             // Give up was pressed once

	ui *ordersUI
}

// newOrders starts the orders of side s for the round of pos.
func newOrders(m *match, s int, pos *battle.Position, answer func(engine.Answer) error) *orders {
	return &orders{m: m, side: s, pos: pos, answer: answer, sel: -1, soldierChoice: 7, plan: plan{repick: map[int]string{}}}
}

// name is the name of the hero in the side's slot k.
func (f *orders) name(k int) string { return f.pos.Hero(f.side, k).Name }

// unit is the side's slot k at the start of the round.
func (f *orders) unit(k int) *battle.Unit { return &f.pos.Sides[f.side].Team[k] }

// commands lists the plan's commands in the order the computer players
// send theirs: the buff, the formation, the replacements, then each
// hero's movement, action and MAKE in slot order.
func (p *plan) commands(f *orders) []battle.Command {
	var out []battle.Command
	if p.buff.Op != 0 {
		out = append(out, p.buff)
	}
	if p.form != battle.NoFormation {
		out = append(out, battle.SetForm(p.form))
	}
	for k := range battle.TeamSize {
		if as, ok := p.repick[k]; ok {
			out = append(out, battle.Repick(f.name(k), as))
		}
	}
	for k, h := range p.heroes {
		for _, c := range []battle.Command{h.move, h.act} {
			if c.Op != 0 {
				out = append(out, c)
			}
		}
		if h.archers+h.shields > 0 {
			out = append(out, battle.MakeSoldiers(f.name(k), h.archers, h.shields))
		}
	}
	return out
}

// change applies a change to the plan if the rules accept the orders it
// makes; otherwise the plan stays as it was and the reason is shown. It
// reports whether the change was kept.
func (f *orders) change(what func(p *plan)) bool {
	next := f.plan.clone()
	what(&next)
	if err := f.m.g.Check(f.side, battle.Encode(next.commands(f)...)); err != nil {
		f.say("The rules refuse this: " + reason(err))
		return false
	}
	f.plan = next
	f.quitArmed = false
	f.say("")
	f.update()
	return true
}

// reason is a refusal's reason without the machine's prefix.
func reason(err error) string {
	return strings.TrimPrefix(err.Error(), "answer refused: ")
}

// say shows why something cannot be done ("" clears it).
func (f *orders) say(s string) {
	if f.ui != nil {
		f.ui.problem.SetText(s)
	}
}

// selectSlot selects the side's living hero in slot k.
func (f *orders) selectSlot(k int) {
	if k < 0 || k >= battle.TeamSize {
		return
	}
	if !f.unit(k).Alive {
		f.say(fmt.Sprintf("%s is dead: it cannot be given orders until it returns at the end of round %d", f.name(k), f.unit(k).Respawn))
		return
	}
	f.sel, f.mode = k, modeMoveAct
	f.say("")
	f.update()
}

// ownAt lists the side's living heroes on a cell (several on a base).
func (f *orders) ownAt(c battle.Point) []int {
	var out []int
	for k := range f.pos.Sides[f.side].Team {
		if u := f.unit(k); u.Alive && u.At == c {
			out = append(out, k)
		}
	}
	return out
}

// enemyAt returns the name of the living enemy hero on a cell, or "".
func (f *orders) enemyAt(c battle.Point) string {
	o := 1 - f.side
	for k := range f.pos.Sides[o].Team {
		if u := &f.pos.Sides[o].Team[k]; u.Alive && u.At == c {
			return f.pos.Hero(o, k).Name
		}
	}
	return ""
}

// cityAt returns the standing city on a cell, or nil.
func (f *orders) cityAt(c battle.Point) *battle.City {
	for i := range f.pos.Cities {
		if city := &f.pos.Cities[i]; city.At == c && city.Standing {
			return city
		}
	}
	return nil
}

// tap takes a click on a cell of the map.
func (f *orders) tap(c battle.Point) {
	switch f.mode {
	case modeTeleport:
		f.tapTeleport(c)
		return
	case modeSkill1, modeSkill2:
		f.tapSkill(c)
		return
	}
	if own := f.ownAt(c); len(own) > 0 {
		f.tapOwn(own)
		return
	}
	if f.sel < 0 {
		f.say(fmt.Sprintf("%s: click one of your heroes first (or its row on the right)", battle.CellOf(c)))
		return
	}
	k, name := f.sel, f.name(f.sel)
	if enemy := f.enemyAt(c); enemy != "" {
		f.change(func(p *plan) { p.heroes[k].act = battle.Attack(name, enemy) })
		return
	}
	if city := f.cityAt(c); city != nil {
		f.change(func(p *plan) { p.heroes[k].act = battle.Besiege(name, city.At) })
		return
	}
	for _, mv := range f.pos.Movements(f.side, k) {
		if mv.Op == battle.OpMove && mv.To == c {
			f.change(func(p *plan) { p.heroes[k].move = mv })
			return
		}
	}
	f.say(fmt.Sprintf("%s cannot go to %s this round: it steps to a neighbouring cell (marked yellow) or uses 瞬移", name, battle.CellOf(c)))
}

// tapOwn takes a click on the side's own heroes: the first selects one;
// a click on the selected hero selects the next one on the cell (a
// base) or, when it is alone, keeps it where it is (its movement goes).
func (f *orders) tapOwn(own []int) {
	at := -1
	for i, k := range own {
		if k == f.sel {
			at = i
		}
	}
	switch {
	case at < 0:
		f.selectSlot(own[0])
	case len(own) > 1:
		f.selectSlot(own[(at+1)%len(own)])
	case f.plan.heroes[f.sel].move.Op != 0:
		k := f.sel
		f.change(func(p *plan) { p.heroes[k].move = battle.Command{} })
	}
}

// tapTeleport takes the destination of 瞬移.
func (f *orders) tapTeleport(c battle.Point) {
	k := f.sel
	name := f.name(k)
	if f.change(func(p *plan) { p.heroes[k].move = battle.Teleport(name, c) }) {
		f.mode = modeMoveAct
		f.update()
	}
}

// tapSkill takes the target or the cell of the skill being cast.
func (f *orders) tapSkill(c battle.Point) {
	k, sk := f.sel, 1
	if f.mode == modeSkill2 {
		sk = 2
	}
	name := f.name(k)
	var cmd battle.Command
	switch fields := f.skillFields(k, sk); {
	case fields&battle.FieldTarget != 0:
		enemy := f.enemyAt(c)
		if enemy == "" {
			f.say(fmt.Sprintf("%s is cast on an enemy hero: click one (those in range are framed)", f.pos.Hero(f.side, k).Skills[sk-1]))
			return
		}
		cmd = battle.SkillOn(name, sk, enemy)
	case fields&battle.FieldAt != 0:
		cmd = battle.SkillAt(name, sk, c)
	default:
		return
	}
	if f.change(func(p *plan) { p.heroes[k].act = cmd }) {
		f.mode = modeMoveAct
		f.update()
	}
}

// skillOptions lists the ways the rules allow slot k to cast skill sk
// this round (none when it is cooling down, silenced, charging, or its
// condition fails).
func (f *orders) skillOptions(k, sk int) []battle.Command {
	var out []battle.Command
	for _, c := range f.pos.Actions(f.side, k) {
		if c.Op == battle.OpSK && c.Skill == sk {
			out = append(out, c)
		}
	}
	return out
}

// skillFields are the fields skill sk of slot k takes (FieldTarget,
// FieldAt, FieldSoldier, FieldForm or none), -1 when it cannot be cast.
func (f *orders) skillFields(k, sk int) int {
	opts := f.skillOptions(k, sk)
	if len(opts) == 0 {
		return -1
	}
	fields := 0
	for _, c := range opts {
		fields |= c.Fields
	}
	return fields &^ (battle.FieldHero | battle.FieldSkill)
}

// castSkill is the skill button of the selected hero: a skill with a
// target or a cell waits for a click on the map; the others are ordered
// at once (制衡 with the soldier chosen, 斗转星移 with the formation).
func (f *orders) castSkill(sk int) {
	k := f.sel
	if k < 0 {
		return
	}
	h := f.pos.Hero(f.side, k)
	fields := f.skillFields(k, sk)
	want := []mode{modeSkill1, modeSkill2}[sk-1]
	switch {
	case fields < 0:
		f.say(f.whyNoSkill(k, sk))
		return
	case f.mode == want:
		f.mode = modeMoveAct // pressed again: cancelled
		f.update()
		return
	case fields&(battle.FieldTarget|battle.FieldAt) != 0:
		f.mode = want
		f.say("")
		f.update()
		return
	}
	cmd := battle.UseSkill(h.Name, sk)
	switch {
	case fields&battle.FieldSoldier != 0:
		cmd = battle.SkillSoldier(h.Name, sk, f.soldierChoice)
	case fields&battle.FieldForm != 0 && f.formChoice != battle.NoFormation:
		cmd = battle.SkillForm(h.Name, sk, f.formChoice)
	}
	f.change(func(p *plan) { p.heroes[k].act = cmd })
}

// whyNoSkill says why slot k cannot cast skill sk this round.
func (f *orders) whyNoSkill(k, sk int) string {
	u, h, r := f.unit(k), f.pos.Hero(f.side, k), f.pos.Round
	name := h.Skills[sk-1]
	switch {
	case u.Has(battle.Charge, r):
		return fmt.Sprintf("%s is charging (蓄力) until round %d: no action", h.Name, u.Status[battle.Charge].Until)
	case u.Has(battle.Silence, r):
		return fmt.Sprintf("%s is silenced until round %d: no skill", h.Name, u.Status[battle.Silence].Until)
	case f.pos.Ready(f.side, k, sk-1) > r:
		return fmt.Sprintf("%s is cooling down until round %d", name, f.pos.Ready(f.side, k, sk-1))
	}
	return fmt.Sprintf("%s cannot be cast now (大杀四方 needs hp below 1000)", name)
}

// teleport is the 瞬移 button: the next click on the map is its
// destination (pressed again: cancelled).
func (f *orders) teleport() {
	k := f.sel
	if k < 0 {
		return
	}
	u, r := f.unit(k), f.pos.Round
	switch {
	case f.mode == modeTeleport:
		f.mode = modeMoveAct
	case u.Has(battle.Prison, r):
		f.say(fmt.Sprintf("%s is imprisoned (天命) until round %d: it cannot move", f.name(k), u.Status[battle.Prison].Until))
		return
	case u.Has(battle.Silence, r):
		f.say(fmt.Sprintf("%s is silenced (鬼谋) until round %d: no 瞬移", f.name(k), u.Status[battle.Silence].Until))
		return
	case f.pos.Ready(f.side, k, 2) > r:
		f.say(fmt.Sprintf("瞬移 is cooling down until round %d", f.pos.Ready(f.side, k, 2)))
		return
	default:
		f.mode = modeTeleport
	}
	f.say("")
	f.update()
}

// claim orders the selected hero to claim the flag zone (AC).
func (f *orders) claim() {
	if k := f.sel; k >= 0 {
		name := f.name(k)
		f.change(func(p *plan) { p.heroes[k].act = battle.Claim(name) })
	}
}

// makeSoldiers orders soldiers for the selected hero (0 and 0: none).
func (f *orders) makeSoldiers(archers, shields int) {
	if k := f.sel; k >= 0 {
		f.change(func(p *plan) { p.heroes[k].archers, p.heroes[k].shields = archers, shields })
	}
}

// clearHero forgets the selected hero's orders.
func (f *orders) clearHero() {
	if k := f.sel; k >= 0 {
		f.mode = modeMoveAct
		f.change(func(p *plan) { p.heroes[k] = heroPlan{} })
	}
}

// remove takes command c out of the plan.
func (f *orders) remove(c battle.Command) {
	f.change(func(p *plan) {
		switch c.Op {
		case battle.OpBuff:
			p.buff = battle.Command{}
		case battle.OpForm:
			p.form = battle.NoFormation
		case battle.OpPick:
			delete(p.repick, f.pos.SlotOf(f.side, c.Hero))
		case battle.OpMake:
			k := f.pos.SlotOf(f.side, c.Hero)
			p.heroes[k].archers, p.heroes[k].shields = 0, 0
		case battle.OpMove, battle.OpSP:
			p.heroes[f.pos.SlotOf(f.side, c.Hero)].move = battle.Command{}
		default:
			p.heroes[f.pos.SlotOf(f.side, c.Hero)].act = battle.Command{}
		}
	})
}

// send gives the orders to the game; refused, they stay with the reason.
func (f *orders) send() {
	a := battle.Encode(f.plan.commands(f)...)
	if err := f.m.g.Check(f.side, a); err != nil {
		f.say("The rules refuse these orders: " + reason(err))
		return
	}
	f.finish(a)
}

// giveUp forfeits the game, on the second press.
func (f *orders) giveUp() {
	if !f.quitArmed {
		f.quitArmed = true
		f.say("Press Give up again to forfeit the game: the other side wins at once")
		f.update()
		return
	}
	f.finish(battle.Encode(battle.Quit()))
}

// finish answers the decision; the board stops showing these orders.
func (f *orders) finish(a engine.Answer) {
	f.m.form = nil
	if err := f.answer(a); err != nil {
		f.m.form = f
		f.say("The rules refuse these orders: " + reason(err))
	}
	f.m.board.show()
}

// words says a command in the board's words.
func (f *orders) words(c battle.Command) string {
	switch c.Op {
	case battle.OpMove:
		if u := f.unit(f.pos.SlotOf(f.side, c.Hero)); battle.Dist(u.At, c.To) > 1 {
			return fmt.Sprintf("%s jumps to the mark %v", c.Hero, battle.CellOf(c.To))
		}
		return fmt.Sprintf("%s → %v", c.Hero, battle.CellOf(c.To))
	case battle.OpSP:
		return fmt.Sprintf("%s 瞬移 → %v", c.Hero, battle.CellOf(c.To))
	case battle.OpAD:
		return fmt.Sprintf("%s attacks %s", c.Hero, c.Target)
	case battle.OpSG:
		return fmt.Sprintf("%s besieges %v", c.Hero, battle.CellOf(c.City))
	case battle.OpAC:
		return c.Hero + " claims the flag"
	case battle.OpSK:
		s := c.Hero + " " + skillName(c.Hero, c.Skill)
		switch {
		case c.Fields&battle.FieldTarget != 0:
			s += " on " + c.Target
		case c.Fields&battle.FieldAt != 0:
			s += fmt.Sprintf(" at %v", battle.CellOf(c.At))
		case c.Fields&battle.FieldSoldier != 0:
			s += " (" + soldierKind(c.Soldier) + ")"
		case c.Fields&battle.FieldForm != 0:
			s += " (" + c.Form + ")"
		}
		return s
	case battle.OpMake:
		return fmt.Sprintf("%s makes %d弓 %d盾 (%d grain)", c.Hero, c.Archers, c.Shields, battle.SoldierCost*(c.Archers+c.Shields))
	case battle.OpForm:
		return "formation " + c.Form
	case battle.OpBuff:
		if c.Hero != "" {
			return fmt.Sprintf("buff %s for %s", buffNames[c.ID], c.Hero)
		}
		return "buff " + buffNames[c.ID]
	case battle.OpPick:
		return fmt.Sprintf("%s is replaced by %s", c.Hero, c.As)
	}
	return c.Text()
}

// buffNames name the buffs (spec §12.3).
var buffNames = map[int]string{1001: "传国玉玺", 1002: "华佗再世", 1003: "青龙护体", 1004: "酒狂"}

// skillName names skill sk of a hero.
func skillName(hero string, sk int) string {
	if i := bfmt.HeroIndex(hero); i >= 0 && sk >= 1 && sk <= 2 {
		return bfmt.DefaultRoster[i].Skills[sk-1]
	}
	return fmt.Sprintf("skill %d", sk)
}

// soldierKind names a soldier code.
func soldierKind(code int) string {
	if code == 8 {
		return "shields 盾兵"
	}
	return "archers 弓兵"
}

// hintText says what a click on the map does now.
func (f *orders) hintText() string {
	if f.sel < 0 {
		return "Click one of your heroes on the map (or its row on the right) to give it orders; send the orders when they are complete (heroes without orders stay and do nothing)."
	}
	h := f.pos.Hero(f.side, f.sel)
	switch f.mode {
	case modeTeleport:
		return fmt.Sprintf("瞬移: click a blue cell, up to %d cells from %s (press 瞬移 again to cancel).", battle.SPRange, h.Name)
	case modeSkill1, modeSkill2:
		sk := int(f.mode-modeSkill1) + 1
		if f.skillFields(f.sel, sk)&battle.FieldTarget != 0 {
			return fmt.Sprintf("%s: click an enemy hero (those in %s's range are framed in red).", h.Skills[sk-1], h.Name)
		}
		return fmt.Sprintf("%s: click a cell (the marked ones are allowed).", h.Skills[sk-1])
	}
	return fmt.Sprintf("%s: click a yellow cell to step there, an enemy to attack it, a city to besiege it; click %s again to stay. The orange square is its range (%d) after the move.",
		h.Name, h.Name, h.Range)
}

// selectOptions sets a select's options and choice without calling its
// OnChanged.
func selectOptions(s *widget.Select, options []string, selected int) {
	cb := s.OnChanged
	s.OnChanged = nil
	s.Options = options
	if selected >= 0 && selected < len(options) {
		s.SetSelectedIndex(selected)
	} else {
		s.ClearSelected()
	}
	s.OnChanged = cb
	s.Refresh()
}
