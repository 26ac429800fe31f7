package battle

import (
	"errors"
	"fmt"

	bfmt "github.com/shapan/shapan/formats/battle"
)

// Start is a hand-made position to start a game from, as the worked
// examples of spec §19 set one up: the game begins with the opening of
// Round (at least 2). Omitted numbers take the values of the initial
// state (§2.4); a unit's omitted hp and soldiers' hp are full. Slots a
// side does not list hold heroes of the roster that are absent: dead,
// never respawning (respawn 0).
type Start struct {
	Round  int          `json:"round"`
	Holder *int         `json:"holder,omitempty"`
	Sides  [2]StartSide `json:"sides"`
	// Cities lists the cities whose state differs from a standing city
	// at full defence.
	Cities []StartCity `json:"cities,omitempty"`
}

// StartSide is one side of a Start.
type StartSide struct {
	Grain        *int        `json:"grain,omitempty"`
	Morale       int         `json:"morale,omitempty"`
	Formation    string      `json:"formation,omitempty"`
	Held         int         `json:"held,omitempty"`
	HeroKills    int         `json:"hero_kills,omitempty"`
	SoldierKills int         `json:"soldier_kills,omitempty"`
	Cities       int         `json:"cities,omitempty"`
	Units        []StartUnit `json:"units"`
	// Last is the round a hero's skills ("1", "2", "sp") were last used.
	Last map[string]map[string]int `json:"last,omitempty"`
}

// StartUnit is a unit of a Start.
type StartUnit struct {
	Slot     *int   `json:"slot,omitempty"`
	Hero     string `json:"hero"`
	Dead     bool   `json:"dead,omitempty"`
	Respawn  int    `json:"respawn,omitempty"`
	At       *Cell  `json:"at,omitempty"`
	HP       int    `json:"hp,omitempty"`
	Archers  int    `json:"archers,omitempty"`
	ArcherHP int    `json:"archer_hp,omitempty"`
	Shields  int    `json:"shields,omitempty"`
	ShieldHP int    `json:"shield_hp,omitempty"`
	// Status gives each active status its rounds [from, until].
	Status map[string][2]int `json:"status,omitempty"`
	// DoT gives the tick of a silence or prison status.
	DoT map[string]StartDoT `json:"dot,omitempty"`
	// Zhiheng is the soldier (7 or 8) a zhiheng status adds.
	Zhiheng int `json:"zhiheng,omitempty"`
	// Mark is a 蜀汉旗 mark usable in the start round.
	Mark *Cell `json:"mark,omitempty"`
}

// StartDoT is a damage over time of a Start.
type StartDoT struct {
	Amount  int    `json:"amount"`
	SrcSide int    `json:"src_side"`
	Src     string `json:"src"`
}

// StartCity is a city of a Start.
type StartCity struct {
	At       Cell `json:"at"`
	Defence  int  `json:"defence"`
	Standing bool `json:"standing"`
	Respawn  int  `json:"respawn,omitempty"`
}

// apply sets st to the start position and checks that it is one the
// rules can play (Position.Valid).
func (s *Start) apply(st *state) error {
	if s.Round < 2 {
		return fmt.Errorf("battle: a start position begins in a play round (2 or later), not %d", s.Round)
	}
	st.Round = s.Round - 1
	if s.Holder != nil {
		st.Holder = *s.Holder
	}
	for side := range s.Sides {
		if err := s.Sides[side].apply(st, side); err != nil {
			return fmt.Errorf("battle: start, side %d: %w", side, err)
		}
	}
	for i, c := range s.Cities {
		ci := st.Board.CityAt(Point(c.At))
		if ci < 0 {
			return fmt.Errorf("battle: start, city %d: %v is not a city", i+1, c.At)
		}
		st.Cities[ci].Defence, st.Cities[ci].Standing, st.Cities[ci].Respawn = c.Defence, c.Standing, c.Respawn
	}
	if err := st.Valid(); err != nil {
		return fmt.Errorf("battle: start: %w", err)
	}
	return nil
}

func (ss *StartSide) apply(st *state, s int) error {
	sd := &st.Sides[s]
	if ss.Grain != nil {
		sd.Grain = *ss.Grain
	}
	sd.Morale, sd.Held, sd.HeroKills, sd.SoldierKills, sd.Cities = ss.Morale, ss.Held, ss.HeroKills, ss.SoldierKills, ss.Cities
	if sd.Formation = formationByName(ss.Formation); sd.Formation == NoFormation && ss.Formation != "" {
		return fmt.Errorf("%q is not a formation", ss.Formation)
	}
	if len(ss.Units) > TeamSize {
		return fmt.Errorf("%d units; a team has %d", len(ss.Units), TeamSize)
	}
	sd.Picked = true
	var used [TeamSize]bool
	var taken [9]bool
	for i := range ss.Units {
		su := &ss.Units[i]
		k := i
		if su.Slot != nil {
			k = *su.Slot
		}
		if k < 0 || k >= TeamSize || used[k] {
			return fmt.Errorf("unit %d: slot %d is not a free slot 0 to 5", i+1, k)
		}
		h := bfmt.HeroIndex(su.Hero)
		if h < 0 || taken[h] {
			return fmt.Errorf("unit %d: %q is not a hero of the roster, or is in the team twice", i+1, su.Hero)
		}
		used[k], taken[h] = true, true
		u, err := su.unit(st, h)
		if err != nil {
			return fmt.Errorf("unit %d (%s): %w", i+1, su.Hero, err)
		}
		sd.Team[k] = u
	}
	h := 0
	for k := range sd.Team {
		if used[k] {
			continue
		}
		for taken[h] {
			h++
		}
		taken[h] = true
		sd.Team[k] = Unit{Hero: h}
	}
	for name, rounds := range ss.Last {
		hi := bfmt.HeroIndex(name)
		if hi < 0 {
			return fmt.Errorf("last: %q is not a hero of the roster", name)
		}
		for key, r := range rounds {
			i := map[string]int{"1": 0, "2": 1, "sp": 2}[key]
			if key != "1" && key != "2" && key != "sp" {
				return fmt.Errorf("last: %s: %q is not 1, 2 or sp", name, key)
			}
			sd.Last[hi][i] = r
		}
	}
	return nil
}

func (su *StartUnit) unit(st *state, h int) (Unit, error) {
	hero := &st.Board.Roster[h]
	u := Unit{Hero: h, Respawn: su.Respawn}
	if su.Dead {
		return u, nil
	}
	if su.At == nil {
		return u, errors.New("a living unit needs at")
	}
	u.Alive, u.At = true, Point(*su.At)
	u.HP = cmp0(su.HP, hero.HP)
	u.Archers, u.Shields = su.Archers, su.Shields
	if u.Archers > 0 {
		u.ArcherHP = cmp0(su.ArcherHP, ArcherHP)
	}
	if u.Shields > 0 {
		u.ShieldHP = cmp0(su.ShieldHP, ShieldHP)
	}
	for key, iv := range su.Status {
		k := statusByKey(key)
		if k < 0 {
			return u, fmt.Errorf("%q is not a status", key)
		}
		u.Status[k] = Interval{iv[0], iv[1]}
	}
	for key, d := range su.DoT {
		switch key {
		case "silence":
			u.DoT[0] = DoT(d)
		case "prison":
			u.DoT[1] = DoT(d)
		default:
			return u, fmt.Errorf("dot: %q is not silence or prison", key)
		}
	}
	u.ZhihengKind = su.Zhiheng
	if su.Mark != nil {
		u.Mark, u.MarkRound = Point(*su.Mark), st.Round+1
	}
	return u, nil
}

func cmp0(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

func statusByKey(key string) Status {
	for i, k := range StatusKeys {
		if k == key {
			return Status(i)
		}
	}
	return -1
}

// Valid checks the invariants every position the rules produce keeps:
// numbers within their limits (grain 0…1500, morale 0…300, hp 1…H for a
// living hero, soldiers within command and their front hp within the
// soldier's), distinct heroes in a team, living units on cells passable
// for their side and at most one unit on a cell that is not a base of its
// side, cities' defence at most full.
func (p *Position) Valid() error {
	b := p.Board
	for s := range p.Sides {
		sd := &p.Sides[s]
		if sd.Grain < 0 || sd.Grain > GrainCap || sd.Morale < 0 || sd.Morale > MoraleCap {
			return fmt.Errorf("side %d: grain %d or morale %d out of range", s, sd.Grain, sd.Morale)
		}
		if sd.Held < 0 || sd.HeroKills < 0 || sd.SoldierKills < 0 || sd.Cities < 0 {
			return fmt.Errorf("side %d: a negative count", s)
		}
		var seen [9]bool
		for k := range sd.Team {
			u := &sd.Team[k]
			if u.Hero < 0 || u.Hero >= len(b.Roster) || seen[u.Hero] {
				return fmt.Errorf("side %d slot %d: hero %d twice or unknown", s, k, u.Hero)
			}
			seen[u.Hero] = true
			if err := p.validUnit(s, k); err != nil {
				return fmt.Errorf("side %d slot %d (%s): %w", s, k, b.Roster[u.Hero].Name, err)
			}
		}
	}
	for i, c := range p.Cities {
		if c.Defence > bfmt.CityLevels[c.Level].Defence || c.Standing && c.Defence <= 0 {
			return fmt.Errorf("city %v: defence %d, standing %v", Cell(c.At), c.Defence, c.Standing)
		}
		if b.CityAt(c.At) != i {
			return fmt.Errorf("city %d is not on its cell", i)
		}
	}
	if p.Holder < -1 || p.Holder > 1 {
		return fmt.Errorf("holder %d", p.Holder)
	}
	return nil
}

func (p *Position) validUnit(s, k int) error {
	u := &p.Sides[s].Team[k]
	h := &p.Board.Roster[u.Hero]
	if !u.Alive {
		if u.HP != 0 || u.Archers != 0 || u.Shields != 0 {
			return errors.New("dead with hp or soldiers")
		}
		return nil
	}
	switch {
	case u.HP < 1 || u.HP > h.HP:
		return fmt.Errorf("hp %d is not 1 to %d", u.HP, h.HP)
	case u.Archers < 0 || u.Shields < 0 || u.Archers+u.Shields > h.Command:
		return fmt.Errorf("%d archers and %d shields exceed command %d", u.Archers, u.Shields, h.Command)
	case u.Archers > 0 && (u.ArcherHP < 1 || u.ArcherHP > ArcherHP):
		return fmt.Errorf("archer hp %d", u.ArcherHP)
	case u.Shields > 0 && (u.ShieldHP < 1 || u.ShieldHP > ShieldHP):
		return fmt.Errorf("shield hp %d", u.ShieldHP)
	case !p.Board.Passable(s, u.At):
		return fmt.Errorf("stands on %v, which is not passable for side %d", Cell(u.At), s)
	}
	if p.Board.IsBase(s, u.At) {
		return nil
	}
	for t := range p.Sides {
		for j := range p.Sides[t].Team {
			w := &p.Sides[t].Team[j]
			if w.Alive && w.At == u.At && (t != s || j != k) {
				return fmt.Errorf("shares %v with another unit", Cell(u.At))
			}
		}
	}
	return nil
}
