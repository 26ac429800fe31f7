package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/shapan/shapan/formats/diag"
	"image/png"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/shapan/shapan/engine/search"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/cputime"
	"github.com/shapan/shapan/internal/progress"
	"github.com/shapan/shapan/preview/charts"
)

func init() {
	register(&command{
		name: "sim",
		usage: "shapan sim FILE [--rules FILE] --games N [--seed N] [--jobs J] [--turns N] [--players A,B] [--json] [--chart OUT.png] [--shard K/N [--out PART]]\n" +
			"       shapan sim merge PARTS... [--json] [--chart OUT.png]",
		summary: "Plays N games (default 100) of a scenario computer against computer, J at once, and prints a balance\n" +
			"report: every side's win rate with its 95% Wilson interval, draws, games stopped at the turn cap, failed\n" +
			"games, the length of the games, and facts particular to the family. The same --seed gives the same report\n" +
			"whatever --jobs is (default: one job per CPU); game i is played with a seed derived from --seed and i (failed\n" +
			"games list theirs, for 'shapan play --seed S --turns CAP'). --json prints the report as JSON; --chart writes\n" +
			"charts of it to a PNG image (win rates, game lengths, and a heat map of the fights). A progress bar with the\n" +
			"time left is drawn on standard error when it is a terminal (--quiet: none, and no summary line). Exit status 1 also when a game failed; an interrupted run prints the\n" +
			"report of the games played and exits with 2. FILE is a document of a kind that can be simulated: " + kindTitles(family.Simulable) + ".\n" +
			"--shard K/N plays only the K-th of N slices of the games (0 ≤ K < N, each game with the seed it has in the\n" +
			"whole simulation) and writes them, with the scenario's files, as a part (JSON) to --out or standard output;\n" +
			"'shapan sim merge PARTS...' prints from all N parts exactly the report one 'shapan sim' would have printed.\n" +
			"Run the shards anywhere: a Kubernetes Indexed Job (--shard $JOB_COMPLETION_INDEX/N), GNU parallel, a Slurm array.\n" +
			family.Help(func(f *family.Family) string {
				if f.Sim == nil {
					return ""
				}
				return f.Sim.Help
			}),
		run: runSim,
	})
}

func runSim(args []string, out, errOut io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return runSimMerge(args[1:], out, errOut)
	}
	c := commands["sim"]
	out, errOut = textOut(out), textOut(errOut)
	fs := newFlagSet(c, errOut)
	games := fs.Int("games", 100, "number of games")
	seed := fs.Int64("seed", 1, "base seed of the games")
	jobs := fs.Int("jobs", 0, "games played at once (0: one per CPU)")
	turns := fs.Int("turns", 0, "turn cap: the last turn (round) played (default: "+defaultCaps()+")")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	chart := outputFlag(fs, "chart", "write charts of the report to this PNG file (-: standard output, the report then goes to standard error)")
	rules := fs.String("rules", "", "ftbt rules file for a level")
	players := fs.String("players", "", "the computer player of each seat, comma-separated (the seats turn game by game when they differ): the family's own (battle: tactician, greedy; ftbt, mbg, planets: ai), random, or search, search:PLAYOUTS, search:CPU (search:100ms)")
	shard := fs.String("shard", "", "play only slice K/N of the games (0 ≤ K < N) and write them as a part for 'shapan sim merge'")
	partOut := outputFlag(fs, "out", "with --shard: the file the part is written to (default and -: standard output)")
	quiet := fs.Bool("quiet", false, "no progress bar and no summary line on standard error")
	skill := fs.String("skill", "", "a skill ladder: the same games at every level, every seat played alike: random, greedy, best, search (or search:N, or a player's name), comma-separated")
	input := addInputFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	readOpts, err := input.options(formats.Options{RulesPath: *rules})
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	switch {
	case len(pos) != 1:
		return usageError(c, errOut, "name one scenario FILE")
	case *partOut != "" && *shard == "":
		return usageError(c, errOut, "--out names the file of a part: give --shard K/N too")
	case *shard != "" && (*asJSON || *chart != ""):
		return usageError(c, errOut, "a shard writes a part, not a report: leave --json and --chart to 'shapan sim merge'")
	}
	var sh sim.Shard
	if *shard != "" {
		if sh, err = sim.ParseShard(*shard); err != nil {
			return usageError(c, errOut, "--shard: "+err.Error())
		}
		if sh.Count > *games {
			return usageError(c, errOut, fmt.Sprintf("--shard %s: more slices than games (%d): a slice would play no game; give N at most --games", *shard, *games))
		}
	}
	file := pos[0]
	doc, err := formats.Read(file, readOpts)
	if err != nil {
		return report(errOut, file, err)
	}
	for _, o := range []string{*chart, *partOut} {
		if err := checkOutput(o, doc.Inputs()); o != "" && err != nil {
			return ioFailure(c.name, errOut, err)
		}
	}
	if *skill != "" {
		return runLadder(doc, ladderOptions{skill: *skill, players: *players, shard: *shard, chart: *chart, turns: *turns, json: *asJSON, quiet: *quiet,
			o: sim.Options{Games: *games, Seed: *seed, Jobs: *jobs}}, out, errOut)
	}
	adapter, err := family.Simulate(doc, family.SimOptions{TurnCap: *turns, Players: *players})
	if code, ok := playersUsage(c, errOut, err); ok {
		return code
	}
	var problems diag.List
	if errors.As(err, &problems) {
		return report(errOut, file, problems) // located, with the codes of check
	}
	if err != nil {
		fmt.Fprintf(errOut, "shapan sim: %s: %v\n", file, err)
		return exitInvalid
	}

	return simRun{file: file, doc: doc, adapter: adapter,
		opts: sim.Options{Games: *games, Seed: *seed, Jobs: *jobs},
		json: *asJSON, quiet: *quiet, chart: *chart, partOut: *partOut, shard: *shard, sh: sh,
		setup: simSetup{file: file, rules: *rules, from: input.from, encoding: input.encoding, turns: *turns, players: *players},
	}.play(out, errOut)
}

// simRun is a simulation the command line asked for, its flags read.
type simRun struct {
	file    string
	doc     *formats.Document
	adapter sim.Family
	opts    sim.Options // games, seed and jobs
	json    bool
	quiet   bool
	chart   string
	partOut string
	shard   string // the --shard flag as given ("" for none)
	sh      sim.Shard
	setup   simSetup
}

// play plays the games (or the slice of a shard), stopping early on
// SIGINT or SIGTERM with the partial report, and prints the report.
func (s simRun) play(out, errOut io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var timing sim.Timing
	opts := s.opts
	opts.Timing = &timing
	bar := progress.New(rawWriter(errOut), progress.Options{Total: int64(opts.Games), Unit: "games", Quiet: s.quiet})
	if bar != nil {
		opts.Progress = bar.Games
	}
	// Games allocate fast and keep little: collecting at 5× the live heap
	// (tens of MB) instead of 2× saves a planets simulation a quarter of
	// its CPU time.
	defer collectLess()()
	start, cpu := time.Now(), time.Duration(cputime.Process())
	if s.shard != "" {
		code := runShard(ctx, s.adapter, s.doc, s.setup, opts, s.sh, s.partOut, out, errOut)
		bar.Done()
		return code
	}
	r, runErr := sim.Run(ctx, s.adapter, opts)
	bar.Done()
	if r == nil {
		fmt.Fprintf(errOut, "shapan sim: %v\n", runErr)
		return exitInvalid
	}
	elapsed := time.Since(start)
	r.Scenario = filepath.Base(s.file)
	played := r.Games + r.Failed
	cost := fmt.Sprintf("shapan sim: %d games in %.1f s (%.1f games/s)%s\n", played, elapsed.Seconds(), float64(played)/max(elapsed.Seconds(), 1e-9), costs(timing, played, time.Duration(cputime.Process())-cpu))
	if code := printReport(r, s.json, s.chart, s.doc.Inputs(), cost, s.quiet, out, errOut); code != exitOK {
		return code
	}
	if runErr != nil {
		fmt.Fprintf(errOut, "shapan sim: interrupted after %d of %d games\n", played, r.Requested)
		return exitUsage
	}
	return failedGames(r, errOut)
}

// printReport prints r as text or JSON, then note on standard error (unless
// quiet), and writes its charts when chart names a file (never one of
// inputs). Charts on standard output (chart "-") send the report to
// standard error.
func printReport(r *sim.Report, asJSON bool, chart string, inputs []string, note string, quiet bool, out, errOut io.Writer) int {
	stdout := out
	if chart == formats.Stdin {
		out = errOut
	}
	if asJSON {
		b, err := r.JSON()
		if err != nil {
			fmt.Fprintf(errOut, "shapan sim: %v\n", err)
			return exitUsage
		}
		out.Write(b)
	} else if err := r.WriteText(out); err != nil {
		fmt.Fprintf(errOut, "shapan sim: %v\n", err)
		return exitUsage
	}
	info(quiet, errOut, "%s", note)
	if chart != "" {
		var buf bytes.Buffer
		if err := png.Encode(&buf, charts.Summary(r, charts.Options{})); err != nil {
			fmt.Fprintf(errOut, "shapan sim: %v\n", err)
			return exitUsage
		}
		if err := writeOutput(chart, buf.Bytes(), inputs, rawWriter(stdout)); err != nil {
			return ioFailure("sim", errOut, err)
		}
		if chart != formats.Stdin {
			info(quiet, errOut, "wrote %s\n", chart)
		}
	}
	return exitOK
}

// failedGames is the exit status of a complete report: invalid when a
// game failed.
func failedGames(r *sim.Report, errOut io.Writer) int {
	if r.Failed > 0 {
		fmt.Fprintf(errOut, "shapan sim: %d of %d games failed\n", r.Failed, r.Requested)
		return exitInvalid
	}
	return exitOK
}

// costs describes what a game cost: the process's CPU time per game
// (where the system tells it), the time a worker spent on it, and how
// busy the workers were (below 100% they waited on the rest of the run).
func costs(t sim.Timing, played int, cpu time.Duration) string {
	if played == 0 {
		return ""
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", d.Seconds()*1000) }
	s := "; per game "
	if cpu > 0 {
		s += ms(cpu/time.Duration(played)) + " of CPU, "
	}
	s += fmt.Sprintf("%s in a worker; %d workers %.0f%% busy", ms(t.PerGame(played)), t.Jobs, 100*t.Utilization())
	if th := search.Spent(); th.Decisions > 0 {
		s += fmt.Sprintf("; search players: %d decisions, %s of CPU a decision (at most %s), %.0f playouts a decision, %.1f%% answered otherwise than the family's player",
			th.Decisions, ms(th.PerDecision()), ms(th.Max), float64(th.Playouts)/float64(th.Decisions), 100*float64(th.Overruled)/float64(th.Decisions))
	}
	return s
}

// defaultCaps names every family's default turn cap ("ftbt 100, mbg 100").
func defaultCaps() string {
	var out []string
	for _, f := range family.All() {
		if f.Sim != nil {
			out = append(out, fmt.Sprintf("%s %d", f.Name, f.Sim.DefaultTurnCap))
		}
	}
	return strings.Join(out, ", ")
}
