// Package ftbt registers the ftbt family (tactics on a terrain grid): its
// rules and level documents, the computer games of `shapan play` and the
// server, the simulations of `shapan sim` and its golden traces.
package ftbt

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/shapan/shapan/engine"
	ftbteng "github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/engine/restrict"
	"github.com/shapan/shapan/engine/sim"
	ftbtsim "github.com/shapan/shapan/engine/sim/ftbt"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/textwidth"
	"github.com/shapan/shapan/samples"
)

// web is the family's module of the server's browser page.
//
//go:embed web.js
var web []byte

func init() {
	family.Register(family.Family{
		Web:   web,
		Name:  ftbteng.Family,
		Title: "tactics (war chess) on a terrain grid",
		Kinds: []family.Kind{
			{Kind: ftbtfmt.KindRules, Title: "ftbt rules", Legacy: ftbtfmt.FormatRules, Check: true, Preview: true,
				NoSim:    "ftbt rules cannot be simulated on their own: simulate a level played with them",
				Template: &family.Template{Title: "ftbt rules (from the 兵法 sample)", YAML: newRulesYAML}},
			{Kind: ftbtfmt.KindLevel, Title: "ftbt level", Legacy: ftbtfmt.FormatLevel, Check: true, Preview: true, Play: true, Sim: true,
				Template: &family.Template{Title: "ftbt level (30×20)", YAML: NewLevelYAML, FS: samples.FS(), Path: "ftbt/new.yaml"}},
		},
		Play: &family.Play{Help: playHelp, Run: run, Start: start, Resume: resume, Players: ftbteng.Roster(ftbteng.Setup{}).Names(), Decisions: ftbteng.Kinds},
		Sim: &family.Sim{Help: simHelp, DefaultTurnCap: ftbtsim.DefaultTurnCap, New: newSim, Players: ftbteng.Roster(ftbteng.Setup{}).Names(),
			Restrictions: func(doc *formats.Document) ([]restrict.Restriction, error) {
				s, err := setup(doc)
				if err != nil {
					return nil, err
				}
				return ftbteng.Restrictions(s), nil
			}},
		Golden: golden,
	})
}

const playHelp = "An ftbt level (.map with --rules FILE.tech, or ftbt/level YAML) is played by the AI on both sides (side 1 with\n" +
	"the level's AI settings, side 0 with goal nearest enemy and factors 30/30/40); --turns is the turn cap (when round\n" +
	"N+1 would start, side 0 quits: no winner); --trace writes the golden game format as JSON Lines (header, AI\n" +
	"decisions and events in order, then {result, turns_played, guards, final}). --players A,B names the player\n" +
	"of each side: ai, random or search (search:PLAYOUTS, search:CPU such as search:100ms); no --trace then."

const simHelp = "An ftbt level (YAML naming its rules, or .map with --rules FILE.tech): the original's AI plays both sides as\n" +
	"in 'shapan play'; --turns is the last round played (default 100), after which the side that kept the larger\n" +
	"share of its starting hp wins (equal shares: a draw). Facts: every side's mean survivors and hp left, wins by\n" +
	"rout and at the cap; every person's survival rate, damage dealt to enemies (mean and total) and kills; and\n" +
	"every cell's attacks, hits, damage and people removed (the heat map drawn over the level). --players A,B\n" +
	"plays other players (ai, random, search[:PLAYOUTS|:CPU]), the sides swapped every other game, and counts\n" +
	"each player's wins."

// maxDecisions stops a computer game that would never end.
const maxDecisions = 10_000_000

// setup returns the setup of an ftbt level document, telling the user how
// to name the rules when the level has none.
func setup(doc *formats.Document) (ftbteng.Setup, error) {
	s, err := ftbteng.DocumentSetup(doc)
	if errors.Is(err, ftbteng.ErrNoRules) {
		return s, fmt.Errorf("%w: name them with --rules FILE.tech", err)
	}
	return s, err
}

func newSim(doc *formats.Document, o family.SimOptions) (sim.Family, error) {
	s, err := setup(doc)
	if err != nil {
		return nil, err
	}
	players, err := sim.ParsePlayers(o.Players, ftbteng.Roster(s).Valid)
	if err != nil {
		return nil, err
	}
	return ftbtsim.New(s.Level, s.Rules, ftbtsim.Options{TurnCap: o.TurnCap, Players: players, Restrict: o.Restrict})
}

// run plays an ftbt level computer against computer: the AI on both
// sides, side 1 with the level's AI settings and side 0 with the defaults
// of the golden games (spec §7.1). --turns is the turn cap: when round
// turns+1 would start, side 0 quits and the game ends without a winner.
func run(doc *formats.Document, o family.PlayOptions, out io.Writer) error {
	s, err := setup(doc)
	if err != nil {
		return err
	}
	s.Seed, s.TurnCap = o.Seed, o.Turns
	var outcome ftbteng.Outcome
	if o.Players != "" {
		if o.Trace != nil {
			return fmt.Errorf("--trace writes the golden form of the AI's games: leave --players out")
		}
		r := ftbteng.Roster(s)
		names, err := family.PlayerSeats(o.Players, 2, r.Valid)
		if err != nil {
			return err
		}
		var players [2]ftbteng.Player
		for side, name := range names {
			if players[side], err = r.New(name, side, o.Seed*2+int64(side)); err != nil {
				return err
			}
		}
		if outcome, err = ftbteng.PlayGame(s, players, maxDecisions); err != nil {
			return err
		}
		printOutcome(out, o, s.Level, outcome)
		return nil
	}
	if o.Trace != nil {
		level, rulesFile, aerr := absPaths(o.File, doc.RulesFile)
		if aerr != nil {
			return aerr
		}
		header := ftbteng.TraceHeader{Case: filepath.Base(o.File), Rules: rulesFile, Level: level}
		outcome, err = ftbteng.PlayTraced(s, header, o.Trace, maxDecisions)
	} else {
		outcome, err = ftbteng.PlayAIGame(s, maxDecisions)
	}
	if err != nil {
		return err
	}
	printOutcome(out, o, s.Level, outcome)
	return nil
}

// printOutcome prints the winner and the people left.
func printOutcome(out io.Writer, o family.PlayOptions, l *ftbtfmt.Level, outcome ftbteng.Outcome) {
	fmt.Fprintf(out, "ftbt: %s, seed %d, turn cap %d\n", o.File, o.Seed, o.Turns)
	if outcome.Capped {
		fmt.Fprintf(out, "capped: no winner after %d rounds (result -1)\n", outcome.Rounds)
	} else {
		fmt.Fprintf(out, "winner: side %d in round %d\n", outcome.Result, outcome.Rounds)
	}
	var total [2]int
	for _, p := range outcome.People {
		total[p.Side]++
	}
	fmt.Fprintf(out, "survivors: side 0 %d of %d, side 1 %d of %d\n", outcome.Survivors[0], total[0], outcome.Survivors[1], total[1])
	for i, p := range outcome.People {
		if p.Loc != -1 {
			fmt.Fprintf(out, "  %2d %s side %d  hp %4d  at (%d, %d)\n", i, textwidth.PadRight(p.Name, 10), p.Side, p.HP, p.Loc%l.W, p.Loc/l.W)
		}
	}
}

// absPaths returns the level's and the rules' absolute paths, slashed, for
// a trace header.
func absPaths(level, rules string) (string, string, error) {
	if rules == "" {
		return "", "", fmt.Errorf("the rules file of the level is not known; name it with --rules to write a trace")
	}
	l, err := filepath.Abs(level)
	if err != nil {
		return "", "", err
	}
	r, err := filepath.Abs(rules)
	if err != nil {
		return "", "", err
	}
	return filepath.ToSlash(l), filepath.ToSlash(r), nil
}

// start begins a game of a level (turn cap 100 by default).
func start(doc *formats.Document, o family.GameOptions) (*family.Game, error) {
	s, err := setup(doc)
	if err != nil {
		return nil, err
	}
	s.Seed, s.TurnCap = o.Seed, o.TurnCap
	if s.TurnCap == 0 {
		s.TurnCap = ftbtsim.DefaultTurnCap
	}
	g, err := ftbteng.New(s, ftbteng.Options{Machine: o.Machine})
	if err != nil {
		return nil, err
	}
	return game(g, o.Seed)
}

// resume rebuilds a game from its snapshot.
func resume(snap *engine.Snapshot, o family.GameOptions) (*family.Game, error) {
	g, err := ftbteng.Resume(snap, ftbteng.Options{Machine: o.Machine})
	if err != nil {
		return nil, err
	}
	return game(g, o.Seed)
}

// game is g for any player; the computer is the original's AI, as in the
// golden games, for both sides.
func game(g *ftbteng.Game, seed int64) (*family.Game, error) {
	ai, err := ftbteng.NewGoldenAI(g.Setup())
	if err != nil {
		g.Close()
		return nil, err
	}
	seats := []string{"side 0", "side 1"}
	tell := &ftbteng.Teller{Rules: g.Setup().Rules, Level: g.Setup().Level, Sides: seats}
	fg := &family.Game{Machine: g.Machine, Seats: seats, Save: g.Snapshot,
		Computer: func(int) func(d *engine.Decision) engine.Answer {
			return func(d *engine.Decision) engine.Answer { return ai.Answer(g, d) }
		},
		View:     func() any { return newView(g) },
		Describe: tell.Describe}
	return family.WithRoster(fg, ftbteng.Roster(g.Setup()), g, seed), nil
}

// view is the board of a war-chess game as a client draws it (HPMax is
// every person's health at the start).
type view struct {
	Family   string                `json:"family"`
	W        int                   `json:"w"`
	H        int                   `json:"h"`
	Terrain  []int                 `json:"terrain"`
	Colors   []string              `json:"colors"`
	Names    []string              `json:"terrain_names"`
	Techs    []string              `json:"techs"`
	People   []ftbteng.PersonState `json:"people"`
	HPMax    []int                 `json:"hp_max"`
	Turn     int                   `json:"turn"`
	Side     int                   `json:"side"`
	Intro    string                `json:"intro,omitempty"`
	Rounds   int                   `json:"rounds"`
	Survivor [2]int                `json:"alive"`
}

func newView(g *ftbteng.Game) view {
	s := g.Setup()
	v := view{Family: ftbteng.Family, W: s.Level.W, H: s.Level.H, Terrain: s.Level.Terrain.Values(), People: g.People(),
		Turn: g.Turn(), Side: g.Side(), Rounds: g.Rounds(), Survivor: [2]int{g.Alive(0), g.Alive(1)}}
	for i, t := range s.Rules.Terrains {
		v.Colors = append(v.Colors, ftbtfmt.FormatColor(s.Rules.TerrainColor(i)))
		v.Names = append(v.Names, t.Name)
	}
	for _, t := range s.Rules.Techs {
		v.Techs = append(v.Techs, t.Name)
	}
	for _, p := range s.Level.People {
		v.HPMax = append(v.HPMax, p.HP)
	}
	if s.Level.Intro != nil {
		v.Intro = *s.Level.Intro
	}
	return v
}

// golden are ftbt's golden and trace formats.
var golden = []family.Golden{
	{
		Name:   "ftbt game",
		Detect: func(h family.Head) bool { return h.Str("game") == "ftbt" && h["kind"] == nil && h["events"] != nil },
		Replay: func(path, root string, out io.Writer) error {
			s, err := ftbteng.ReplayGameFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: game %s (%d events, %d AI decisions, result %d after %d rounds)\n", path, s.Case, s.Events, s.Decisions, s.Result, s.Rounds)
			}
			return err
		},
	},
	{
		Name: "ftbt play trace (JSON Lines of shapan play --trace)",
		Detect: func(h family.Head) bool {
			return h.Str("game") == "ftbt" && h["kind"] == nil && h["events"] == nil && h["level"] != nil
		},
		Replay: func(path, root string, out io.Writer) error {
			s, err := ftbteng.ReplayTraceFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: trace %s (%d events, %d AI decisions, result %d after %d rounds)\n", path, s.Case, s.Events, s.Decisions, s.Result, s.Rounds)
			}
			return err
		},
	},
	{
		Name:   "ftbt AI decisions",
		Detect: func(h family.Head) bool { return h.Str("game") == "ftbt" && h.Str("kind") == "ai_decisions" },
		Replay: func(path, root string, out io.Writer) error {
			s, err := ftbteng.ReplayAIDecisionsFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: %s (%d AI decisions with every score)\n", path, s.Case, s.Decisions)
			}
			return err
		},
	},
}
