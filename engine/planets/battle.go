package planets

import "math"

// battle resolves the fleets that arrived at planet to (spec 5.5), in the
// original's exact order of operations and with its number types.
func (s *state) battle(to int, arrived []fleet) {
	before := s.holds[to]
	tell := s.tells(Battle{}.EventName())
	var buf []Pair // the sides of an event are its own
	if !tell {
		buf = s.scratch.sides
	}
	after, sides, winner, outcome := resolve(before, s.b.planets[to].def, arrived, buf)
	s.holds[to] = after
	if !tell {
		s.scratch.sides = sides
		return
	}
	e := Battle{Planet: to, Before: before.public(), Sides: sides, Winner: winner, Outcome: outcome, After: after.public(),
		Fleets: make([]Pair, 0, len(arrived))}
	for _, f := range arrived {
		e.Fleets = append(e.Fleets, Pair{Player: f.player, Value: Int(f.count)})
	}
	report(s, e)
}

// resolve computes a planet's hold after a battle: before is its hold, d
// its def, arrived the fleets landing there in arrival-list order. It
// returns the new hold, every side's strength (by increasing player
// index; appended to buf[:0], which may be nil), the best side and the
// outcome.
func resolve(before hold, d Num, arrived []fleet, buf []Pair) (after hold, sides []Pair, best int, outcome string) {
	owner, g := before.owner, before.count
	sides = buf[:0]
	// 1–2. Strengths: the owner's weighted garrison, plus every fleet's
	// count, in arrival order.
	if owner != Neutral {
		sides = append(sides, Pair{Player: owner, Value: g.Mul(d)})
	}
	for _, f := range arrived {
		k := sideIndex(sides, f.player)
		if k < 0 {
			sides = append(sides, Pair{Player: f.player, Value: Int(0)})
			k = len(sides) - 1
		}
		sides[k].Value = sides[k].Value.Add(Int(f.count))
	}
	for i := 1; i < len(sides); i++ { // insertion sort: a handful of sides
		for j := i; j > 0 && sides[j].Player < sides[j-1].Player; j-- {
			sides[j], sides[j-1] = sides[j-1], sides[j]
		}
	}
	// 3. The owner's reinforcement, recovered by subtraction.
	var r Num
	if owner != Neutral {
		r = sides[sideIndex(sides, owner)].Value.Sub(g.Mul(d))
	}
	// 4. The best side: the first of the strictly greatest.
	w := 0
	for k := 1; k < len(sides); k++ {
		if sides[k].Value.Cmp(sides[w].Value) == 1 {
			w = k
		}
	}
	best = sides[w].Player
	// 5–6. Every other side's loss, rounded up, unless there is a tie.
	n := len(sides)
	top := sides[w].Value
	rem, tie := top, false
	if n > 1 {
		den := top.Mul(Int(int64(n - 1))).Float()
		for k, sd := range sides {
			if k == w {
				continue
			}
			if sd.Value.Eq(top) {
				tie = true
				break
			}
			loss := Real(math.Ceil(sd.Value.Square().Float() / den)).Trunc()
			rem = rem.Sub(loss)
		}
	}
	switch {
	case tie:
		// 9. Everyone is wiped; the planet goes to the best side.
		return hold{owner: best, count: Int(0)}, sides, best, OutcomeTie
	case owner == Neutral:
		// 7. A neutral planet goes to the winner.
		return hold{owner: best, count: rem}, sides, best, OutcomeOccupy
	case best != owner:
		// 7. An attacker wins: attackers are never weighted.
		return hold{owner: best, count: rem}, sides, best, OutcomeCapture
	}
	// 8. The defender wins: rescale from weighted back to real units,
	// with Python 2's division (floor division for two integers).
	pre := g.Mul(d).Add(r)
	left := r.Add(g).Mul(rem.Div(pre)).Trunc()
	outcome = OutcomeDefend
	if n == 1 {
		outcome = OutcomeReinforce
	}
	return hold{owner: owner, count: left}, sides, best, outcome
}

// sideIndex returns the position of player p among sides, or -1.
func sideIndex(sides []Pair, p int) int {
	for k := range sides {
		if sides[k].Player == p {
			return k
		}
	}
	return -1
}
