package sim

import (
	"fmt"
	"strings"
)

// writeText writes the planets section of a report of games games.
func (f *PlanetsFacts) writeText(b *strings.Builder, games int) {
	fmt.Fprintf(b, "\nStart planets (%d players a game; round cap %d, the map's round limit %d)\n", f.Players, f.RoundCap, f.RoundLimit)
	fmt.Fprintf(b, "  Every game shuffles the start planets (%d orders) and seeds every seat's computer player from its seed:\n  each plays the game with a temperament and a taste for the planets of its own.\n", f.Orders)
	t := newTable("start", "games", "planets held mean", "eliminated", "rate")
	for _, s := range f.Starts {
		rate := ""
		if s.Games > 0 {
			rate = pct(float64(s.Eliminated) / float64(s.Games))
		}
		t.add(s.Name, fmt.Sprint(s.Games), num(s.MeanHeld), fmt.Sprint(s.Eliminated), rate)
	}
	t.write(b)

	fmt.Fprintf(b, "\nPlanets (share of games the player of each start held the planet at the end; %d battles, %d captures,\n%d changes of owner in all)\n",
		f.Battles, f.Captures, f.Changes)
	head := []string{"planet"}
	for _, s := range f.Starts {
		head = append(head, s.Planet)
	}
	head = append(head, "nobody", "battles", "captures", "changes")
	t = newTable(head...)
	share := func(k int) string {
		if games == 0 {
			return ""
		}
		return pct(float64(k) / float64(games))
	}
	for _, p := range f.Planets {
		row := []string{p.Name}
		for _, k := range p.Owners {
			row = append(row, share(k))
		}
		row = append(row, share(p.Unowned), fmt.Sprint(p.Battles), fmt.Sprint(p.Captures), fmt.Sprint(p.Changes))
		t.add(row...)
	}
	t.write(b)
}
