package planets

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/shapan/shapan/engine"
)

// Events: what happens in a step, as engine.Event values whose JSON is
// {"e": name, ...fields}. Holds are [owner, garrison] with owner null for
// a neutral planet.

// eventNames are the names of every event a game emits.
var eventNames = []string{
	Join{}.EventName(), Start{}.EventName(), Reset{}.EventName(), Alive{}.EventName(), Finish{}.EventName(),
	Launch{}.EventName(), Skip{}.EventName(), TacticUsed{}.EventName(), Lost{}.EventName(), Battle{}.EventName(),
	Production{}.EventName(), RoundEnd{}.EventName(),
}

// checkEventNames returns names (Options.Events) if each names an event.
func checkEventNames(names []string) ([]string, error) {
	for _, n := range names {
		if !slices.Contains(eventNames, n) {
			return nil, fmt.Errorf("planets: no event is named %q (the events: %s)", n, strings.Join(eventNames, ", "))
		}
	}
	return names, nil
}

// Join is "join": a player joined and took its start planet.
type Join struct {
	Player int    `json:"player"`
	Name   string `json:"name"`
	Planet int    `json:"planet"`
	Count  Num    `json:"count"`
}

// EventName implements engine.Event.
func (Join) EventName() string { return "join" }

// MarshalJSON writes the event form.
func (e Join) MarshalJSON() ([]byte, error) {
	type x Join
	return engine.NamedJSON(e.EventName(), x(e))
}

// Start is "start": the waiting game starts running (spec 4 step 1).
type Start struct {
	Round int64 `json:"round"`
}

// EventName implements engine.Event.
func (Start) EventName() string { return "start" }

// MarshalJSON writes the event form.
func (e Start) MarshalJSON() ([]byte, error) {
	type x Start
	return engine.NamedJSON(e.EventName(), x(e))
}

// Reset is "reset": the step after a finished game starts a new one.
type Reset struct{}

// EventName implements engine.Event.
func (Reset) EventName() string { return "reset" }

// MarshalJSON writes the event form.
func (e Reset) MarshalJSON() ([]byte, error) { return engine.NamedJSON(e.EventName(), struct{}{}) }

// Alive is "alive": a player's alive flag changed — at the finish check
// (units left or not) or by the no-response rule (NoResponse true).
type Alive struct {
	Player     int  `json:"player"`
	Alive      bool `json:"alive"`
	NoResponse bool `json:"no_response,omitempty"`
}

// EventName implements engine.Event.
func (Alive) EventName() string { return "alive" }

// MarshalJSON writes the event form.
func (e Alive) MarshalJSON() ([]byte, error) {
	type x Alive
	return engine.NamedJSON(e.EventName(), x(e))
}

// Finish is "finish": the finish check found the game over (spec 7.1);
// the winner is recorded, and the rest of the step is still played.
type Finish struct {
	Round int64 `json:"round"`
	// RoundLimit reports an end by the round limit (else at most one
	// player had units left).
	RoundLimit bool       `json:"round_limit"`
	Winner     int        `json:"winner"`
	Ranking    []Standing `json:"ranking"`
}

// EventName implements engine.Event.
func (Finish) EventName() string { return "finish" }

// MarshalJSON writes the event form.
func (e Finish) MarshalJSON() ([]byte, error) {
	type x Finish
	return engine.NamedJSON(e.EventName(), x(e))
}

// Launch is "launch": a queued move left its planet (spec 5.2).
type Launch struct {
	Player int   `json:"player"`
	From   int   `json:"from"`
	To     int   `json:"to"`
	Count  int64 `json:"count"`
	Steps  Num   `json:"steps"`
	// Emptied reports that the planet was left with no units and became
	// neutral.
	Emptied bool `json:"emptied,omitempty"`
}

// EventName implements engine.Event.
func (Launch) EventName() string { return "launch" }

// MarshalJSON writes the event form.
func (e Launch) MarshalJSON() ([]byte, error) {
	type x Launch
	return engine.NamedJSON(e.EventName(), x(e))
}

// Skip is "skip": a queued move found fewer units than its count on its
// planet and was dropped silently (spec 5.2).
type Skip struct {
	Player   int   `json:"player"`
	From     int   `json:"from"`
	To       int   `json:"to"`
	Count    int64 `json:"count"`
	Garrison Num   `json:"garrison"`
}

// EventName implements engine.Event.
func (Skip) EventName() string { return "skip" }

// MarshalJSON writes the event form.
func (e Skip) MarshalJSON() ([]byte, error) {
	type x Skip
	return engine.NamedJSON(e.EventName(), x(e))
}

// TacticUsed is "tactic": a player's tactic ran (spec 8); Before is the
// target's hold before it became neutral.
type TacticUsed struct {
	Player int    `json:"player"`
	Type   string `json:"type"`
	Planet int    `json:"planet"`
	Before Hold   `json:"before"`
	Points int64  `json:"points"`
}

// EventName implements engine.Event.
func (TacticUsed) EventName() string { return "tactic" }

// MarshalJSON writes the event form.
func (e TacticUsed) MarshalJSON() ([]byte, error) {
	type x TacticUsed
	return engine.NamedJSON(e.EventName(), x(e))
}

// Lost is "lost": a fleet on a route of no whole number of steps went
// past its destination and its units are lost (spec 5.4).
type Lost struct {
	Fleet Fleet `json:"fleet"`
}

// EventName implements engine.Event.
func (Lost) EventName() string { return "lost" }

// MarshalJSON writes the event form.
func (e Lost) MarshalJSON() ([]byte, error) {
	type x Lost
	return engine.NamedJSON(e.EventName(), x(e))
}

// Battle outcomes.
const (
	OutcomeOccupy    = "occupy"    // a neutral planet taken
	OutcomeReinforce = "reinforce" // only the owner's fleets arrived
	OutcomeDefend    = "defend"    // the owner won against attackers
	OutcomeCapture   = "capture"   // an attacker took an owned planet
	OutcomeTie       = "tie"       // equal top strengths: all wiped
)

// Battle is "battle": the fleets that arrived at a planet were resolved
// (spec 5.5), reinforcements included. Sides are [player, strength] in
// increasing player index (the owner's strength is its weighted garrison
// plus its reinforcements).
type Battle struct {
	Planet  int    `json:"planet"`
	Before  Hold   `json:"before"`
	Fleets  []Pair `json:"fleets"`
	Sides   []Pair `json:"sides"`
	Winner  int    `json:"winner"`
	Outcome string `json:"outcome"`
	After   Hold   `json:"after"`
}

// EventName implements engine.Event.
func (Battle) EventName() string { return "battle" }

// MarshalJSON writes the event form.
func (e Battle) MarshalJSON() ([]byte, error) {
	type x Battle
	return engine.NamedJSON(e.EventName(), x(e))
}

// Pair is a player and a number, written [player, value]: an arriving
// fleet's count, or a side's strength in a battle.
type Pair struct {
	Player int
	Value  Num
}

// MarshalJSON writes [player, value].
func (p Pair) MarshalJSON() ([]byte, error) {
	v, _ := p.Value.MarshalJSON()
	return []byte("[" + strconv.Itoa(p.Player) + "," + string(v) + "]"), nil
}

// Production is "production": an owned planet's garrison changed in the
// production phase (spec 5.6); planets whose garrison stays the same
// report nothing. After with a null owner: the planet became neutral.
type Production struct {
	Planet int  `json:"planet"`
	Before Hold `json:"before"`
	After  Hold `json:"after"`
}

// EventName implements engine.Event.
func (Production) EventName() string { return "production" }

// MarshalJSON writes the event form.
func (e Production) MarshalJSON() ([]byte, error) {
	type x Production
	return engine.NamedJSON(e.EventName(), x(e))
}

// RoundEnd is "round": the step ended and the round counter went up.
// Planets and Units are every player's totals after production.
type RoundEnd struct {
	Round   int64 `json:"round"`
	Planets []int `json:"planets"`
	Units   []Num `json:"units"`
}

// EventName implements engine.Event.
func (RoundEnd) EventName() string { return "round" }

// MarshalJSON writes the event form.
func (e RoundEnd) MarshalJSON() ([]byte, error) {
	type x RoundEnd
	return engine.NamedJSON(e.EventName(), x(e))
}
