package battle

// mover is one MOVE, SP or mark-jump of step 7.
type mover struct {
	side, slot int
	how        int
	from, to   Point
	failed     string // the reason it failed, or ""
}

// movement is step 7 (spec §6): every mover resolved together.
func (st *state) movement() {
	ms := st.movers[:0]
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			mo := st.ord[s].move[k]
			if mo.how == moveNone {
				continue
			}
			u := &st.Sides[s].Team[k]
			ms = append(ms, mover{side: s, slot: k, how: mo.how, from: u.At, to: mo.to})
			switch mo.how {
			case moveSP:
				st.Sides[s].Last[u.Hero][2] = st.Round
			case moveMark:
				u.MarkRound = 0
			}
		}
	}
	st.movers = ms
	if len(ms) == 0 {
		return
	}
	st.contest(ms)
	st.swaps(ms)
	st.blocks(ms)
	for i := range ms {
		m := &ms[i]
		u := &st.Sides[m.side].Team[m.slot]
		if m.failed == "" {
			u.At = m.to
		}
		if st.emit == nil {
			continue
		}
		if m.failed == "" {
			st.emit(Move{Side: m.side, Hero: st.name(m.side, m.slot), How: moveHow[m.how], From: Cell(m.from), To: Cell(m.to)})
		} else {
			st.emit(Blocked{Side: m.side, Hero: st.name(m.side, m.slot), How: moveHow[m.how], From: Cell(m.from), To: Cell(m.to), Reason: m.failed})
		}
	}
}

// stack reports whether m's target is a base cell of its own side.
func (st *state) stack(m *mover) bool { return st.Board.IsBase(m.side, m.to) }

// contest fails every group of movers with one target that is not a
// stack target (step 1).
func (st *state) contest(ms []mover) {
	for i := range ms {
		if st.stack(&ms[i]) {
			continue
		}
		for j := i + 1; j < len(ms); j++ {
			if ms[j].to == ms[i].to {
				ms[i].failed, ms[j].failed = "contested", "contested"
			}
		}
	}
}

// swaps fails two movers that would pass through each other (step 2).
func (st *state) swaps(ms []mover) {
	for i := range ms {
		for j := i + 1; j < len(ms); j++ {
			a, b := &ms[i], &ms[j]
			if a.to == b.from && b.to == a.from && a.failed == "" && b.failed == "" {
				a.failed, b.failed = "swap", "swap"
			}
		}
	}
}

// blocks fails, until nothing changes, a mover whose target holds a unit
// that stays: a non-mover or a failed mover (step 3).
func (st *state) blocks(ms []mover) {
	for changed := true; changed; {
		changed = false
		for i := range ms {
			m := &ms[i]
			if m.failed != "" || st.stack(m) {
				continue
			}
			if st.staysOn(ms, m.to) {
				m.failed = "occupied"
				changed = true
			}
		}
	}
}

// staysOn reports whether a unit that does not move stands on p: a
// living unit that is no mover, or a failed mover.
func (st *state) staysOn(ms []mover, p Point) bool {
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			u := &st.Sides[s].Team[k]
			if !u.Alive || u.At != p {
				continue
			}
			mi := moverIndex(ms, s, k)
			if mi < 0 || ms[mi].failed != "" {
				return true
			}
		}
	}
	return false
}

func moverIndex(ms []mover, s, k int) int {
	for i := range ms {
		if ms[i].side == s && ms[i].slot == k {
			return i
		}
	}
	return -1
}
