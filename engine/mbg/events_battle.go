package mbg

import "github.com/shapan/shapan/engine"

// Battle notifications (spec §10.1), with the derived fields of §11.1.

// BattleNoGeneral is battle_no_general: side Side (role Role) had no main
// general.
type BattleNoGeneral struct {
	Role int `json:"role"`
	Side int `json:"side"`
}

// EventName implements engine.Event.
func (BattleNoGeneral) EventName() string { return "battle_no_general" }

// MarshalJSON writes the golden form.
func (e BattleNoGeneral) MarshalJSON() ([]byte, error) {
	type x BattleNoGeneral
	return engine.NamedJSON(e.EventName(), x(e))
}

// SideInfo is one side as battle_start shows it (and as the battle suite
// gives it).
type SideInfo struct {
	Role  int     `json:"role"`
	Power float32 `json:"power"`
	WinP  float32 `json:"winp"`
	Celve float32 `json:"celve"`
	HPMax float32 `json:"hpmax"`
	HP    float32 `json:"hp"`
	Def   float32 `json:"def"`
	Tech  []int   `json:"tech"`
}

// BattleStart is battle_start.
type BattleStart struct {
	MaxBT int         `json:"max_bt"`
	S     [2]SideInfo `json:"s"`
}

// EventName implements engine.Event.
func (BattleStart) EventName() string { return "battle_start" }

// MarshalJSON writes the golden form.
func (e BattleStart) MarshalJSON() ([]byte, error) {
	type x BattleStart
	return engine.NamedJSON(e.EventName(), x(e))
}

// BattleTurnStart is battle_turn_start.
type BattleTurnStart struct {
	I int `json:"i"`
}

// EventName implements engine.Event.
func (BattleTurnStart) EventName() string { return "battle_turn_start" }

// MarshalJSON writes the golden form.
func (e BattleTurnStart) MarshalJSON() ([]byte, error) {
	type x BattleTurnStart
	return engine.NamedJSON(e.EventName(), x(e))
}

// BattleAttack is battle_attack: the round's loser and its last changes,
// then both sides' hp and defence.
type BattleAttack struct {
	Loser int        `json:"loser"`
	DDef  float32    `json:"ddef"`
	DHP   float32    `json:"dhp"`
	HP    [2]float32 `json:"hp"`
	Def   [2]float32 `json:"def"`
}

// EventName implements engine.Event.
func (BattleAttack) EventName() string { return "battle_attack" }

// MarshalJSON writes the golden form.
func (e BattleAttack) MarshalJSON() ([]byte, error) {
	type x BattleAttack
	return engine.NamedJSON(e.EventName(), x(e))
}

// BattleSide is battle_burn or battle_self_attack.
type BattleSide struct {
	Name string     `json:"-"`
	Side int        `json:"side"`
	HP   [2]float32 `json:"hp"`
	Def  [2]float32 `json:"def"`
}

// EventName implements engine.Event.
func (e BattleSide) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e BattleSide) MarshalJSON() ([]byte, error) {
	type x BattleSide
	return engine.NamedJSON(e.Name, x(e))
}

// BattleTech is battle_tech: side Side used Tech; the state of both sides
// afterwards.
type BattleTech struct {
	Side  int        `json:"side"`
	Tech  int        `json:"tech"`
	HP    [2]float32 `json:"hp"`
	Def   [2]float32 `json:"def"`
	BSt   [2]int     `json:"bst"`
	BTime [2]int     `json:"btime"`
	FSt   [2]int     `json:"fst"`
	Quit  [2]bool    `json:"quit"`
}

// EventName implements engine.Event.
func (BattleTech) EventName() string { return "battle_tech" }

// MarshalJSON writes the golden form.
func (e BattleTech) MarshalJSON() ([]byte, error) {
	type x BattleTech
	return engine.NamedJSON(e.EventName(), x(e))
}

// BattleEnd is battle_end with the result (1 attacker won, -1 defender won,
// 0 nobody).
type BattleEnd struct {
	Ret  int        `json:"ret"`
	HP   [2]float32 `json:"hp"`
	Def  [2]float32 `json:"def"`
	Quit [2]bool    `json:"quit"`
}

// EventName implements engine.Event.
func (BattleEnd) EventName() string { return "battle_end" }

// MarshalJSON writes the golden form.
func (e BattleEnd) MarshalJSON() ([]byte, error) {
	type x BattleEnd
	return engine.NamedJSON(e.EventName(), x(e))
}
