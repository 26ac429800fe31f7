package battle

import "github.com/shapan/shapan/engine"

// Events (spec §15): every event is a Go value whose EventName is the
// spec's name and whose JSON is {"e": name, fields...} with the fields in
// the spec's order. Cells marshal as [x, y]. End, the last event, is in
// result.go. One type per row of the spec's table, in its order.

// RoundStart is round: opening of every round.
type RoundStart struct {
	Round int `json:"round"`
}

// EventName implements engine.Event.
func (RoundStart) EventName() string { return "round" }

// MarshalJSON writes the spec's form.
func (e RoundStart) MarshalJSON() ([]byte, error) {
	type x RoundStart
	return engine.NamedJSON(e.EventName(), x(e))
}

// CityRespawn is city_respawn: a fallen city stands again (5.2 step 1).
type CityRespawn struct {
	At      Cell `json:"at"`
	Level   int  `json:"level"`
	Defence int  `json:"defence"`
}

// EventName implements engine.Event.
func (CityRespawn) EventName() string { return "city_respawn" }

// MarshalJSON writes the spec's form.
func (e CityRespawn) MarshalJSON() ([]byte, error) {
	type x CityRespawn
	return engine.NamedJSON(e.EventName(), x(e))
}

// Pick is pick: a hero takes a slot (5.1, step 3); Old is "" in round 1.
type Pick struct {
	Side int    `json:"side"`
	Slot int    `json:"slot"`
	Hero string `json:"hero"`
	Old  string `json:"old"`
}

// EventName implements engine.Event.
func (Pick) EventName() string { return "pick" }

// MarshalJSON writes the spec's form.
func (e Pick) MarshalJSON() ([]byte, error) {
	type x Pick
	return engine.NamedJSON(e.EventName(), x(e))
}

// Spawn is spawn: a hero appears on its spawn cell (round 1, step 12).
type Spawn struct {
	Side int    `json:"side"`
	Slot int    `json:"slot"`
	Hero string `json:"hero"`
	At   Cell   `json:"at"`
	HP   int    `json:"hp"`
}

// EventName implements engine.Event.
func (Spawn) EventName() string { return "spawn" }

// MarshalJSON writes the spec's form.
func (e Spawn) MarshalJSON() ([]byte, error) {
	type x Spawn
	return engine.NamedJSON(e.EventName(), x(e))
}

// Buff is buff: a side takes a buff (step 4); Hero is "" unless 1001.
type Buff struct {
	Side    int    `json:"side"`
	ID      int    `json:"id"`
	Hero    string `json:"hero"`
	Archers int    `json:"archers"`
	Shields int    `json:"shields"`
}

// EventName implements engine.Event.
func (Buff) EventName() string { return "buff" }

// MarshalJSON writes the spec's form.
func (e Buff) MarshalJSON() ([]byte, error) {
	type x Buff
	return engine.NamedJSON(e.EventName(), x(e))
}

// Form is form: a side's formation changes (step 5, 斗转星移).
type Form struct {
	Side   int    `json:"side"`
	Form   string `json:"form"`
	Free   bool   `json:"free"`
	Morale int    `json:"morale"`
	Grain  int    `json:"grain"`
}

// EventName implements engine.Event.
func (Form) EventName() string { return "form" }

// MarshalJSON writes the spec's form.
func (e Form) MarshalJSON() ([]byte, error) {
	type x Form
	return engine.NamedJSON(e.EventName(), x(e))
}

// Make is make: a MAKE is paid (step 6).
type Make struct {
	Side    int    `json:"side"`
	Hero    string `json:"hero"`
	Archers int    `json:"archers"`
	Shields int    `json:"shields"`
	Cost    int    `json:"cost"`
	Grain   int    `json:"grain"`
}

// EventName implements engine.Event.
func (Make) EventName() string { return "make" }

// MarshalJSON writes the spec's form.
func (e Make) MarshalJSON() ([]byte, error) {
	type x Make
	return engine.NamedJSON(e.EventName(), x(e))
}

// Move is move: a mover moves (step 7); How is move, sp or mark.
type Move struct {
	Side int    `json:"side"`
	Hero string `json:"hero"`
	How  string `json:"how"`
	From Cell   `json:"from"`
	To   Cell   `json:"to"`
}

// EventName implements engine.Event.
func (Move) EventName() string { return "move" }

// MarshalJSON writes the spec's form.
func (e Move) MarshalJSON() ([]byte, error) {
	type x Move
	return engine.NamedJSON(e.EventName(), x(e))
}

// Blocked is blocked: a mover fails (step 7): contested, swap or occupied.
type Blocked struct {
	Side   int    `json:"side"`
	Hero   string `json:"hero"`
	How    string `json:"how"`
	From   Cell   `json:"from"`
	To     Cell   `json:"to"`
	Reason string `json:"reason"`
}

// EventName implements engine.Event.
func (Blocked) EventName() string { return "blocked" }

// MarshalJSON writes the spec's form.
func (e Blocked) MarshalJSON() ([]byte, error) {
	type x Blocked
	return engine.NamedJSON(e.EventName(), x(e))
}

// Skill is skill: a skill resolves (step 8, 9b), before its effects.
type Skill struct {
	Side   int    `json:"side"`
	Hero   string `json:"hero"`
	Skill  int    `json:"skill"`
	Name   string `json:"name"`
	Target string `json:"target"`
	At     *Cell  `json:"at"`
}

// EventName implements engine.Event.
func (Skill) EventName() string { return "skill" }

// MarshalJSON writes the spec's form.
func (e Skill) MarshalJSON() ([]byte, error) {
	type x Skill
	return engine.NamedJSON(e.EventName(), x(e))
}

// Heal is heal: a unit is healed (or a lifesteal).
type Heal struct {
	Side     int    `json:"side"`
	Hero     string `json:"hero"`
	Gain     int    `json:"gain"`
	HP       int    `json:"hp"`
	ShieldHP int    `json:"shield_hp"`
	ArcherHP int    `json:"archer_hp"`
}

// EventName implements engine.Event.
func (Heal) EventName() string { return "heal" }

// MarshalJSON writes the spec's form.
func (e Heal) MarshalJSON() ([]byte, error) {
	type x Heal
	return engine.NamedJSON(e.EventName(), x(e))
}

// Drain is drain: buff 1004 costs a hero hp.
type Drain struct {
	Side   int    `json:"side"`
	Hero   string `json:"hero"`
	Amount int    `json:"amount"`
	HP     int    `json:"hp"`
}

// EventName implements engine.Event.
func (Drain) EventName() string { return "drain" }

// MarshalJSON writes the spec's form.
func (e Drain) MarshalJSON() ([]byte, error) {
	type x Drain
	return engine.NamedJSON(e.EventName(), x(e))
}

// Damage is damage: a packet is applied to a unit; SrcSide is -1 and Src "city" for a city; Via is AD, SK1, SK2, DOT or CITY.
type Damage struct {
	SrcSide     int    `json:"src_side"`
	Src         string `json:"src"`
	Via         string `json:"via"`
	Side        int    `json:"side"`
	Hero        string `json:"hero"`
	Amount      int    `json:"amount"`
	ShieldsLost int    `json:"shields_lost"`
	ArchersLost int    `json:"archers_lost"`
	HP          int    `json:"hp"`
}

// EventName implements engine.Event.
func (Damage) EventName() string { return "damage" }

// MarshalJSON writes the spec's form.
func (e Damage) MarshalJSON() ([]byte, error) {
	type x Damage
	return engine.NamedJSON(e.EventName(), x(e))
}

// Kill is kill: a hero dies (right after the killing damage); By is -1 for a city.
type Kill struct {
	Side    int    `json:"side"`
	Hero    string `json:"hero"`
	By      int    `json:"by"`
	At      Cell   `json:"at"`
	Respawn int    `json:"respawn"`
}

// EventName implements engine.Event.
func (Kill) EventName() string { return "kill" }

// MarshalJSON writes the spec's form.
func (e Kill) MarshalJSON() ([]byte, error) {
	type x Kill
	return engine.NamedJSON(e.EventName(), x(e))
}

// Miss is miss: a command fails at resolution: Via AD, SG, SK1, SK2 or AC; Reason out_of_range or not_on_flag.
type Miss struct {
	Side   int    `json:"side"`
	Hero   string `json:"hero"`
	Via    string `json:"via"`
	Reason string `json:"reason"`
}

// EventName implements engine.Event.
func (Miss) EventName() string { return "miss" }

// MarshalJSON writes the spec's form.
func (e Miss) MarshalJSON() ([]byte, error) {
	type x Miss
	return engine.NamedJSON(e.EventName(), x(e))
}

// Siege is siege: a siege packet hits a city (9d).
type Siege struct {
	Side    int    `json:"side"`
	Hero    string `json:"hero"`
	At      Cell   `json:"at"`
	Amount  int    `json:"amount"`
	Defence int    `json:"defence"`
}

// EventName implements engine.Event.
func (Siege) EventName() string { return "siege" }

// MarshalJSON writes the spec's form.
func (e Siege) MarshalJSON() ([]byte, error) {
	type x Siege
	return engine.NamedJSON(e.EventName(), x(e))
}

// CityFall is city_fall: a city falls (9d): Damage is each side's siege this round, Rewards the rewards earned before the grain cap.
type CityFall struct {
	At      Cell   `json:"at"`
	Level   int    `json:"level"`
	Damage  [2]int `json:"damage"`
	Rewards [2]int `json:"rewards"`
	Respawn int    `json:"respawn"`
}

// EventName implements engine.Event.
func (CityFall) EventName() string { return "city_fall" }

// MarshalJSON writes the spec's form.
func (e CityFall) MarshalJSON() ([]byte, error) {
	type x CityFall
	return engine.NamedJSON(e.EventName(), x(e))
}

// Knockback is knockback: 虎豹骑 pushes a unit (9f).
type Knockback struct {
	Side int    `json:"side"`
	Hero string `json:"hero"`
	From Cell   `json:"from"`
	To   Cell   `json:"to"`
}

// EventName implements engine.Event.
func (Knockback) EventName() string { return "knockback" }

// MarshalJSON writes the spec's form.
func (e Knockback) MarshalJSON() ([]byte, error) {
	type x Knockback
	return engine.NamedJSON(e.EventName(), x(e))
}

// Produce is produce: soldiers join a hero (step 10).
type Produce struct {
	Side    int    `json:"side"`
	Hero    string `json:"hero"`
	Archers int    `json:"archers"`
	Shields int    `json:"shields"`
}

// EventName implements engine.Event.
func (Produce) EventName() string { return "produce" }

// MarshalJSON writes the spec's form.
func (e Produce) MarshalJSON() ([]byte, error) {
	type x Produce
	return engine.NamedJSON(e.EventName(), x(e))
}

// FlagTaken is flag_taken: a side becomes the flag's holder; N is the heroes on the zone of each side.
type FlagTaken struct {
	Side int    `json:"side"`
	N    [2]int `json:"n"`
}

// EventName implements engine.Event.
func (FlagTaken) EventName() string { return "flag_taken" }

// MarshalJSON writes the spec's form.
func (e FlagTaken) MarshalJSON() ([]byte, error) {
	type x FlagTaken
	return engine.NamedJSON(e.EventName(), x(e))
}

// FlagVoid is flag_void: a claim fails: fewer, tie or grain.
type FlagVoid struct {
	Side   int    `json:"side"`
	N      [2]int `json:"n"`
	Reason string `json:"reason"`
}

// EventName implements engine.Event.
func (FlagVoid) EventName() string { return "flag_void" }

// MarshalJSON writes the spec's form.
func (e FlagVoid) MarshalJSON() ([]byte, error) {
	type x FlagVoid
	return engine.NamedJSON(e.EventName(), x(e))
}

// FlagHeld is flag_held: the holder pays its upkeep and counts a held round.
type FlagHeld struct {
	Side   int `json:"side"`
	Upkeep int `json:"upkeep"`
	Grain  int `json:"grain"`
	Held   int `json:"held"`
}

// EventName implements engine.Event.
func (FlagHeld) EventName() string { return "flag_held" }

// MarshalJSON writes the spec's form.
func (e FlagHeld) MarshalJSON() ([]byte, error) {
	type x FlagHeld
	return engine.NamedJSON(e.EventName(), x(e))
}

// FlagStarved is flag_starved: the holder cannot pay its upkeep.
type FlagStarved struct {
	Side   int `json:"side"`
	Upkeep int `json:"upkeep"`
	Grain  int `json:"grain"`
}

// EventName implements engine.Event.
func (FlagStarved) EventName() string { return "flag_starved" }

// MarshalJSON writes the spec's form.
func (e FlagStarved) MarshalJSON() ([]byte, error) {
	type x FlagStarved
	return engine.NamedJSON(e.EventName(), x(e))
}
