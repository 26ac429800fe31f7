package battle

// repicks is step 3: side order, command order.
func (st *state) repicks() {
	for s := range st.Sides {
		o := &st.ord[s]
		for _, pk := range o.picks[:o.npicks] {
			u := &st.Sides[s].Team[pk.slot]
			old := st.Board.Roster[u.Hero].Name
			*u = Unit{Hero: pk.as, Respawn: u.Respawn}
			if st.emit != nil {
				st.emit(Pick{Side: s, Slot: pk.slot, Hero: st.Board.Roster[pk.as].Name, Old: old})
			}
		}
	}
}

// buffs is step 4 (spec §12.3).
func (st *state) buffs() {
	r := st.Round
	for s := range st.Sides {
		o := &st.ord[s]
		if o.buff == 0 {
			continue
		}
		sd := &st.Sides[s]
		e := Buff{Side: s, ID: o.buff}
		if o.buff == 1001 {
			u := &sd.Team[o.buffK]
			e.Hero = st.name(s, o.buffK)
			e.Archers = st.addSoldiers(u, archerKind, 4)
			e.Shields = st.addSoldiers(u, shieldKind, 2)
		}
		if st.emit != nil {
			st.emit(e)
		}
		switch o.buff {
		case 1002:
			st.healSide(s, 50)
		case 1003:
			for k := range sd.Team {
				setStatus(&sd.Team[k], Qinglong, r, r+qinglongRounds-1)
			}
		case 1004:
			st.drink(s)
		}
	}
}

// drink is buff 1004's cost and status.
func (st *state) drink(s int) {
	r := st.Round
	for k := range st.Sides[s].Team {
		u := &st.Sides[s].Team[k]
		if !u.Alive {
			continue
		}
		setStatus(u, Drunk, r, r+drunkRounds-1)
		loss := min(st.Board.Roster[u.Hero].HP*5/100, u.HP-1)
		u.HP -= loss
		if st.emit != nil {
			st.emit(Drain{Side: s, Hero: st.name(s, k), Amount: loss, HP: u.HP})
		}
	}
}

// Soldier kinds, as codes.
const (
	archerKind = 7
	shieldKind = 8
)

// addSoldiers adds up to n soldiers of a kind, one by one while the unit
// is below its command; a kind it had none of starts at full hp. It
// returns how many it added.
func (st *state) addSoldiers(u *Unit, kind, n int) int {
	c := st.Board.Roster[u.Hero].Command
	added := 0
	for ; added < n && u.Archers+u.Shields < c; added++ {
		if kind == archerKind {
			if u.Archers == 0 {
				u.ArcherHP = ArcherHP
			}
			u.Archers++
		} else {
			if u.Shields == 0 {
				u.ShieldHP = ShieldHP
			}
			u.Shields++
		}
	}
	return added
}

// forms is step 5.
func (st *state) forms() {
	for s := range st.Sides {
		f := st.ord[s].form
		if f == NoFormation {
			continue
		}
		sd := &st.Sides[s]
		sd.Morale -= FormMorale
		sd.Grain -= FormCost
		sd.Formation = f
		if st.emit != nil {
			st.emit(Form{Side: s, Form: f.String(), Morale: sd.Morale, Grain: sd.Grain})
		}
	}
}

// makes is step 6: the payments.
func (st *state) makes() {
	for s := range st.Sides {
		o := &st.ord[s]
		sd := &st.Sides[s]
		for _, m := range o.makes[:o.nmakes] {
			cost := SoldierCost * (m.archers + m.shields)
			sd.Grain -= cost
			u := &sd.Team[m.slot]
			u.PendingArchers, u.PendingShields = m.archers, m.shields
			if st.emit != nil {
				st.emit(Make{Side: s, Hero: st.name(s, m.slot), Archers: m.archers, Shields: m.shields, Cost: cost, Grain: sd.Grain})
			}
		}
	}
}

// production is step 10 (spec §12.1).
func (st *state) production() {
	r := st.Round
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			u := &st.Sides[s].Team[k]
			if !u.Alive {
				continue
			}
			a0, s0 := u.Archers, u.Shields
			st.addSoldiers(u, archerKind, u.PendingArchers)
			st.addSoldiers(u, shieldKind, u.PendingShields)
			u.PendingArchers, u.PendingShields = 0, 0
			if u.Has(Zhiheng, r) {
				st.addSoldiers(u, u.ZhihengKind, 1)
			}
			if da, ds := u.Archers-a0, u.Shields-s0; (da > 0 || ds > 0) && st.emit != nil {
				st.emit(Produce{Side: s, Hero: st.name(s, k), Archers: da, Shields: ds})
			}
		}
	}
}

// healSide heals every living unit of side s by p % (spec §12.4), with a
// heal event each, slot order.
func (st *state) healSide(s, p int) {
	for k := range st.Sides[s].Team {
		u := &st.Sides[s].Team[k]
		if !u.Alive {
			continue
		}
		h := st.Board.Roster[u.Hero].HP
		before := u.HP
		u.HP = min(h, u.HP+h*p/100)
		if u.Shields > 0 {
			u.ShieldHP = min(ShieldHP, u.ShieldHP+ShieldHP*p/100)
		}
		if u.Archers > 0 {
			u.ArcherHP = min(ArcherHP, u.ArcherHP+ArcherHP*p/100)
		}
		if st.emit != nil {
			st.emit(Heal{Side: s, Hero: st.name(s, k), Gain: u.HP - before, HP: u.HP, ShieldHP: u.ShieldHP, ArcherHP: u.ArcherHP})
		}
	}
}
