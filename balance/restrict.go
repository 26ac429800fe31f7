package balance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/shapan/shapan/engine/restrict"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/textwidth"
)

// Restricted play (Jaffe et al., AIIDE 2012): every element of the
// document — an officer, a tech, a hero, a planet, a card — is forbidden
// to one side at a time, that side plays the same games against
// unrestricted ones, and the fall of its win rate says how much the
// element matters to it.

// RestrictOptions adjust Restrict.
type RestrictOptions struct {
	// Games is the number of games of every measurement (the baseline and
	// each element forbidden to each side; 0: DefaultRestrictGames).
	Games int
	// Seed is the base seed: every measurement plays the same seeds.
	Seed int64
	// Jobs is the number of games played at once (≤ 0: one per CPU).
	Jobs int
	// Sim sets the games up (turn cap, players), as sim does.
	Sim family.SimOptions
	// Kinds, when set, are the only kinds of element measured ("tech").
	Kinds []string
	// Progress, when set, is told the measurements done and their
	// number.
	Progress func(done, total int)
}

// DefaultRestrictGames is the games of a measurement when none is given.
const DefaultRestrictGames = 200

// RestrictRow is one element forbidden to one side.
type RestrictRow struct {
	Element  restrict.Element `json:"element"`
	Side     int              `json:"side"`
	SideName string           `json:"side_name"`
	// Base is the side's wins without restriction, Restricted with the
	// element forbidden (the same seeds).
	Base       sim.Proportion `json:"base"`
	Restricted sim.Proportion `json:"restricted"`
	// Change is Restricted's rate minus Base's, Low and High its 95 %
	// interval (Newcombe's, from the two Wilson intervals).
	Change float64 `json:"change"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
}

// RestrictElement sums up one element over the sides it was forbidden
// to: the mean change of their win rates, and the rows.
type RestrictElement struct {
	Element restrict.Element `json:"element"`
	Change  float64          `json:"change"`
	// Verdict is "matters" (forbidding it costs a side wins, the
	// interval below 0), "hurts" (forbidding it wins a side games),
	// "no effect seen" (every interval holds 0).
	Verdict string        `json:"verdict"`
	Rows    []RestrictRow `json:"rows"`
}

// RestrictResult is restricted play's report.
type RestrictResult struct {
	Family   string            `json:"family"`
	Scenario string            `json:"scenario,omitempty"`
	Games    int               `json:"games"`
	Seed     int64             `json:"seed"`
	Players  string            `json:"players,omitempty"`
	Baseline []sim.SideStats   `json:"baseline"`
	Elements []RestrictElement `json:"elements"`
	// Stopped reports a run cancelled before every element was measured.
	Stopped bool `json:"stopped,omitempty"`
}

// Restrict measures every element of doc forbidden to every side.
func Restrict(ctx context.Context, doc *formats.Document, o RestrictOptions) (*RestrictResult, error) {
	f, k := family.Of(doc.Kind)
	if k == nil || !k.Sim || f.Sim == nil || f.Sim.Restrictions == nil {
		return nil, fmt.Errorf("restricted play: a %s document has no elements to forbid", doc.Kind)
	}
	all, err := f.Sim.Restrictions(doc)
	if err != nil {
		return nil, err
	}
	var rs []restrict.Restriction
	for _, r := range all {
		if len(o.Kinds) == 0 || slices.Contains(o.Kinds, r.Kind) {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		return nil, fmt.Errorf("restricted play: the document has no element of the kinds %s", strings.Join(o.Kinds, ", "))
	}
	if o.Games <= 0 {
		o.Games = DefaultRestrictGames
	}
	run := func(r *restrict.Side) (*sim.Report, error) {
		so := o.Sim
		so.Restrict = r
		a, err := family.Simulate(doc, so)
		if err != nil {
			return nil, err
		}
		return sim.Run(ctx, a, sim.Options{Games: o.Games, Seed: o.Seed, Jobs: o.Jobs})
	}
	base, err := run(nil)
	if err != nil {
		return nil, err
	}
	res := &RestrictResult{Family: f.Name, Games: o.Games, Seed: o.Seed, Players: o.Sim.Players, Baseline: base.Sides}
	var sides []int
	for i, s := range base.Sides {
		if !s.Absent {
			sides = append(sides, i)
		}
	}
	total, done := len(rs)*len(sides), 0
	for _, r := range rs {
		e := RestrictElement{Element: r.Element}
		for _, s := range sides {
			rep, err := run(&restrict.Side{Side: s, Restriction: r})
			if err != nil {
				if ctx.Err() != nil {
					res.Stopped = true
					res.sort()
					return res, err
				}
				return nil, fmt.Errorf("%s forbidden to %s: %w", r.Element, base.Sides[s].Name, err)
			}
			e.Rows = append(e.Rows, restrictRow(r.Element, s, base.Sides[s], rep.Sides[s].Wins))
			done++
			if o.Progress != nil {
				o.Progress(done, total)
			}
		}
		e.judge()
		res.Elements = append(res.Elements, e)
	}
	res.sort()
	return res, nil
}

// restrictRow compares a side's wins restricted with its baseline.
func restrictRow(e restrict.Element, s int, base sim.SideStats, wins sim.Proportion) RestrictRow {
	r := RestrictRow{Element: e, Side: s, SideName: base.Name, Base: base.Wins, Restricted: wins}
	p1, l1, u1 := wins.Rate, wins.Low, wins.High
	p2, l2, u2 := base.Wins.Rate, base.Wins.Low, base.Wins.High
	r.Change = round4(p1 - p2)
	r.Low = round4(p1 - p2 - math.Sqrt((p1-l1)*(p1-l1)+(u2-p2)*(u2-p2)))
	r.High = round4(p1 - p2 + math.Sqrt((u1-p1)*(u1-p1)+(p2-l2)*(p2-l2)))
	return r
}

// judge sets the element's mean change and verdict.
func (e *RestrictElement) judge() {
	sum, harms, helps := 0.0, false, false
	for _, r := range e.Rows {
		sum += r.Change
		harms = harms || r.High < 0
		helps = helps || r.Low > 0
	}
	if len(e.Rows) > 0 {
		e.Change = round4(sum / float64(len(e.Rows)))
	}
	switch {
	case harms && !helps:
		e.Verdict = "matters"
	case helps && !harms:
		e.Verdict = "hurts"
	case harms && helps:
		e.Verdict = "matters to some sides, hurts others"
	default:
		e.Verdict = "no effect seen"
	}
}

// sort puts the elements that matter most first: the largest mean fall.
func (r *RestrictResult) sort() {
	slices.SortStableFunc(r.Elements, func(a, b RestrictElement) int {
		switch {
		case a.Change < b.Change:
			return -1
		case a.Change > b.Change:
			return 1
		}
		return 0
	})
}

// WriteText writes the report: the baseline, the elements that matter
// most and those with no effect seen, then every element forbidden to
// every side.
func (r *RestrictResult) WriteText(w io.Writer) error {
	var b strings.Builder
	title := r.Family + " restricted play"
	if r.Scenario != "" {
		title += ": " + r.Scenario
	}
	who := "the family's computer player"
	if r.Players != "" {
		who = r.Players
	}
	fmt.Fprintf(&b, "%s — %d games a measurement, seed %d, %s on every side\n", title, r.Games, r.Seed, who)
	b.WriteString("Each element is forbidden to one side at a time; that side plays the same games against unrestricted ones.\n\n")
	b.WriteString("Without restriction:")
	for _, s := range r.Baseline {
		if !s.Absent {
			fmt.Fprintf(&b, "  %s %s", s.Name, percent(s.Wins.Rate))
		}
	}
	b.WriteString("\n")
	var matters, none []string
	for _, e := range r.Elements {
		switch e.Verdict {
		case "matters":
			matters = append(matters, fmt.Sprintf("%s (%+.0f points)", e.Element, 100*e.Change))
		case "no effect seen":
			none = append(none, e.Element.String())
		}
	}
	if len(matters) > 0 {
		fmt.Fprintf(&b, "Matters most: %s.\n", strings.Join(first(matters, 5), ", "))
	}
	if len(none) > 0 {
		fmt.Fprintf(&b, "No effect seen: %s.\n", strings.Join(first(none, 8), ", "))
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "  %s  %s  %6s  %10s  %6s  %-17s  %s\n", pad("element", 22), pad("forbidden to", 22), "base", "restricted", "change", "95% interval", "verdict")
	for _, e := range r.Elements {
		for i, row := range e.Rows {
			verdict := ""
			if i == 0 {
				verdict = e.Verdict
			}
			fmt.Fprintf(&b, "  %-22s  %-22s  %6s  %10s  %+6.1f  %+6.1f to %+6.1f  %s\n", pad(e.Element.String(), 22), pad(row.SideName, 22),
				percent(row.Base.Rate), percent(row.Restricted.Rate), 100*row.Change, 100*row.Low, 100*row.High, verdict)
		}
	}
	if r.Stopped {
		b.WriteString("\n(stopped before every element was measured)\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// JSON returns the report as indented JSON.
func (r *RestrictResult) JSON() ([]byte, error) {
	if r == nil {
		return nil, errors.New("no report")
	}
	b, err := json.MarshalIndent(r, "", "  ")
	return append(b, '\n'), err
}

func percent(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// pad pads s with spaces to n terminal columns (Chinese characters take
// two).
func pad(s string, n int) string { return textwidth.PadRight(s, n) }

// first returns the first n of list, and "…" when there were more.
func first(list []string, n int) []string {
	if len(list) <= n {
		return list
	}
	return append(slices.Clone(list[:n]), fmt.Sprintf("… %d more", len(list)-n))
}
