package battle

// simulator plays one round of a position with both sides' commands,
// without events: the computer players' lookahead. It reuses its buffers.
type simulator struct {
	st state
}

// play resolves the current round of pos (already opened) with cmds and
// returns the position after it (valid until the next play). Commands
// the rules refuse are dropped, the first offender at a time.
func (m *simulator) play(pos *Position, cmds *[2][]Command) *Position {
	st := &m.st
	cities := append(st.Cities[:0], pos.Cities...)
	st.Position = *pos
	st.Cities = cities
	st.maxRounds, st.emit, st.result = MaxRounds, nil, nil
	for s := range st.siege {
		if len(st.siege[s]) != len(cities) {
			st.siege[s] = make([]int, len(cities))
		}
	}
	var ord [2]Orders
	for s := range ord {
		ord[s] = legalPrefix(&st.Position, s, cmds[s])
	}
	st.resolve(&ord)
	return &st.Position
}

// legalPrefix checks cmds; commands the rules refuse are dropped.
func legalPrefix(p *Position, s int, cmds []Command) Orders {
	o, err := p.legality(s, cmds)
	for err != nil && len(cmds) > 0 {
		kept := cmds[:0:0]
		for i := range cmds {
			if _, e := p.legality(s, append(kept, cmds[i])); e == nil {
				kept = append(kept, cmds[i])
			}
		}
		cmds = kept
		o, err = p.legality(s, cmds)
	}
	return o
}

// weights of the evaluation of a position.
type weights struct {
	alive    float64 // a living hero
	hp       float64 // its hp, as a share of its max
	soldier  float64 // one soldier
	grain    float64 // one grain
	held     float64 // one held round
	holder   float64 // holding the flag
	onFlag   float64 // a hero on the flag zone, from the round it opens
	distance float64 // per cell of a hero away from where its role wants it
}

var defaultWeights = weights{alive: 1200, hp: 900, soldier: 60, grain: 0.6, held: 40, holder: 150, onFlag: 60, distance: 4}

// evaluate scores a position for side s: its value minus the other side's.
func (w *weights) evaluate(p *Position, s int) float64 {
	return w.side(p, s) - w.side(p, other(s))
}

func (w *weights) side(p *Position, s int) float64 {
	sd := &p.Sides[s]
	v := w.grain*float64(sd.Grain) + w.held*float64(sd.Held)
	if p.Holder == s {
		v += w.holder
	}
	for k := range sd.Team {
		u := &sd.Team[k]
		if !u.Alive {
			continue
		}
		h := p.Hero(s, k)
		v += w.alive + w.hp*float64(u.HP)/float64(h.HP) + w.soldier*float64(u.Archers+u.Shields)
		if p.Round >= FlagOpens-1 && p.Board.IsFlag(u.At) {
			v += w.onFlag
		}
	}
	return v
}
