package sim

import (
	"fmt"
	"io"
	"strings"

	"github.com/shapan/shapan/internal/textwidth"
)

// WriteText writes the report as readable text: a few aligned tables.
// Chinese names are aligned as terminals show them (two columns wide).
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	title := r.Family + " simulation"
	if r.Scenario != "" {
		title += ": " + r.Scenario
	}
	fmt.Fprintf(&b, "%s — %d games, seed %d\n", title, r.Requested, r.Seed)
	fmt.Fprintf(&b, "finished %d · draws %s · capped %s · failed %d", r.Games, CountPct(r.Draws), CountPct(r.Capped), r.Failed)
	if r.Stopped {
		fmt.Fprintf(&b, " · stopped after %d", r.Games+r.Failed)
	}
	b.WriteString("\n\nWin rates (95% Wilson interval)\n")
	t := NewTable("side", "wins", "rate", "95% interval", "")
	t.Left(4) // the bars
	for _, s := range r.Sides {
		if s.Absent {
			t.Add(s.Name, "—", "", "does not take part", "")
			continue
		}
		t.Add(s.Name, fmt.Sprint(s.Wins.Count), Pct(s.Wins.Rate), Interval(s.Wins), Bar(s.Wins.Rate, 20))
	}
	if r.Draws.Count > 0 {
		t.Add("(draw)", fmt.Sprint(r.Draws.Count), Pct(r.Draws.Rate), Interval(r.Draws), Bar(r.Draws.Rate, 20))
	}
	t.Write(&b)
	l := r.Length
	b.WriteString("\nGame length (turns)\n")
	fmt.Fprintf(&b, "  mean %s · median %s · p90 %d · min %d · max %d\n", Num(l.Mean), Num(l.Median), l.P90, l.Min, l.Max)
	if len(r.Players) > 0 {
		b.WriteString("\nPlayers (the sides turn over the players game by game; fair share: the wins of equal players)\n")
		t := NewTable("player", "games", "wins", "rate", "95% interval", "fair share")
		for _, p := range r.Players {
			t.Add(p.Name, fmt.Sprint(p.Games), fmt.Sprint(p.Wins.Count), Pct(p.Wins.Rate), Interval(p.Wins), Pct(p.Share))
		}
		t.Write(&b)
	}
	if r.Facts.Section != nil {
		r.Facts.Section.WriteText(&b, r.Games)
	}
	if len(r.Errors) > 0 {
		fmt.Fprintf(&b, "\nFailed games (%d)\n", r.Failed)
		for _, e := range r.Errors {
			fmt.Fprintf(&b, "  game %d (seed %d): %s\n", e.Game, e.Seed, e.Error)
		}
		if r.Failed > len(r.Errors) {
			fmt.Fprintf(&b, "  … and %d more\n", r.Failed-len(r.Errors))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Table is a text table, columns two spaces apart: the first column and
// the columns marked left are left-aligned, the others right-aligned.
type Table struct {
	rows [][]string
	left map[int]bool
}

// NewTable returns a table with its head row.
func NewTable(head ...string) *Table {
	return &Table{rows: [][]string{head}, left: map[int]bool{0: true}}
}

// Add adds a row.
func (t *Table) Add(cells ...string) { t.rows = append(t.rows, cells) }

// Rows is the number of rows, the head included.
func (t *Table) Rows() int { return len(t.rows) }

// Left aligns column col to the left.
func (t *Table) Left(col int) { t.left[col] = true }

// Write writes the table to b.
func (t *Table) Write(b *strings.Builder) {
	var widths []int
	for _, row := range t.rows {
		for i, c := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], displayWidth(c))
		}
	}
	for _, row := range t.rows {
		line := " "
		for i, c := range row {
			pad := strings.Repeat(" ", widths[i]-displayWidth(c))
			switch {
			case i == 0:
				line += " " + c + pad
			case t.left[i]:
				line += "  " + c + pad
			default:
				line += "  " + pad + c
			}
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}

// displayWidth is the number of terminal columns s takes (two for East
// Asian wide characters).
func displayWidth(s string) int { return textwidth.Width(s) }

// Wide reports the East Asian wide and full-width characters, which the
// text report counts two columns wide when it aligns its tables.
func Wide(r rune) bool { return textwidth.Wide(r) }

// Pct writes a rate as a percentage with one decimal.
func Pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// CountPct writes a count with its rate.
func CountPct(p Proportion) string { return fmt.Sprintf("%d (%s)", p.Count, Pct(p.Rate)) }

// Interval writes the 95 % interval of a proportion.
func Interval(p Proportion) string { return Pct(p.Low) + " – " + Pct(p.High) }

// Num writes a mean: no decimals when it is whole, else one.
func Num(x float64) string {
	if x == float64(int64(x)) {
		return fmt.Sprint(int64(x))
	}
	return fmt.Sprintf("%.1f", x)
}

// Bar draws rate (0…1) as a bar of up to width cells.
func Bar(rate float64, width int) string {
	n := int(rate*float64(width) + 0.5)
	return strings.Repeat("█", min(max(n, 0), width))
}
