package battle

import (
	"fmt"
	"github.com/shapan/shapan/engine/sim"
	"slices"
	"strings"
)

// WriteText implements sim.FactsSection: it writes the battle section of a report of games games.
func (f *BattleFacts) WriteText(b *strings.Builder, games int) {
	fmt.Fprintf(b, "\nPlayers (round limit %d; even games seat %s on player 1's base, odd games swap them)\n", f.RoundCap, f.Players[0])
	t := sim.NewTable("player", "wins", "rate", "95% interval")
	for p, w := range f.PlayerWins {
		name := f.Players[p]
		if f.Players[0] == f.Players[1] {
			name = fmt.Sprintf("%s (seat %d)", name, p+1)
		}
		t.Add(name, fmt.Sprint(w.Count), sim.Pct(w.Rate), sim.Interval(w))
	}
	t.Write(b)

	var ends []string
	for _, e := range f.Ends {
		if e.Games > 0 {
			ends = append(ends, fmt.Sprintf("%s %d", e.Reason, e.Games))
		}
	}
	fmt.Fprintf(b, "\nHow the games ended: %s\n", strings.Join(ends, " · "))

	b.WriteString("\nSides at the end (means over the games)\n")
	t = sim.NewTable("side", "held", "hero kills", "soldier kills", "cities", "grain", "flag taken")
	for s, sd := range f.Sides {
		t.Add(fmt.Sprintf("player %d", s+1), sim.Num(sd.Held), sim.Num(sd.HeroKills), sim.Num(sd.SoldierKills), sim.Num(sd.Cities), sim.Num(sd.Grain), fmt.Sprint(sd.FlagTaken))
	}
	t.Write(b)

	fmt.Fprintf(b, "\nCities (falls over the %d games; %d in all)\n", games, f.Falls)
	t = sim.NewTable("city", "level", "falls", "per game")
	for _, c := range f.Cities {
		per := ""
		if games > 0 {
			per = sim.Num(sim.Round4(float64(c.Falls) / float64(games)))
		}
		t.Add(fmt.Sprintf("(%d,%d)", c.X, c.Y), fmt.Sprint(c.Level), fmt.Sprint(c.Falls), per)
	}
	t.Write(b)

	hot := slices.Clone(f.Cells)
	slices.SortStableFunc(hot, func(a, b BattleCellFacts) int { return b.Damage - a.Damage })
	fmt.Fprintf(b, "\nHottest cells (damage dealt on the units standing there; %d damage, %d heroes killed in all)\n", f.Damage, f.Kills)
	t = sim.NewTable("cell", "damage", "heroes killed")
	for _, c := range hot[:min(8, len(hot))] {
		t.Add(fmt.Sprintf("(%d,%d)", c.X, c.Y), fmt.Sprint(c.Damage), fmt.Sprint(c.Kills))
	}
	t.Write(b)
}
