// Package planets registers the Planet-Conquer family: its maps, the
// computer games of `shapan play` and the server, the simulations of
// `shapan sim` and its conformance facts and traces.
package planets

import (
	_ "embed"
	"fmt"
	"io"
	"path/filepath"

	"github.com/shapan/shapan/engine"
	peng "github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/engine/restrict"
	"github.com/shapan/shapan/engine/sim"
	planetssim "github.com/shapan/shapan/engine/sim/planets"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/serve/pcserver"
)

// web is the family's module of the server's browser page.
//
//go:embed web.js
var web []byte

func init() {
	family.Register(family.Family{
		Web:   web,
		Name:  peng.Family,
		Title: "Planet-Conquer, fleets on a planet graph",
		Kinds: []family.Kind{
			{Kind: pfmt.Kind, Title: "Planet-Conquer map", Legacy: pfmt.FormatMap, Check: true, Preview: true, Play: true, Sim: true,
				Template: &family.Template{Title: "Planet-Conquer map (4 players)", YAML: func() ([]byte, error) { return []byte(template), nil }}},
		},
		Protocol: protocol,
		Play:     &family.Play{Help: playHelp, Run: run, Start: start, Resume: resume, Players: peng.Roster(peng.Setup{}, 0).Names(), Decisions: peng.Kinds},
		Sim: &family.Sim{Help: simHelp, DefaultTurnCap: planetssim.DefaultRoundCap, Players: peng.Roster(peng.Setup{}, 0).Names(),
			New: func(doc *formats.Document, o family.SimOptions) (sim.Family, error) {
				m, ok := doc.Value.(*pfmt.Map)
				if !ok {
					return nil, fmt.Errorf("not a Planet-Conquer map")
				}
				players, err := sim.ParsePlayers(o.Players, peng.Roster(peng.Setup{}, 0).Valid)
				if err != nil {
					return nil, err
				}
				return planetssim.New(m, planetssim.Options{RoundCap: o.TurnCap, Players: players, Restrict: o.Restrict})
			},
			Restrictions: func(doc *formats.Document) ([]restrict.Restriction, error) {
				m, ok := doc.Value.(*pfmt.Map)
				if !ok {
					return nil, fmt.Errorf("not a Planet-Conquer map")
				}
				return peng.Restrictions(m), nil
			}},
		Golden: golden,
	})
}

const playHelp = "A Planet-Conquer map (.yml or planets/map YAML) is played by the AI in every seat (as many players as the map\n" +
	"allows: the smaller of max_player and the number of start planets); start planets are taken in map order, or\n" +
	"shuffled with --seed when it is given, and then every seat is played by an AI seeded from it (as shapan sim\n" +
	"plays), without it by the deterministic AI; --turns caps the rounds (default: the map's own max_round ends the\n" +
	"game). --players A,B,... names the player of each seat: ai, random or search (search:PLAYOUTS, search:CPU such\n" +
	"as search:100ms)."

const simHelp = "A Planet-Conquer map: the computer player in every seat, the start planets shuffled by each game's seed; the\n" +
	"sides are the start planets (a win counts for the planet its winner began on). --turns is the round cap\n" +
	"(default 1000; the map's own max_round ends a game first when lower), after which a game is ranked as it\n" +
	"stands. Facts: every start's mean planets held at the end and eliminations; every planet's owners at the end,\n" +
	"battles, captures and changes of owner (the heat map drawn over the planet graph). --players A,B,... plays\n" +
	"other players (ai, random, search[:PLAYOUTS|:CPU]), the seats turned game by game, and counts each player's\n" +
	"wins."

// maxDecisions stops a computer game that would never end.
const maxDecisions = 10_000_000

// run plays a Planet-Conquer map with the AI in every seat. Without
// --seed, the start planets are taken in map order and every seat is
// played by the deterministic AI (planets.NewAI), as the original's tests
// and golden facts play. With --seed S, the start planets are shuffled
// with S and every seat is played by the seeded AI (planets.SeededSeats(S)),
// whose play varies from game to game: this is how `shapan sim` plays its
// games, so a game of a simulation plays again with `shapan play MAP
// --seed S --turns CAP`. --turns caps the rounds only when given
// (otherwise the map's max_round ends the game).
func run(doc *formats.Document, o family.PlayOptions, out io.Writer) error {
	m, ok := doc.Value.(*pfmt.Map)
	if !ok {
		return fmt.Errorf("not a Planet-Conquer map")
	}
	setup := peng.Setup{Map: m, Seed: o.Seed, Shuffle: o.Given["seed"]}
	if o.Given["turns"] {
		setup.MaxRounds = int64(o.Turns)
	}
	initial, err := peng.InitialView(setup)
	if err != nil {
		return err
	}
	n := len(initial.Players)
	seats, players := peng.Seats(peng.NewAI(), n), "ai"
	if setup.Shuffle {
		seats, players = peng.SeededSeats(o.Seed, n), "seeded ai"
	}
	if o.Players != "" {
		if seats, err = namedSeats(setup, n, o); err != nil {
			return err
		}
		players = o.Players
	}
	var r peng.Result
	if o.Trace != nil {
		abs, err := filepath.Abs(o.File)
		if err != nil {
			return err
		}
		header := peng.TraceHeader{Case: filepath.Base(o.File), Map: filepath.ToSlash(abs), Players: players}
		if r, err = peng.PlayTraced(setup, seats, header, o.Trace, maxDecisions); err != nil {
			return err
		}
	} else if r, err = peng.PlayGame(setup, seats, maxDecisions); err != nil {
		return err
	}
	printSummary(out, o, setup, initial, r)
	return nil
}

// namedSeats returns the players --players names, one a seat (fewer
// names: the last plays the remaining seats), seeded from --seed.
func namedSeats(setup peng.Setup, n int, o family.PlayOptions) ([]peng.Player, error) {
	r := peng.Roster(setup, n)
	names, err := family.PlayerSeats(o.Players, n, r.Valid)
	if err != nil {
		return nil, err
	}
	out := make([]peng.Player, n)
	for i, name := range names {
		if out[i], err = r.New(name, i, peng.SeatSeed(o.Seed, i)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// printSummary prints the winner, the rounds and every player's planets
// and units.
func printSummary(out io.Writer, o family.PlayOptions, setup peng.Setup, initial peng.View, r peng.Result) {
	starts := "start planets in map order"
	if setup.Shuffle {
		starts = fmt.Sprintf("start planets shuffled with seed %d, every seat's AI seeded from it", setup.Seed)
	}
	limit := "the map's round limit"
	if setup.MaxRounds > 0 {
		limit = fmt.Sprintf("round cap %d", setup.MaxRounds)
	}
	who := "AI"
	if o.Players != "" {
		who = o.Players
	}
	fmt.Fprintf(out, "planets: %s, %d players (%s), %s, %s\n", o.File, len(initial.Players), who, starts, limit)
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

// start begins a game of a map: as many players as it allows, the start
// planets shuffled with the seed, the rounds capped at TurnCap when it is
// given (otherwise the map's max_round ends the game).
func start(doc *formats.Document, o family.GameOptions) (*family.Game, error) {
	m, ok := doc.Value.(*pfmt.Map)
	if !ok {
		return nil, fmt.Errorf("not a Planet-Conquer map")
	}
	setup := peng.Setup{Map: m, Seed: o.Seed, Shuffle: true, MaxRounds: int64(o.TurnCap)}
	g, err := peng.New(setup, peng.Options{Machine: o.Machine})
	if err != nil {
		return nil, err
	}
	return game(g, o.Seed), nil
}

// resume rebuilds a game from its snapshot.
func resume(snap *engine.Snapshot, o family.GameOptions) (*family.Game, error) {
	g, err := peng.Resume(snap, peng.Options{Machine: o.Machine})
	if err != nil {
		return nil, err
	}
	return game(g, o.Seed), nil
}

// game is g for any player; every computer seat is an AI seeded from the
// seed, as `shapan sim` seats them.
func game(g *peng.Game, seed int64) *family.Game {
	seats := make([]string, g.NumPlayers())
	for i := range seats {
		seats[i] = fmt.Sprintf("player %d", i)
	}
	ais := peng.SeededSeats(seed, len(seats))
	fg := &family.Game{Machine: g.Machine, Seats: seats, Save: g.Snapshot,
		Computer: func(seat int) func(d *engine.Decision) engine.Answer {
			return func(d *engine.Decision) engine.Answer { return ais[seat].Answer(g, d) }
		},
		View:     view(g),
		Describe: (&peng.Teller{Planets: g.Tokens(), Players: seats}).Describe}
	return family.WithRoster(fg, peng.Roster(g.Setup(), len(seats)), g, seed)
}

// view returns the board of g as a client draws it: the map in the
// original client's form (planet positions, routes), the planets' tokens,
// the state (holds, fleets) and the start planets.
func view(g *peng.Game) func() any {
	client, err := peng.ClientMap(g.Setup().Map)
	return func() any {
		v := map[string]any{"family": peng.Family, "map": client, "tokens": g.Tokens(), "state": g.View(), "starts": g.Starts()}
		if err != nil {
			v["error"] = err.Error()
		}
		return v
	}
}

// golden are the planets conformance facts and play traces.
var golden = []family.Golden{
	{
		Name:   "planets conformance facts (planets-peer/1)",
		Detect: func(h family.Head) bool { return h.Str("format") == peng.PeerFormat },
		Replay: func(path, root string, out io.Writer) error {
			s, err := peng.ReplayPeerFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: %d count_growth, %d battle and %d maps facts, %d scenarios (%d ops)\n",
					path, s.Growth, s.Battles, s.Maps, s.Scenarios, s.Ops)
			}
			return err
		},
	},
	{
		Name: "planets table trace (" + peng.TableTraceFormat + ", a game of a Planet-Conquer room of shapan serve)",
		Detect: func(h family.Head) bool {
			return h.Str("game") == peng.Family && h.Str("format") == peng.TableTraceFormat
		},
		Replay: func(path, _ string, out io.Writer) error {
			s, err := peng.ReplayTableTraceFile(path)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: table trace %s (%d joins, %d orders, %d steps, %d events; %s, winner %d)\n",
					path, s.Case, s.Joins, s.Orders, s.Steps, s.Events, s.Final, s.Winner)
			}
			return err
		},
	},
	{
		Name: "planets play trace (JSON Lines of shapan play --trace)",
		Detect: func(h family.Head) bool {
			return h.Str("game") == peng.Family && h.Str("format") == peng.TraceFormat
		},
		Replay: func(path, _ string, out io.Writer) error {
			s, err := peng.ReplayTraceFile(path)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: trace %s (%d events, %d decisions, winner %d at round %d)\n",
					path, s.Case, s.Events, s.Decisions, s.Result.Winner, s.Result.Rounds)
			}
			return err
		},
	},
}

// protocol serves Planet-Conquer's own protocol (package pcserver) on
// the map: 100 rooms whose rounds the server's clock steps.
func protocol(doc *formats.Document, o family.ProtocolOptions) (family.Protocol, string) {
	m, ok := doc.Value.(*pfmt.Map)
	if !ok {
		return nil, ""
	}
	return &pcserver.Options{Map: m, Step: o.Step, Seed: o.Seed, Computers: o.Computers, KeepGames: o.KeepGames,
		MaxBody: o.MaxBody, OrdersPerSecond: o.Rate, OrdersBurst: int(2 * o.Rate)}, "Planet-Conquer: 100 rooms (0–99)"
}
