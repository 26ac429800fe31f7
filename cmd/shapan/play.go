package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	planetsfmt "github.com/shapan/shapan/formats/planets"
)

func init() {
	register(&command{
		name:  "play",
		usage: "shapan play FILE [--seed N] [--turns N] [--trace OUT.jsonl] [--rules FILE]",
		summary: "Plays a scenario computer against computer (the AI plays every role) and prints the winner, the turns played\n" +
			"and every role's final money. FILE is an mbg scenario (YAML or .map) or an mbg save (.sav or YAML) to continue.\n" +
			"--seed seeds the game (default 1); --turns is the turn limit, the last turn played (default 100; after it the\n" +
			"richest role wins). --trace writes the game in the golden-trace format as JSON Lines: first a header object\n" +
			"{game, case, scenario, seed, rng, max_turn, first_role, fill_cards, players, initial}, then one line per decision\n" +
			"{q, role, ev, args, a} and per event {e, ...} in the order they happened, then a final line {result, n_events,\n" +
			"n_decisions, final}; the header's scenario is the absolute path of FILE, so 'shapan replay OUT.jsonl' replays the\n" +
			"trace. --rules names ftbt rules (for families that need them).\n" +
			"An ftbt level (.map with --rules FILE.tech, or ftbt/level YAML) is played by the AI on both sides (side 1 with the\n" +
			"level's AI settings, side 0 with goal nearest enemy and factors 30/30/40); --turns is the turn cap (when round\n" +
			"N+1 would start, side 0 quits: no winner); --trace writes the golden game format as JSON Lines (header, AI\n" +
			"decisions and events in order, then {result, turns_played, guards, final}).\n" +
			"A Planet-Conquer map (.yml or planets/map YAML) is played by the AI in every seat (as many players as the map\n" +
			"allows: the smaller of max_player and the number of start planets); start planets are taken in map order, or\n" +
			"shuffled with --seed when it is given, and then every seat is played by an AI seeded from it (as shapan sim\n" +
			"plays), without it by the deterministic AI; --turns caps the rounds (default: the map's own max_round ends the game).",
		run: runPlay,
	})
}

// playOptions are the play command's settings, for every family.
type playOptions struct {
	file  string
	seed  int64
	turns int
	trace io.Writer // nil: no trace
	// given lists the flags given on the command line (a family may
	// treat a flag left at its default differently).
	given map[string]bool
}

// playFamilies plays a document by its kind; other families add their
// kinds here. A family returns an error for a game it cannot play (exit 1).
var playFamilies = map[string]func(doc *formats.Document, o playOptions, out io.Writer) error{
	mbgfmt.KindScenario: playMBG,
	mbgfmt.KindSave:     playMBG,
	ftbtfmt.KindLevel:   playFTBT,
	planetsfmt.Kind:     playPlanets,
}

func runPlay(args []string, out, errOut io.Writer) int {
	c := commands["play"]
	fs := newFlagSet(c, errOut)
	seed := fs.Int64("seed", 1, "seed of the game's random generator")
	turns := fs.Int("turns", 100, "turn limit (the last turn played)")
	tracePath := fs.String("trace", "", "write the game as JSON Lines to this file")
	rules := fs.String("rules", "", "ftbt rules file for a level")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	if len(pos) != 1 {
		return usageError(c, errOut, "name one scenario FILE")
	}
	if *turns < 1 {
		return usageError(c, errOut, "--turns must be at least 1")
	}
	doc, err := formats.Read(pos[0], formats.Options{RulesPath: *rules})
	if err != nil {
		return report(errOut, pos[0], err)
	}
	family, ok := playFamilies[doc.Kind]
	if !ok {
		fmt.Fprintf(errOut, "shapan play: %s: a %s document cannot be played yet\n", pos[0], doc.Kind)
		return exitInvalid
	}
	o := playOptions{file: pos[0], seed: *seed, turns: *turns, given: map[string]bool{}}
	fs.Visit(func(f *flag.Flag) { o.given[f.Name] = true })
	var traceFile *os.File
	if *tracePath != "" {
		traceFile, err = os.Create(*tracePath)
		if err != nil {
			fmt.Fprintf(errOut, "shapan play: %v\n", err)
			return exitUsage
		}
		o.trace = traceFile
	}
	err = family(doc, o, out)
	if traceFile != nil {
		if cerr := traceFile.Close(); cerr != nil && err == nil {
			fmt.Fprintf(errOut, "shapan play: %v\n", cerr)
			return exitUsage
		}
	}
	if err != nil {
		fmt.Fprintf(errOut, "shapan play: %s: %v\n", pos[0], err)
		return exitInvalid
	}
	return exitOK
}

// playMBG plays an mbg scenario or save with the AI on every role.
func playMBG(doc *formats.Document, o playOptions, out io.Writer) error {
	setup := mbg.Setup{Seed: o.seed, MaxTurn: o.turns}
	var names []string
	switch v := doc.Value.(type) {
	case *mbgfmt.Scenario:
		setup.Scenario = v
		names = v.RoleNames()
	case *mbgfmt.Save:
		setup.Save = v
		for _, r := range v.Roles {
			names = append(names, r.Name)
		}
	default:
		return fmt.Errorf("not an mbg scenario or save")
	}
	ai := mbg.NewAI(o.seed)
	players := make([]mbg.Player, len(names))
	for i := range players {
		players[i] = ai
	}
	const maxDecisions = 10_000_000
	var outcome mbg.Outcome
	var err error
	if o.trace != nil {
		scenario, aerr := filepath.Abs(o.file)
		if aerr != nil {
			return aerr
		}
		header := mbg.TraceHeader{Case: filepath.Base(o.file), Scenario: filepath.ToSlash(scenario), Players: "ai"}
		outcome, err = mbg.PlayTraced(setup, players, header, o.trace, maxDecisions)
	} else {
		outcome, err = mbg.PlayGame(setup, players, maxDecisions)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "mbg: %s, seed %d, turn limit %d\n", o.file, o.seed, o.turns)
	switch outcome.Result {
	case mbg.ResultDraw:
		fmt.Fprintf(out, "draw: every role was eliminated (turn %d)\n", outcome.Turns)
	case mbg.ResultQuit:
		fmt.Fprintf(out, "the game was abandoned (turn %d)\n", outcome.Turns)
	default:
		fmt.Fprintf(out, "winner: role %d (%s) at turn %d\n", outcome.Result, names[outcome.Result], outcome.Turns)
	}
	for r, m := range outcome.Moneys {
		fmt.Fprintf(out, "  %d %-12s %12.2f\n", r, names[r], m)
	}
	return nil
}
