// Package mbg registers the mbg family (the Monopoly-style siege game):
// its scenario and save documents, the computer games of `shapan play`
// and the server, the simulations of `shapan sim` and its golden traces.
package mbg

import (
	_ "embed"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/engine"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/engine/restrict"
	"github.com/shapan/shapan/engine/sim"
	mbgsim "github.com/shapan/shapan/engine/sim/mbg"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/textwidth"
)

// web is the family's module of the server's browser page.
//
//go:embed web.js
var web []byte

func init() {
	family.Register(family.Family{
		Web:   web,
		Name:  mbgeng.Family,
		Title: "a Monopoly-style siege game on a looping board",
		Kinds: []family.Kind{
			{Kind: mbgfmt.KindScenario, Title: "mbg scenario", Legacy: mbgfmt.FormatMap, Check: true, Preview: true, Play: true, Sim: true,
				Template: &family.Template{Title: "mbg scenario", YAML: func() ([]byte, error) { return []byte(template), nil }}},
			{Kind: mbgfmt.KindSave, Title: "mbg save", Legacy: mbgfmt.FormatSave, Check: true, Preview: true, Play: true,
				NoSim: "a save cannot be simulated: simulate the scenario it was played from"},
		},
		Play: &family.Play{Help: playHelp, Run: run, Start: start, Resume: resume, Players: mbgeng.Roster(0).Names(), Decisions: mbgeng.Kinds},
		Sim: &family.Sim{Help: simHelp, DefaultTurnCap: mbgsim.DefaultTurnCap, Players: mbgeng.Roster(0).Names(),
			New: func(doc *formats.Document, o family.SimOptions) (sim.Family, error) {
				sc, ok := doc.Value.(*mbgfmt.Scenario)
				if !ok {
					return nil, fmt.Errorf("not an mbg scenario")
				}
				players, err := sim.ParsePlayers(o.Players, mbgeng.Roster(0).Valid)
				if err != nil {
					return nil, err
				}
				return mbgsim.New(sc, mbgsim.Options{TurnCap: o.TurnCap, Players: players, Restrict: o.Restrict})
			},
			Restrictions: func(doc *formats.Document) ([]restrict.Restriction, error) {
				sc, ok := doc.Value.(*mbgfmt.Scenario)
				if !ok {
					return nil, fmt.Errorf("not an mbg scenario")
				}
				return mbgeng.Restrictions(sc), nil
			}},
		Golden: golden,
	})
}

const playHelp = "An mbg scenario (YAML or .map) or save (.sav or YAML) is played by the AI on every role. --seed seeds the\n" +
	"game (default 1); --turns is the turn limit, the last turn played (default 100; after it the richest role wins).\n" +
	"--trace writes the game in the golden-trace format as JSON Lines: first a header object {game, case, scenario,\n" +
	"seed, rng, max_turn, first_role, fill_cards, players, initial}, then one line per decision {q, role, ev, args, a}\n" +
	"and per event {e, ...} in the order they happened, then a final line {result, n_events, n_decisions, final}; the\n" +
	"header's scenario is the absolute path of FILE, so 'shapan replay OUT.jsonl' replays the trace. --players\n" +
	"A,B,... names the player of each role: ai, random or search (search:PLAYOUTS, search:CPU such as search:100ms),\n" +
	"or search-decisive, search-screened and search-wide (:PLAYOUTS or :CPU), which search only the decisive questions\n" +
	"(docs/ai.md)."

const simHelp = "An mbg scenario: the sides are the roles; --turns is the last turn played (default 100), after which the\n" +
	"richest role wins. Facts: when each role goes bankrupt, who owns each city at the end, and where battles are\n" +
	"fought and cities taken. --players A,B,... plays other players (ai, random, search[:PLAYOUTS|:CPU], or\n" +
	"search-decisive, search-screened and search-wide, which search only the decisive questions: docs/ai.md), the\n" +
	"roles turned game by game, and counts each player's wins."

// maxDecisions stops a computer game that would never end.
const maxDecisions = 10_000_000

// setup is the start of a game of doc: a scenario, or a save continued.
func setup(doc *formats.Document, seed int64, turns int) (mbgeng.Setup, []string, error) {
	s := mbgeng.Setup{Seed: seed, MaxTurn: turns}
	var names []string
	switch v := doc.Value.(type) {
	case *mbgfmt.Scenario:
		s.Scenario = v
		names = v.RoleNames()
	case *mbgfmt.Save:
		s.Save = v
		for _, r := range v.Roles {
			names = append(names, r.Name)
		}
	default:
		return s, nil, fmt.Errorf("not an mbg scenario or save")
	}
	return s, names, nil
}

// run plays an mbg scenario or save with the AI on every role.
func run(doc *formats.Document, o family.PlayOptions, out io.Writer) error {
	s, names, err := setup(doc, o.Seed, o.Turns)
	if err != nil {
		return err
	}
	players, who := engine.Seats[*mbgeng.Game](mbgeng.NewAI(o.Seed), len(names)), "ai"
	if o.Players != "" {
		r := mbgeng.Roster(len(names))
		seats, err := family.PlayerSeats(o.Players, len(names), r.Valid)
		if err != nil {
			return err
		}
		for i, name := range seats {
			if players[i], err = r.New(name, i, o.Seed*int64(len(seats))+int64(i)); err != nil {
				return err
			}
		}
		who = strings.Join(seats, ",")
	}
	var outcome mbgeng.Outcome
	if o.Trace != nil {
		scenario, aerr := filepath.Abs(o.File)
		if aerr != nil {
			return aerr
		}
		header := mbgeng.TraceHeader{Case: filepath.Base(o.File), Scenario: filepath.ToSlash(scenario), Players: who}
		outcome, err = mbgeng.PlayTraced(s, players, header, o.Trace, maxDecisions)
	} else {
		outcome, err = mbgeng.PlayGame(s, players, maxDecisions)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "mbg: %s, seed %d, turn limit %d\n", o.File, o.Seed, o.Turns)
	switch outcome.Result {
	case mbgeng.ResultDraw:
		fmt.Fprintf(out, "draw: every role was eliminated (turn %d)\n", outcome.Turns)
	case mbgeng.ResultQuit:
		fmt.Fprintf(out, "the game was abandoned (turn %d)\n", outcome.Turns)
	default:
		fmt.Fprintf(out, "winner: role %d (%s) at turn %d\n", outcome.Result, names[outcome.Result], outcome.Turns)
	}
	for r, m := range outcome.Moneys {
		fmt.Fprintf(out, "  %d %s %12.2f\n", r, textwidth.PadRight(names[r], 12), m)
	}
	return nil
}

// start begins a game of a scenario or save (turn limit 100 by default).
func start(doc *formats.Document, o family.GameOptions) (*family.Game, error) {
	turns := o.TurnCap
	if turns == 0 {
		turns = mbgsim.DefaultTurnCap
	}
	s, _, err := setup(doc, o.Seed, turns)
	if err != nil {
		return nil, err
	}
	g, err := mbgeng.New(s, mbgeng.Options{Machine: o.Machine, SaveFile: o.SaveFile})
	if err != nil {
		return nil, err
	}
	return game(g, o.Seed), nil
}

// resume rebuilds a game from its snapshot.
func resume(snap *engine.Snapshot, o family.GameOptions) (*family.Game, error) {
	g, err := mbgeng.Resume(snap, mbgeng.Options{Machine: o.Machine, SaveFile: o.SaveFile})
	if err != nil {
		return nil, err
	}
	return game(g, o.Seed), nil
}

// game is g for any player; the computer seats share one AI seeded with
// seed, as `shapan play` and `shapan sim` play.
func game(g *mbgeng.Game, seed int64) *family.Game {
	seats := make([]string, g.NumRoles())
	for r := range seats {
		seats[r] = g.RoleName(r)
	}
	ai := mbgeng.NewAI(seed)
	board := newViewer(g)
	fg := &family.Game{Machine: g.Machine, Seats: seats, Save: g.Snapshot,
		Computer: func(int) func(d *engine.Decision) engine.Answer {
			return func(d *engine.Decision) engine.Answer { return ai.Answer(g, d) }
		},
		View:     func() any { return board.view() },
		Describe: g.Names().Describe}
	return family.WithRoster(fg, mbgeng.Roster(g.NumRoles()), g, seed)
}

// golden are mbg's golden and trace formats.
var golden = []family.Golden{
	{
		Name:   "mbg game case",
		Detect: func(h family.Head) bool { return h.Str("game") == "mbg" && h["kind"] == nil && h["events"] != nil },
		Replay: func(path, root string, out io.Writer) error {
			s, err := mbgeng.ReplayCaseFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: case %s (%d events, %d decisions, result %d)\n", path, s.Case, s.Events, s.Decisions, s.Result)
			}
			return err
		},
	},
	{
		Name: "mbg play trace (JSON Lines of shapan play --trace)",
		Detect: func(h family.Head) bool {
			return h.Str("game") == "mbg" && h["kind"] == nil && h["events"] == nil && h["initial"] != nil
		},
		Replay: func(path, root string, out io.Writer) error {
			s, err := mbgeng.ReplayTraceFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: trace %s (%d events, %d decisions, result %d)\n", path, s.Case, s.Events, s.Decisions, s.Result)
			}
			return err
		},
	},
	{
		Name:   "mbg battle suite",
		Detect: func(h family.Head) bool { return h.Str("game") == "mbg" && h.Str("kind") == "battle_suite" },
		Replay: func(path, _ string, out io.Writer) error {
			s, err := mbgeng.ReplayBattleSuiteFile(path)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: suite %s (%d battles, %d events)\n", path, s.Case, s.Battles, s.Events)
			}
			return err
		},
	},
}
