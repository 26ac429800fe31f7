package battle

import (
	"encoding/json"
)

// OrdersArgs is what a side is shown when asked for its orders: the state
// at the start of the round (both sides' questions share it). Its JSON is
// the Args of spec §4.1.
type OrdersArgs struct {
	Side int
	*Position
}

// SideView is a side's totals as Args shows them.
type SideView struct {
	Grain        int    `json:"grain"`
	Morale       int    `json:"morale"`
	Formation    string `json:"formation"`
	Held         int    `json:"held"`
	HeroKills    int    `json:"hero_kills"`
	SoldierKills int    `json:"soldier_kills"`
	Cities       int    `json:"cities"`
}

// Ready is the first round each skill may be used.
type Ready struct {
	Skill1 int `json:"1"`
	Skill2 int `json:"2"`
	SP     int `json:"sp"`
}

// UnitView is a unit as Args shows it.
type UnitView struct {
	Slot     int            `json:"slot"`
	Hero     string         `json:"hero"`
	Class    string         `json:"class"`
	Alive    bool           `json:"alive"`
	At       *Cell          `json:"at"`
	HP       int            `json:"hp"`
	MaxHP    int            `json:"max_hp"`
	Force    int            `json:"force"`
	Command  int            `json:"command"`
	Archers  int            `json:"archers"`
	ArcherHP int            `json:"archer_hp"`
	Shields  int            `json:"shields"`
	ShieldHP int            `json:"shield_hp"`
	Respawn  int            `json:"respawn"`
	Ready    Ready          `json:"ready"`
	Status   map[string]int `json:"status"`
	Mark     *Cell          `json:"mark"`
}

// CityView is a city as Args shows it.
type CityView struct {
	At       Cell `json:"at"`
	Level    int  `json:"level"`
	Defence  int  `json:"defence"`
	Standing bool `json:"standing"`
	Respawn  int  `json:"respawn"`
}

// ArgsView is the JSON form of OrdersArgs.
type ArgsView struct {
	Round    int           `json:"round"`
	Side     int           `json:"side"`
	Pick     bool          `json:"pick"`
	Buff     bool          `json:"buff"`
	FlagOpen bool          `json:"flag_open"`
	Holder   int           `json:"holder"`
	Sides    [2]SideView   `json:"sides"`
	Units    [2][]UnitView `json:"units"`
	Cities   []CityView    `json:"cities"`
	Pool     []string      `json:"pool"`
}

// MarshalJSON writes the Args of spec §4.1.
func (a *OrdersArgs) MarshalJSON() ([]byte, error) { return json.Marshal(a.View()) }

// View returns the Args as spec §4.1 shows them.
func (a *OrdersArgs) View() ArgsView {
	p := a.Position
	r := p.Round
	v := ArgsView{Round: r, Side: a.Side, Pick: r == 1, Buff: r%100 == 0, FlagOpen: r >= FlagOpens, Holder: p.Holder}
	for s := range p.Sides {
		v.Sides[s] = p.sideView(s)
		v.Units[s] = []UnitView{}
		if p.Sides[s].Picked {
			for k := range p.Sides[s].Team {
				v.Units[s] = append(v.Units[s], p.UnitView(s, k))
			}
		}
	}
	v.Cities = p.cityViews()
	v.Pool = []string{}
	for h, hero := range p.Board.Roster {
		if p.slotOfHero(a.Side, h) < 0 {
			v.Pool = append(v.Pool, hero.Name)
		}
	}
	return v
}

func (p *Position) sideView(s int) SideView {
	sd := &p.Sides[s]
	return SideView{Grain: sd.Grain, Morale: sd.Morale, Formation: sd.Formation.String(), Held: sd.Held,
		HeroKills: sd.HeroKills, SoldierKills: sd.SoldierKills, Cities: sd.Cities}
}

func (p *Position) cityViews() []CityView {
	out := make([]CityView, len(p.Cities))
	for i, c := range p.Cities {
		out[i] = CityView{At: Cell(c.At), Level: c.Level, Defence: c.Defence, Standing: c.Standing, Respawn: c.Respawn}
	}
	return out
}

// UnitView returns side s's slot k as Args shows it in round p.Round.
func (p *Position) UnitView(s, k int) UnitView {
	u := &p.Sides[s].Team[k]
	h := &p.Board.Roster[u.Hero]
	last := &p.Sides[s].Last[u.Hero]
	v := UnitView{Slot: k, Hero: h.Name, Class: h.Class.String(), Alive: u.Alive, MaxHP: h.HP, Force: h.Force, Command: h.Command,
		Ready:  Ready{last[0] + Cooldowns[0], last[1] + Cooldowns[1], last[2] + Cooldowns[2]},
		Status: map[string]int{}}
	if !u.Alive {
		v.Respawn = u.Respawn
		return v
	}
	v.At = cellPtr(u.At)
	v.HP, v.Archers, v.Shields = u.HP, u.Archers, u.Shields
	if u.Archers > 0 {
		v.ArcherHP = u.ArcherHP
	}
	if u.Shields > 0 {
		v.ShieldHP = u.ShieldHP
	}
	for st, iv := range u.Status {
		if iv.Until >= p.Round && iv.Until > 0 {
			v.Status[StatusKeys[st]] = iv.Until
		}
	}
	if u.MarkRound == p.Round {
		v.Mark = cellPtr(u.Mark)
	}
	return v
}
