package mbg

// fighter is a battle side taken from the game: the role, the officers it
// fights with, and the main general and city it writes back to.
type fighter struct {
	main int // main general, -1 for the robber
	city int // city fought from, or -1
}

// selectSide asks role x (fighting as side j, from city c or with its
// travelling officers) for its generals and builds its battle side (spec
// §6.1). It reports false when the role chose no main general.
func (g *game) selectSide(x, j, c int) (side, fighter, bool) {
	pool := g.roles[x].mos
	if c != -1 {
		pool = g.cities[c].mos
	}
	cands := []int{}
	for _, p := range pool.list() {
		if g.people[p].lst == 0 {
			cands = append(cands, p)
		}
	}
	n := len(cands)
	mi, vi := g.askPair(x, KindSelGeneral, GeneralArgs{PList: cands}, func(m, v int) error {
		if m == -1 {
			return nil
		}
		if err := index(m, n, false, "the main general"); err != nil {
			return err
		}
		return index(v, n, true, "the vice general")
	})
	if mi == -1 {
		return side{}, fighter{}, false
	}
	if vi == mi {
		vi = -1
	}
	v := -1
	if vi != -1 {
		v = cands[vi]
	}
	return g.makeSide(x, cands[mi], v, c), fighter{main: cands[mi], city: c}, true
}

// makeSide builds the battle side of role x with main general m, vice
// general v (or -1), fighting from city c (or -1).
func (s *state) makeSide(x, m, v, c int) side {
	mp := &s.people[m]
	sd := side{role: x, winp: mp.eff(1), power: mp.eff(0), celve: mp.eff(2), hpmax: mp.hp, hp: mp.hp}
	if v != -1 {
		vp := &s.people[v]
		if w := vp.eff(0); w > sd.power {
			sd.power = w
		}
		if w := vp.eff(2); w > sd.celve {
			sd.celve = w
		}
	}
	if c != -1 {
		sd.def = s.cities[c].hp
	}
	for t := range sd.tech {
		sd.tech[t] = s.roles[x].tech.has(t)
	}
	return sd
}

// fightRoles is battle(a, none, d, dCity, scale) between two roles; it
// returns 1 (a won), -1 (d won) or 0.
func (g *game) fightRoles(a, d, dCity, scale int) int {
	s0, f0, ok := g.selectSide(a, 0, -1)
	if !ok {
		g.emit(BattleNoGeneral{Role: a, Side: 0})
		return -1
	}
	s1, f1, ok := g.selectSide(d, 1, dCity)
	if !ok {
		g.emit(BattleNoGeneral{Role: d, Side: 1})
		return 1
	}
	return g.fight(s0, s1, [2]fighter{f0, f1}, scale)
}

// fightRobber is the robber battle of role a (scale 1).
func (g *game) fightRobber(a int) int {
	s0, f0, ok := g.selectSide(a, 0, -1)
	if !ok {
		g.emit(BattleNoGeneral{Role: a, Side: 0})
		return -1
	}
	return g.fight(s0, robberSide(), [2]fighter{f0, {main: -1, city: -1}}, 1)
}

// fight runs the battle loop and writes the results back (spec §6.1).
func (g *game) fight(s0, s1 side, fs [2]fighter, scale int) int {
	b := &battle{s: [2]side{s0, s1}, rng: g.rng, emit: g.emit}
	res := b.run(scale)
	for j, f := range fs {
		if f.main != -1 {
			p := &g.people[f.main]
			p.hp = b.s[j].hp
			p.quit = p.quit || b.s[j].isQuit
		}
		if f.city != -1 {
			g.cities[f.city].hp = b.s[j].def
		}
	}
	return res
}
