package planets

// forecast predicts planets a few steps ahead from what a player can see:
// the holds and the fleets in flight (its own planned fleets included),
// with the exact battle and production rules. Launches nobody has made
// yet and tactics are not predicted.
type forecast struct {
	st *state
	// now is every planet's hold at the start of the next step's
	// arrivals (planned departures and a planned terminator applied).
	now []hold
	// incoming lists, per planet, the fleets that will land, with the
	// step (1 = the next step) in which each lands.
	incoming [][]landing
	// horizon is the last step with a known landing, per planet.
	horizon []int
	buf     []Pair
	at      []fleet
}

// landing is a fleet landing in a future step.
type landing struct {
	step   int
	player int
	count  int64
}

// reset makes f the forecast of state st, reusing its storage (an AI
// keeps one forecast from step to step).
func (f *forecast) reset(st *state) {
	n := len(st.holds)
	f.st = st
	f.now = append(f.now[:0], st.holds...)
	if cap(f.incoming) < n {
		f.incoming = make([][]landing, n)
		f.horizon = make([]int, n)
	}
	f.incoming, f.horizon = f.incoming[:n], f.horizon[:n]
	for p := range f.incoming {
		f.incoming[p] = f.incoming[p][:0]
	}
	clear(f.horizon)
	for _, fl := range st.fleets {
		if k, ok := whole(fl.left); ok && k >= 1 {
			f.add(fl.to, landing{step: int(k), player: fl.player, count: fl.count})
		}
	}
}

// add records a landing.
func (f *forecast) add(planet int, l landing) {
	f.incoming[planet] = append(f.incoming[planet], l)
	f.horizon[planet] = max(f.horizon[planet], l.step)
}

// depart removes units leaving planet p in the next move stage.
func (f *forecast) depart(p int, count int64) {
	h := &f.now[p]
	h.count = h.count.Sub(Int(count))
	if !h.count.Positive() {
		*h = hold{owner: Neutral}
	}
}

// plan is a fleet the forecast should assume: count units of player
// landing on planet to in step step, and depart units leaving planet
// from at once (0: none).
type plan struct {
	to, step int
	player   int
	count    int64
	from     int
	depart   int64
}

// run simulates planet p for steps steps with the extra plan x (count 0:
// no fleet, depart 0: no departure) and calls visit with each step's hold
// after the battle and after production, until visit returns false.
func (f *forecast) run(p, steps int, x plan, visit func(k int, afterBattle, afterProduction hold) bool) {
	b := f.st.b
	info := b.planets[p]
	h := f.now[p]
	if x.depart > 0 && x.from == p {
		h.count = h.count.Sub(Int(x.depart))
		if !h.count.Positive() {
			h = hold{owner: Neutral}
		}
	}
	for k := 1; k <= steps; k++ {
		f.at = f.at[:0]
		for _, l := range f.incoming[p] {
			if l.step == k {
				f.at = append(f.at, fleet{player: l.player, count: l.count})
			}
		}
		if x.count > 0 && x.to == p && x.step == k {
			f.at = append(f.at, fleet{player: x.player, count: x.count})
		}
		if len(f.at) > 0 {
			h, f.buf, _, _ = resolve(h, info.def, f.at, f.buf)
		}
		afterBattle := h
		if h.owner != Neutral {
			next := grow(h.count, info, false, Real(1))
			if next.Positive() {
				h.count = next
			} else {
				h = hold{owner: Neutral}
			}
		}
		if !visit(k, afterBattle, h) {
			return
		}
	}
}

// keeps reports whether planet p stays player me's through its known
// landings (at least one step), when x is assumed.
func (f *forecast) keeps(p, me int, x plan) bool {
	ok := true
	f.run(p, max(1, f.horizon[p], x.step), x, func(_ int, _, after hold) bool {
		ok = after.owner == me
		return ok
	})
	return ok
}

// takes reports whether a fleet of count units of player me landing on
// planet p in step step captures (or keeps) it with at least keep units
// right after the battle, and holds it through the known landings.
func (f *forecast) takes(p, me, step int, count, keep int64) bool {
	ok := true
	x := plan{to: p, step: step, player: me, count: count, from: -1}
	f.run(p, max(step, f.horizon[p]), x, func(k int, battle, after hold) bool {
		switch {
		case k < step:
			return true
		case k == step:
			ok = battle.owner == me && !battle.count.Less(Int(keep))
		default:
			ok = after.owner == me
		}
		return ok
	})
	return ok
}

// whole returns n as an integer when it is a whole number.
func whole(n Num) (int64, bool) {
	if n.IsInt() {
		return n.i, true
	}
	if n.f != float64(int64(n.f)) {
		return 0, false
	}
	return int64(n.f), true
}
