package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/shapan/shapan/balance"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/internal/progress"
)

func init() {
	register(&command{
		name: "balance",
		usage: "shapan balance FILE [--target fair|SIDE=RATE,...] [--tolerance P] [--budget GAMES] [--knobs SPEC] [--seed N]\n" +
			"       [--jobs J] [--turns N] [--players A,B] [--rules FILE] [--max-games N] [--proposals K] [--json]\n" +
			"       [--shard K/N --shard-dir DIR]",
		summary: "Searches small, legal edits of a scenario that bring every side's win rate to the target (default fair:\n" +
			"every side that takes part wins as often, within ±--tolerance points, default 3, at 95% confidence) and prints\n" +
			"the baseline, the knobs it turned and the best proposals: their edits, every side's win rate with its 95%\n" +
			"Wilson interval, and the unified diff of the YAML document. Every candidate plays the same games (game i\n" +
			"with the seed 'shapan sim --seed' gives it), in rounds of doubling length: a candidate is dropped as soon as\n" +
			"a side's interval lies outside its target band, and the worse half by distance from the target after each\n" +
			"round; one that plays --max-games games (default 400, at most a quarter of the budget) with every side within\n" +
			"the tolerance, and again on as many fresh games, is fair. From the best candidate the search moves every knob by a step (the way that helps, for a knob that\n" +
			"favours a side) and halves the steps when nothing is fairer, until a fair document is found or --budget games\n" +
			"(default 2000, the baseline's included) are spent. Every candidate passes 'shapan check' with no warning the\n" +
			"document has not. The same --seed gives the same proposals whatever --jobs is. docs/balance.md explains it.\n" +
			"--knobs selects knobs by name, comma-separated patterns such as money/*,scope/襄阳 ('all': every knob; an\n" +
			"unknown name lists them). The knobs: mbg money/ROLE, scope/CITY, abilities/OFFICER (the five scaled together);\n" +
			"ftbt hp/, abi/, def/, speed/PERSON; planets def/, res/, max/PLANET (by default the start planets' only);\n" +
			"battle level/X:Y of the city at (X, Y). Only when named (never by default): ftbt x/, y/PERSON, the start\n" +
			"cell; planets start/K, player slot K's start planet, moved to a planet one route away.\n" +
			"--target SIDE=RATE,... asks rates of named sides (0.4 or 40%; the others share the rest). --json prints the\n" +
			"result as JSON. --shard K/N --shard-dir DIR makes this process one of N that run the same search at once\n" +
			"(same FILE, options and seed; DIR a folder all of them share): each plays its K-th slice of every batch of\n" +
			"games and reads the others' there, and every shard prints the proposals one process would have found.\n" +
			"Exit status 0 when a fair document is found (or the document is fair already), 1 when the\n" +
			"document has errors or no proposal is fair within the budget, 2 for usage and I/O problems or an interrupt.\n" +
			"FILE is a document of a kind that can be simulated: " + kindTitles(balance.Balanceable) + ".",
		run: runBalance,
	})
}

// balanceFlags are balance's settings.
type balanceFlags struct {
	target, knobs, rules, players, shard     string
	skill, restrictKinds                     string
	skillGames, restrictGames                int
	restrict                                 bool
	shardDir                                 string
	tolerance                                float64
	budget, maxGames, proposals, jobs, turns int
	seed                                     int64
	asJSON, quiet                            bool
	readOpts                                 formats.Options
}

func runBalance(args []string, out, errOut io.Writer) int {
	c := commands["balance"]
	out, errOut = textOut(out), textOut(errOut)
	fs := newFlagSet(c, errOut)
	var f balanceFlags
	fs.StringVar(&f.target, "target", "fair", "fair, or SIDE=RATE,... (rates 0–1 or percentages)")
	fs.Float64Var(&f.tolerance, "tolerance", 3, "how far a side's win rate may be from its target, in percentage points")
	fs.IntVar(&f.budget, "budget", balance.DefaultBudget, "the most games played in all")
	fs.IntVar(&f.maxGames, "max-games", 0, "games a candidate plays to be called fair (0: 400, at most a quarter of the budget)")
	fs.IntVar(&f.proposals, "proposals", balance.DefaultProposals, "how many proposals to print")
	fs.StringVar(&f.knobs, "knobs", "", "knobs to turn: comma-separated patterns of knob names (default: the family's set; all: every knob)")
	fs.Int64Var(&f.seed, "seed", 1, "base seed of the games")
	fs.IntVar(&f.jobs, "jobs", 0, "games played at once (0: one per CPU)")
	fs.IntVar(&f.turns, "turns", 0, "turn cap of every game (default: "+defaultCaps()+")")
	fs.StringVar(&f.players, "players", "", "the computer player of each seat, for families that offer a choice")
	fs.StringVar(&f.rules, "rules", "", "ftbt rules file for a level")
	fs.BoolVar(&f.asJSON, "json", false, "print the result as JSON")
	fs.StringVar(&f.shard, "shard", "", "K/N: be the K-th (from 0) of N processes running this search at once")
	fs.StringVar(&f.shardDir, "shard-dir", "", "with --shard: the folder the shards share to exchange their games")
	recordOutput(fs, "shard-dir") // a folder (see folderFlag)
	fs.BoolVar(&f.quiet, "quiet", false, "no progress bar on standard error")
	fs.StringVar(&f.skill, "skill", "", "after the search, the skill ladder of the document and of the best proposal: random, greedy, best, search (or search:N, a player's name), comma-separated")
	fs.IntVar(&f.skillGames, "skill-games", 200, "with --skill: the games of every level")
	fs.BoolVar(&f.restrict, "restrict", false, "restricted play instead of the search: forbid every officer, tech, hero, planet or card to each side in turn and measure what it costs")
	fs.StringVar(&f.restrictKinds, "restrict-kinds", "", "with --restrict: the kinds of element measured, comma-separated (default: all the family's)")
	fs.IntVar(&f.restrictGames, "restrict-games", balance.DefaultRestrictGames, "with --restrict: the games of every measurement")
	input := addInputFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	readOpts, err := input.options(formats.Options{RulesPath: f.rules})
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	opts, msg := f.options()
	switch {
	case msg != "":
		return usageError(c, errOut, msg)
	case len(pos) != 1:
		return usageError(c, errOut, "name one scenario FILE")
	}
	file := pos[0]
	doc, err := formats.Read(file, readOpts)
	if err != nil {
		return report(errOut, file, err)
	}
	if !balance.Balanceable(doc.Kind) {
		fmt.Fprintf(errOut, "shapan balance: %s: a %s document cannot be balanced (%s can)\n", file, doc.Kind, kindTitles(balance.Balanceable))
		return exitInvalid
	}
	if f.restrict {
		return balanceRestrict(doc, file, opts, f, out, errOut)
	}
	if _, err := balance.Knobs(doc, opts.Knobs); err != nil {
		return usageError(c, errOut, err.Error())
	}
	// The games are set up as sim sets them up: what it refuses (players
	// that cannot be chosen, a document the engine refuses) is said here.
	if _, err := family.Simulate(doc, opts.Sim); err != nil {
		var problems diag.List
		if errors.As(err, &problems) {
			return report(errOut, file, problems)
		}
		fmt.Fprintf(errOut, "shapan balance: %s: %s\n", file, err)
		return exitInvalid
	}
	opts.Scenario = filepath.Base(file)
	f.readOpts = readOpts
	return balanceRun(doc, file, opts, f, out, errOut)
}

// options turns the flags into search options, or says what is wrong.
func (f *balanceFlags) options() (balance.Options, string) {
	target, err := balance.ParseTarget(f.target)
	switch {
	case err != nil:
		return balance.Options{}, err.Error()
	case f.tolerance <= 0 || f.tolerance >= 100:
		return balance.Options{}, "--tolerance must be more than 0 and less than 100 points"
	case f.skillGames < 1:
		return balance.Options{}, "--skill-games must be at least 1"
	case f.restrictGames < 1:
		return balance.Options{}, "--restrict-games must be at least 1"
	case f.restrict && f.skill != "":
		return balance.Options{}, "--restrict measures restricted play, --skill a ladder after the search: give one"
	}
	opts := balance.Options{Target: target, Tolerance: f.tolerance / 100, Budget: f.budget, MaxGames: f.maxGames,
		Proposals: f.proposals, Knobs: f.knobs, Seed: f.seed, Jobs: f.jobs, ShardDir: f.shardDir,
		Sim: family.SimOptions{TurnCap: f.turns, Players: f.players}}
	switch {
	case f.shard == "" && f.shardDir != "":
		return balance.Options{}, "--shard-dir goes with --shard K/N"
	case f.shard == "":
		return opts, ""
	case f.shardDir == "":
		return balance.Options{}, "--shard K/N needs --shard-dir DIR, a folder every shard can read and write"
	}
	if err := checkFolder("shard-dir", f.shardDir); err != nil {
		return balance.Options{}, err.Error()
	}
	if opts.Shard, err = sim.ParseShard(f.shard); err != nil {
		return balance.Options{}, "--shard: " + err.Error()
	}
	if err := os.MkdirAll(f.shardDir, 0o755); err != nil {
		return balance.Options{}, "--shard-dir: " + err.Error()
	}
	return opts, ""
}

// balanceRun searches and prints the result.
func balanceRun(doc *formats.Document, file string, opts balance.Options, f balanceFlags, out, errOut io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bar := progress.New(rawWriter(errOut), progress.Options{Total: int64(opts.Budget), Unit: "games", Quiet: f.quiet})
	if bar != nil {
		opts.Progress = bar.Games
	}
	r, err := balance.Run(ctx, doc, opts)
	bar.Done()
	var problems diag.List
	switch {
	case errors.As(err, &problems):
		return report(errOut, file, problems)
	case r == nil || (err != nil && ctx.Err() == nil):
		fmt.Fprintf(errOut, "shapan balance: %s: %v\n", file, err)
		return exitInvalid
	}
	if f.asJSON && f.skill != "" && err == nil {
		// printed with the ladders, as one object
	} else if f.asJSON {
		b, jerr := json.MarshalIndent(r, "", "  ")
		if jerr != nil {
			fmt.Fprintf(errOut, "shapan balance: %v\n", jerr)
			return exitUsage
		}
		out.Write(append(b, '\n'))
	} else if werr := r.WriteText(out); werr != nil {
		fmt.Fprintf(errOut, "shapan balance: %v\n", werr)
		return exitUsage
	}
	if f.skill != "" && err == nil {
		if lerr := balanceLadders(ctx, file, f.readOpts, r, f, out, errOut); lerr != nil {
			fmt.Fprintf(errOut, "shapan balance: the skill ladder: %v\n", lerr)
			return exitInvalid
		}
	}
	switch {
	case err != nil:
		fmt.Fprintf(errOut, "shapan balance: interrupted after %d games\n", r.Spent)
		return exitUsage
	case r.Baseline.Fair || len(r.Proposals) > 0 && r.Proposals[0].Fair:
		return exitOK
	}
	fmt.Fprintf(errOut, "shapan balance: no fair proposal within %d games\n", r.Budget)
	return exitInvalid
}
