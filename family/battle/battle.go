// Package battle registers the battle family (the 80×60 Three Kingdoms
// battle map): its map documents, the game of engine/battle played by
// people and computer players (`shapan play`, the server, the studio),
// its simulations (`shapan sim`) and its traces (`shapan replay`).
package battle

import (
	_ "embed"
	"fmt"
	"image/color"
	"io"
	"strings"

	"github.com/shapan/shapan/engine"
	battle "github.com/shapan/shapan/engine/battle"
	"github.com/shapan/shapan/engine/restrict"
	"github.com/shapan/shapan/engine/sim"
	battlesim "github.com/shapan/shapan/engine/sim/battle"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	bfmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/preview"
)

// web is the family's module of the server's browser page.
//
//go:embed web.js
var web []byte

func init() {
	family.Register(family.Family{
		Web:   web,
		Name:  battle.Family,
		Title: "the 80×60 battle map with bases, cities and the dragon-flag zone",
		Kinds: []family.Kind{
			{Kind: bfmt.Kind, Title: "battle map", Legacy: bfmt.FormatGrid, Check: true, Preview: true, Play: true, Sim: true,
				Template: &family.Template{Title: "battle map (80×60)", YAML: func() ([]byte, error) {
					return bfmt.Encode(bfmt.NewStandard(80, 60))
				}}},
		},
		Play: &family.Play{Help: playHelp, Run: run, Start: start, Resume: resume, Players: append([]string{"human"}, battle.ComputerPlayers...), Board: true,
			Decisions: battle.Kinds},
		Sim: &family.Sim{Help: simHelp, DefaultTurnCap: battlesim.DefaultRoundCap, New: newSim, Players: battle.ComputerPlayers,
			Restrictions: func(doc *formats.Document) ([]restrict.Restriction, error) {
				m, ok := doc.Value.(*bfmt.Map)
				if !ok {
					return nil, fmt.Errorf("not a battle map")
				}
				b, err := battle.NewBoard(m, m.Roster)
				if err != nil {
					return nil, err
				}
				return battle.Restrictions(b), nil
			}},
		Golden: golden,
	})
}

const playHelp = "A battle map (battle/map YAML or grid) is played by the two players --players A,B names, side 0's then side\n" +
	"1's: human (orders typed in the terminal, one command a line, an empty line sends them; 'help' lists them),\n" +
	"tactician (the default), greedy, random or search (search:PLAYOUTS, search:CPU such as search:100ms);\n" +
	"computer players are seeded from --seed. --turns is the round limit (default 1000). The events are told in\n" +
	"words (only kills, fallen cities and the flag when no person plays), then the result; --trace writes the game as JSON Lines that 'shapan replay' replays.\n" +
	"--board draws the map each round (bases, flag zone, cities, obstacles, heroes; in colour on a terminal unless NO_COLOR is set);\n" +
	"a person types 'show map' to draw it at any time."

const simHelp = "A battle map: two computer players (--players A,B: tactician, greedy, random or search[:PLAYOUTS|:CPU];\n" +
	"default the tactician on both), A on player 1's base in even games and on player 2's in odd ones; the sides\n" +
	"are the bases. --turns is the round limit (default 1000). Facts: each player's wins over both seatings, how the games ended, each\n" +
	"side's rounds held, kills and cities, every city's falls and the damage and kills on every cell (the heat map\n" +
	"drawn over the map)."

// newSim returns the simulation adapter of a battle map.
func newSim(doc *formats.Document, o family.SimOptions) (sim.Family, error) {
	m, ok := doc.Value.(*bfmt.Map)
	if !ok {
		return nil, fmt.Errorf("not a battle map")
	}
	var players [2]string
	if o.Players != "" {
		names, err := seats(o.Players)
		if err != nil {
			return nil, err
		}
		if names[0] == "human" || names[1] == "human" {
			return nil, sim.BadPlayers(fmt.Errorf("--players: a simulation is played by computer players (%s)", strings.Join(battle.ComputerPlayers, ", ")))
		}
		players = names
	}
	return battlesim.New(m, battlesim.Options{RoundCap: o.TurnCap, Players: players, Restrict: o.Restrict})
}

// start begins a game of a map whose seats anyone may play; the
// computer player of each seat is the tactician, seeded from the seed.
func start(doc *formats.Document, o family.GameOptions) (*family.Game, error) {
	m, ok := doc.Value.(*bfmt.Map)
	if !ok {
		return nil, fmt.Errorf("not a battle map")
	}
	setup := battle.SetupOf(m)
	setup.MaxRounds = o.TurnCap
	g, err := battle.New(setup, battle.Options{Machine: o.Machine})
	if err != nil {
		return nil, err
	}
	return game(g, o.Seed), nil
}

// resume rebuilds a game from its snapshot.
func resume(snap *engine.Snapshot, o family.GameOptions) (*family.Game, error) {
	g, err := battle.Resume(snap, battle.Options{Machine: o.Machine})
	if err != nil {
		return nil, err
	}
	return game(g, o.Seed), nil
}

// game is g for any player.
func game(g *battle.Game, seed int64) *family.Game {
	var ais [2]*battle.Tactician
	for s := range ais {
		ais[s] = battle.NewTactician(g.Board(), seed*2+int64(s))
	}
	fg := &family.Game{Machine: g.Machine, Seats: []string{"side 0", "side 1"}, Save: g.Snapshot,
		Computer: func(seat int) func(d *engine.Decision) engine.Answer {
			return func(d *engine.Decision) engine.Answer { return ais[seat].Answer(g, d) }
		},
		View:     func() any { return view(g) },
		Describe: battle.Describe}
	return family.WithRoster(fg, battle.Roster(g.Board()), g, seed)
}

// boardView is the board as a remote client draws it: the map's codes
// and colours (those of `shapan preview`), the bases, the roster with
// the fields its skills take, and the state as the orders' Args show it.
type boardView struct {
	Family string           `json:"family"`
	Width  int              `json:"width"`
	Height int              `json:"height"`
	Cells  []int            `json:"cells"`
	Colors colorsView       `json:"colors"`
	Bases  [2][]battle.Cell `json:"bases"`
	Roster []heroView       `json:"roster"`
	State  battle.ArgsView  `json:"state"`
}

// colorsView is the colour of every cell code and of each side.
type colorsView struct {
	Cells map[int]string `json:"cells"`
	Sides [2]string      `json:"sides"`
}

// heroView is a hero of the roster with its two skills.
type heroView struct {
	Name   string      `json:"name"`
	Class  string      `json:"class"`
	Skills []skillView `json:"skills"`
}

// skillView is a skill and the field SK takes for it (battle.SkillField).
type skillView struct {
	Name     string `json:"name"`
	Field    string `json:"field,omitempty"`
	Optional bool   `json:"optional,omitempty"`
}

func view(g *battle.Game) boardView {
	b := g.Board()
	v := boardView{Family: battle.Family, Width: b.W, Height: b.H, Cells: b.Map.Cells.Values(),
		Colors: colorsView{Cells: map[int]string{}},
		State:  (&battle.OrdersArgs{Side: 0, Position: g.Position()}).View()}
	for _, e := range bfmt.Elements {
		v.Colors.Cells[e.Code] = hexColor(bfmt.CellColor(e.Code))
	}
	for s := range v.Bases {
		v.Colors.Sides[s] = hexColor(preview.PlayerColor(s))
		v.Bases[s] = []battle.Cell{}
		for _, p := range b.Bases[s] {
			v.Bases[s] = append(v.Bases[s], battle.CellOf(p))
		}
	}
	for h, hero := range b.Roster {
		hv := heroView{Name: hero.Name, Class: hero.Class.String()}
		for k, name := range hero.Skills {
			field, optional := battle.SkillField(h, k+1)
			hv.Skills = append(hv.Skills, skillView{Name: name, Field: field, Optional: optional})
		}
		v.Roster = append(v.Roster, hv)
	}
	return v
}

// hexColor writes a colour as CSS does: #rrggbb.
func hexColor(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// golden is the battle trace format.
var golden = []family.Golden{{
	Name: "battle trace (JSON Lines of shapan play --trace, or written by hand)",
	Detect: func(h family.Head) bool {
		return h.Str("game") == battle.Family && h.Str("format") == battle.TraceFormat
	},
	Replay: func(path, root string, out io.Writer) error { return replay(path, root, out, nil) },
	ReplayEvents: func(path, root string, out io.Writer, onEvent func(engine.Event)) error {
		return replay(path, root, out, onEvent)
	},
}}

// replay replays a battle trace and says how it went; its map_file must
// lie inside root when engine.StrictRoot is set (replay --root).
func replay(path, root string, out io.Writer, onEvent func(engine.Event)) error {
	s, err := battle.ReplayTraceFile(path, battle.ReplayOptions{OnEvent: onEvent, Root: root})
	if err != nil {
		return err
	}
	switch {
	case s.Checked:
		fmt.Fprintf(out, "ok  %s: trace %s (%d events, %d decisions, %s)\n", path, s.Case, s.Events, s.Decisions, battle.DescribeResult(s.Result))
	case s.Over:
		fmt.Fprintf(out, "ran %s: %d decisions, %d events, %s (the trace records no events to compare)\n", path, s.Decisions, s.Events, battle.DescribeResult(s.Result))
	default:
		fmt.Fprintf(out, "ran %s: %d decisions, %d events; the game goes on at round %d (the trace records no events to compare)\n", path, s.Decisions, s.Events, s.Round)
	}
	return nil
}
