package battle

// flag is step 11 (spec §13), in rounds from FlagOpens.
func (st *state) flag() {
	if st.Round < FlagOpens {
		return
	}
	var n, upkeep [2]int
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			u := &st.Sides[s].Team[k]
			if u.Alive && st.Board.IsFlag(u.At) {
				n[s]++
				upkeep[s] += 2 + u.Archers + u.Shields
			}
		}
	}
	var claims [2]bool
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			u := &st.Sides[s].Team[k]
			if st.ord[s].act[k].op != OpAC || !u.Alive {
				continue
			}
			if st.Board.IsFlag(u.At) {
				claims[s] = true
			} else {
				st.miss(s, k, "AC", "not_on_flag")
			}
		}
	}
	for s, claimed := range claims {
		if claimed {
			st.claim(s, n, upkeep[s])
		}
	}
	st.hold(n, upkeep)
}

// claim resolves side s's claim.
func (st *state) claim(s int, n [2]int, upkeep int) {
	reason := ""
	switch t := other(s); {
	case n[s] < n[t]:
		reason = "fewer"
	case n[s] == n[t]:
		reason = "tie"
	case st.Sides[s].Grain < upkeep:
		reason = "grain"
	}
	if reason != "" {
		if st.emit != nil {
			st.emit(FlagVoid{Side: s, N: n, Reason: reason})
		}
		return
	}
	if st.Holder != s {
		st.Holder = s
		if st.emit != nil {
			st.emit(FlagTaken{Side: s, N: n})
		}
	}
}

// hold makes the holder pay its upkeep and count a held round.
func (st *state) hold(n, upkeep [2]int) {
	h := st.Holder
	if h < 0 || n[h] < 1 {
		return
	}
	sd := &st.Sides[h]
	if sd.Grain < upkeep[h] {
		if st.emit != nil {
			st.emit(FlagStarved{Side: h, Upkeep: upkeep[h], Grain: sd.Grain})
		}
		return
	}
	sd.Grain -= upkeep[h]
	sd.Held++
	if st.emit != nil {
		st.emit(FlagHeld{Side: h, Upkeep: upkeep[h], Grain: sd.Grain, Held: sd.Held})
	}
}
