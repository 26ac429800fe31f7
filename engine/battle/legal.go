package battle

import (
	"errors"
	"fmt"

	bfmt "github.com/shapan/shapan/formats/battle"
)

// How a mover moves.
const (
	moveNone = iota
	moveStep
	moveSP
	moveMark
)

var moveHow = [...]string{"", "move", "sp", "mark"}

// moveOrder is a hero's movement command.
type moveOrder struct {
	how int
	to  Point
}

// actOrder is a hero's action (AD, SG, SK or AC).
type actOrder struct {
	op      Op // 0: none
	target  int
	city    int
	skill   int // 1 or 2
	at      Point
	soldier int
	form    Formation // 斗转星移's formation, or none
}

// Orders are one side's checked answer for a round, by slot.
type Orders struct {
	quit   bool
	team   [TeamSize]int // round 1: the roster indices picked
	npicks int
	picks  [TeamSize]struct{ slot, as int }
	buff   int // 0: none
	buffK  int // the slot 1001 names
	form   Formation
	nmakes int
	makes  [TeamSize]struct{ slot, archers, shields int }
	move   [TeamSize]moveOrder
	act    [TeamSize]actOrder
}

// Quit reports whether the orders forfeit the game.
func (o *Orders) Quit() bool { return o.quit }

// legality checks the commands of side s against the position p at the
// start of round p.Round (spec §4.3) and returns them as Orders, or the
// reason of the first offence: command order, then the combinations.
func (p *Position) legality(s int, cmds []Command) (Orders, error) {
	var o Orders
	if p.Round == 1 {
		return o, p.pickRound(cmds, &o)
	}
	if len(cmds) > 1 {
		for i, c := range cmds {
			if c.Op == OpQuit {
				return o, fmt.Errorf("command %d (QUIT): QUIT must be the only command", i+1)
			}
		}
	}
	c := checker{p: p, s: s, o: &o}
	for i := range cmds {
		if err := c.command(&cmds[i]); err != nil {
			return o, fmt.Errorf("command %d (%s): %w", i+1, label(&cmds[i]), err)
		}
	}
	if o.quit {
		return o, nil
	}
	for i := range cmds {
		if err := c.combine(&cmds[i], i); err != nil {
			return o, fmt.Errorf("command %d (%s): %w", i+1, label(&cmds[i]), err)
		}
	}
	if cost := FormCost*btoi(o.form != NoFormation) + SoldierCost*c.soldiers; cost > p.Sides[s].Grain {
		return o, fmt.Errorf("grain %d is less than the %d these orders cost", p.Sides[s].Grain, cost)
	}
	return o, nil
}

// label names a command in a refusal: "MOVE 吕布".
func label(c *Command) string {
	if c.Fields&FieldHero != 0 {
		return c.Op.String() + " " + c.Hero
	}
	return c.Op.String()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pickRound checks round 1's answer: one PICK of six distinct names, or
// one QUIT.
func (p *Position) pickRound(cmds []Command, o *Orders) error {
	if len(cmds) == 1 && cmds[0].Op == OpQuit {
		o.quit = true
		return nil
	}
	if len(cmds) != 1 || cmds[0].Op != OpPick || cmds[0].Fields&FieldHeroes == 0 {
		return errors.New("round 1 takes exactly one PICK of six heroes (or QUIT)")
	}
	names := cmds[0].Heroes
	if len(names) != TeamSize {
		return fmt.Errorf("PICK: a team is %d heroes, not %d", TeamSize, len(names))
	}
	for k, n := range names {
		h := bfmt.HeroIndex(n)
		if h < 0 {
			return fmt.Errorf("PICK: %q is not a hero of the roster", n)
		}
		for j := 0; j < k; j++ {
			if o.team[j] == h {
				return fmt.Errorf("PICK: %s is picked twice", n)
			}
		}
		o.team[k] = h
	}
	return nil
}

// checker checks the commands of one answer one by one.
type checker struct {
	p        *Position
	s        int
	o        *Orders
	soldiers int // in all MAKEs
	// what each slot already has, by command index + 1 (0: nothing)
	moved, acted, made [TeamSize]int
	buffed, formed     int
	picked             [TeamSize]int
	pickedAs           [9]bool
}

// command checks one command on its own and records it in the orders.
func (c *checker) command(cmd *Command) error {
	p, s := c.p, c.s
	switch cmd.Op {
	case OpQuit:
		c.o.quit = true
		return nil
	case OpPick:
		return c.repick(cmd)
	case OpBuff:
		return c.buff(cmd)
	case OpForm:
		return c.formation(cmd)
	}
	k, err := c.livingHero(cmd.Hero)
	if err != nil {
		return err
	}
	u := &p.Sides[s].Team[k]
	r := p.Round
	switch cmd.Op {
	case OpMake:
		return c.make(cmd, k)
	case OpMove:
		return c.moveTo(cmd, k)
	case OpSP:
		if err := c.free(u, r, Prison, Silence); err != nil {
			return err
		}
		if ready := p.Ready(s, k, 2); r < ready {
			return fmt.Errorf("SP is cooling down until round %d", ready)
		}
		if err := c.passable(cmd.To); err != nil {
			return err
		}
		if d := Dist(u.At, cmd.To); d < 1 || d > SPRange {
			return fmt.Errorf("%v is %d cells away; SP reaches 1 to %d", Cell(cmd.To), d, SPRange)
		}
		c.o.move[k] = moveOrder{how: moveSP, to: cmd.To}
		return nil
	}
	if err := c.free(u, r, Charge); err != nil {
		return err
	}
	switch cmd.Op {
	case OpAC:
		if r < FlagOpens {
			return fmt.Errorf("the flag zone opens in round %d", FlagOpens)
		}
		c.o.act[k] = actOrder{op: OpAC}
	case OpSG:
		ci := p.Board.CityAt(cmd.City)
		if ci < 0 || !p.Cities[ci].Standing {
			return fmt.Errorf("%v is not a standing city", Cell(cmd.City))
		}
		c.o.act[k] = actOrder{op: OpSG, city: ci}
	case OpAD:
		t, err := c.enemy(cmd.Target)
		if err != nil {
			return err
		}
		c.o.act[k] = actOrder{op: OpAD, target: t}
	case OpSK:
		return c.skill(cmd, k)
	}
	return nil
}

// livingHero returns the slot of the side's living hero called name.
func (c *checker) livingHero(name string) (int, error) {
	k := c.p.SlotOf(c.s, name)
	if k < 0 {
		return 0, fmt.Errorf("%s is not in the team", name)
	}
	if u := &c.p.Sides[c.s].Team[k]; !u.Alive {
		if u.Gone(c.p.Round) {
			return 0, fmt.Errorf("%s is out of the game: the start position leaves him out, or he is dead and never returns", name)
		}
		return 0, fmt.Errorf("%s is dead until the end of round %d", name, u.Respawn)
	}
	return k, nil
}

// enemy returns the slot of the other side's living hero called name.
func (c *checker) enemy(name string) (int, error) {
	t := c.p.SlotOf(other(c.s), name)
	if t < 0 {
		return 0, fmt.Errorf("%s is not in the enemy team", name)
	}
	if !c.p.Sides[other(c.s)].Team[t].Alive {
		return 0, fmt.Errorf("the enemy %s is dead", name)
	}
	return t, nil
}

// statusVerbs say what a status stops a hero doing.
var statusVerbs = [NumStatus]string{Charge: "charging", Silence: "silenced", Prison: "imprisoned"}

// free refuses if any of the statuses is active on u in round r.
func (c *checker) free(u *Unit, r int, sts ...Status) error {
	for _, st := range sts {
		if u.Has(st, r) {
			return fmt.Errorf("%s is %s until round %d", c.p.Board.Roster[u.Hero].Name, statusVerbs[st], u.Status[st].Until)
		}
	}
	return nil
}

// passable refuses a cell that is off the map or not passable for the side.
func (c *checker) passable(to Point) error {
	if !c.p.Board.In(to) {
		return fmt.Errorf("%v is off the %d×%d map", Cell(to), c.p.Board.W, c.p.Board.H)
	}
	if !c.p.Board.Passable(c.s, to) {
		return fmt.Errorf("%v is not passable", Cell(to))
	}
	return nil
}

func (c *checker) moveTo(cmd *Command, k int) error {
	u := &c.p.Sides[c.s].Team[k]
	r := c.p.Round
	if err := c.free(u, r, Prison); err != nil {
		return err
	}
	if err := c.passable(cmd.To); err != nil {
		return err
	}
	switch {
	case cmd.To == u.At:
		return fmt.Errorf("%s already stands on %v", cmd.Hero, Cell(cmd.To))
	case u.MarkRound == r && cmd.To == u.Mark:
		c.o.move[k] = moveOrder{how: moveMark, to: cmd.To}
	case Dist(u.At, cmd.To) == 1:
		c.o.move[k] = moveOrder{how: moveStep, to: cmd.To}
	default:
		return fmt.Errorf("%v is %d cells away; MOVE goes one cell", Cell(cmd.To), Dist(u.At, cmd.To))
	}
	return nil
}

func (c *checker) make(cmd *Command, k int) error {
	u := &c.p.Sides[c.s].Team[k]
	switch {
	case cmd.Archers < 0 || cmd.Shields < 0:
		return errors.New("soldiers cannot be negative")
	case cmd.Archers+cmd.Shields < 1:
		return errors.New("MAKE makes at least one soldier")
	}
	total := u.Archers + u.Shields + cmd.Archers + cmd.Shields
	if cmdr := c.p.Board.Roster[u.Hero].Command; total > cmdr || total < 0 {
		return fmt.Errorf("%d soldiers would exceed command %d", total, cmdr)
	}
	i := c.o.nmakes
	if i < TeamSize {
		c.o.makes[i].slot, c.o.makes[i].archers, c.o.makes[i].shields = k, cmd.Archers, cmd.Shields
	}
	c.o.nmakes++
	c.soldiers += cmd.Archers + cmd.Shields
	return nil
}

func (c *checker) repick(cmd *Command) error {
	if cmd.Fields&FieldHeroes != 0 {
		return errors.New("a team is picked in round 1 only")
	}
	p := c.p
	k := p.SlotOf(c.s, cmd.Hero)
	if k < 0 {
		return fmt.Errorf("%s is not in the team", cmd.Hero)
	}
	u := &p.Sides[c.s].Team[k]
	if u.Alive {
		return fmt.Errorf("%s is alive", cmd.Hero)
	}
	if u.Gone(p.Round) {
		return fmt.Errorf("%s is out of the game and never respawns, so no hero is picked in his place", cmd.Hero)
	}
	if u.Respawn != p.Round {
		return fmt.Errorf("%s respawns at the end of round %d", cmd.Hero, u.Respawn)
	}
	as := bfmt.HeroIndex(cmd.As)
	if as < 0 {
		return fmt.Errorf("%q is not a hero of the roster", cmd.As)
	}
	if p.slotOfHero(c.s, as) >= 0 {
		return fmt.Errorf("%s is already in the team", cmd.As)
	}
	if c.o.npicks < TeamSize {
		c.o.picks[c.o.npicks].slot, c.o.picks[c.o.npicks].as = k, as
	}
	c.o.npicks++
	return nil
}

func (c *checker) buff(cmd *Command) error {
	r := c.p.Round
	if r%100 != 0 {
		return fmt.Errorf("buffs are taken in rounds 100, 200, …, not in round %d", r)
	}
	if cmd.ID < 1001 || cmd.ID > 1004 {
		return fmt.Errorf("buff %d is not 1001 to 1004", cmd.ID)
	}
	hasHero := cmd.Fields&FieldHero != 0
	if cmd.ID == 1001 {
		if !hasHero {
			return errors.New("buff 1001 names a hero")
		}
		k, err := c.livingHero(cmd.Hero)
		if err != nil {
			return err
		}
		c.o.buffK = k
	} else if hasHero {
		return fmt.Errorf("buff %d names no hero", cmd.ID)
	}
	c.o.buff = cmd.ID
	return nil
}

func (c *checker) formation(cmd *Command) error {
	f := formationByName(cmd.Form)
	sd := &c.p.Sides[c.s]
	switch {
	case f == NoFormation:
		return fmt.Errorf("%q is not a formation (鹤翼阵 or 八卦阵)", cmd.Form)
	case f == sd.Formation:
		return fmt.Errorf("the formation is already %s", cmd.Form)
	case sd.Morale < FormMorale:
		return fmt.Errorf("morale %d is less than the %d a formation costs", sd.Morale, FormMorale)
	}
	c.o.form = f
	return nil
}

func formationByName(name string) Formation {
	for f, n := range FormationNames {
		if f > 0 && n == name {
			return Formation(f)
		}
	}
	return NoFormation
}

// skill checks SK for the hero in slot k.
func (c *checker) skill(cmd *Command, k int) error {
	p, s, r := c.p, c.s, c.p.Round
	u := &p.Sides[s].Team[k]
	if err := c.free(u, r, Silence); err != nil {
		return err
	}
	i := cmd.Skill - 1
	if ready := p.Ready(s, k, i); r < ready {
		return fmt.Errorf("skill %d is cooling down until round %d", cmd.Skill, ready)
	}
	a := actOrder{op: OpSK, skill: cmd.Skill}
	switch sk := skillOf(u.Hero, cmd.Skill); {
	case cmd.Fields&FieldTarget != 0:
		t, err := c.enemy(cmd.Target)
		if err != nil {
			return err
		}
		a.target = t
	case sk == sk2Rage && u.HP >= 1000:
		return fmt.Errorf("大杀四方 needs hp below 1000, %s has %d", cmd.Hero, u.HP)
	case sk == sk2Flag:
		if err := c.passable(cmd.At); err != nil {
			return err
		}
		a.at = cmd.At
	case sk == sk1Fire:
		if !p.Board.In(cmd.At) {
			return fmt.Errorf("%v is off the %d×%d map", Cell(cmd.At), p.Board.W, p.Board.H)
		}
		a.at = cmd.At
	case sk == sk2Balance:
		if cmd.Soldier != bfmt.UnitArchers && cmd.Soldier != bfmt.UnitShields {
			return fmt.Errorf("soldier must be 7 (archers) or 8 (shields), not %d", cmd.Soldier)
		}
		a.soldier = cmd.Soldier
	case sk == sk2Stars && cmd.Fields&FieldForm != 0:
		if a.form = formationByName(cmd.Form); a.form == NoFormation {
			return fmt.Errorf("%q is not a formation (鹤翼阵 or 八卦阵)", cmd.Form)
		}
	}
	c.o.act[k] = a
	return nil
}

// combine checks command i against the commands before it (spec §4.3's
// combination rules).
func (c *checker) combine(cmd *Command, i int) error {
	k := -1
	if cmd.Op != OpPick && cmd.Op != OpBuff && cmd.Op != OpForm {
		k = c.p.SlotOf(c.s, cmd.Hero)
	}
	var seen *int
	what := ""
	switch cmd.Op {
	case OpMove, OpSP:
		seen, what = &c.moved[k], "a movement"
	case OpAD, OpSG, OpSK, OpAC:
		seen, what = &c.acted[k], "an action"
	case OpMake:
		seen, what = &c.made[k], "a MAKE"
	case OpBuff:
		seen, what = &c.buffed, "a BUFF"
	case OpForm:
		seen, what = &c.formed, "a FORM"
	case OpPick:
		k = c.p.SlotOf(c.s, cmd.Hero)
		seen, what = &c.picked[k], "a PICK"
		if as := bfmt.HeroIndex(cmd.As); c.pickedAs[as] {
			return fmt.Errorf("%s is picked twice", cmd.As)
		} else {
			c.pickedAs[as] = true
		}
	}
	if *seen > 0 {
		if k >= 0 {
			return fmt.Errorf("%s already has %s (command %d)", cmd.Hero, what, *seen)
		}
		return fmt.Errorf("the orders already have %s (command %d)", what, *seen)
	}
	*seen = i + 1
	return nil
}
