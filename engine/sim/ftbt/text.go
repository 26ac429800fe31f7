package ftbt

import (
	"fmt"
	"github.com/shapan/shapan/engine/sim"
	"slices"
	"strings"
)

// maxTextCells is how many cells the text report lists in the ftbt fights
// table (the heat map of the charts shows them all).
const maxTextCells = 10

// WriteText implements sim.FactsSection: it writes the ftbt section of a report of games games.
func (f *FTBTFacts) WriteText(b *strings.Builder, games int) {
	fmt.Fprintf(b, "\nSides at the end (turn cap %d rounds; a capped game is won by the side that kept the larger share of its\nstarting hp, equal shares are a draw)\n", f.TurnCap)
	t := sim.NewTable("side", "people", "survivors mean", "hp left mean", "wins by rout", "wins at the cap")
	for _, s := range f.Sides {
		t.Add(s.Name, fmt.Sprint(s.People), sim.Num(s.MeanSurvivors), sim.Pct(s.MeanHPLeft), fmt.Sprint(s.Routs), fmt.Sprint(s.CapWins))
	}
	t.Write(b)

	friendly := slices.ContainsFunc(f.People, func(p FTBTPersonFacts) bool { return p.FriendlyDamage > 0 })
	b.WriteString("\nPeople (damage: the hp taken from enemies; kills: the enemies removed)\n")
	head := []string{"person", "side", "survived", "damage mean", "damage total", "kills"}
	if friendly {
		head = append(head, "own side hit")
	}
	t = sim.NewTable(head...)
	for _, p := range f.People {
		row := []string{p.Name, fmt.Sprint(p.Side), sim.Pct(p.Survived.Rate), sim.Num(p.MeanDamage), fmt.Sprint(p.TotalDamage), fmt.Sprint(p.Kills)}
		if friendly {
			row = append(row, fmt.Sprint(p.FriendlyDamage))
		}
		t.Add(row...)
	}
	t.Write(b)

	fmt.Fprintf(b, "\nWhere the fights are (%d attacks, %d hp lost on %d cells in all; the cells with the most damage, x and y from 0)\n",
		f.Attacks, f.Damage, len(f.Cells))
	cells := slices.Clone(f.Cells)
	slices.SortStableFunc(cells, func(a, b FTBTCellFacts) int { return b.Damage - a.Damage })
	t = sim.NewTable("cell", "attacks", "hits", "damage", "per game", "removed")
	for _, c := range cells[:min(len(cells), maxTextCells)] {
		perGame := ""
		if games > 0 {
			perGame = sim.Num(sim.Round4(float64(c.Damage) / float64(games)))
		}
		t.Add(fmt.Sprintf("(%d, %d)", c.X, c.Y), fmt.Sprint(c.Attacks), fmt.Sprint(c.Hits), fmt.Sprint(c.Damage), perGame, fmt.Sprint(c.Falls))
	}
	if len(cells) == 0 {
		t.Add("(none)", "", "", "", "", "")
	}
	t.Write(b)
	switch {
	case f.Attacks == 0 && f.SidesApart:
		fmt.Fprintf(b, "  No damage tech was used in any game: the sides cannot reach each other. Terrain their speeds cannot\n  enter separates every person from every enemy (check's FTB033), so a higher turn cap would not help:\n  open a passage, move people or raise their speed.\n")
	case f.Attacks == 0:
		fmt.Fprintf(b, "  No damage tech was used in any game: the sides never met within %s. Raise the turn cap to see\n  them fight.\n", countNoun(f.TurnCap, "round"))
	}
}

// countNoun writes n and noun, plural unless n is 1 ("1 round", "5 rounds").
func countNoun(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
