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
	fmt.Fprintf(&b, "finished %d · draws %s · capped %s · failed %d", r.Games, countPct(r.Draws), countPct(r.Capped), r.Failed)
	if r.Stopped {
		fmt.Fprintf(&b, " · stopped after %d", r.Games+r.Failed)
	}
	b.WriteString("\n\nWin rates (95% Wilson interval)\n")
	t := newTable("side", "wins", "rate", "95% interval", "")
	t.left[4] = true // the bars
	for _, s := range r.Sides {
		if s.Absent {
			t.add(s.Name, "—", "", "does not take part", "")
			continue
		}
		t.add(s.Name, fmt.Sprint(s.Wins.Count), pct(s.Wins.Rate), interval(s.Wins), bar(s.Wins.Rate, 20))
	}
	if r.Draws.Count > 0 {
		t.add("(draw)", fmt.Sprint(r.Draws.Count), pct(r.Draws.Rate), interval(r.Draws), bar(r.Draws.Rate, 20))
	}
	t.write(&b)
	l := r.Length
	b.WriteString("\nGame length (turns)\n")
	fmt.Fprintf(&b, "  mean %s · median %s · p90 %d · min %d · max %d\n", num(l.Mean), num(l.Median), l.P90, l.Min, l.Max)
	if len(r.Players) > 0 {
		b.WriteString("\nPlayers (the sides turn over the players game by game; fair share: the wins of equal players)\n")
		t := newTable("player", "games", "wins", "rate", "95% interval", "fair share")
		for _, p := range r.Players {
			t.add(p.Name, fmt.Sprint(p.Games), fmt.Sprint(p.Wins.Count), pct(p.Wins.Rate), interval(p.Wins), pct(p.Share))
		}
		t.write(&b)
	}
	switch f := r.Facts; {
	case f.MBG != nil:
		f.MBG.writeText(&b, r.Games)
	case f.FTBT != nil:
		f.FTBT.writeText(&b, r.Games)
	case f.Planets != nil:
		f.Planets.writeText(&b, r.Games)
	case f.Battle != nil:
		f.Battle.writeText(&b, r.Games)
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

// writeText writes the mbg section of a report of games games.
func (f *MBGFacts) writeText(b *strings.Builder, games int) {
	fmt.Fprintf(b, "\nBankruptcy and the end of the game (turn cap %d)\n", f.TurnCap)
	t := newTable("role", "bankrupt", "rate", "turn mean", "turn range", "money mean", "cities mean")
	for _, r := range f.Roles {
		if r.Absent {
			t.add(r.Name, "—", "", "", "", "", "")
			continue
		}
		mean, rng := "", ""
		if bt := r.BankruptTurn; bt != nil {
			mean, rng = num(bt.Mean), fmt.Sprintf("%d–%d", bt.Min, bt.Max)
		}
		t.add(r.Name, fmt.Sprint(r.Bankrupt.Count), pct(r.Bankrupt.Rate), mean, rng, fmt.Sprintf("%.0f", r.MeanMoney), num(r.MeanCities))
	}
	t.write(b)

	b.WriteString("\nCities at the end (share of games each role owned the city)\n")
	head := []string{"city"}
	for _, r := range f.Roles {
		if !r.Absent {
			head = append(head, r.Name)
		}
	}
	head = append(head, "nobody", "sieges", "captures")
	t = newTable(head...)
	share := func(k int) string {
		if games == 0 {
			return ""
		}
		return pct(float64(k) / float64(games))
	}
	for _, c := range f.Cities {
		row := []string{c.Name}
		for ri, r := range f.Roles {
			if !r.Absent {
				row = append(row, share(c.Owners[ri]))
			}
		}
		row = append(row, share(c.Unowned), fmt.Sprint(c.Sieges), fmt.Sprint(c.Captures))
		t.add(row...)
	}
	t.write(b)

	fmt.Fprintf(b, "\nBattles by square (%d battles, %d captures in all)\n", f.Battles, f.Captures)
	t = newTable("square", "battles", "encounters", "sieges", "robbers", "captures")
	for _, s := range f.Squares {
		if s.Battles == 0 {
			continue
		}
		name := s.Name
		if name == "" {
			name = s.Type
		}
		t.add(fmt.Sprintf("%d %s", s.Index, name), fmt.Sprint(s.Battles), fmt.Sprint(s.Encounters), fmt.Sprint(s.Sieges),
			fmt.Sprint(s.Robbers), fmt.Sprint(s.Captures))
	}
	if len(t.rows) == 1 {
		t.add("(none)", "", "", "", "", "")
	}
	t.write(b)
}

// table is a text table, columns two spaces apart: the first column and
// the columns marked left are left-aligned, the others right-aligned.
type table struct {
	rows [][]string
	left map[int]bool
}

func newTable(head ...string) *table {
	return &table{rows: [][]string{head}, left: map[int]bool{0: true}}
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) write(b *strings.Builder) {
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

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func countPct(p Proportion) string { return fmt.Sprintf("%d (%s)", p.Count, pct(p.Rate)) }

func interval(p Proportion) string { return pct(p.Low) + " – " + pct(p.High) }

// num writes a mean: no decimals when it is whole, else one.
func num(x float64) string {
	if x == float64(int64(x)) {
		return fmt.Sprint(int64(x))
	}
	return fmt.Sprintf("%.1f", x)
}

// bar draws rate (0…1) as a bar of up to width cells.
func bar(rate float64, width int) string {
	n := int(rate*float64(width) + 0.5)
	return strings.Repeat("█", min(max(n, 0), width))
}
