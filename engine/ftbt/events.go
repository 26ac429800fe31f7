package ftbt

import (
	"github.com/shapan/shapan/engine"
)

// Events: every notification of spec §7.2 is a Go value whose EventName is
// the spec's name and whose JSON is the golden-trace form {"e": name,
// ...fields}. Every event is emitted before the change it announces.

// TurnStart is turn_start: a side's turn begins (after its weight update).
type TurnStart struct {
	Turn int `json:"turn"` // round, from 1
	Side int `json:"side"`
}

// EventName implements engine.Event.
func (TurnStart) EventName() string { return "turn_start" }

// MarshalJSON writes the golden form.
func (e TurnStart) MarshalJSON() ([]byte, error) {
	type x TurnStart
	return engine.NamedJSON(e.EventName(), x(e))
}

// PeopleStep is people_step: person P leaves cell Loc in direction Dir
// (0 right, 1 left, 2 down, 3 up), one step of a move.
type PeopleStep struct {
	P   int `json:"p"`
	Loc int `json:"loc"`
	Dir int `json:"dir"`
}

// EventName implements engine.Event.
func (PeopleStep) EventName() string { return "people_step" }

// MarshalJSON writes the golden form.
func (e PeopleStep) MarshalJSON() ([]byte, error) {
	type x PeopleStep
	return engine.NamedJSON(e.EventName(), x(e))
}

// PeopleMove is people_move: person P moves from From to To (after its
// steps).
type PeopleMove struct {
	P    int `json:"p"`
	From int `json:"from"`
	To   int `json:"to"`
}

// EventName implements engine.Event.
func (PeopleMove) EventName() string { return "people_move" }

// MarshalJSON writes the golden form.
func (e PeopleMove) MarshalJSON() ([]byte, error) {
	type x PeopleMove
	return engine.NamedJSON(e.EventName(), x(e))
}

// DoTech is do_tech: person Src uses tech Tech (global id) on cell Loc;
// Obj is the target person of a damage tech, else -1.
type DoTech struct {
	Tech int `json:"tech"`
	Src  int `json:"src"`
	Obj  int `json:"obj"`
	Loc  int `json:"loc"`
}

// EventName implements engine.Event.
func (DoTech) EventName() string { return "do_tech" }

// MarshalJSON writes the golden form.
func (e DoTech) MarshalJSON() ([]byte, error) {
	type x DoTech
	return engine.NamedJSON(e.EventName(), x(e))
}

// HPDown is hp_down: person P on Loc, with HP before the hit, loses DHP.
type HPDown struct {
	P   int `json:"p"`
	Loc int `json:"loc"`
	HP  int `json:"hp"`
	DHP int `json:"dhp"`
}

// EventName implements engine.Event.
func (HPDown) EventName() string { return "hp_down" }

// MarshalJSON writes the golden form.
func (e HPDown) MarshalJSON() ([]byte, error) {
	type x HPDown
	return engine.NamedJSON(e.EventName(), x(e))
}

// PeopleOut is people_out: person P is removed from cell Loc.
type PeopleOut struct {
	P   int `json:"p"`
	Loc int `json:"loc"`
}

// EventName implements engine.Event.
func (PeopleOut) EventName() string { return "people_out" }

// MarshalJSON writes the golden form.
func (e PeopleOut) MarshalJSON() ([]byte, error) {
	type x PeopleOut
	return engine.NamedJSON(e.EventName(), x(e))
}

// LocBuf is loc_buf: cell Loc gets an attack (AD 0) or defence (AD 1)
// buff of value Val for Dur rounds.
type LocBuf struct {
	Loc int `json:"loc"`
	AD  int `json:"ad"`
	Val int `json:"val"`
	Dur int `json:"dur"`
}

// EventName implements engine.Event.
func (LocBuf) EventName() string { return "loc_buf" }

// MarshalJSON writes the golden form.
func (e LocBuf) MarshalJSON() ([]byte, error) {
	type x LocBuf
	return engine.NamedJSON(e.EventName(), x(e))
}

// LocFly is loc_fly: cell Loc gets the move weight Weight for Dur rounds.
type LocFly struct {
	Loc    int `json:"loc"`
	Weight int `json:"weight"`
	Dur    int `json:"dur"`
}

// EventName implements engine.Event.
func (LocFly) EventName() string { return "loc_fly" }

// MarshalJSON writes the golden form.
func (e LocFly) MarshalJSON() ([]byte, error) {
	type x LocFly
	return engine.NamedJSON(e.EventName(), x(e))
}

// LocDisableLong is loc_disable_long: cell Loc is protected from
// long-range attacks for Dur rounds.
type LocDisableLong struct {
	Loc int `json:"loc"`
	Dur int `json:"dur"`
}

// EventName implements engine.Event.
func (LocDisableLong) EventName() string { return "loc_disable_long" }

// MarshalJSON writes the golden form.
func (e LocDisableLong) MarshalJSON() ([]byte, error) {
	type x LocDisableLong
	return engine.NamedJSON(e.EventName(), x(e))
}

// GameOver is game_over, the last event: the winning side, or -1 when a
// player quit or the turn cap stopped the game.
type GameOver struct {
	Winner int `json:"winner"`
}

// EventName implements engine.Event.
func (GameOver) EventName() string { return "game_over" }

// MarshalJSON writes the golden form.
func (e GameOver) MarshalJSON() ([]byte, error) {
	type x GameOver
	return engine.NamedJSON(e.EventName(), x(e))
}
