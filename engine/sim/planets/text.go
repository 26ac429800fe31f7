package planets

import (
	"fmt"
	"github.com/shapan/shapan/engine/sim"
	"strings"
)

// WriteText implements sim.FactsSection: it writes the planets section of a report of games games.
func (f *PlanetsFacts) WriteText(b *strings.Builder, games int) {
	fmt.Fprintf(b, "\nStart planets (%d players a game; round cap %d, the map's round limit %d)\n", f.Players, f.RoundCap, f.RoundLimit)
	fmt.Fprintf(b, "  Every game shuffles the start planets (%d orders) and seeds every seat's computer player from its seed:\n  each plays the game with a temperament and a taste for the planets of its own.\n", f.Orders)
	t := sim.NewTable("start", "games", "planets held mean", "eliminated", "rate")
	for _, s := range f.Starts {
		rate := ""
		if s.Games > 0 {
			rate = sim.Pct(float64(s.Eliminated) / float64(s.Games))
		}
		t.Add(s.Name, fmt.Sprint(s.Games), sim.Num(s.MeanHeld), fmt.Sprint(s.Eliminated), rate)
	}
	t.Write(b)

	fmt.Fprintf(b, "\nPlanets (share of all the rounds played in which the player of each start held the planet; who held it\nfirst most often, in how many games, and the mean round; %d battles, %d captures, %d changes of owner in all)\n",
		f.Battles, f.Captures, f.Changes)
	head := []string{"planet"}
	for _, s := range f.Starts {
		head = append(head, s.Planet)
	}
	head = append(head, "nobody", "first", "games", "round", "battles", "captures", "changes")
	t = sim.NewTable(head...)
	for _, p := range f.Planets {
		row := []string{p.Name}
		for _, h := range p.Held {
			row = append(row, sim.Pct(h))
		}
		row = append(row, sim.Pct(p.Free))
		row = append(row, f.firstTaker(p)...)
		row = append(row, fmt.Sprint(p.Battles), fmt.Sprint(p.Captures), fmt.Sprint(p.Changes))
		t.Add(row...)
	}
	t.Write(b)
}

// firstTaker returns the columns first, games and round of a planet: the
// start whose player held it first most often, in how many games, and
// the mean round it was first held ("never" when nobody ever did).
func (f *PlanetsFacts) firstTaker(p PlanetFacts) []string {
	best := -1
	for s, n := range p.First {
		if n > 0 && (best < 0 || n > p.First[best]) {
			best = s
		}
	}
	if best < 0 {
		return []string{"never", "", ""}
	}
	return []string{f.Starts[best].Planet, fmt.Sprint(p.First[best]), sim.Num(p.FirstRound)}
}
