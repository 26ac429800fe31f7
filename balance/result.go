package balance

import "github.com/shapan/shapan/engine/sim"

// Result is what a search found.
type Result struct {
	// Headline says first what the search found: fair (confirmed), fair
	// already, or no fair proposal within the budget and the best found,
	// with its games. Outcome says it as a code (Outcome… constants).
	Headline string `json:"headline"`
	Outcome  string `json:"outcome"`
	// Family and Scenario name what was balanced; Target, Tolerance (in
	// points, as --tolerance takes it) and Seed how.
	Family    string  `json:"family"`
	Scenario  string  `json:"scenario,omitempty"`
	Target    string  `json:"target"`
	Tolerance float64 `json:"tolerance"`
	Seed      int64   `json:"seed"`
	// Knobs are the knobs the search turned, with their starting values,
	// ranges, grids and measured effects.
	Knobs []KnobInfo `json:"knobs"`
	// Groups are knobs of one side measured together (a document far
	// from fair, where one knob moves nothing).
	Groups []Group `json:"groups,omitempty"`
	// Baseline is the document as it is.
	Baseline Proposal `json:"baseline"`
	// Proposals are the best points tried, best first: fair ones before
	// the others, then by their distance from the target on their
	// unbiased games (the fresh ones when they played some). No two
	// played the same games with the same results.
	Proposals []Proposal `json:"proposals"`
	// Budget is the games allowed, Spent those played; Games splits them
	// by what they were for. MaxGames is the fresh games a proposal's
	// confirmation plays at most; Candidates counts the documents
	// simulated and Refused the edits that check refused.
	Budget int `json:"budget"`
	// BudgetNote says why the budget is not the one asked for: the CPU
	// limit (Options.CPU) at the CPU the games took.
	BudgetNote string `json:"budget_note,omitempty"`
	// EndNote says why a search ended with games of its budget unspent:
	// its planning passes found nothing more to play, or the games left
	// were too few for what it needed next (a confirmation).
	EndNote string `json:"end_note,omitempty"`
	// KnobsNote says why the knobs are more than the default set asked
	// for: none of those moved a side, and the search went on with the
	// knobs named only that belong to a side.
	KnobsNote  string     `json:"knobs_note,omitempty"`
	Spent      int        `json:"spent"`
	Games      PhaseGames `json:"games"`
	MaxGames   int        `json:"max_games"`
	Candidates int        `json:"candidates"`
	Refused    int        `json:"refused"`
	Seconds    float64    `json:"-"` // the wall time of the search
}

// PhaseGames are the games a search played, by what they were for.
type PhaseGames struct {
	Baseline      int `json:"baseline"`
	Knobs         int `json:"knobs"`
	Points        int `json:"points"`
	Confirmations int `json:"confirmations"`
}

// KnobInfo describes a knob of a search.
type KnobInfo struct {
	ID    string  `json:"id"`
	Path  string  `json:"path"`
	Side  string  `json:"belongs_to,omitempty"`
	Value float64 `json:"value"`
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	// Grid is the knob's natural step: every value proposed is a
	// multiple of it.
	Grid float64 `json:"grid,omitempty"`
	// Label names the value, Labels every value from Min to Max, for a
	// knob whose values are choices (a start/K knob's planets, weakest
	// first); empty for a number.
	Label  string   `json:"label,omitempty"`
	Labels []string `json:"labels,omitempty"`
	// Order says how Labels run ("weakest first"), when the knob says.
	Order string `json:"order,omitempty"`
	// Effect is what the knob's probe measured (nil when the search did
	// not measure it).
	Effect *Effect `json:"effect,omitempty"`
}

// Proposal is a candidate document with its evidence.
type Proposal struct {
	// Edits are the knobs it changes (none for the baseline), each with
	// how far it moved, in percent.
	Edits []Edit `json:"edits"`
	// Measure is what its common games gave (the games every candidate
	// played, game i with sim.GameSeed(Seed, i)); Fresh what the fresh
	// games of its confirmation gave (seed FreshSeed; nil when it played
	// none).
	Measure   Measure  `json:"measure"`
	Fresh     *Measure `json:"fresh,omitempty"`
	Seed      int64    `json:"seed"`
	FreshSeed int64    `json:"fresh_seed,omitempty"`
	// Fair is set when its fresh games put every side within the
	// tolerance of its target, Confirmed when every side is inside by the
	// margin an independent simulation needs (Measure.Confirmed). Dropped says why a judged proposal is not fair.
	Fair      bool   `json:"fair"`
	Confirmed bool   `json:"confirmed"`
	Dropped   string `json:"dropped,omitempty"`
	// YAML is the document with the edits, Diff the unified diff from
	// the baseline's YAML to it.
	YAML []byte `json:"-"`
	Diff string `json:"diff,omitempty"`
}

// Unbiased is the measure of the games that did not choose p: its fresh
// games when it played as many as common ones (a confirmation stopped at
// its first stage may rest on few), else its common games.
func (p Proposal) Unbiased() Measure {
	if p.Fresh != nil && p.Fresh.Games >= p.Measure.Games {
		return *p.Fresh
	}
	return p.Measure
}

// Edit is one knob changed.
type Edit struct {
	Knob string  `json:"knob"`
	Path string  `json:"path"`
	From float64 `json:"from"`
	To   float64 `json:"to"`
	// Percent is how far the knob moved: of its value for an amount
	// (money, hp, res), of its range for a level, a scope or a start.
	Percent float64 `json:"percent"`
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
	// rate from its target, Worst the largest distance; Risk the sum for
	// the end of each side's 95 % interval farthest from the target.
	Loss  float64 `json:"loss"`
	Worst float64 `json:"worst"`
	Risk  float64 `json:"risk"`
	// Confirmed is set when every side is Inside: its 95 % interval
	// within its target ± tolerance, and its rate far enough inside for an
	// independent simulation of 2,000 games to agree (it takes 2,528
	// games for ±3 points, a side's rate then within 0.76 points of 50 %).
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
	// Inside is set when it lies within the target ± tolerance and the
	// rate is far enough inside that an independent simulation of 2,000
	// games very likely agrees (docs/balance.md, The search, step 7).
	Inside bool `json:"inside,omitempty"`
}
