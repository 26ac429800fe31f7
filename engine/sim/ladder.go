package sim

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// A skill ladder plays the same games of a scenario at several levels of
// skill — every seat taken by the same computer player, from random to
// the search player — and says whether the scenario's verdict (fair, or
// which side it favours) changes with the players' skill: a map fair for
// greedy players may favour a side between players who search.

// Level is one rung of a ladder: its name ("best") and the computer
// player every seat takes ("tactician").
type Level struct {
	Name   string `json:"name"`
	Player string `json:"player"`
}

// Rung is the result of one level.
type Rung struct {
	Level
	// Sides and Draws are as in Report (the rates are out of Games).
	Games  int         `json:"games"`
	Failed int         `json:"failed"`
	Sides  []SideStats `json:"sides"`
	Draws  Proportion  `json:"draws"`
	// Verdict says whether the scenario is fair at this level.
	Verdict Verdict `json:"verdict"`
}

// Verdict is a level's verdict: fair when every side's 95 % interval
// holds the share of the decided games equal sides would win; otherwise
// the side that wins most (Leader, an index of Sides) and its rate.
type Verdict struct {
	Fair   bool    `json:"fair"`
	Leader int     `json:"leader"`
	Rate   float64 `json:"rate"`
	// Text says it in words: "fair", "魏 wins 71%".
	Text string `json:"text"`
}

// Ladder is a skill ladder's report.
type Ladder struct {
	Family   string `json:"family"`
	Scenario string `json:"scenario,omitempty"`
	Seed     int64  `json:"seed"`
	Games    int    `json:"games"`
	Rungs    []Rung `json:"rungs"`
	// Skipped lists the levels the family has no player for, with why.
	Skipped []string `json:"skipped,omitempty"`
	// Changes reports that the verdict differs between levels, and
	// Summary says how ("fair for greedy players, 魏 wins 71% between
	// search players"); Summary says so too when it does not change.
	Changes bool   `json:"changes"`
	Summary string `json:"summary"`
}

// RunLadder plays o.Games games at every level, each with the family
// adapter of its player (newFamily), on the same seeds.
func RunLadder(ctx context.Context, levels []Level, newFamily func(player string) (Family, error), o Options) (*Ladder, error) {
	l := &Ladder{Seed: o.Seed, Games: o.Games}
	for _, lv := range levels {
		f, err := newFamily(lv.Player)
		if err != nil {
			return nil, fmt.Errorf("level %s (%s): %w", lv.Name, lv.Player, err)
		}
		l.Family = f.Name()
		r, err := Run(ctx, f, o)
		if r != nil {
			l.Rungs = append(l.Rungs, rungOf(lv, r))
		}
		if err != nil {
			l.summarize()
			return l, err
		}
	}
	l.summarize()
	return l, nil
}

// rungOf sums a level's report up.
func rungOf(lv Level, r *Report) Rung {
	return Rung{Level: lv, Games: r.Games, Failed: r.Failed, Sides: r.Sides, Draws: r.Draws, Verdict: verdict(r.Sides, r.Draws, r.Games)}
}

// verdict judges the sides' win rates.
func verdict(sides []SideStats, draws Proportion, games int) Verdict {
	present := 0
	for _, s := range sides {
		if !s.Absent {
			present++
		}
	}
	v := Verdict{Fair: true, Leader: -1, Text: "fair"}
	if present == 0 || games == 0 {
		v.Text = "no game"
		return v
	}
	equal := (1 - draws.Rate) / float64(present)
	for i, s := range sides {
		if s.Absent {
			continue
		}
		if equal < s.Wins.Low || equal > s.Wins.High {
			v.Fair = false
		}
		if v.Leader < 0 || s.Wins.Rate > sides[v.Leader].Wins.Rate {
			v.Leader = i
		}
	}
	v.Rate = sides[v.Leader].Wins.Rate
	if !v.Fair {
		v.Text = fmt.Sprintf("%s wins %s", sides[v.Leader].Name, pct0(v.Rate))
	}
	return v
}

// summarize says whether and how the verdict changes with skill.
func (l *Ladder) summarize() {
	var parts []string
	first := ""
	for i, r := range l.Rungs {
		key := "fair"
		if !r.Verdict.Fair {
			key = fmt.Sprint(r.Verdict.Leader)
		}
		if i == 0 {
			first = key
		} else if key != first {
			l.Changes = true
		}
		if r.Verdict.Fair {
			parts = append(parts, fmt.Sprintf("fair for %s players", r.Name))
		} else {
			parts = append(parts, fmt.Sprintf("%s between %s players", r.Verdict.Text, r.Name))
		}
	}
	switch {
	case len(l.Rungs) == 0:
		l.Summary = "no level was played"
	case l.Changes:
		l.Summary = "The verdict changes with skill: " + strings.Join(parts, ", ") + "."
	default:
		l.Summary = "The verdict does not change with skill: " + strings.Join(parts, ", ") + "."
	}
}

// WriteText writes the ladder as a table: every side's win rate and
// interval at every level, the levels' verdicts, and the summary.
func (l *Ladder) WriteText(w io.Writer) error {
	var b strings.Builder
	title := l.Family + " skill ladder"
	if l.Scenario != "" {
		title += ": " + l.Scenario
	}
	fmt.Fprintf(&b, "%s — %d games a level, seed %d (the same seeds at every level)\n\n", title, l.Games, l.Seed)
	if len(l.Rungs) > 0 {
		head := []string{"level", "player"}
		for _, s := range l.Rungs[0].Sides {
			if !s.Absent {
				head = append(head, s.Name)
			}
		}
		head = append(head, "draws", "verdict")
		t := NewTable(head...)
		t.left[1], t.left[len(head)-1] = true, true
		for _, r := range l.Rungs {
			row := []string{r.Name, r.Player}
			for _, s := range r.Sides {
				if !s.Absent {
					row = append(row, fmt.Sprintf("%s (%s–%s)", pct0(s.Wins.Rate), pct0(s.Wins.Low), pct0(s.Wins.High)))
				}
			}
			row = append(row, pct0(r.Draws.Rate), r.Verdict.Text)
			t.Add(row...)
		}
		t.Write(&b)
	}
	for _, s := range l.Skipped {
		fmt.Fprintf(&b, "  (%s)\n", s)
	}
	fmt.Fprintf(&b, "\n%s\n", l.Summary)
	_, err := io.WriteString(w, b.String())
	return err
}

// pct0 writes a rate as a whole percentage ("71%").
func pct0(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }
