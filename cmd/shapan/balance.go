package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
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
			"       [--jobs J] [--turns N] [--players A,B] [--rules FILE] [--max-games N] [--proposals K] [--json] [-o FILE]\n" +
			"       [--shard K/N --shard-dir DIR]",
		summary: "Searches small, legal edits of a scenario that bring every side's win rate to the target (default fair:\n" +
			"every side that takes part wins as often, within ±--tolerance points, default 3, more than 0 and less than 50)\n" +
			"and prints a headline first — fair, confirmed / fair / fair already / no fair proposal within the budget and the\n" +
			"best found — then the baseline, the knobs with their measured effects and the best proposals: their edits (with\n" +
			"how far each knob moved, in percent), every side's win rate with its 95% Wilson interval, and the unified diff of\n" +
			"the YAML document. The search measures which way every knob moves every side (a probe on the baseline's games,\n" +
			"the same seeds for every candidate), plans the smallest edit a fitted model predicts fair — the fewest knobs, the\n" +
			"smallest moves, values on each knob's natural step (money by 100s, hp by 5s, a planet's res and def by 0.05), no\n" +
			"move below a knob's noise threshold — tries it, and confirms it on fresh games of its own seed (--max-games, by\n" +
			"default enough for the tolerance: 2528 for two sides at ±3). The games of a confirmation are reserved: the budget\n" +
			"(--budget; by default what fits in 10 minutes of CPU at its games' cost, measured on the baseline and as the search\n" +
			"goes, at most four times the family's — 30000 games for planets, 20000 for mbg, 10000 for ftbt and battle — as\n" +
			"the report says) never ends one. Every candidate passes\n" +
			"'shapan check' with no warning the document has not. The same --seed gives the same proposals whatever --jobs is\n" +
			"(give --budget for a search whose games do not depend on the machine's speed).\n" +
			"docs/balance.md explains it.\n" +
			"--knobs selects knobs by name, comma-separated patterns such as money/*,scope/襄阳 ('all': every knob; an\n" +
			"unknown name lists them). The knobs: mbg money/ROLE, scope/CITY, abilities/OFFICER (the five scaled together;\n" +
			"only when named); ftbt side/0, side/1 (a side's people's hp, abi and def scaled together: the default set), hp/,\n" +
			"abi/, def/, speed/PERSON; planets def/, res/, max/PLANET (by\n" +
			"default the start planets'); battle level/X:Y of the city at (X, Y), 1 to 3, or 0: no city there. Only when\n" +
			"named (never by default): ftbt x/, y/PERSON, the start cell; planets start/K, player slot K's start planet,\n" +
			"moved to a planet one route away.\n" +
			"--target SIDE=RATE,... asks rates of named sides (0.4 or 40%; the others share the rest). --json prints the\n" +
			"result as JSON, with an outcome code (fair_confirmed, fair, fair_already, none_within_budget, no_knob_moves_it,\n" +
			"stopped) and the tolerance in points. -o FILE writes the fair proposal's document (YAML) to FILE. --shard K/N --shard-dir DIR makes this process one of N that run the same\n" +
			"search at once (same FILE, options and seed; DIR a folder all of them share): each plays its K-th slice of every\n" +
			"batch of games and reads the others' there, and every shard prints the proposals one process would have found.\n" +
			"Exit status 0 when a fair document is found (or the document is fair already), 1 when the document has errors or\n" +
			"no proposal is fair within the budget, 2 for usage and I/O problems (a --tolerance outside (0, 50), a --target\n" +
			"naming no side) or an interrupt.\n" +
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
	shardDir, output                         string
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
	f.declare(fs)
	output := outputFlag(fs, "o", "write the fair proposal's document to this YAML file (-: standard output, the report then goes to standard error; nothing is written when none is fair)")
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
	if f.output = *output; f.output != "" {
		if err := checkOutput(f.output, doc.Inputs()); err != nil {
			return ioFailure("balance", errOut, err)
		}
	}
	if !balance.Balanceable(doc.Kind) {
		fmt.Fprintf(errOut, "shapan balance: %s: a %s document cannot be balanced (%s can)\n", file, doc.Kind, kindTitles(balance.Balanceable))
		return exitInvalid
	}
	if f.restrict {
		return balanceRestrict(doc, file, opts, f, out, errOut)
	}
	if err := balance.Validate(doc, opts); err != nil {
		return usageError(c, errOut, err.Error())
	}
	// The games are set up as sim sets them up: what it refuses (players
	// that cannot be chosen, a document the engine refuses) is said here.
	if _, err := family.Simulate(doc, opts.Sim); err != nil {
		if code, ok := playersUsage(c, errOut, err); ok {
			return code
		}
		var problems diag.List
		if errors.As(err, &problems) {
			return report(errOut, file, problems)
		}
		fmt.Fprintf(errOut, "shapan balance: %s: %s\n", file, err)
		return exitInvalid
	}
	opts.Scenario = filepath.Base(file)
	f.readOpts = readOpts
	if opts.Budget == 0 {
		// the family's budget, set to what fits in ten minutes of CPU
		// at the cost of its games (up to four times the family's)
		opts.Budget = balance.BudgetFor(doc.Kind)
		if opts.Shard.Count <= 1 {
			opts.CPU = balance.DefaultCPU
		}
	}
	return balanceRun(doc, file, opts, f, out, errOut)
}

// declare declares the balance flags on fs, read into f.
func (f *balanceFlags) declare(fs *flag.FlagSet) {
	fs.StringVar(&f.target, "target", "fair", "fair, or SIDE=RATE,... (rates 0–1 or percentages)")
	fs.Float64Var(&f.tolerance, "tolerance", 3, "how far a side's win rate may be from its target, in percentage points (more than 0, less than 50)")
	fs.IntVar(&f.budget, "budget", 0, "the most games played in all (0: what fits in 10 minutes of CPU, up to 4 times 30000 for planets, 20000 for mbg, 10000 for ftbt and battle)")
	fs.IntVar(&f.maxGames, "max-games", 0, "fresh games a proposal's confirmation plays at most (0: enough for the tolerance)")
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
}

// options turns the flags into search options, or says what is wrong.
func (f *balanceFlags) options() (balance.Options, string) {
	target, err := balance.ParseTarget(f.target)
	switch {
	case err != nil:
		return balance.Options{}, err.Error()
	case !(f.tolerance > 0 && f.tolerance < 50):
		return balance.Options{}, fmt.Sprintf("--tolerance must be more than 0 and less than 50 points, not %g", f.tolerance)
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

// writeProposal writes doc with the proposal's edits to path as YAML
// (an ftbt level's rules named relative to it; "-": standard output).
func writeProposal(doc *formats.Document, p balance.Proposal, path string, stdout io.Writer) error {
	out, err := formats.ReadBytes(doc.Path, p.YAML, formats.Options{From: formats.YAML, RulesPath: doc.RulesFile, Rules: doc.Rules})
	if err != nil {
		return fmt.Errorf("reading the proposal back: %w", err)
	}
	out.Path, out.Rules, out.RulesFile = doc.Path, doc.Rules, doc.RulesFile
	if path == formats.Stdin {
		files, err := formats.Render(path, out, formats.YAML)
		if err != nil {
			return err
		}
		return writeOutput(path, files[path], nil, stdout)
	}
	if _, err := formats.Write(path, out, formats.YAML); err != nil {
		return fmt.Errorf("writing the proposal: %w", err)
	}
	return nil
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
	var usage *balance.UsageError
	switch {
	case errors.As(err, &problems):
		return report(errOut, file, problems)
	case errors.As(err, &usage):
		return usageError(commands["balance"], errOut, usage.Error())
	case r == nil || (err != nil && ctx.Err() == nil):
		fmt.Fprintf(errOut, "shapan balance: %s: %v\n", file, err)
		return exitInvalid
	}
	text := out
	if f.output == formats.Stdin {
		text = errOut // the proposal's YAML goes to standard output
	}
	if f.asJSON && f.skill != "" && err == nil {
		// printed with the ladders, as one object
	} else if f.asJSON {
		b, jerr := json.MarshalIndent(r, "", "  ")
		if jerr != nil {
			fmt.Fprintf(errOut, "shapan balance: %v\n", jerr)
			return exitUsage
		}
		text.Write(append(b, '\n'))
	} else if werr := r.WriteText(text); werr != nil {
		fmt.Fprintf(errOut, "shapan balance: %v\n", werr)
		return exitUsage
	}
	if f.skill != "" && err == nil {
		if lerr := balanceLadders(ctx, file, f.readOpts, r, f, text, errOut); lerr != nil {
			fmt.Fprintf(errOut, "shapan balance: the skill ladder: %v\n", lerr)
			return exitInvalid
		}
	}
	fair := r.Outcome == balance.OutcomeFairConfirmed || r.Outcome == balance.OutcomeFair
	switch {
	case err != nil:
		fmt.Fprintf(errOut, "shapan balance: interrupted after %d games\n", r.Spent)
		return exitUsage
	case fair && f.output != "":
		if err := writeProposal(doc, r.Proposals[0], f.output, out); err != nil {
			return ioFailure("balance", errOut, err)
		}
		return exitOK
	case fair || r.Outcome == balance.OutcomeFairAlready:
		return exitOK
	}
	fmt.Fprintf(errOut, "shapan balance: %s\n", r.Headline)
	return exitInvalid
}
