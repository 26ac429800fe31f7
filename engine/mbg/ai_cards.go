package mbg

// The AI's card play: a card is chosen at sel_role_action only with a
// planned target, and the target questions that follow are answered from
// the plan (a re-asked question cancels the card, so nothing loops).

// maxCardPlays bounds the cards the AI plays in one action.
const maxCardPlays = 8

// roleAction answers sel_role_action: a useful card, or move.
func (ai *AI) roleAction(s *state, r int, m *aiMemory) int {
	if m.plays < maxCardPlays && !ai.Style.NoCards {
		for c, n := range s.roles[r].cards {
			if n == 0 || m.tried[c] {
				continue
			}
			if plan, ok := ai.planCard(s, r, c); ok {
				m.tried[c] = true
				m.plays++
				m.plan = plan
				return c
			}
		}
	}
	m.tried, m.plays = [NumCards]bool{}, 0
	return -1
}

// opponentInfo summarises the other live roles of r.
type opponentInfo struct {
	richest    int // the richest other live role, -1 if none
	ownCities  int // cities of r
	mostCities int // most cities of another role
}

func opponents(s *state, r int) opponentInfo {
	info := opponentInfo{richest: -1, ownCities: s.roles[r].mcs.count()}
	for o := range s.roles {
		if o == r || !s.live(o) {
			continue
		}
		if info.richest == -1 || s.roles[o].money > s.roles[info.richest].money {
			info.richest = o
		}
		info.mostCities = max(info.mostCities, s.roles[o].mcs.count())
	}
	return info
}

// planCard decides whether card c is worth playing now, and on what.
func (ai *AI) planCard(s *state, r, c int) (cardPlan, bool) {
	op := opponents(s, r)
	plan := cardPlan{card: c, target: -1}
	rich := op.richest
	switch c {
	case 0: // barrier: stop the richest opponent on our city in front of it
		if rich == -1 {
			return plan, false
		}
		next := s.ahead(rich, 1)
		if sq := s.board[next]; sq.class == 1 && s.cities[sq.base].role == r && !sq.barrier && !sq.robber {
			plan.target = next
			return plan, true
		}
	case 10: // robber in front of the richest opponent
		if rich != -1 {
			if next := s.ahead(rich, 1); !s.board[next].robber && !s.board[next].barrier {
				plan.target = next
				return plan, true
			}
		}
	case 3, 5: // stop or rob the richest opponent
		if rich != -1 && (c == 3 || s.roles[rich].money > 0) && s.roles[rich].mst != mstStopped {
			plan.target = rich
			return plan, true
		}
	case 1: // slow an opponent who profits from moving
		if rich != -1 && s.roles[rich].mcs.count() > op.ownCities && s.roles[rich].mst == mstNormal {
			plan.target = rich
			return plan, true
		}
	case 2: // hurry when moving pays
		if op.ownCities > op.mostCities && s.roles[r].mst == mstNormal {
			plan.target = r
			return plan, true
		}
	case 4: // an extra action when moving pays
		return plan, op.ownCities > 0 && op.ownCities >= op.mostCities && !s.roles[r].cst
	case 6: // heal the travelling officers when they are hurt
		var lost, total float32
		for _, p := range s.roles[r].mos.list() {
			lost += s.people[p].hpmax - s.people[p].hp
			total += s.people[p].hpmax
		}
		return plan, total > 0 && lost > 0.3*total
	case 7, 8, 9:
		return ai.planOfficerCard(s, r, c, plan)
	}
	return plan, false
}

// ahead is the square k steps ahead of role o.
func (s *state) ahead(o, k int) int {
	n := len(s.board)
	return ((s.roles[o].loc+k*s.roles[o].dir)%n + n) % n
}

// planOfficerCard aims rumour at the best treasurer of another role,
// poison at its best general, defection at the last defender of a city
// (which then becomes unowned) or at its best general.
func (ai *AI) planOfficerCard(s *state, r, c int, plan cardPlan) (cardPlan, bool) {
	bestEarn := float32(-1)
	for _, pl := range s.officerPlaces(r, c) {
		switch {
		case c == 7 && pl.st == 1:
			t := s.cities[pl.obj].treasurer
			if t != -1 && s.people[t].lst == 0 {
				if e := s.earn(pl.obj); e > bestEarn {
					bestEarn = e
					plan.st, plan.obj, plan.target = 1, pl.obj, t
				}
			}
		case c == 9 && pl.st == 1 && len(pl.people) == 1:
			if e := s.earn(pl.obj); e > bestEarn {
				bestEarn = e
				plan.st, plan.obj, plan.target = 1, pl.obj, pl.people[0]
			}
		}
	}
	if plan.target != -1 {
		return plan, true
	}
	if c == 7 {
		return plan, false
	}
	best := -1.0
	for _, pl := range s.officerPlaces(r, c) {
		if pl.st != 0 {
			continue
		}
		for _, p := range pl.people {
			if c == 8 && s.people[p].pst != 0 {
				continue
			}
			if sc := fightScore(s, p, -1); sc > best {
				best = sc
				plan.st, plan.obj, plan.target = 0, pl.obj, p
			}
		}
	}
	return plan, plan.target != -1
}

// cardTarget answers confirm_card and the sel_card_obj_* questions from
// the plan; a question asked again cancels the card.
func (ai *AI) cardTarget(kind string, m *aiMemory) any {
	p := &m.plan
	first := p.stage == 0
	p.stage++
	switch kind {
	case KindConfirmCard:
		if first {
			return 0
		}
		return 1
	case KindSelCardObjAny:
		if first {
			return [2]int{p.st, p.obj}
		}
		return [2]int{-1, -1}
	}
	if first {
		return p.target
	}
	return -1
}

// cardPerson answers sel_card_obj_people with the planned officer.
func (ai *AI) cardPerson(a CardPeopleArgs, m *aiMemory) int {
	p := &m.plan
	if p.stage != 1 {
		return -1
	}
	p.stage++
	return indexOf(a.PList, p.target)
}
