package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/formats"
	planetsfmt "github.com/shapan/shapan/formats/planets"
)

// playPlanets plays a Planet-Conquer map with the AI in every seat. The
// start planets are shuffled only when --seed is given (the original's
// tests and golden facts play them in map order); --turns caps the rounds
// only when given (otherwise the map's max_round ends the game).
func playPlanets(doc *formats.Document, o playOptions, out io.Writer) error {
	m, ok := doc.Value.(*planetsfmt.Map)
	if !ok {
		return fmt.Errorf("not a Planet-Conquer map")
	}
	setup := planets.Setup{Map: m, Seed: o.seed, Shuffle: o.given["seed"]}
	if o.given["turns"] {
		setup.MaxRounds = int64(o.turns)
	}
	initial, err := planets.InitialView(setup)
	if err != nil {
		return err
	}
	n := len(initial.Players)
	const maxDecisions = 10_000_000
	var r planets.Result
	if o.trace != nil {
		abs, err := filepath.Abs(o.file)
		if err != nil {
			return err
		}
		header := planets.TraceHeader{Case: filepath.Base(o.file), Map: filepath.ToSlash(abs), Players: "ai"}
		r, err = planets.PlayTraced(setup, planets.Seats(planets.NewAI(), n), header, planets.NewTraceWriter(o.trace), maxDecisions)
		if err != nil {
			return err
		}
	} else if r, err = planets.PlayGame(setup, planets.Seats(planets.NewAI(), n), maxDecisions); err != nil {
		return err
	}
	printPlanetsSummary(out, o, setup, initial, r)
	return nil
}

// printPlanetsSummary prints the winner, the rounds and every player's
// planets and units.
func printPlanetsSummary(out io.Writer, o playOptions, setup planets.Setup, initial planets.View, r planets.Result) {
	starts := "start planets in map order"
	if setup.Shuffle {
		starts = fmt.Sprintf("start planets shuffled with seed %d", setup.Seed)
	}
	limit := "the map's round limit"
	if setup.MaxRounds > 0 {
		limit = fmt.Sprintf("round cap %d", setup.MaxRounds)
	}
	fmt.Fprintf(out, "planets: %s, %d players (AI), %s, %s\n", o.file, len(initial.Players), starts, limit)
	how := "the game finished"
	if !r.Finished {
		how = "stopped at the round cap, ranked as it stood"
	}
	fmt.Fprintf(out, "winner: player %d after %d rounds (%s)\n", r.Winner, r.Rounds, how)
	fmt.Fprintf(out, "  %-8s %8s %10s\n", "player", "planets", "units")
	for _, s := range r.Ranking {
		fmt.Fprintf(out, "  %-8d %8d %10s\n", s.Player, s.Planets, s.Units)
	}
}
