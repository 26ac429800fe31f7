package battleplay

import (
	"github.com/shapan/shapan/engine"
	battle "github.com/shapan/shapan/engine/battle"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// apply changes what the board shows by one event. It sets only what the
// event states (a hero's cell, hp and soldiers, a city's defence, a
// side's grain after a payment, the flag's holder); the rules' sums
// (kill rewards, cooldowns, statuses) come with the game's own position
// at the start of the next round, or at the end.
func (m *match) apply(e engine.Event) {
	p := m.shown
	switch e := e.(type) {
	case battle.RoundStart:
		clear(m.fights)
		clear(m.sieged)
		p.Round = e.Round
		m.sync(e.Round)
	case battle.End:
		if m.g.Over() {
			m.shown = m.g.Position()
		}
	case battle.Pick:
		if u := m.unit(e.Side, e.Slot); u != nil {
			u.Hero = bfmt.HeroIndex(e.Hero)
		}
	case battle.Spawn:
		if u := m.unit(e.Side, e.Slot); u != nil {
			*u = battle.Unit{Hero: bfmt.HeroIndex(e.Hero), Alive: true, At: battle.Point(e.At), HP: e.HP}
			p.Sides[e.Side].Picked = true
		}
	case battle.Move:
		if u := m.hero(e.Side, e.Hero); u != nil {
			u.At = battle.Point(e.To)
		}
	case battle.Knockback:
		if u := m.hero(e.Side, e.Hero); u != nil {
			u.At = battle.Point(e.To)
		}
	case battle.Damage:
		if u := m.hero(e.Side, e.Hero); u != nil {
			u.HP = e.HP
			u.Shields = max(0, u.Shields-e.ShieldsLost)
			u.Archers = max(0, u.Archers-e.ArchersLost)
			m.fights[u.At] = true
		}
	case battle.Kill:
		if u := m.hero(e.Side, e.Hero); u != nil {
			u.Alive, u.HP, u.Archers, u.Shields, u.Respawn = false, 0, 0, 0, e.Respawn
		}
	case battle.Heal:
		if u := m.hero(e.Side, e.Hero); u != nil {
			u.HP, u.ShieldHP, u.ArcherHP = e.HP, e.ShieldHP, e.ArcherHP
		}
	case battle.Drain:
		if u := m.hero(e.Side, e.Hero); u != nil {
			u.HP = e.HP
		}
	case battle.Produce:
		if u := m.hero(e.Side, e.Hero); u != nil {
			u.Archers += e.Archers
			u.Shields += e.Shields
		}
	case battle.Form:
		sd := &p.Sides[e.Side]
		sd.Morale, sd.Grain = e.Morale, e.Grain
		sd.Formation = formation(e.Form)
	case battle.Make:
		p.Sides[e.Side].Grain = e.Grain
	case battle.Siege:
		if c := m.city(battle.Point(e.At)); c != nil {
			c.Defence = e.Defence
			m.sieged[c.At] = true
		}
	case battle.CityFall:
		if c := m.city(battle.Point(e.At)); c != nil {
			c.Standing, c.Respawn = false, e.Respawn
		}
	case battle.CityRespawn:
		if c := m.city(battle.Point(e.At)); c != nil {
			c.Standing, c.Defence, c.Respawn = true, e.Defence, 0
		}
	case battle.FlagTaken:
		p.Holder = e.Side
	case battle.FlagHeld:
		p.Sides[e.Side].Grain, p.Sides[e.Side].Held = e.Grain, e.Held
	}
}

// sync shows the game's own position when the game is at the start of
// round r (it is, unless it ran ahead: a game played to its end at once).
func (m *match) sync(r int) {
	if m.g.Over() || m.g.Round() != r {
		return
	}
	m.shown = m.g.Position()
}

// unit returns side s's slot k as shown, or nil.
func (m *match) unit(s, k int) *battle.Unit {
	if s < 0 || s > 1 || k < 0 || k >= battle.TeamSize {
		return nil
	}
	return &m.shown.Sides[s].Team[k]
}

// hero returns the unit of side s's hero called name, or nil.
func (m *match) hero(s int, name string) *battle.Unit {
	if s < 0 || s > 1 {
		return nil
	}
	return m.unit(s, m.shown.SlotOf(s, name))
}

// city returns the city on a cell, or nil.
func (m *match) city(at battle.Point) *battle.City {
	for i := range m.shown.Cities {
		if m.shown.Cities[i].At == at {
			return &m.shown.Cities[i]
		}
	}
	return nil
}

// formation returns the formation called name (none for "").
func formation(name string) battle.Formation {
	for f, n := range battle.FormationNames {
		if n == name {
			return battle.Formation(f)
		}
	}
	return battle.NoFormation
}
