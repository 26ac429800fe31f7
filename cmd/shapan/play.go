package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/shapan/shapan/formats/diag"
	"io"
	"os"
	"strings"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/progress"
)

func init() {
	register(&command{
		name:  "play",
		usage: "shapan play FILE [--seed N] [--turns N] [--trace OUT.jsonl] [--rules FILE] [--players A,B] [--board]",
		summary: "Plays a scenario computer against computer and prints the winner, the turns played and the final standing.\n" +
			"FILE is a document of a kind that can be played: " + kindTitles(family.Playable) + ". --rules names ftbt rules\n" +
			"(for families that need them).\n" + family.Help(func(f *family.Family) string {
			if f.Play == nil {
				return ""
			}
			return f.Play.Help
		}),
		run: runPlay,
	})
}

func runPlay(args []string, out, errOut io.Writer) int {
	c := commands["play"]
	out, errOut = textOut(out), textOut(errOut)
	fs := newFlagSet(c, errOut)
	seed := fs.Int64("seed", 1, "seed of the game's random generator")
	turns := fs.Int("turns", 100, "turn limit (the last turn played)")
	tracePath := outputFlag(fs, "trace", "write the game as JSON Lines to this file (-: standard output, the game's report then goes to standard error)")
	traceMax := fs.String("trace-max", "1GiB", "largest trace written (bytes, or with a unit: 64MiB); a longer game fails")
	rules := fs.String("rules", "", "ftbt rules file for a level")
	input := addInputFlags(fs)
	board := fs.Bool("board", false, "draw the board at the terminal every round (a battle map: bases, flag zone, cities, obstacles and heroes, in colour on a terminal)")
	players := fs.String("players", "", "who plays each seat, comma-separated: the family's own computer players (battle: human, tactician, greedy; ftbt, mbg, planets: ai), random, or search, search:PLAYOUTS, search:CPU (search:100ms)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	opts, err := input.options(formats.Options{RulesPath: *rules})
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	if len(pos) != 1 {
		return usageError(c, errOut, "name one scenario FILE")
	}
	doc, err := formats.Read(pos[0], opts)
	if err != nil {
		return report(errOut, pos[0], err)
	}
	if !family.Playable(doc.Kind) {
		fmt.Fprintf(errOut, "shapan play: %s: a %s document cannot be played yet\n", pos[0], doc.Kind)
		return exitInvalid
	}
	if f, _ := family.Of(doc.Kind); *board && (f == nil || f.Play == nil || !f.Play.Board) {
		return usageError(c, errOut, "--board draws a battle map; the board of a "+doc.Kind+" document is not drawn at the terminal")
	}
	o := family.PlayOptions{File: pos[0], Seed: *seed, Turns: *turns, Given: map[string]bool{}, Players: *players, In: stdin,
		Board: *board, Colour: progress.Colour(out)}
	fs.Visit(func(f *flag.Flag) { o.Given[f.Name] = true })
	var trace *formats.AtomicFile
	var limited *formats.LimitedWriter
	if *tracePath != "" {
		limit, err := parseSize(*traceMax)
		if err != nil {
			return usageError(c, errOut, "--trace-max: "+err.Error())
		}
		if err := checkOutput(*tracePath, doc.Inputs()); err != nil {
			return ioFailure(c.name, errOut, err)
		}
		w := rawWriter(out)
		if *tracePath == formats.Stdin {
			out = errOut // the trace has standard output
		} else {
			if trace, err = formats.CreateAtomic(*tracePath); err != nil {
				return ioFailure(c.name, errOut, err)
			}
			w = trace
		}
		limited = &formats.LimitedWriter{W: w, N: limit, What: "the trace (--trace-max " + *traceMax + ")"}
		o.Trace = limited
	}
	err = family.PlayDocument(doc, o, out)
	if limited != nil && limited.Err != nil {
		if trace != nil {
			trace.Abort() // no half-written trace
		}
		fmt.Fprintf(errOut, "shapan play: %v\n", limited.Err)
		return exitUsage
	}
	if trace != nil {
		if err != nil {
			trace.Abort()
		} else if err := trace.Commit(); err != nil {
			return ioFailure(c.name, errOut, err)
		}
	}
	if code, ok := playersUsage(c, errOut, err); ok {
		return code
	}
	return playOutcome(errOut, pos[0], err)
}

// playersUsage reports err as a usage error of c (exit 2) when it is a
// --players or --skill list the document's seats cannot take.
func playersUsage(c *command, errOut io.Writer, err error) (int, bool) {
	var bad *sim.PlayersError
	if !errors.As(err, &bad) {
		return 0, false
	}
	return usageError(c, errOut, bad.Error()), true
}

// playOutcome reports how a game of file ended: its error, located with
// the codes of check when the engine refused the document, or nothing.
func playOutcome(errOut io.Writer, file string, err error) int {
	var problems diag.List
	switch {
	case errors.As(err, &problems):
		return report(errOut, file, problems) // located, with the codes of check
	case err != nil:
		fmt.Fprintf(errOut, "shapan play: %s: %v\n", file, err)
		return exitInvalid
	}
	return exitOK
}

// stdin is where a person playing a seat types (a variable, so that
// tests can type).
var stdin io.Reader = os.Stdin

// kindTitles names the document kinds for which has holds, for help
// texts ("mbg scenario (mbg/scenario), ...").
func kindTitles(has func(kind string) bool) string {
	var out []string
	for _, k := range family.Kinds() {
		if has(k) {
			_, kind := family.Of(k)
			out = append(out, kind.Title+" ("+k+")")
		}
	}
	return strings.Join(out, ", ")
}
