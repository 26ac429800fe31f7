package mbg

import (
	"github.com/shapan/shapan/engine"
)

// Events: every notification of spec §10 is a Go value whose EventName is
// the spec's name and whose JSON is the golden-trace form {"e": name,
// ...fields} (per-role notifications carry "to", the receiving role, and
// some events carry the derived fields of spec §11.1). Events that share
// their fields share a type and carry their name.

// Plain is an event without fields: start_game, note_all_loss,
// note_force_quit.
type Plain struct {
	Name string `json:"-"`
}

// EventName implements engine.Event.
func (e Plain) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e Plain) MarshalJSON() ([]byte, error) { type x Plain; return engine.NamedJSON(e.Name, x(e)) }

// InitMap is init_map, the first UI-connection event.
type InitMap struct {
	NGrid   int `json:"ngrid"`
	NRole   int `json:"nrole"`
	NPeople int `json:"npeople"`
	NCity   int `json:"ncity"`
	NInst   int `json:"ninst"`
	NTrain  int `json:"ntrain"`
	NTech   int `json:"ntech"`
	NCard   int `json:"ncard"`
	NX      int `json:"nx"`
	NY      int `json:"ny"`
}

// EventName implements engine.Event.
func (InitMap) EventName() string { return "init_map" }

// MarshalJSON writes the golden form.
func (e InitMap) MarshalJSON() ([]byte, error) {
	type x InitMap
	return engine.NamedJSON(e.EventName(), x(e))
}

// ShowCity is show_city.
type ShowCity struct {
	ID    int    `json:"id"`
	Name  string `json:"name"`
	Scope int    `json:"scope"`
	X0    int    `json:"x0"`
	Y0    int    `json:"y0"`
	X1    int    `json:"x1"`
	Y1    int    `json:"y1"`
}

// EventName implements engine.Event.
func (ShowCity) EventName() string { return "show_city" }

// MarshalJSON writes the golden form.
func (e ShowCity) MarshalJSON() ([]byte, error) {
	type x ShowCity
	return engine.NamedJSON(e.EventName(), x(e))
}

// ShowInstitute is show_institute.
type ShowInstitute struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	X0   int    `json:"x0"`
	Y0   int    `json:"y0"`
	X1   int    `json:"x1"`
	Y1   int    `json:"y1"`
}

// EventName implements engine.Event.
func (ShowInstitute) EventName() string { return "show_institute" }

// MarshalJSON writes the golden form.
func (e ShowInstitute) MarshalJSON() ([]byte, error) {
	type x ShowInstitute
	return engine.NamedJSON(e.EventName(), x(e))
}

// ShowTrainingRoom is show_training_room.
type ShowTrainingRoom struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Item int    `json:"item"`
	X0   int    `json:"x0"`
	Y0   int    `json:"y0"`
	X1   int    `json:"x1"`
	Y1   int    `json:"y1"`
}

// EventName implements engine.Event.
func (ShowTrainingRoom) EventName() string { return "show_training_room" }

// MarshalJSON writes the golden form.
func (e ShowTrainingRoom) MarshalJSON() ([]byte, error) {
	type x ShowTrainingRoom
	return engine.NamedJSON(e.EventName(), x(e))
}

// ShowMap is show_map, one board square.
type ShowMap struct {
	ID    int `json:"id"`
	Class int `json:"class"`
	Base  int `json:"base"`
	X     int `json:"x"`
	Y     int `json:"y"`
}

// EventName implements engine.Event.
func (ShowMap) EventName() string { return "show_map" }

// MarshalJSON writes the golden form.
func (e ShowMap) MarshalJSON() ([]byte, error) {
	type x ShowMap
	return engine.NamedJSON(e.EventName(), x(e))
}

// SquareEvent is set_barrier, unset_barrier, set_robber or unset_robber.
type SquareEvent struct {
	Name string `json:"-"`
	Loc  int    `json:"loc"`
}

// EventName implements engine.Event.
func (e SquareEvent) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e SquareEvent) MarshalJSON() ([]byte, error) {
	type x SquareEvent
	return engine.NamedJSON(e.Name, x(e))
}

// RoleEvent is an event about one role: set_slow, set_fast, set_stop,
// set_continue, change_dir, self_recover, set_pe, role_continue_action,
// role_forbid_action, note_role_ce_end, note_role_loss.
type RoleEvent struct {
	Name string `json:"-"`
	Role int    `json:"role"`
}

// EventName implements engine.Event.
func (e RoleEvent) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e RoleEvent) MarshalJSON() ([]byte, error) {
	type x RoleEvent
	return engine.NamedJSON(e.Name, x(e))
}

// OfficerEvent is set_liuyan, set_poison or set_quit.
type OfficerEvent struct {
	Name string `json:"-"`
	P    int    `json:"p"`
}

// EventName implements engine.Event.
func (e OfficerEvent) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e OfficerEvent) MarshalJSON() ([]byte, error) {
	type x OfficerEvent
	return engine.NamedJSON(e.Name, x(e))
}

// StealMoney is steal_money: Sub received (-1: the robber), Obj paid Money
// (≤ 0); Moneys is every role's money afterwards.
type StealMoney struct {
	Sub    int       `json:"sub"`
	Obj    int       `json:"obj"`
	Money  float32   `json:"money"`
	Moneys []float32 `json:"moneys"`
}

// EventName implements engine.Event.
func (StealMoney) EventName() string { return "steal_money" }

// MarshalJSON writes the golden form.
func (e StealMoney) MarshalJSON() ([]byte, error) {
	type x StealMoney
	return engine.NamedJSON(e.EventName(), x(e))
}

// SetAlign is set_align.
type SetAlign struct {
	Sub int `json:"sub"`
	Obj int `json:"obj"`
}

// EventName implements engine.Event.
func (SetAlign) EventName() string { return "set_align" }

// MarshalJSON writes the golden form.
func (e SetAlign) MarshalJSON() ([]byte, error) {
	type x SetAlign
	return engine.NamedJSON(e.EventName(), x(e))
}

// InOutCity is note_in_city or note_out_city.
type InOutCity struct {
	Name string `json:"-"`
	P    int    `json:"p"`
	City int    `json:"city"`
}

// EventName implements engine.Event.
func (e InOutCity) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e InOutCity) MarshalJSON() ([]byte, error) {
	type x InOutCity
	return engine.NamedJSON(e.Name, x(e))
}

// InOutInst is note_in_inst or note_out_inst.
type InOutInst struct {
	Name string `json:"-"`
	P    int    `json:"p"`
	Inst int    `json:"inst"`
}

// EventName implements engine.Event.
func (e InOutInst) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e InOutInst) MarshalJSON() ([]byte, error) {
	type x InOutInst
	return engine.NamedJSON(e.Name, x(e))
}

// InOutTrain is note_in_train or note_out_train.
type InOutTrain struct {
	Name  string `json:"-"`
	P     int    `json:"p"`
	Train int    `json:"train"`
}

// EventName implements engine.Event.
func (e InOutTrain) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e InOutTrain) MarshalJSON() ([]byte, error) {
	type x InOutTrain
	return engine.NamedJSON(e.Name, x(e))
}

// NoteJoin is note_join (a hire); Money is the role's money after paying.
type NoteJoin struct {
	P     int     `json:"p"`
	Role  int     `json:"role"`
	Money float32 `json:"money"`
}

// EventName implements engine.Event.
func (NoteJoin) EventName() string { return "note_join" }

// MarshalJSON writes the golden form.
func (e NoteJoin) MarshalJSON() ([]byte, error) {
	type x NoteJoin
	return engine.NamedJSON(e.EventName(), x(e))
}

// NoteQuit is note_quit: officer P left role Role.
type NoteQuit struct {
	P    int `json:"p"`
	Role int `json:"role"`
}

// EventName implements engine.Event.
func (NoteQuit) EventName() string { return "note_quit" }

// MarshalJSON writes the golden form.
func (e NoteQuit) MarshalJSON() ([]byte, error) {
	type x NoteQuit
	return engine.NamedJSON(e.EventName(), x(e))
}

// NotePayTax is note_pay_tax: the nominal toll; Money is the payer's money
// afterwards.
type NotePayTax struct {
	Role  int     `json:"role"`
	Owner int     `json:"owner"`
	City  int     `json:"city"`
	Tax   float32 `json:"tax"`
	Money float32 `json:"money"`
}

// EventName implements engine.Event.
func (NotePayTax) EventName() string { return "note_pay_tax" }

// MarshalJSON writes the golden form.
func (e NotePayTax) MarshalJSON() ([]byte, error) {
	type x NotePayTax
	return engine.NamedJSON(e.EventName(), x(e))
}

// NoteCollectTax is note_collect_tax (visiting an own city).
type NoteCollectTax struct {
	Role  int     `json:"role"`
	City  int     `json:"city"`
	Tax   float32 `json:"tax"`
	Money float32 `json:"money"`
}

// EventName implements engine.Event.
func (NoteCollectTax) EventName() string { return "note_collect_tax" }

// MarshalJSON writes the golden form.
func (e NoteCollectTax) MarshalJSON() ([]byte, error) {
	type x NoteCollectTax
	return engine.NamedJSON(e.EventName(), x(e))
}

// RoleStartAction is role_start_action with the role's square and money.
type RoleStartAction struct {
	Role  int     `json:"role"`
	Loc   int     `json:"loc"`
	Money float32 `json:"money"`
}

// EventName implements engine.Event.
func (RoleStartAction) EventName() string { return "role_start_action" }

// MarshalJSON writes the golden form.
func (e RoleStartAction) MarshalJSON() ([]byte, error) {
	type x RoleStartAction
	return engine.NamedJSON(e.EventName(), x(e))
}

// RoleCity is note_role_occupy_city or note_role_drop_city.
type RoleCity struct {
	Name string `json:"-"`
	Role int    `json:"role"`
	City int    `json:"city"`
}

// EventName implements engine.Event.
func (e RoleCity) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e RoleCity) MarshalJSON() ([]byte, error) {
	type x RoleCity
	return engine.NamedJSON(e.Name, x(e))
}

// RoleStEnd is note_role_st_end: the movement state St ended.
type RoleStEnd struct {
	Role int `json:"role"`
	St   int `json:"st"`
}

// EventName implements engine.Event.
func (RoleStEnd) EventName() string { return "note_role_st_end" }

// MarshalJSON writes the golden form.
func (e RoleStEnd) MarshalJSON() ([]byte, error) {
	type x RoleStEnd
	return engine.NamedJSON(e.EventName(), x(e))
}

// AlignEnd is note_role_align_end (R1 < R2).
type AlignEnd struct {
	R1 int `json:"r1"`
	R2 int `json:"r2"`
}

// EventName implements engine.Event.
func (AlignEnd) EventName() string { return "note_role_align_end" }

// MarshalJSON writes the golden form.
func (e AlignEnd) MarshalJSON() ([]byte, error) {
	type x AlignEnd
	return engine.NamedJSON(e.EventName(), x(e))
}

// RoleWin is note_role_win with every role's money.
type RoleWin struct {
	Role   int       `json:"role"`
	Moneys []float32 `json:"moneys"`
}

// EventName implements engine.Event.
func (RoleWin) EventName() string { return "note_role_win" }

// MarshalJSON writes the golden form.
func (e RoleWin) MarshalJSON() ([]byte, error) {
	type x RoleWin
	return engine.NamedJSON(e.EventName(), x(e))
}

// MoveOneStep is note_role_move_one_step.
type MoveOneStep struct {
	Role int `json:"role"`
	From int `json:"from"`
	Dir  int `json:"dir"`
}

// EventName implements engine.Event.
func (MoveOneStep) EventName() string { return "note_role_move_one_step" }

// MarshalJSON writes the golden form.
func (e MoveOneStep) MarshalJSON() ([]byte, error) {
	type x MoveOneStep
	return engine.NamedJSON(e.EventName(), x(e))
}

// RoleMove is note_role_move; Step is the rolled value.
type RoleMove struct {
	Role int `json:"role"`
	From int `json:"from"`
	To   int `json:"to"`
	Step int `json:"step"`
}

// EventName implements engine.Event.
func (RoleMove) EventName() string { return "note_role_move" }

// MarshalJSON writes the golden form.
func (e RoleMove) MarshalJSON() ([]byte, error) {
	type x RoleMove
	return engine.NamedJSON(e.EventName(), x(e))
}

// GetCard is note_get_card (chance square).
type GetCard struct {
	Role int `json:"role"`
	Card int `json:"card"`
}

// EventName implements engine.Event.
func (GetCard) EventName() string { return "note_get_card" }

// MarshalJSON writes the golden form.
func (e GetCard) MarshalJSON() ([]byte, error) {
	type x GetCard
	return engine.NamedJSON(e.EventName(), x(e))
}

// EndTurn is end_turn with every role's money.
type EndTurn struct {
	Turn   int       `json:"turn"`
	Moneys []float32 `json:"moneys"`
}

// EventName implements engine.Event.
func (EndTurn) EventName() string { return "end_turn" }

// MarshalJSON writes the golden form.
func (e EndTurn) MarshalJSON() ([]byte, error) {
	type x EndTurn
	return engine.NamedJSON(e.EventName(), x(e))
}
