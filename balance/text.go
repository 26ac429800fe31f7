package balance

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteText prints the result as `shapan balance` does: what was
// searched, the knobs, the baseline and the proposals with their diffs.
func (r *Result) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s balance: %s — target %s, every side within ±%.1f points at 95%% confidence, seed %d\n",
		r.Family, r.Scenario, r.Target, r.Tolerance*100, r.Seed)
	fmt.Fprintf(&b, "\nKnobs (%d)\n", len(r.Knobs))
	for _, k := range r.Knobs {
		fmt.Fprintf(&b, "  %-20s %s", k.ID, k.Describe())
		if k.Side != "" {
			fmt.Fprintf(&b, ", favours %s", k.Side)
		}
		b.WriteString("\n")
	}
	b.WriteString("\nBaseline (the document as it is)\n")
	writeMeasure(&b, r.Baseline)
	if len(r.Proposals) == 0 {
		b.WriteString("\nNo proposal: no candidate played a game.\n")
	}
	for i, p := range r.Proposals {
		fmt.Fprintf(&b, "\nProposal %d: %s\n", i+1, editLine(p.Edits))
		if r.Rounds > 1 {
			fmt.Fprintf(&b, "  round %d (games of seed %d", p.Round, p.Seed)
			if p.FreshSeed != 0 {
				fmt.Fprintf(&b, ", fresh games of seed %d", p.FreshSeed)
			}
			b.WriteString(")\n")
		}
		writeMeasure(&b, p)
		b.WriteString(indent(p.Diff, "  "))
	}
	rounds := ""
	if r.Rounds > 1 {
		games := make([]string, len(r.RoundGames))
		for i, n := range r.RoundGames {
			games[i] = strconv.Itoa(n)
		}
		rounds = fmt.Sprintf(" in %d rounds (%s games)", r.Rounds, strings.Join(games, " + "))
	}
	fmt.Fprintf(&b, "\nSpent %d of %d games on %d candidates%s (%d edits refused by check); %s.\n",
		r.Spent, r.Budget, r.Candidates, rounds, r.Refused, r.Outcome)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeMeasure prints a proposal's verdict and every side's rate.
func writeMeasure(b *strings.Builder, p Proposal) {
	m := p.Measure
	switch {
	case p.Fair && m.Confirmed:
		fmt.Fprintf(b, "  fair, confirmed: %d games (%d of them fresh), every side's 95%% interval within its target band\n", m.Games, p.Fresh.Games)
	case p.Fair:
		fmt.Fprintf(b, "  fair: %d games (%d of them fresh), every side's win rate within the tolerance of its target\n", m.Games, p.Fresh.Games)
	case p.Dropped != "":
		fmt.Fprintf(b, "  %d games; dropped: %s\n", m.Games, p.Dropped)
	default:
		fmt.Fprintf(b, "  %d games (the budget ran out)\n", m.Games)
	}
	width := 4
	for _, s := range m.Sides {
		width = max(width, len([]rune(s.Name)))
	}
	for _, s := range m.Sides {
		if s.Absent {
			continue
		}
		mark := ""
		if s.Outside {
			mark = "  ← outside the target band"
		}
		fmt.Fprintf(b, "  %s%s  %5.1f%%  (95%% %5.1f%% – %5.1f%%)  target %5.1f%%%s\n", s.Name,
			strings.Repeat(" ", width-len([]rune(s.Name))), s.Wins.Rate*100, s.Wins.Low*100, s.Wins.High*100, s.Target*100, mark)
	}
	if m.Draws.Count > 0 {
		fmt.Fprintf(b, "  draws %.1f%%\n", m.Draws.Rate*100)
	}
	if f := p.Fresh; f != nil {
		var parts []string
		for _, s := range f.Sides {
			if !s.Absent {
				parts = append(parts, fmt.Sprintf("%s %.1f%%", s.Name, s.Wins.Rate*100))
			}
		}
		fmt.Fprintf(b, "  on the %d fresh games alone: %s\n", f.Games, strings.Join(parts, ", "))
	}
}

// editLine lists edits as "money/魏 14000 → 10500, scope/襄阳 1 → 0".
func editLine(edits []Edit) string {
	var parts []string
	for _, e := range edits {
		parts = append(parts, e.String())
	}
	if len(parts) == 0 {
		return "no edit"
	}
	return strings.Join(parts, ", ")
}

// String describes an edit: "money/吴 12000 → 9000", "start/1 A → f".
func (e Edit) String() string {
	if e.FromLabel != "" || e.ToLabel != "" {
		return fmt.Sprintf("%s %s → %s", e.Knob, e.FromLabel, e.ToLabel)
	}
	return fmt.Sprintf("%s %s → %s", e.Knob, num(e.From), num(e.To))
}

// Describe says what a knob changes, its value and its range:
// "roles[0].money = 14000 (4666.6667–39999)", "starts[0] = A (one of
// e, F, j, A, f, weakest first)".
func (k KnobInfo) Describe() string {
	if k.Labels != nil {
		return fmt.Sprintf("%s = %s (one of %s, weakest first)", k.Path, k.Label, strings.Join(k.Labels, ", "))
	}
	return fmt.Sprintf("%s = %s (%s–%s)", k.Path, num(k.Value), num(k.Min), num(k.Max))
}

// EditLine describes a proposal's edits in one line.
func (p Proposal) EditLine() string { return editLine(p.Edits) }

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

func indent(s, prefix string) string {
	if s == "" {
		return ""
	}
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString(prefix + l)
		}
	}
	if !strings.HasSuffix(s, "\n") {
		b.WriteString("\n")
	}
	return b.String()
}
