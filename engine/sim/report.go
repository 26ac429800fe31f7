package sim

import (
	"encoding/json"
	"github.com/shapan/shapan/engine"
	"math"
	"slices"
)

// Report is the balance report of a simulation. Its JSON form (see JSON)
// has a stable field order; every number in it is computed from integer
// counts, or summed in game order, so the same simulation gives the same
// bytes.
type Report struct {
	// Family is the game family ("mbg", "ftbt", "planets").
	Family string `json:"family"`
	// Scenario names what was played (set by the caller, e.g. a file
	// name).
	Scenario string `json:"scenario,omitempty"`
	// Seed is the base seed (game i used GameSeed(Seed, i)).
	Seed int64 `json:"seed"`
	// Requested is the number of games asked for, Games the number that
	// finished with a result, Failed the number that failed; the rates
	// are out of Games.
	Requested int `json:"requested"`
	Games     int `json:"games"`
	Failed    int `json:"failed"`
	// Stopped reports a simulation cancelled before every game was
	// played.
	Stopped bool `json:"stopped,omitempty"`
	// Sides are the wins of every side, in side order.
	Sides []SideStats `json:"sides"`
	// Draws are the games without a winner; Capped the games stopped at
	// the turn cap (they have a winner by the family's rule for it).
	Draws  Proportion `json:"draws"`
	Capped Proportion `json:"capped"`
	// Length is how many turns the games lasted.
	Length LengthStats `json:"length"`
	// Errors lists the first MaxErrors failed games, in game order.
	Errors []GameError `json:"errors,omitempty"`
	// Players, when the sides were played by different computer players
	// (GameResult.Seats), are every player's wins, by name.
	Players []PlayerStats `json:"players,omitempty"`
	// Facts are the family's own facts.
	Facts Facts `json:"facts"`
}

// MaxErrors is how many failed games a report lists (Failed counts them
// all).
const MaxErrors = 20

// Z95 is the normal quantile of the reports' 95 % intervals.
const Z95 = engine.Z95

// SideStats is one side's wins.
type SideStats struct {
	// Index is the side's index in the scenario (its role, side or
	// player number), Name its name.
	Index int    `json:"index"`
	Name  string `json:"name"`
	// Absent sides do not take part (Side.Absent).
	Absent bool       `json:"absent,omitempty"`
	Wins   Proportion `json:"wins"`
}

// Proportion is a count out of the report's games, its rate and the 95 %
// Wilson score interval of the rate.
type Proportion struct {
	Count int     `json:"count"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// NewProportion returns k out of n with its 95 % Wilson interval (rate 0
// and interval [0, 1] when n is 0).
func NewProportion(k, n int) Proportion {
	lo, hi := engine.Wilson(k, n, Z95)
	p := Proportion{Count: k, Low: Round4(lo), High: Round4(hi)}
	if n > 0 {
		p.Rate = Round4(float64(k) / float64(n))
	}
	return p
}

// LengthStats describe the lengths of the games, in turns. The median
// of an even number of games is the mean of the middle two; P90 is the
// nearest-rank 90th percentile (the smallest length at least 90 % of the
// games do not exceed).
type LengthStats struct {
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	P90    int     `json:"p90"`
	Min    int     `json:"min"`
	Max    int     `json:"max"`
	// Histogram counts the games of every length that occurred, shortest
	// first.
	Histogram []LengthCount `json:"histogram"`
}

// LengthCount is the number of games that lasted Turns turns.
type LengthCount struct {
	Turns int `json:"turns"`
	Games int `json:"games"`
}

// GameError is a game that failed.
type GameError struct {
	Game  int    `json:"game"`
	Seed  int64  `json:"seed"`
	Error string `json:"error"`
}

// JSON returns the report as indented JSON, ending with a newline.
func (r *Report) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// summarize builds the report of the played slots, in index order.
func summarize(f Family, seed int64, requested int, ended []played) *Report {
	r := &Report{Family: f.Name(), Seed: seed, Requested: requested}
	var games []GameResult
	for _, s := range ended {
		if s.err != nil {
			r.Failed++
			if len(r.Errors) < MaxErrors {
				r.Errors = append(r.Errors, GameError{Game: s.index, Seed: GameSeed(seed, s.index), Error: s.err.Error()})
			}
			continue
		}
		games = append(games, s.res)
	}
	r.Games = len(games)
	sides := f.Sides()
	wins := make([]int, len(sides))
	draws, capped := 0, 0
	turns := make([]int, 0, len(games))
	for _, g := range games {
		if g.Winner >= 0 {
			wins[g.Winner]++
		} else {
			draws++
		}
		if g.Capped {
			capped++
		}
		turns = append(turns, g.Turns)
	}
	for i, s := range sides {
		r.Sides = append(r.Sides, SideStats{Index: i, Name: s.Name, Absent: s.Absent, Wins: NewProportion(wins[i], r.Games)})
	}
	r.Draws = NewProportion(draws, r.Games)
	r.Capped = NewProportion(capped, r.Games)
	r.Length = lengthStats(turns)
	r.Players = playerStats(games)
	r.Facts = f.Facts(games)
	return r
}

// lengthStats describes a list of game lengths.
func lengthStats(turns []int) LengthStats {
	if len(turns) == 0 {
		return LengthStats{Histogram: []LengthCount{}}
	}
	s := slices.Clone(turns)
	slices.Sort(s)
	var st LengthStats
	sum := 0
	for _, t := range s {
		sum += t
		if n := len(st.Histogram); n > 0 && st.Histogram[n-1].Turns == t {
			st.Histogram[n-1].Games++
		} else {
			st.Histogram = append(st.Histogram, LengthCount{Turns: t, Games: 1})
		}
	}
	st.Mean = Round4(float64(sum) / float64(len(s)))
	st.Median = Median(s)
	st.P90 = Percentile(s, 90)
	st.Min, st.Max = s[0], s[len(s)-1]
	return st
}

// Median returns the median of sorted values (the mean of the middle two
// for an even count; 0 for none).
func Median(sorted []int) float64 {
	n := len(sorted)
	switch {
	case n == 0:
		return 0
	case n%2 == 1:
		return float64(sorted[n/2])
	}
	return float64(sorted[n/2-1]+sorted[n/2]) / 2
}

// Percentile returns the nearest-rank p-th percentile of sorted values:
// the ⌈p·n/100⌉-th smallest (0 for none).
func Percentile(sorted []int, p int) int {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	k := (p*n + 99) / 100 // ⌈p·n/100⌉ in integers
	return sorted[min(max(k, 1), n)-1]
}

// Round4 rounds to 4 decimals, enough for rates and means and short in
// JSON.
func Round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
