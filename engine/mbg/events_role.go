package mbg

import "github.com/shapan/shapan/engine"

// Per-role notifications (spec §10.2): the receiving role is "to".

// ToRole is a per-role event without fields: oi_start_game.
type ToRole struct {
	Name string `json:"-"`
	To   int    `json:"to"`
}

// EventName implements engine.Event.
func (e ToRole) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e ToRole) MarshalJSON() ([]byte, error) { type x ToRole; return engine.NamedJSON(e.Name, x(e)) }

// ToObj is a per-role event about another role: align_fail, pe_fail,
// skip_battle_by_align, force_battle.
type ToObj struct {
	Name string `json:"-"`
	To   int    `json:"to"`
	Obj  int    `json:"obj"`
}

// EventName implements engine.Event.
func (e ToObj) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e ToObj) MarshalJSON() ([]byte, error) { type x ToObj; return engine.NamedJSON(e.Name, x(e)) }

// ToOfficer is a per-role event about an officer: note_as_mayor,
// note_as_treasurer, note_as_citizen, recruit_fail.
type ToOfficer struct {
	Name string `json:"-"`
	To   int    `json:"to"`
	P    int    `json:"p"`
}

// EventName implements engine.Event.
func (e ToOfficer) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e ToOfficer) MarshalJSON() ([]byte, error) {
	type x ToOfficer
	return engine.NamedJSON(e.Name, x(e))
}

// ToOfficerCity is note_ly_mayor or note_ly_treasurer (duty blocked by
// rumour).
type ToOfficerCity struct {
	Name string `json:"-"`
	To   int    `json:"to"`
	P    int    `json:"p"`
	City int    `json:"city"`
}

// EventName implements engine.Event.
func (e ToOfficerCity) EventName() string { return e.Name }

// MarshalJSON writes the golden form.
func (e ToOfficerCity) MarshalJSON() ([]byte, error) {
	type x ToOfficerCity
	return engine.NamedJSON(e.Name, x(e))
}

// FinishStudy is note_finish_study.
type FinishStudy struct {
	To   int `json:"to"`
	Inst int `json:"inst"`
	P    int `json:"p"`
	Tech int `json:"tech"`
}

// EventName implements engine.Event.
func (FinishStudy) EventName() string { return "note_finish_study" }

// MarshalJSON writes the golden form.
func (e FinishStudy) MarshalJSON() ([]byte, error) {
	type x FinishStudy
	return engine.NamedJSON(e.EventName(), x(e))
}

// LyStudy is note_ly_study (research blocked by rumour).
type LyStudy struct {
	To   int `json:"to"`
	Inst int `json:"inst"`
	P    int `json:"p"`
}

// EventName implements engine.Event.
func (LyStudy) EventName() string { return "note_ly_study" }

// MarshalJSON writes the golden form.
func (e LyStudy) MarshalJSON() ([]byte, error) {
	type x LyStudy
	return engine.NamedJSON(e.EventName(), x(e))
}

// FinishTrain is note_finish_train: property Item of P rose by Value.
type FinishTrain struct {
	To    int     `json:"to"`
	P     int     `json:"p"`
	Item  int     `json:"item"`
	Value float32 `json:"value"`
}

// EventName implements engine.Event.
func (FinishTrain) EventName() string { return "note_finish_train" }

// MarshalJSON writes the golden form.
func (e FinishTrain) MarshalJSON() ([]byte, error) {
	type x FinishTrain
	return engine.NamedJSON(e.EventName(), x(e))
}

// LyTrain is note_ly_train (training blocked by rumour).
type LyTrain struct {
	To    int `json:"to"`
	Train int `json:"train"`
	P     int `json:"p"`
}

// EventName implements engine.Event.
func (LyTrain) EventName() string { return "note_ly_train" }

// MarshalJSON writes the golden form.
func (e LyTrain) MarshalJSON() ([]byte, error) {
	type x LyTrain
	return engine.NamedJSON(e.EventName(), x(e))
}

// CityRecover is note_city_recover (the mayor healed the garrison).
type CityRecover struct {
	To    int     `json:"to"`
	City  int     `json:"city"`
	HPlus float32 `json:"hplus"`
}

// EventName implements engine.Event.
func (CityRecover) EventName() string { return "note_city_recover" }

// MarshalJSON writes the golden form.
func (e CityRecover) MarshalJSON() ([]byte, error) {
	type x CityRecover
	return engine.NamedJSON(e.EventName(), x(e))
}

// CityEarn is note_city_earn (income).
type CityEarn struct {
	To    int     `json:"to"`
	City  int     `json:"city"`
	MPlus float32 `json:"mplus"`
}

// EventName implements engine.Event.
func (CityEarn) EventName() string { return "note_city_earn" }

// MarshalJSON writes the golden form.
func (e CityEarn) MarshalJSON() ([]byte, error) {
	type x CityEarn
	return engine.NamedJSON(e.EventName(), x(e))
}

// PayInst is note_pay_inst (research cost, DM ≤ 0).
type PayInst struct {
	To int     `json:"to"`
	DM float32 `json:"dm"`
}

// EventName implements engine.Event.
func (PayInst) EventName() string { return "note_pay_inst" }

// MarshalJSON writes the golden form.
func (e PayInst) MarshalJSON() ([]byte, error) {
	type x PayInst
	return engine.NamedJSON(e.EventName(), x(e))
}

// SaveReport is save_report.
type SaveReport struct {
	To int  `json:"to"`
	OK bool `json:"ok"`
}

// EventName implements engine.Event.
func (SaveReport) EventName() string { return "save_report" }

// MarshalJSON writes the golden form.
func (e SaveReport) MarshalJSON() ([]byte, error) {
	type x SaveReport
	return engine.NamedJSON(e.EventName(), x(e))
}

// OccuCityFail is occu_city_fail (an empty occupation choice).
type OccuCityFail struct {
	To   int `json:"to"`
	City int `json:"city"`
}

// EventName implements engine.Event.
func (OccuCityFail) EventName() string { return "occu_city_fail" }

// MarshalJSON writes the golden form.
func (e OccuCityFail) MarshalJSON() ([]byte, error) {
	type x OccuCityFail
	return engine.NamedJSON(e.EventName(), x(e))
}

// StartAllocate is start_allocate: Locs are the squares of the role's
// cities, researchers and trainees.
type StartAllocate struct {
	To   int   `json:"to"`
	Locs []int `json:"locs"`
}

// EventName implements engine.Event.
func (StartAllocate) EventName() string { return "start_allocate" }

// MarshalJSON writes the golden form.
func (e StartAllocate) MarshalJSON() ([]byte, error) {
	type x StartAllocate
	return engine.NamedJSON(e.EventName(), x(e))
}
