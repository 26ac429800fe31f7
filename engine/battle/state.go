package battle

import bfmt "github.com/shapan/shapan/formats/battle"

// Game constants (spec Part 2).
const (
	MaxRounds        = 1000 // R_MAX
	TeamSize         = 6
	StartGrain       = 100
	GrainCap         = 1500
	MoraleCap        = 300
	FlagOpens        = 101 // the first round of AC and the flag step
	FlagWin          = 60  // held rounds that win
	RespawnDelay     = 5
	CityRespawnDelay = 100
	KillGrain        = 120
	KillMorale       = 80
	SoldierMorale    = 10
	SoldierCost      = 20
	FormCost         = 100
	FormMorale       = 50
	SPRange          = 10
	MarkRange        = 8
	KnockSteps       = 5
)

// Soldier stats (spec §2.2).
const (
	ArcherForce = 25
	ArcherHP    = 240
	ShieldForce = 15
	ShieldHP    = 400
)

// Cooldowns of skill 1, skill 2 and SP (index 0, 1, 2 of a cooldown
// record).
var Cooldowns = [3]int{50, 30, 60}

// never is the round a skill never used was last used (spec §3).
const never = -1000

// Formation is a side's formation.
type Formation int

// The formations (spec §12.2).
const (
	NoFormation Formation = iota
	Crane                 // 鹤翼阵: outgoing + pct
	Bagua                 // 八卦阵: incoming − pct
)

// FormationNames are the formations' names in commands and Args.
var FormationNames = [3]string{"", "鹤翼阵", "八卦阵"}

// String returns the formation's name ("" for none).
func (f Formation) String() string { return FormationNames[f] }

// Status is one of the statuses of spec §9.
type Status int

// The statuses, in the order of the spec's table.
const (
	Rage      Status = iota // 大杀四方
	Weak                    // 虚弱
	Charge                  // 蓄力
	Rende                   // 仁德
	Xiaoxiong               // 乱世枭雄
	Zhiheng                 // 制衡
	Immune                  // 锦囊妙计
	Lianying                // 连营
	Silence                 // 鬼谋
	Prison                  // 天命
	Qinglong                // 青龙护体
	Drunk                   // 酒狂
	NumStatus
)

// StatusKeys are the statuses' keys in Args.
var StatusKeys = [NumStatus]string{"rage", "weak", "charge", "rende", "xiaoxiong", "zhiheng", "immune", "lianying", "silence", "prison", "qinglong", "drunk"}

// Interval is an inclusive range of rounds; the zero value is never
// active in a play round.
type Interval struct{ From, Until int }

// Active reports whether the interval covers round r.
func (iv Interval) Active(r int) bool { return iv.From <= r && r <= iv.Until && iv.Until > 0 }

// DoT is the damage over time a 鬼谋 (index 0) or 天命 (index 1) status
// deals: Amount a tick, credited to side SrcSide and hero Src.
type DoT struct {
	Amount  int
	SrcSide int
	Src     string
}

// Unit is a hero and its soldiers in one slot of a team.
type Unit struct {
	Hero     int // roster index; -1 before the pick round
	Alive    bool
	At       Point // meaningless when dead
	HP       int
	Archers  int
	ArcherHP int // hp of the front archer (when Archers > 0)
	Shields  int
	ShieldHP int // hp of the front shield (when Shields > 0)
	Respawn  int // the round at whose end a dead hero returns
	Status   [NumStatus]Interval
	DoT      [2]DoT // of Silence and Prison
	// ZhihengKind is the soldier code (7 or 8) 制衡 adds.
	ZhihengKind int
	// Mark is a 蜀汉旗 mark usable in round MarkRound (0: none).
	Mark      Point
	MarkRound int
	// PendingArchers and PendingShields are this round's MAKE.
	PendingArchers, PendingShields int
}

// Gone reports whether the unit is out of the game in round r: dead
// and never returning (a hero a start position leaves out, whose respawn
// round has passed).
func (u *Unit) Gone(r int) bool { return !u.Alive && u.Respawn < r }

// Soldiers returns the unit's soldiers.
func (u *Unit) Soldiers() int { return u.Archers + u.Shields }

// Has reports whether status st is active on the unit in round r.
func (u *Unit) Has(st Status, r int) bool { return u.Status[st].Active(r) }

// Side is the state of one side.
type Side struct {
	Grain, Morale int
	Formation     Formation
	Held          int
	HeroKills     int
	SoldierKills  int
	Cities        int
	// Picked: the team has been chosen (round 1).
	Picked bool
	Team   [TeamSize]Unit
	// Last is the round each hero's skills (1, 2, SP) were last used,
	// by roster index (D19).
	Last [9][3]int
}

// City is the state of a city.
type City struct {
	At       Point
	Level    int
	Defence  int
	Standing bool
	Respawn  int // the round it stands again, when fallen
}

// Position is the state of a game between two steps: what both players
// are shown at the start of a round.
type Position struct {
	Board  *Board
	Round  int
	Holder int // the flag's holder: -1 none, 0 or 1
	Sides  [2]Side
	Cities []City
}

// newPosition is the state before round 1 (spec §2.4).
func newPosition(b *Board) Position {
	p := Position{Board: b, Holder: -1}
	for s := range p.Sides {
		sd := &p.Sides[s]
		sd.Grain = StartGrain
		for k := range sd.Team {
			sd.Team[k].Hero = -1
		}
		for h := range sd.Last {
			sd.Last[h] = [3]int{never, never, never}
		}
	}
	for i, c := range b.CityCells {
		lv := b.CityLevel[i]
		p.Cities = append(p.Cities, City{At: c, Level: lv, Defence: bfmt.CityLevels[lv].Defence, Standing: true})
	}
	return p
}

// clone returns a copy that shares nothing mutable with p.
func (p *Position) clone() *Position {
	c := *p
	c.Cities = append([]City(nil), p.Cities...)
	return &c
}

// Hero returns the roster stats of the hero in side s's slot k.
func (p *Position) Hero(s, k int) *bfmt.Hero { return &p.Board.Roster[p.Sides[s].Team[k].Hero] }

// Ready returns the first round side s's hero in slot k may use skill
// i (0: skill 1, 1: skill 2, 2: SP).
func (p *Position) Ready(s, k, i int) int {
	return p.Sides[s].Last[p.Sides[s].Team[k].Hero][i] + Cooldowns[i]
}

// SlotOf returns the slot of the hero called name in side s's team, or -1.
func (p *Position) SlotOf(s int, name string) int {
	h := bfmt.HeroIndex(name)
	if h < 0 {
		return -1
	}
	return p.slotOfHero(s, h)
}

func (p *Position) slotOfHero(s, h int) int {
	for k := range p.Sides[s].Team {
		if p.Sides[s].Team[k].Hero == h {
			return k
		}
	}
	return -1
}

// UnitAt returns the side and slot of a living unit on cell c (a base
// may hold several: the first in side and slot order), or ok false.
func (p *Position) UnitAt(c Point) (s, k int, ok bool) {
	for s := range p.Sides {
		for k := range p.Sides[s].Team {
			u := &p.Sides[s].Team[k]
			if u.Alive && u.At == c {
				return s, k, true
			}
		}
	}
	return 0, 0, false
}

// People is side s's people count: living heroes plus their soldiers.
func (p *Position) People(s int) int {
	n := 0
	for k := range p.Sides[s].Team {
		if u := &p.Sides[s].Team[k]; u.Alive {
			n += 1 + u.Archers + u.Shields
		}
	}
	return n
}

// Pct is the formation percentage of a people count (spec §12.2).
func Pct(n int) int { return min(15, 10+max(0, n-1)/5) }

// other is the other side.
func other(s int) int { return 1 - s }

func addCapped(v, gain, limit int) int { return min(limit, v+gain) }
