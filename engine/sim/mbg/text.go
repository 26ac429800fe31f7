package mbg

import (
	"fmt"
	"github.com/shapan/shapan/engine/sim"
	"strings"
)

// WriteText implements sim.FactsSection: it writes the mbg section of a report of games games.
func (f *MBGFacts) WriteText(b *strings.Builder, games int) {
	fmt.Fprintf(b, "\nBankruptcy and the end of the game (turn cap %d)\n", f.TurnCap)
	t := sim.NewTable("role", "bankrupt", "rate", "turn mean", "turn range", "money mean", "cities mean")
	for _, r := range f.Roles {
		if r.Absent {
			t.Add(r.Name, "—", "", "", "", "", "")
			continue
		}
		mean, rng := "", ""
		if bt := r.BankruptTurn; bt != nil {
			mean, rng = sim.Num(bt.Mean), fmt.Sprintf("%d–%d", bt.Min, bt.Max)
		}
		t.Add(r.Name, fmt.Sprint(r.Bankrupt.Count), sim.Pct(r.Bankrupt.Rate), mean, rng, fmt.Sprintf("%.0f", r.MeanMoney), sim.Num(r.MeanCities))
	}
	t.Write(b)

	b.WriteString("\nCities at the end (share of games each role owned the city)\n")
	head := []string{"city"}
	for _, r := range f.Roles {
		if !r.Absent {
			head = append(head, r.Name)
		}
	}
	head = append(head, "nobody", "sieges", "captures")
	t = sim.NewTable(head...)
	share := func(k int) string {
		if games == 0 {
			return ""
		}
		return sim.Pct(float64(k) / float64(games))
	}
	for _, c := range f.Cities {
		row := []string{c.Name}
		for ri, r := range f.Roles {
			if !r.Absent {
				row = append(row, share(c.Owners[ri]))
			}
		}
		row = append(row, share(c.Unowned), fmt.Sprint(c.Sieges), fmt.Sprint(c.Captures))
		t.Add(row...)
	}
	t.Write(b)

	fmt.Fprintf(b, "\nBattles by square (%d battles, %d captures in all)\n", f.Battles, f.Captures)
	t = sim.NewTable("square", "battles", "encounters", "sieges", "robbers", "captures")
	for _, s := range f.Squares {
		if s.Battles == 0 {
			continue
		}
		name := s.Name
		if name == "" {
			name = s.Type
		}
		t.Add(fmt.Sprintf("%d %s", s.Index, name), fmt.Sprint(s.Battles), fmt.Sprint(s.Encounters), fmt.Sprint(s.Sieges),
			fmt.Sprint(s.Robbers), fmt.Sprint(s.Captures))
	}
	if t.Rows() == 1 {
		t.Add("(none)", "", "", "", "", "")
	}
	t.Write(b)
}
