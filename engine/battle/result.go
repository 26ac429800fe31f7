package battle

import "github.com/shapan/shapan/engine"

// Why a game ended (spec §14.4).
const (
	ReasonFlag         = "flag"
	ReasonHeld         = "held"
	ReasonHeroKills    = "hero_kills"
	ReasonSoldierKills = "soldier_kills"
	ReasonDraw         = "draw"
	ReasonForfeit      = "forfeit"
)

// SideSummary is one side's standing at the end.
type SideSummary struct {
	Held         int `json:"held"`
	HeroKills    int `json:"hero_kills"`
	SoldierKills int `json:"soldier_kills"`
	Cities       int `json:"cities"`
	Grain        int `json:"grain"`
	Morale       int `json:"morale"`
	HeroesAlive  int `json:"heroes_alive"`
	Soldiers     int `json:"soldiers"`
}

// Result is how a game ended: the machine's result and the end event's
// fields. Winner is 0, 1, or -1 for a draw.
type Result struct {
	Round  int            `json:"round"`
	Winner int            `json:"winner"`
	Reason string         `json:"reason"`
	Sides  [2]SideSummary `json:"sides"`
}

// End is end, the last event: the result.
type End Result

// EventName implements engine.Event.
func (End) EventName() string { return "end" }

// MarshalJSON writes the spec's form.
func (e End) MarshalJSON() ([]byte, error) { return engine.NamedJSON(e.EventName(), Result(e)) }

// finish ends the game: the result, and the end event.
func (st *state) finish(winner int, reason string) *Result {
	r := &Result{Round: st.Round, Winner: winner, Reason: reason}
	for s := range st.Sides {
		sd := &st.Sides[s]
		sum := SideSummary{Held: sd.Held, HeroKills: sd.HeroKills, SoldierKills: sd.SoldierKills,
			Cities: sd.Cities, Grain: sd.Grain, Morale: sd.Morale}
		for k := range sd.Team {
			if u := &sd.Team[k]; u.Alive {
				sum.HeroesAlive++
				sum.Soldiers += u.Archers + u.Shields
			}
		}
		r.Sides[s] = sum
	}
	if st.emit != nil {
		st.emit(End(*r))
	}
	st.result = r
	return r
}

// endCheck is step 13 (spec §14.1, §14.2).
func (st *state) endCheck() *Result {
	for s := range st.Sides {
		if st.Sides[s].Held >= FlagWin {
			return st.finish(s, ReasonFlag)
		}
	}
	if st.Round < st.maxRounds {
		return nil
	}
	a, b := &st.Sides[0], &st.Sides[1]
	for _, c := range []struct {
		x, y   int
		reason string
	}{{a.Held, b.Held, ReasonHeld}, {a.HeroKills, b.HeroKills, ReasonHeroKills}, {a.SoldierKills, b.SoldierKills, ReasonSoldierKills}} {
		if c.x != c.y {
			return st.finish(btoi(c.y > c.x), c.reason)
		}
	}
	return st.finish(-1, ReasonDraw)
}
