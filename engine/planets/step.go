package planets

// One game step (spec 4), stage by stage.

// missLimit is the number of consecutive missed steps after which the
// no-response rule clears a player's alive flag (spec 7.3).
const missLimit = 3

// step plays one game step and reports whether something happened (false
// only when a waiting game has too few players).
func (s *state) step() bool {
	switch s.status {
	case StatusFinished:
		s.reset()
		report(s, Reset{})
		return true
	case StatusWaiting:
		if Int(int64(len(s.players))).Less(s.b.minPlayer) {
			return false
		}
		s.status = StatusRunning
		report(s, Start{Round: s.round})
	}
	if over, byRound := s.finishCheck(); over {
		s.status = StatusFinished
		ranking := s.ranking()
		s.winner = -1
		if len(ranking) > 0 {
			s.winner = ranking[0].Player
		}
		report(s, Finish{Round: s.round, RoundLimit: byRound, Winner: s.winner, Ranking: ranking})
	}
	for i := range s.players {
		s.players[i].points++
	}
	s.moveStage()
	s.battleStage(s.arriveStage())
	s.production()
	return true
}

// finishCheck is spec 7.1: the game is over past the round limit, or when
// at most one player has units left; otherwise every alive flag is set to
// whether the player has units.
func (s *state) finishCheck() (over, byRound bool) {
	if s.b.maxRound.Less(Int(s.round)) {
		return true, true
	}
	sc := &s.scratch
	sc.planets, sc.units = s.tallyTo(sc.planets, sc.units)
	units := sc.units
	left := 0
	for i, u := range units {
		alive := u.Positive()
		if alive {
			left++
		}
		if s.players[i].alive != alive {
			s.players[i].alive = alive
			report(s, Alive{Player: i, Alive: alive})
		}
	}
	return left <= 1, false
}

// moveStage is spec 5.2: every living player's queued order runs, in
// player order.
func (s *state) moveStage() {
	for i := range s.players {
		p := &s.players[i]
		if !p.alive {
			continue
		}
		if !p.queued {
			if s.noResp {
				s.missStep(i)
			}
			continue
		}
		s.execute(i)
	}
}

// execute runs player i's queued order: its moves, then its tactic.
func (s *state) execute(i int) {
	p := &s.players[i]
	for _, m := range p.order {
		h := &s.holds[m.from]
		if h.count.Less(Int(m.count)) {
			report(s, Skip{Player: m.player, From: m.from, To: m.to, Count: m.count, Garrison: h.count})
			continue
		}
		h.count = h.count.Sub(Int(m.count))
		s.fleets = append(s.fleets, m)
		emptied := !h.count.Positive()
		if emptied {
			*h = hold{owner: Neutral}
		}
		report(s, Launch{Player: m.player, From: m.from, To: m.to, Count: m.count, Steps: m.left, Emptied: emptied})
	}
	p.spare, p.order, p.queued = p.order[:0], nil, false
	if t := p.tactic; t != nil && t.Type == Terminator {
		before := s.holds[t.Planet].public()
		s.holds[t.Planet] = hold{owner: Neutral}
		p.points -= TacticCost[Terminator]
		report(s, TacticUsed{Player: i, Type: t.Type, Planet: t.Planet, Before: before, Points: p.points})
	}
	p.tactic = nil
}

// missStep counts a step player i did not answer (spec 7.3); the third
// consecutive miss clears the alive flag.
func (s *state) missStep(i int) {
	p := &s.players[i]
	if !p.missed || p.missRound != s.round-1 {
		p.missed, p.misses, p.missRound = true, 1, s.round
		return
	}
	p.misses++
	p.missRound = s.round
	if p.misses >= missLimit {
		p.alive = false
		s.adjustFee()
		report(s, Alive{Player: i, Alive: false, NoResponse: true})
	}
}

// arriveStage is spec 5.4: every fleet comes one step closer; those with
// no steps left arrive (returned in list order, valid until the next
// arriveStage), those past their destination are lost.
func (s *state) arriveStage() []fleet {
	arrived := s.scratch.arrived[:0]
	kept := s.fleets[:0]
	for _, f := range s.fleets {
		f.left = f.left.Sub(Int(1))
		switch c := f.left.Cmp(Int(0)); c {
		case 0:
			arrived = append(arrived, f)
		case 1:
			kept = append(kept, f)
		default:
			report(s, Lost{Fleet: f.public()})
		}
	}
	clear(s.fleets[len(kept):])
	s.fleets = kept
	s.scratch.arrived = arrived
	return arrived
}

// battleStage is spec 5.5: every planet with arrivals, in id order.
func (s *state) battleStage(arrived []fleet) {
	if len(arrived) == 0 {
		return
	}
	at := s.scratch.at
	for planet := range s.holds {
		at = at[:0]
		for _, f := range arrived {
			if f.to == planet {
				at = append(at, f)
			}
		}
		if len(at) > 0 {
			s.battle(planet, at)
		}
	}
	s.scratch.at = at
}

// production is spec 5.6: every owned planet grows (or shrinks), then the
// round counter goes up.
func (s *state) production() {
	var levels []Num
	if s.b.fee {
		levels = s.feeLevels()
	}
	for i := range s.holds {
		h := s.holds[i]
		if h.owner == Neutral {
			continue
		}
		level := Real(1)
		if levels != nil && h.owner < len(levels) {
			level = levels[h.owner]
		}
		next := grow(h.count, s.b.planets[i], s.b.fee, level)
		after := hold{owner: h.owner, count: next}
		if !next.Positive() {
			after = hold{owner: Neutral}
		}
		s.holds[i] = after
		if s.reportsProduction(h, after) {
			report(s, Production{Planet: i, Before: h.public(), After: after.public()})
		}
	}
	s.round++
	if s.tells(RoundEnd{}.EventName()) {
		planets, units := s.tally()
		report(s, RoundEnd{Round: s.round, Planets: planets, Units: units})
	}
}

// reportsProduction reports whether the production of a planet from hold
// before to after is reported.
func (s *state) reportsProduction(before, after hold) bool {
	switch {
	case !s.tells(Production{}.EventName()):
		return false
	case after.owner != before.owner:
		return true
	case s.productions == productionEvery:
		return true
	}
	return s.productions == productionChanges && !after.count.Same(before.count)
}

// grow is the production of one planet with garrison g (spec 5.6): the
// new garrison, before the rule that turns a garrison ≤ 0 neutral.
func grow(g Num, p planetInfo, fee bool, level Num) Num {
	inc := g.Mul(p.res.Sub(Int(1))).Add(p.cos)
	if fee {
		inc = inc.Mul(level)
	}
	cand := g.Add(inc).Trunc()
	if g.Less(p.max) {
		if p.max.Less(cand) {
			return p.max
		}
		return cand
	}
	if cand.Less(g) {
		return cand
	}
	return g
}

// feeLevels returns every player's maintenance level (spec 6), from the
// units measured once, before any planet produces.
func (s *state) feeLevels() []Num {
	sc := &s.scratch
	sc.planets, sc.units = s.tallyTo(sc.planets, sc.units)
	sc.levels = resize(sc.levels, len(sc.units))
	for i, u := range sc.units {
		sc.levels[i] = feeLevel(u, s.mtBase)
	}
	return sc.levels
}

// feeLevel is the maintenance level of a player with u units against the
// base line base.
func feeLevel(u Num, base int64) Num {
	b := Int(base)
	switch {
	case !b.Less(u):
		return Real(1)
	case !Real(float64(base) * 1.5).Less(u):
		return Real(0.5)
	case !b.Mul(Int(2)).Less(u):
		return Real(0.25)
	}
	return Real(0)
}
