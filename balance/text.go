package balance

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/shapan/shapan/internal/textwidth"
)

// textWidth is the width of s in a terminal's cells (a Chinese character
// takes two).
func textWidth(s string) int { return textwidth.Width(s) }

// WriteText prints the result as `shapan balance` does: the headline
// first, then what was searched, the baseline, the knobs with their
// measured effects and the proposals with their diffs.
func (r *Result) WriteText(w io.Writer) error {
	var b strings.Builder
	name := r.Scenario
	if name == "" {
		name = "the document"
	}
	fmt.Fprintf(&b, "%s: %s\n", name, r.Headline)
	fmt.Fprintf(&b, "\n%s balance of %s — target %s, every side within ±%s points, seed %d\n", r.Family, name, r.Target, num(r.Tolerance), r.Seed)
	fmt.Fprintf(&b, "\nBaseline (the document as it is)\n")
	writeMeasure(&b, r.Baseline)
	fmt.Fprintf(&b, "\nKnobs (%d; each measured by a probe on the baseline's common games)\n", len(r.Knobs))
	width := 4
	for _, k := range r.Knobs {
		width = max(width, textWidth(k.ID))
	}
	for _, k := range r.Knobs {
		fmt.Fprintf(&b, "  %s%s  %s", k.ID, strings.Repeat(" ", width-textWidth(k.ID)), k.Describe())
		if k.Side != "" {
			fmt.Fprintf(&b, ", of %s", k.Side)
		}
		b.WriteString("\n")
		if line := k.EffectLine(r.sideNames()); line != "" {
			fmt.Fprintf(&b, "  %s  %s\n", strings.Repeat(" ", width), line)
		}
	}
	for _, g := range r.Groups {
		fmt.Fprintf(&b, "  the %d knobs of %s together (%s): %s\n", len(g.IDs), g.Side, strings.Join(g.IDs, ", "), g.Effect.line(r.sideNames()))
	}
	for i, p := range r.Proposals {
		fmt.Fprintf(&b, "\nProposal %d: %s\n", i+1, p.EditLine())
		writeMeasure(&b, p)
		b.WriteString(indent(p.Diff, "  "))
	}
	g := r.Games
	fmt.Fprintf(&b, "\nSpent %d of %d games: %d on the baseline, %d measuring the knobs, %d trying points, %d confirming (%d candidates, %d edits refused by check).\n",
		r.Spent, r.Budget, g.Baseline, g.Knobs, g.Points, g.Confirmations, r.Candidates, r.Refused)
	if r.BudgetNote != "" {
		fmt.Fprintf(&b, "The budget: %s.\n", r.BudgetNote)
	}
	if r.EndNote != "" {
		fmt.Fprintf(&b, "The end: %s.\n", r.EndNote)
	}
	if r.KnobsNote != "" {
		fmt.Fprintf(&b, "The knobs: %s.\n", r.KnobsNote)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// sideNames returns the names of the sides, in order.
func (r *Result) sideNames() []string {
	var out []string
	for _, s := range r.Baseline.Measure.Sides {
		out = append(out, s.Name)
	}
	return out
}

// EffectLine says what a knob's probe measured: "+40% → 19600: 魏 +12.0,
// 蜀 −6.1, 吴 −5.9 points (± 3.1, 200 games); noise threshold 2300", or
// that it moved no side beyond the noise ("" when it was not measured).
func (k KnobInfo) EffectLine(sides []string) string {
	e := k.Effect
	if e == nil {
		return ""
	}
	to := num(e.To)
	if k.Labels != nil {
		if i := int(e.To); i >= 0 && i < len(k.Labels) {
			to = k.Labels[i]
		}
	}
	move := fmt.Sprintf("%s → %s", signed(e.To-k.Value, ""), to)
	if k.Value != 0 && k.Labels == nil && k.Grid != 1 {
		move = fmt.Sprintf("%s%% → %s", signed((e.To-k.Value)/k.Value*100, ""), to)
	}
	line := move + ": " + e.line(sides)
	if e.Threshold > 0 {
		line += "; noise threshold " + num(e.Threshold)
	}
	return line
}

// line says how every side moved: "魏 +12, 蜀 −6.1, 吴 −5.9 points (±
// 3.1, 200 games)", or that none moved beyond the noise.
func (e Effect) line(sides []string) string {
	var parts []string
	se := 0.0
	for i, c := range e.Change {
		if i < len(sides) && (c != 0 || e.SE[i] != 0) {
			parts = append(parts, fmt.Sprintf("%s %s", sides[i], signed(c*100, "")))
			se = max(se, e.SE[i])
		}
	}
	if len(parts) == 0 {
		return fmt.Sprintf("no game changed its winner (%d games)", e.Games)
	}
	if !e.Significant {
		return fmt.Sprintf("no side moved beyond the noise (%s points, ± %.1f, %d games)", strings.Join(parts, ", "), se*100, e.Games)
	}
	return fmt.Sprintf("%s points (± %.1f, %d games)", strings.Join(parts, ", "), se*100, e.Games)
}

// signed prints x with its sign and one decimal ("+12.0", "−6.1").
func signed(x float64, unit string) string {
	s := strconv.FormatFloat(math.Abs(x), 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	if x < 0 {
		return "−" + s + unit
	}
	return "+" + s + unit
}

// writeMeasure prints a proposal's verdict and every side's rate, on its
// fresh games when it played some, then on its common games.
func writeMeasure(b *strings.Builder, p Proposal) {
	if f := p.Fresh; f != nil {
		switch {
		case p.Fair && p.Confirmed:
			fmt.Fprintf(b, "  fair, confirmed on %d fresh games (seed %d): every side inside the band by the margin an independent 2000-game simulation needs\n", f.Games, p.FreshSeed)
		case p.Fair:
			fmt.Fprintf(b, "  fair on %d fresh games (seed %d): every side within the tolerance, not every side inside it by the margin an independent simulation needs\n", f.Games, p.FreshSeed)
		default:
			fmt.Fprintf(b, "  not fair on %d fresh games (seed %d): %s\n", f.Games, p.FreshSeed, p.Dropped)
		}
		writeSides(b, *f)
		if p.Measure.Games > 0 {
			fmt.Fprintf(b, "  on its %d common games: %s\n", p.Measure.Games, rateList(p.Measure))
		}
		return
	}
	fmt.Fprintf(b, "  %d common games (seed %d), not confirmed on fresh games\n", p.Measure.Games, p.Seed)
	writeSides(b, p.Measure)
}

// writeSides prints every side's rate with its interval and target.
func writeSides(b *strings.Builder, m Measure) {
	width := 4
	for _, s := range m.Sides {
		width = max(width, textWidth(s.Name))
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
			strings.Repeat(" ", width-textWidth(s.Name)), s.Wins.Rate*100, s.Wins.Low*100, s.Wins.High*100, s.Target*100, mark)
	}
	if m.Draws.Count > 0 {
		fmt.Fprintf(b, "  draws %.1f%%\n", m.Draws.Rate*100)
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

// String describes an edit with how far it moved: "money/吴 12000 →
// 9000 (−25%)", "level/10:3 3 → 2 (−50% of 1–3)", "start/1 A → f".
func (e Edit) String() string {
	if e.FromLabel != "" || e.ToLabel != "" {
		return fmt.Sprintf("%s %s → %s", e.Knob, e.FromLabel, e.ToLabel)
	}
	return fmt.Sprintf("%s %s → %s (%s)", e.Knob, num(e.From), num(e.To), signed(e.Percent, "%"))
}

// Describe says what a knob changes, its value, its range and its grid:
// "roles[0].money = 14000 (4700–42000 by 100s)", "starts[0] = A (one of
// e, F, j, A, f, weakest first)".
func (k KnobInfo) Describe() string {
	if k.Labels != nil {
		order := ""
		if k.Order != "" {
			order = ", " + k.Order
		}
		return fmt.Sprintf("%s = %s (one of %s%s)", k.Path, k.Label, strings.Join(k.Labels, ", "), order)
	}
	by := ""
	if k.Grid > 0 {
		by = " by " + num(k.Grid)
		if k.Grid >= 2 {
			by += "s"
		}
	}
	return fmt.Sprintf("%s = %s (%s–%s%s)", k.Path, num(k.Value), num(k.Min), num(k.Max), by)
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
