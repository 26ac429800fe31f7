package balance

import "github.com/shapan/shapan/engine/sim"

// Result is what a search found.
type Result struct {
	// Family and Scenario name what was balanced; Target, Tolerance and
	// Seed how.
	Family    string  `json:"family"`
	Scenario  string  `json:"scenario,omitempty"`
	Target    string  `json:"target"`
	Tolerance float64 `json:"tolerance"`
	Seed      int64   `json:"seed"`
	// Knobs are the knobs the search turned, with their starting values
	// and ranges.
	Knobs []KnobInfo `json:"knobs"`
	// Baseline is the document as it is.
	Baseline Proposal `json:"baseline"`
	// Proposals are the best candidates, best first: fair ones (see
	// Proposal.Fair) before the others, then by Measure.Risk.
	Proposals []Proposal `json:"proposals"`
	// Budget is the games allowed, Spent those played (the baseline's
	// included), MaxGames the games a candidate plays to be called fair;
	// Candidates counts the documents simulated and Refused the edits
	// that check refused.
	Budget     int `json:"budget"`
	Spent      int `json:"spent"`
	MaxGames   int `json:"max_games"`
	Candidates int `json:"candidates"`
	Refused    int `json:"refused"`
	// Rounds counts the rounds of the search (each on its own games),
	// RoundGames the games each of them played.
	Rounds     int   `json:"rounds"`
	RoundGames []int `json:"round_games"`
	// Outcome says how the search ended.
	Outcome string `json:"outcome"`
}

// KnobInfo describes a knob of a search.
type KnobInfo struct {
	ID    string  `json:"id"`
	Path  string  `json:"path"`
	Side  string  `json:"favours,omitempty"`
	Value float64 `json:"value"`
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	// Label names the value, Labels every value from Min to Max, for a
	// knob whose values are choices (a start/K knob's planets, weakest
	// first); empty for a number.
	Label  string   `json:"label,omitempty"`
	Labels []string `json:"labels,omitempty"`
}

// Proposal is a candidate document with its evidence.
type Proposal struct {
	// Edits are the knobs it changes (none for the baseline).
	Edits []Edit `json:"edits"`
	// Measure is what its games gave, all of them; Fresh what the fresh
	// games of its confirmation gave alone (nil when it played none).
	Measure Measure  `json:"measure"`
	Fresh   *Measure `json:"fresh,omitempty"`
	// Fair is set when every side's win rate is within the tolerance of
	// its target over its MaxGames games and again over MaxGames fresh
	// games (Measure.Confirmed tells whether the intervals are too);
	// Dropped says why it stopped playing
	// earlier ("" when it did not).
	Fair    bool   `json:"fair"`
	Dropped string `json:"dropped,omitempty"`
	// Round is the round of the search that played it (from 1), Seed
	// the base seed of that round's games: game i was played with
	// sim.GameSeed(Seed, i). FreshSeed, when not 0, is the base seed of
	// its fresh games instead (a later round's candidate has fresh games
	// of its own).
	Round     int   `json:"round"`
	Seed      int64 `json:"seed"`
	FreshSeed int64 `json:"fresh_seed,omitempty"`
	// YAML is the document with the edits, Diff the unified diff from
	// the baseline's YAML to it.
	YAML []byte `json:"-"`
	Diff string `json:"diff,omitempty"`
}

// Edit is one knob changed.
type Edit struct {
	Knob string  `json:"knob"`
	Path string  `json:"path"`
	From float64 `json:"from"`
	To   float64 `json:"to"`
	// FromLabel and ToLabel name the values of a knob that has labels
	// ("A" → "f" for a start planet); Apply sets such a knob by ToLabel.
	FromLabel string `json:"from_label,omitempty"`
	ToLabel   string `json:"to_label,omitempty"`
}

// Measure is how a document's games ended.
type Measure struct {
	// Games are the games with a result, Failed those that failed.
	Games  int `json:"games"`
	Failed int `json:"failed,omitempty"`
	// Sides are every side's wins and target.
	Sides []SideMeasure  `json:"sides"`
	Draws sim.Proportion `json:"draws"`
	// Loss is the sum over the sides of the squared distance of the win
	// rate from its target; Risk the same for the end of each side's 95 %
	// interval farthest from the target (what ranks the proposals: a
	// candidate measured on few games has wide intervals and a high risk).
	Loss float64 `json:"loss"`
	Risk float64 `json:"risk"`
	// Confirmed is set when every side's 95 % interval lies within its
	// target ± tolerance: fairness shown at 95 % confidence (it takes
	// about 1,000 games for ±3 points).
	Confirmed bool `json:"confirmed"`
}

// SideMeasure is one side's wins against its target.
type SideMeasure struct {
	Name   string         `json:"name"`
	Absent bool           `json:"absent,omitempty"`
	Wins   sim.Proportion `json:"wins"`
	Target float64        `json:"target"`
	// Outside is set when the 95 % interval lies outside the target ±
	// tolerance.
	Outside bool `json:"outside,omitempty"`
	// Inside is set when it lies within the target ± tolerance.
	Inside bool `json:"inside,omitempty"`
}
