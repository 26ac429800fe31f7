package planets

import (
	"encoding/json"
	"fmt"
)

// planetsGameJSON is the JSON form of a planetsGame.
type planetsGameJSON struct {
	Slot       []int   `json:"slot"`
	Battles    []int   `json:"battles"`
	Captures   []int   `json:"captures"`
	Changes    []int   `json:"changes"`
	Owners     []int   `json:"owners"`
	HeldRounds [][]int `json:"held_rounds"`
	First      []int   `json:"first"`
	FirstRound []int64 `json:"first_round"`
	Rounds     int     `json:"rounds"`
	Held       []int   `json:"held"`
	Played     []bool  `json:"played"`
	Eliminated []bool  `json:"eliminated"`
}

// MarshalJSON implements json.Marshaler.
func (g *planetsGame) MarshalJSON() ([]byte, error) {
	return json.Marshal(planetsGameJSON{Slot: g.slot, Battles: g.battles, Captures: g.captures, Changes: g.changes,
		Owners: g.owners, HeldRounds: g.heldRounds, First: g.first, FirstRound: g.firstRound, Rounds: g.rounds,
		Held: g.held, Played: g.played, Eliminated: g.eliminated})
}

// DecodeFacts implements Family.
func (p *Planets) DecodeFacts(data []byte) (any, error) {
	var j planetsGameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("the facts of a planets game: %w", err)
	}
	ns, np, no := len(p.starts), len(p.byID), len(j.Owners)
	if len(j.Held) != ns || len(j.Played) != ns || len(j.Eliminated) != ns || no > np || len(j.Battles) < no ||
		len(j.Captures) < no || len(j.Changes) < no || len(j.HeldRounds) < no || len(j.First) < no || len(j.FirstRound) < no {
		return nil, fmt.Errorf("the facts of a planets game do not fit a map of %d planets and %d starts", np, ns)
	}
	for id, o := range j.Owners {
		if o < -1 || o >= ns || j.First[id] < -1 || j.First[id] >= ns || len(j.HeldRounds[id]) > ns {
			return nil, fmt.Errorf("the facts of a planets game name an owner out of %d starts", ns)
		}
	}
	return &planetsGame{slot: j.Slot, battles: j.Battles, captures: j.Captures, changes: j.Changes, owners: j.Owners,
		heldRounds: j.HeldRounds, first: j.First, firstRound: j.FirstRound, rounds: j.Rounds,
		held: j.Held, played: j.Played, eliminated: j.Eliminated}, nil
}
