package serve

import (
	"fmt"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/formats"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	pfmt "github.com/shapan/shapan/formats/planets"
)

// The families a room can play, and how the server starts, resumes and
// shows their games. (When the engines' family registry lands, this list
// is derived from it.)

// game is a family's game as a room plays it.
type game interface {
	engine.Game
	Over() bool
	Close()
	Result() any
	Snapshot() (*engine.Snapshot, error)
	// seats names the players.
	seats() []string
	// view is the board as the page draws it.
	view() any
	// computer returns the computer player of a seat.
	computer(seat int) (func(d *engine.Decision) engine.Answer, error)
}

// family starts and resumes games of its document kinds.
type family struct {
	name  string
	kinds []string
	// start makes the game of a document; every event goes to onEvent.
	start func(doc *formats.Document, seed int64, onEvent func(engine.Event)) (game, error)
	// resume makes the game of a snapshot's setup (its answers are
	// replayed by the room).
	resume func(snap *engine.Snapshot, onEvent func(engine.Event)) (game, error)
}

var families = []*family{
	{name: planets.Family, kinds: []string{pfmt.Kind}, start: startPlanets, resume: resumePlanets},
	{name: ftbt.Family, kinds: []string{ftbtfmt.KindLevel}, start: startFTBT, resume: resumeFTBT},
	{name: mbg.Family, kinds: []string{mbgfmt.KindScenario, mbgfmt.KindSave}, start: startMBG, resume: resumeMBG},
}

// familyOfKind returns the family that plays a document kind.
func familyOfKind(kind string) (*family, bool) {
	for _, f := range families {
		for _, k := range f.kinds {
			if k == kind {
				return f, true
			}
		}
	}
	return nil, false
}

// familyNamed returns the family of a snapshot.
func familyNamed(name string) (*family, bool) {
	for _, f := range families {
		if f.name == name {
			return f, true
		}
	}
	return nil, false
}

func machine(onEvent func(engine.Event)) engine.Options {
	return engine.Options{DropEvents: true, OnEvent: onEvent}
}

// planetsGame is a Planet-Conquer game: every seat is a player.
type planetsGame struct {
	*planets.Game
	client map[string]any
}

func startPlanets(doc *formats.Document, seed int64, onEvent func(engine.Event)) (game, error) {
	m, ok := doc.Value.(*pfmt.Map)
	if !ok {
		return nil, fmt.Errorf("a %s document is not a planets map", doc.Kind)
	}
	g, err := planets.New(planets.Setup{Map: m, Seed: seed, Shuffle: true}, planets.Options{Machine: machine(onEvent)})
	if err != nil {
		return nil, err
	}
	return newPlanetsGame(g)
}

func resumePlanets(snap *engine.Snapshot, onEvent func(engine.Event)) (game, error) {
	g, err := planets.Resume(snap, planets.Options{Machine: machine(onEvent)})
	if err != nil {
		return nil, err
	}
	return newPlanetsGame(g)
}

func newPlanetsGame(g *planets.Game) (game, error) {
	client, err := planets.ClientMap(g.Setup().Map)
	if err != nil {
		g.Close()
		return nil, err
	}
	return &planetsGame{Game: g, client: client}, nil
}

func (g *planetsGame) seats() []string {
	out := make([]string, g.NumPlayers())
	for i := range out {
		out[i] = fmt.Sprintf("player %d", i)
	}
	return out
}

func (g *planetsGame) view() any {
	return map[string]any{"family": planets.Family, "map": g.client, "tokens": g.Tokens(), "state": g.View(), "starts": g.Starts()}
}

func (g *planetsGame) computer(seat int) (func(d *engine.Decision) engine.Answer, error) {
	ai := planets.NewSeededAI(planets.SeatSeed(g.Setup().Seed, seat))
	return func(d *engine.Decision) engine.Answer { return ai.Answer(g.Game, d) }, nil
}

// ftbtGame is a war-chess game: seats are the sides 0 and 1.
type ftbtGame struct {
	*ftbt.Game
	ai *ftbt.AI
}

func startFTBT(doc *formats.Document, seed int64, onEvent func(engine.Event)) (game, error) {
	setup, err := ftbt.DocumentSetup(doc)
	if err != nil {
		return nil, err
	}
	setup.Seed = seed
	g, err := ftbt.New(setup, ftbt.Options{Machine: machine(onEvent)})
	if err != nil {
		return nil, err
	}
	return &ftbtGame{Game: g}, nil
}

func resumeFTBT(snap *engine.Snapshot, onEvent func(engine.Event)) (game, error) {
	g, err := ftbt.Resume(snap, ftbt.Options{Machine: machine(onEvent)})
	if err != nil {
		return nil, err
	}
	return &ftbtGame{Game: g}, nil
}

func (g *ftbtGame) seats() []string { return []string{"side 0", "side 1"} }

// ftbtView is the board of a war-chess game.
type ftbtView struct {
	Family   string             `json:"family"`
	W        int                `json:"w"`
	H        int                `json:"h"`
	Terrain  []int              `json:"terrain"`
	Colors   []string           `json:"colors"`
	Names    []string           `json:"terrain_names"`
	Techs    []string           `json:"techs"`
	People   []ftbt.PersonState `json:"people"`
	Turn     int                `json:"turn"`
	Side     int                `json:"side"`
	Intro    string             `json:"intro,omitempty"`
	Rounds   int                `json:"rounds"`
	Survivor [2]int             `json:"alive"`
}

func (g *ftbtGame) view() any {
	s := g.Setup()
	v := ftbtView{Family: ftbt.Family, W: s.Level.W, H: s.Level.H, Terrain: s.Level.Terrain, People: g.People(),
		Turn: g.Turn(), Side: g.Side(), Rounds: g.Rounds(), Survivor: [2]int{g.Alive(0), g.Alive(1)}}
	for i, t := range s.Rules.Terrains {
		v.Colors = append(v.Colors, ftbtfmt.FormatColor(s.Rules.TerrainColor(i)))
		v.Names = append(v.Names, t.Name)
	}
	for _, t := range s.Rules.Techs {
		v.Techs = append(v.Techs, t.Name)
	}
	if s.Level.Intro != nil {
		v.Intro = *s.Level.Intro
	}
	return v
}

func (g *ftbtGame) computer(int) (func(d *engine.Decision) engine.Answer, error) {
	if g.ai == nil {
		ai, err := ftbt.NewGoldenAI(g.Setup())
		if err != nil {
			return nil, err
		}
		g.ai = ai
	}
	return func(d *engine.Decision) engine.Answer { return g.ai.Answer(g.Game, d) }, nil
}

// mbgGame is a siege game: seats are the roles.
type mbgGame struct{ *mbg.Game }

func startMBG(doc *formats.Document, seed int64, onEvent func(engine.Event)) (game, error) {
	setup := mbg.Setup{Seed: seed, MaxTurn: 100}
	switch v := doc.Value.(type) {
	case *mbgfmt.Scenario:
		setup.Scenario = v
	case *mbgfmt.Save:
		setup.Save = v
	default:
		return nil, fmt.Errorf("a %s document is not an mbg scenario or save", doc.Kind)
	}
	g, err := mbg.New(setup, mbg.Options{Machine: machine(onEvent)})
	if err != nil {
		return nil, err
	}
	return mbgGame{g}, nil
}

func resumeMBG(snap *engine.Snapshot, onEvent func(engine.Event)) (game, error) {
	g, err := mbg.Resume(snap, mbg.Options{Machine: machine(onEvent)})
	if err != nil {
		return nil, err
	}
	return mbgGame{g}, nil
}

func (g mbgGame) seats() []string {
	out := make([]string, g.NumRoles())
	for i := range out {
		out[i] = g.RoleName(i)
	}
	return out
}

func (g mbgGame) view() any {
	return map[string]any{"family": mbg.Family, "state": g.View(), "names": g.seats()}
}

func (g mbgGame) computer(seat int) (func(d *engine.Decision) engine.Answer, error) {
	ai := mbg.NewAI(g.Setup().Seed + int64(seat)*7919)
	return func(d *engine.Decision) engine.Answer { return ai.Answer(g.Game, d) }, nil
}
