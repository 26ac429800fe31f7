package mbg

import (
	"math/rand"

	"github.com/shapan/shapan/engine"
)

// Tech scond values: when a tech may be tried (spec §4.2).
const (
	scondAny    = 0 // every round
	scondWinner = 1 // only by the round winner
	scondLoser  = 2 // only by the round loser
	scondAfter  = 3 // once, by the battle winner, after the battle
)

// techInfo is one row of the tech table (spec §4.2).
type techInfo struct {
	study          float32 // research points and money
	scond          int
	lprob, hprob   float32
	lvalue, hvalue float32
	latency        int
}

// techs is the static tech table.
var techs = [NumTechs]techInfo{
	{350, scondAny, 0, 0.8, 25, 40, 2},      // 弓箭 arrows
	{420, scondAny, 0, 0.7, 25, 25, 3},      // 火箭 fire arrows
	{450, scondAny, 0, 0.6, 30, 60, 4},      // 医疗 medicine
	{360, scondLoser, 0, 0.75, 1, 1, 4},     // 盾牌 shield
	{360, scondLoser, 0, 0.75, 0.5, 0.5, 4}, // 转移 transfer
	{330, scondWinner, 0, 0.8, 0.5, 1.2, 3}, // 强击 power strike
	{430, scondWinner, 0, 0.8, 0.4, 0.8, 4}, // 离间 discord
	{400, scondAny, 0.2, 0.2, 100, 200, 7},  // 雷击 thunder
	{450, scondWinner, 0, 0.4, 0, 0, 6},     // 混乱 confusion
	{380, scondAny, 0, 0.2, 0, 0, 8},        // 内讧 infighting
	{500, scondWinner, 1, 1, 0.5, 3, 0},     // 攻城 siege
	{650, scondAfter, 0, 0.5, 0, 0, 0},      // 流放 exile
}

// side is one side of a battle (spec §6.1).
type side struct {
	role               int // -1: the robber
	power, winp, celve float32
	hpmax, hp, def     float32
	tech               [NumTechs]bool
	isDie              bool
	lastDDef, lastDHP  float32
	latency            [NumTechs]int
	bst, btime, fst    int
	isQuit             bool
}

// info is the side as battle_start shows it.
func (s *side) info() SideInfo {
	tl := []int{}
	for t, k := range s.tech {
		if k {
			tl = append(tl, t)
		}
	}
	return SideInfo{Role: s.role, Power: s.power, WinP: s.winp, Celve: s.celve, HPMax: s.hpmax, HP: s.hp, Def: s.def, Tech: tl}
}

// robberSide is the robber (spec §4.4): 60/50/10, hp 1500, no techs.
func robberSide() side {
	return side{role: -1, power: 60, winp: 50, celve: 10, hpmax: 1500, hp: 1500}
}

// battle is one run of the battle loop (spec §6.3). emit may be nil (no
// events are built then, for fast estimates).
type battle struct {
	s    [2]side
	rng  *rand.Rand
	emit func(engine.Event)
}

// change is the damage rule of spec §6.2.
func (b *battle) change(j int, d float32) {
	s := &b.s[j]
	oldHP, oldDef := s.hp, s.def
	if d > 0 {
		s.hp += d
		if s.hp > s.hpmax {
			s.hp = s.hpmax
		}
	} else {
		x := -d
		if s.def > x {
			s.def -= x
			if s.def < 1 {
				s.def = 0
			}
		} else {
			x -= s.def
			s.def = 0
			s.hp -= x
			if s.hp < 1 {
				s.hp = 0
			}
		}
	}
	s.lastDDef = s.def - oldDef
	s.lastDHP = s.hp - oldHP
	s.isDie = s.hp == 0
}

func (b *battle) hps() [2]float32  { return [2]float32{b.s[0].hp, b.s[1].hp} }
func (b *battle) defs() [2]float32 { return [2]float32{b.s[0].def, b.s[1].def} }

func (b *battle) techEvent(j, t int) BattleTech {
	return BattleTech{Side: j, Tech: t, HP: b.hps(), Def: b.defs(),
		BSt:   [2]int{b.s[0].bst, b.s[1].bst},
		BTime: [2]int{b.s[0].btime, b.s[1].btime},
		FSt:   [2]int{b.s[0].fst, b.s[1].fst},
		Quit:  [2]bool{b.s[0].isQuit, b.s[1].isQuit}}
}

// scaled is lo + ((c / 100) × (hi − lo)), each operation rounded.
func scaled(lo, hi, c float32) float32 {
	return lo + float32(float32(c/100)*(hi-lo))
}

// tryTech is try_tech of spec §6.3: side j tries tech t with the round's
// damage dhp; it reports whether the tech fired.
func (b *battle) tryTech(j, t int, dhp float32) bool {
	u, o := &b.s[j], &b.s[1-j]
	if u.latency[t] != 0 {
		return false
	}
	ti := &techs[t]
	prob := scaled(ti.lprob, ti.hprob, u.celve)
	if b.rng.Float32() > prob {
		return false
	}
	value := scaled(ti.lvalue, ti.hvalue, u.celve)
	u.latency[t] = ti.latency
	var sd, od float32
	switch t {
	case 0, 7: // arrows, thunder
		od = -value
	case 1: // fire arrows
		od = -value
		o.fst = 4
	case 2: // medicine
		sd = value
	case 3, 6: // shield, discord
		if dhp < 0 {
			sd = float32((-dhp) * value)
		}
	case 4: // transfer
		if dhp < 0 {
			sd = float32((-dhp) * value)
			od = float32(dhp * value)
		}
	case 5: // power strike
		if dhp < 0 {
			od = float32(dhp * value)
		}
	case 8: // confusion
		o.bst, o.btime = 1, 3
	case 9: // infighting
		o.bst, o.btime = 2, 2
	case 10: // siege
		if o.def > 0 && dhp < 0 {
			x := float32(value * dhp)
			if o.def+x < 0 {
				x = -o.def
			}
			od = x
		}
	case 11: // exile
		o.isQuit = true
	}
	b.change(j, sd)
	b.change(1-j, od)
	return true
}

// tick ends a battle round: statuses and latencies count down.
func (b *battle) tick() {
	for j := range b.s {
		s := &b.s[j]
		if s.bst != 0 {
			s.btime--
			if s.btime == 0 {
				s.bst = 0
			}
		}
		if s.fst != 0 {
			s.fst--
		}
		for t := range s.latency {
			if s.latency[t] > 0 {
				s.latency[t]--
			}
		}
	}
}

// run is run_battle(scale) of spec §6.3; it returns 1 (side 0 won), -1
// (side 1 won) or 0.
func (b *battle) run(scale int) int {
	maxBT := battleRounds + battleStep*scale
	if b.emit != nil {
		b.emit(BattleStart{MaxBT: maxBT, S: [2]SideInfo{b.s[0].info(), b.s[1].info()}})
	}
	for i := 0; i < maxBT; i++ {
		if b.round(i) {
			break
		}
	}
	result := 0
	switch {
	case b.s[0].isDie && b.s[1].isDie:
	case b.s[0].isDie:
		result = -1
		b.afterBattle(1, b.s[0].lastDHP)
	case b.s[1].isDie:
		result = 1
		b.afterBattle(0, b.s[1].lastDHP)
	}
	if b.emit != nil {
		b.emit(BattleEnd{Ret: result, HP: b.hps(), Def: b.defs(), Quit: [2]bool{b.s[0].isQuit, b.s[1].isQuit}})
	}
	return result
}

// round plays round i: the sides' burns and self-attacks, one exchange
// of blows and the techs it triggers; over is set when a side died.
func (b *battle) round(i int) (over bool) {
	if b.emit != nil {
		b.emit(BattleTurnStart{I: i})
	}
	iw := b.roundStart()
	if b.s[0].isDie || b.s[1].isDie {
		b.tick()
		return true
	}
	tp := iw[0] + iw[1]
	if tp < 0.01 {
		b.tick()
		return false
	}
	p0 := iw[0] / tp
	w := 1
	if b.rng.Float32() < p0 {
		w = 0
	}
	l := 1 - w
	b.change(l, -b.s[w].power)
	if b.emit != nil {
		b.emit(BattleAttack{Loser: l, DDef: b.s[l].lastDDef, DHP: b.s[l].lastDHP, HP: b.hps(), Def: b.defs()})
	}
	dhp := b.s[l].lastDHP + b.s[l].lastDDef
	if b.s[l].isDie {
		b.tick()
		return true
	}
	if b.roundTechs(w, l, dhp) {
		return true
	}
	b.tick()
	return false
}

// roundStart burns and confuses the sides at the start of a round and
// returns their chances of winning the exchange (0 for a side that
// cannot fight this round).
func (b *battle) roundStart() [2]float32 {
	var iw [2]float32
	for j := range b.s {
		s := &b.s[j]
		if s.bst == 0 {
			iw[j] = s.winp
		}
		if s.fst != 0 {
			b.change(j, -burnHurt)
			if b.emit != nil {
				b.emit(BattleSide{Name: "battle_burn", Side: j, HP: b.hps(), Def: b.defs()})
			}
		}
		if s.bst == 2 {
			b.change(j, -s.power)
			if b.emit != nil {
				b.emit(BattleSide{Name: "battle_self_attack", Side: j, HP: b.hps(), Def: b.defs()})
			}
		}
	}
	return iw
}

// roundTechs lets both sides try the techs of the exchange winner w and
// loser l (dhp: what l lost) and reports whether one killed a side.
func (b *battle) roundTechs(w, l int, dhp float32) (killed bool) {
	for j := range b.s {
		for t := 0; t < NumTechs; t++ {
			if !b.s[j].tech[t] {
				continue
			}
			switch techs[t].scond {
			case scondWinner:
				if j != w {
					continue
				}
			case scondLoser:
				if j != l {
					continue
				}
			case scondAfter:
				continue
			}
			if b.tryTech(j, t, dhp) {
				if b.emit != nil {
					b.emit(b.techEvent(j, t))
				}
				if b.s[1-j].isDie {
					return true
				}
			}
		}
	}
	return false
}

// afterBattle lets the winner j try its after-battle techs (exile).
func (b *battle) afterBattle(j int, dhp float32) {
	for t := 0; t < NumTechs; t++ {
		if b.s[j].tech[t] && techs[t].scond == scondAfter && b.tryTech(j, t, dhp) && b.emit != nil {
			b.emit(b.techEvent(j, t))
		}
	}
}
