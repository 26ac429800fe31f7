package sim

import (
	"fmt"
	"slices"
	"strings"
)

// writeText writes the battle section of a report of games games.
func (f *BattleFacts) writeText(b *strings.Builder, games int) {
	fmt.Fprintf(b, "\nPlayers (round limit %d; even games seat %s on player 1's base, odd games swap them)\n", f.RoundCap, f.Players[0])
	t := newTable("player", "wins", "rate", "95% interval")
	for p, w := range f.PlayerWins {
		name := f.Players[p]
		if f.Players[0] == f.Players[1] {
			name = fmt.Sprintf("%s (seat %d)", name, p+1)
		}
		t.add(name, fmt.Sprint(w.Count), pct(w.Rate), interval(w))
	}
	t.write(b)

	var ends []string
	for _, e := range f.Ends {
		if e.Games > 0 {
			ends = append(ends, fmt.Sprintf("%s %d", e.Reason, e.Games))
		}
	}
	fmt.Fprintf(b, "\nHow the games ended: %s\n", strings.Join(ends, " · "))

	b.WriteString("\nSides at the end (means over the games)\n")
	t = newTable("side", "held", "hero kills", "soldier kills", "cities", "grain", "flag taken")
	for s, sd := range f.Sides {
		t.add(fmt.Sprintf("player %d", s+1), num(sd.Held), num(sd.HeroKills), num(sd.SoldierKills), num(sd.Cities), num(sd.Grain), fmt.Sprint(sd.FlagTaken))
	}
	t.write(b)

	fmt.Fprintf(b, "\nCities (falls over the %d games; %d in all)\n", games, f.Falls)
	t = newTable("city", "level", "falls", "per game")
	for _, c := range f.Cities {
		per := ""
		if games > 0 {
			per = num(round4(float64(c.Falls) / float64(games)))
		}
		t.add(fmt.Sprintf("(%d,%d)", c.X, c.Y), fmt.Sprint(c.Level), fmt.Sprint(c.Falls), per)
	}
	t.write(b)

	hot := slices.Clone(f.Cells)
	slices.SortStableFunc(hot, func(a, b BattleCellFacts) int { return b.Damage - a.Damage })
	fmt.Fprintf(b, "\nHottest cells (damage dealt on the units standing there; %d damage, %d heroes killed in all)\n", f.Damage, f.Kills)
	t = newTable("cell", "damage", "heroes killed")
	for _, c := range hot[:min(8, len(hot))] {
		t.add(fmt.Sprintf("(%d,%d)", c.X, c.Y), fmt.Sprint(c.Damage), fmt.Sprint(c.Kills))
	}
	t.write(b)
}
