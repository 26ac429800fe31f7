package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/formats"
	planetsfmt "github.com/shapan/shapan/formats/planets"
)

// playPlanets plays a Planet-Conquer map with the AI in every seat.
// Without --seed, the start planets are taken in map order and every seat
// is played by the deterministic AI (planets.NewAI), as the original's
// tests and golden facts play. With --seed S, the start planets are
// shuffled with S and every seat is played by the seeded AI
// (planets.SeededSeats(S)), whose play varies from game to game: this is
// how `shapan sim` plays its games, so a game of a simulation plays again
// with `shapan play MAP --seed S --turns CAP`. --turns caps the rounds
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
	seats, players := planets.Seats(planets.NewAI(), n), "ai"
	if setup.Shuffle {
		seats, players = planets.SeededSeats(o.seed, n), "seeded ai"
	}
	const maxDecisions = 10_000_000
	var r planets.Result
	if o.trace != nil {
		abs, err := filepath.Abs(o.file)
		if err != nil {
			return err
		}
		header := planets.TraceHeader{Case: filepath.Base(o.file), Map: filepath.ToSlash(abs), Players: players}
		r, err = planets.PlayTraced(setup, seats, header, o.trace, maxDecisions)
		if err != nil {
			return err
		}
	} else if r, err = planets.PlayGame(setup, seats, maxDecisions); err != nil {
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
		starts = fmt.Sprintf("start planets shuffled with seed %d, every seat's AI seeded from it", setup.Seed)
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
