package battle

import bfmt "github.com/shapan/shapan/formats/battle"

// How a packet meets a unit's soldiers (spec §7.5).
type absorb int

const (
	unitDamage   absorb = iota // shields, then archers, then the hero
	directDamage               // the hero only
	soldierOnly                // shields then archers; the rest is lost
	fireDamage                 // shields at twice the rate, then as unit
	executeHit                 // the hero's hp (龙胆突刺)
)

// noSlot is the source slot of damage that no hero's command dealt
// (damage over time, city fire).
const noSlot = -1

// source is who deals a packet.
type source struct {
	side int    // -1: a city
	slot int    // the hero's slot for 9b and 9c packets (dealt), else noSlot
	name string // the hero's name, or "city"
	via  string // AD, SK1, SK2, DOT or CITY
}

// combat is step 9: the snapshot, then stages 9a to 9g.
func (st *state) combat() {
	for s := range st.Sides {
		st.snap[s] = st.Sides[s].Team
		st.people[s] = st.People(s)
		st.dealt[s] = [TeamSize]int{}
		st.knock[s] = knock{}
		clear(st.siege[s])
	}
	st.damageOverTime()
	st.damagingSkills()
	st.attacks()
	st.sieges()
	st.cityFire()
	st.knockbacks()
	st.lifesteal()
}

// force is the effective force Fe of a unit at the snapshot (spec §7.2).
func (st *state) force(u *Unit) int {
	f := st.Board.Roster[u.Hero].Force
	if u.Has(Xiaoxiong, st.Round) {
		f += 20
	}
	if u.Has(Drunk, st.Round) {
		f = f * 130 / 100
	}
	return f
}

// attack is the unit attack A of a unit at the snapshot.
func (st *state) attack(u *Unit) int {
	return st.force(u) + ArcherForce*u.Archers + ShieldForce*u.Shields
}

// outgoing applies the outgoing modifiers of side s's slot k (at the
// snapshot) to base b against the unit target (nil: a city).
func (st *state) outgoing(s, k, b int, target *Unit) int {
	r := st.Round
	u := &st.snap[s][k]
	p := 0
	if st.Sides[s].Formation == Crane {
		p += Pct(st.people[s])
	}
	if target != nil && u.Has(Rage, r) {
		p += 50
	}
	if u.Has(Lianying, r) {
		p += 20
	}
	if target != nil && st.Board.Roster[u.Hero].Class == bfmt.Strategist && st.Board.Roster[target.Hero].Class == bfmt.Warrior {
		p += 20
	}
	d := b * (100 + p) / 100
	if u.Has(Weak, r) {
		d = d * 50 / 100
	}
	return d
}

// incoming applies the incoming modifiers of side t's slot v (at the
// snapshot) to an amount (spec §7.4).
func (st *state) incoming(t, v, d int) int {
	r := st.Round
	u := &st.snap[t][v]
	if u.Has(Immune, r) {
		return 0
	}
	if u.Has(Rende, r) {
		d = d * 50 / 100
	}
	if u.Has(Lianying, r) {
		d = d * 50 / 100
	}
	if u.Has(Qinglong, r) {
		d = d * 80 / 100
	}
	if st.Sides[t].Formation == Bagua {
		d = d * (100 - Pct(st.people[t])) / 100
	}
	return d
}

// strike is a hero's packet of base b, of absorption kind how, on side
// t's slot v: with every modifier, applied if v is alive, and counted in
// the hero's dealt.
func (st *state) strike(src source, t, v, b int, how absorb) {
	if !st.Sides[t].Team[v].Alive {
		return
	}
	amount := st.incoming(t, v, st.outgoing(src.side, src.slot, b, &st.snap[t][v]))
	st.dealt[src.side][src.slot] += st.hit(src, t, v, amount, how)
}

// hit applies a packet of the given amount to side t's slot v, emits
// damage (and kill), credits the source's side, and returns the hp
// removed. A packet on a dead unit is dropped.
func (st *state) hit(src source, t, v, amount int, how absorb) int {
	u := &st.Sides[t].Team[v]
	if !u.Alive {
		return 0
	}
	var lost [2]int // shields, archers
	removed := 0
	switch how {
	case unitDamage:
		removed = u.absorbUnit(amount, &lost)
	case directDamage:
		removed = u.hurt(amount)
	case soldierOnly:
		d, rm := u.absorbShields(amount, &lost)
		_, rm2 := u.absorbArchers(d, &lost)
		removed = rm + rm2
	case fireDamage:
		removed = u.absorbFire(amount, &lost)
	case executeHit:
		removed = u.hurt(amount)
	}
	if st.emit != nil {
		st.emit(Damage{SrcSide: src.side, Src: src.name, Via: src.via, Side: t, Hero: st.name(t, v),
			Amount: amount, ShieldsLost: lost[0], ArchersLost: lost[1], HP: u.HP})
	}
	if src.side >= 0 {
		if n := lost[0] + lost[1]; n > 0 {
			sd := &st.Sides[src.side]
			sd.SoldierKills += n
			sd.Morale = addCapped(sd.Morale, SoldierMorale*n, MoraleCap)
		}
	}
	if u.HP == 0 {
		st.die(t, v, src.side)
	}
	return removed
}

// hurt takes up to d hp from the hero.
func (u *Unit) hurt(d int) int {
	x := min(d, u.HP)
	u.HP -= x
	return x
}

// absorbShields lets the shields take d; it returns what is left and
// the hp removed.
func (u *Unit) absorbShields(d int, lost *[2]int) (left, removed int) {
	return absorbFront(d, &u.Shields, &u.ShieldHP, ShieldHP, &lost[0])
}

// absorbArchers lets the archers take d.
func (u *Unit) absorbArchers(d int, lost *[2]int) (left, removed int) {
	return absorbFront(d, &u.Archers, &u.ArcherHP, ArcherHP, &lost[1])
}

// absorbFront lets n soldiers of one kind take d, the front one (hp)
// first, the others at full hp; killed counts the soldiers that die.
func absorbFront(d int, n, hp *int, full int, killed *int) (left, removed int) {
	for d > 0 && *n > 0 {
		x := min(d, *hp)
		*hp -= x
		d -= x
		removed += x
		if *hp == 0 {
			*n--
			*killed++
			if *n > 0 {
				*hp = full
			}
		}
	}
	return d, removed
}

// absorbUnit applies unit damage: shields, archers, hero.
func (u *Unit) absorbUnit(d int, lost *[2]int) int {
	d, r1 := u.absorbShields(d, lost)
	d, r2 := u.absorbArchers(d, lost)
	return r1 + r2 + u.hurt(d)
}

// absorbFire applies 火攻's damage: shields absorb twice the amount.
func (u *Unit) absorbFire(d int, lost *[2]int) int {
	s := 0
	if u.Shields > 0 {
		s = (u.Shields-1)*ShieldHP + u.ShieldHP
	}
	if 2*d <= s {
		_, removed := u.absorbShields(2*d, lost)
		return removed
	}
	lost[0] += u.Shields
	u.Shields, u.ShieldHP = 0, 0
	return s + u.absorbUnit((2*d-s)/2, lost)
}

// die kills side t's slot v (spec §10.1); by is the side credited, or -1.
func (st *state) die(t, v, by int) {
	r := st.Round
	if by >= 0 {
		sd := &st.Sides[by]
		sd.HeroKills++
		sd.Grain = addCapped(sd.Grain, KillGrain, GrainCap)
		sd.Morale = addCapped(sd.Morale, KillMorale, MoraleCap)
	}
	u := &st.Sides[t].Team[v]
	if st.emit != nil {
		st.emit(Kill{Side: t, Hero: st.name(t, v), By: by, At: Cell(u.At), Respawn: r + RespawnDelay})
	}
	*u = Unit{Hero: u.Hero, Respawn: r + RespawnDelay}
}

// damageOverTime is stage 9a.
func (st *state) damageOverTime() {
	for t := range st.snap {
		for v := range st.snap[t] {
			u := &st.snap[t][v]
			for i, sts := range [2]Status{Silence, Prison} {
				if !u.Has(sts, st.Round) || !st.Sides[t].Team[v].Alive {
					continue
				}
				dot := u.DoT[i]
				st.hit(source{side: dot.SrcSide, slot: noSlot, name: dot.Src, via: "DOT"}, t, v, st.incoming(t, v, dot.Amount), directDamage)
			}
		}
	}
}

// attacks is stage 9c.
func (st *state) attacks() {
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			a := &st.ord[s].act[k]
			if a.op != OpAD {
				continue
			}
			u, t := &st.snap[s][k], other(s)
			if Dist(u.At, st.snap[t][a.target].At) > st.Board.Roster[u.Hero].Range {
				st.miss(s, k, "AD", "out_of_range")
				continue
			}
			st.strike(source{side: s, slot: k, name: st.name(s, k), via: "AD"}, t, a.target, st.attack(u), unitDamage)
		}
	}
}

// sieges is stage 9d: the SG packets, then the captures.
func (st *state) sieges() {
	r := st.Round
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			a := &st.ord[s].act[k]
			if a.op != OpSG {
				continue
			}
			u, c := &st.snap[s][k], &st.Cities[a.city]
			if Dist(u.At, c.At) > st.Board.Roster[u.Hero].Range {
				st.miss(s, k, "SG", "out_of_range")
				continue
			}
			amount := st.outgoing(s, k, st.attack(u), nil)
			c.Defence -= amount
			st.siege[s][a.city] += amount
			if st.emit != nil {
				st.emit(Siege{Side: s, Hero: st.name(s, k), At: Cell(c.At), Amount: amount, Defence: c.Defence})
			}
		}
	}
	for i := range st.Cities {
		c := &st.Cities[i]
		if !c.Standing || c.Defence > 0 {
			continue
		}
		reward := bfmt.CityLevels[c.Level].Reward
		d0, d1 := st.siege[0][i], st.siege[1][i]
		var rewards [2]int
		switch {
		case d0 > d1:
			rewards[0] = reward
		case d1 > d0:
			rewards[1] = reward
		default:
			rewards = [2]int{reward / 2, reward / 2}
		}
		for s := range rewards {
			if d0 == d1 || rewards[s] > 0 {
				st.Sides[s].Grain = addCapped(st.Sides[s].Grain, rewards[s], GrainCap)
				st.Sides[s].Cities++
			}
		}
		c.Standing, c.Respawn = false, r+CityRespawnDelay
		if st.emit != nil {
			st.emit(CityFall{At: Cell(c.At), Level: c.Level, Damage: [2]int{st.siege[0][i], st.siege[1][i]}, Rewards: rewards, Respawn: c.Respawn})
		}
	}
}

// cityFire is stage 9e.
func (st *state) cityFire() {
	for i := range st.Cities {
		c := &st.Cities[i]
		if !c.Standing {
			continue
		}
		cs := bfmt.CityLevels[c.Level]
		for t := range st.Sides {
			for v := range st.Sides[t].Team {
				u := &st.Sides[t].Team[v]
				if u.Alive && Dist(c.At, u.At) <= cs.Range {
					st.hit(source{side: -1, slot: noSlot, name: "city", via: "CITY"}, t, v, st.incoming(t, v, cs.Damage), unitDamage)
				}
			}
		}
	}
}

// knock is a 虎豹骑 whose target was in range: knocked back in 9f.
type knock struct {
	ok             bool
	caster, target int
}

// knockbacks is stage 9f.
func (st *state) knockbacks() {
	for s := range st.Sides {
		kb := st.knock[s]
		t := other(s)
		u := &st.Sides[t].Team[kb.target]
		if !kb.ok || !u.Alive {
			continue
		}
		from, to := st.snap[s][kb.caster].At, st.snap[t][kb.target].At
		d := Point{X: sign(to.X - from.X), Y: sign(to.Y - from.Y)}
		start := u.At
		for range KnockSteps {
			n := Point{X: u.At.X + d.X, Y: u.At.Y + d.Y}
			if !st.Board.Passable(t, n) || (!st.Board.IsBase(t, n) && st.occupied(n)) {
				break
			}
			u.At = n
		}
		if u.At != start && st.emit != nil {
			st.emit(Knockback{Side: t, Hero: st.name(t, kb.target), From: Cell(start), To: Cell(u.At)})
		}
	}
}

// occupied reports whether a living unit stands on p.
func (st *state) occupied(p Point) bool {
	_, _, ok := st.UnitAt(p)
	return ok
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// lifesteal is stage 9g.
func (st *state) lifesteal() {
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			u := &st.Sides[s].Team[k]
			d := st.dealt[s][k]
			if d <= 0 || !u.Alive || !st.snap[s][k].Has(Xiaoxiong, st.Round) {
				continue
			}
			gain := min(st.Board.Roster[u.Hero].HP-u.HP, d*10/100)
			gain = max(gain, 0)
			u.HP += gain
			if st.emit != nil {
				st.emit(Heal{Side: s, Hero: st.name(s, k), Gain: gain, HP: u.HP, ShieldHP: u.ShieldHP, ArcherHP: u.ArcherHP})
			}
		}
	}
}
