package mbg

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"

	"github.com/shapan/shapan/engine"
)

// goldenSuite is a battle suite file (spec §11.3).
type goldenSuite struct {
	Game    string         `json:"game"`
	Kind    string         `json:"kind"`
	RNG     string         `json:"rng"`
	Suite   string         `json:"suite"`
	Count   int            `json:"count"`
	Battles []goldenBattle `json:"battles"`
}

type goldenBattle struct {
	ID      int               `json:"id"`
	Kind    string            `json:"kind"`
	Seed    int64             `json:"seed"`
	Scale   int               `json:"scale"`
	Sides   [2]SideInfo       `json:"sides"`
	Result  int               `json:"result"`
	Final   json.RawMessage   `json:"final"`
	NEvents int               `json:"n_events"`
	Events  []json.RawMessage `json:"events"`
}

// SideFinal is a battle side after the battle, as the battle suite lists it.
type SideFinal struct {
	HPMax    float32       `json:"hpmax"`
	HP       float32       `json:"hp"`
	Def      float32       `json:"def"`
	IsDie    bool          `json:"is_die"`
	LastDDef float32       `json:"last_ddef"`
	LastDHP  float32       `json:"last_dhp"`
	Latency  [NumTechs]int `json:"latency"`
	BSt      int           `json:"bst"`
	BTime    int           `json:"btime"`
	FSt      int           `json:"fst"`
	IsQuit   bool          `json:"is_quit"`
}

// sideFrom builds a fresh battle side from its description.
func sideFrom(si SideInfo) (side, error) {
	s := side{role: si.Role, power: si.Power, winp: si.WinP, celve: si.Celve, hpmax: si.HPMax, hp: si.HP, def: si.Def}
	for _, t := range si.Tech {
		if t < 0 || t >= NumTechs {
			return side{}, fmt.Errorf("tech %d does not exist", t)
		}
		s.tech[t] = true
	}
	return s, nil
}

func (s *side) final() SideFinal {
	return SideFinal{HPMax: s.hpmax, HP: s.hp, Def: s.def, IsDie: s.isDie, LastDDef: s.lastDDef, LastDHP: s.lastDHP,
		Latency: s.latency, BSt: s.bst, BTime: s.btime, FSt: s.fst, IsQuit: s.isQuit}
}

// RunBattle runs the battle loop (spec §6.3) on two sides with a fresh
// generator seeded with seed; it returns the result, the events and the
// sides afterwards.
func RunBattle(sides [2]SideInfo, scale int, seed int64) (int, []engine.Event, [2]SideFinal, error) {
	var b battle
	for j, si := range sides {
		s, err := sideFrom(si)
		if err != nil {
			return 0, nil, [2]SideFinal{}, fmt.Errorf("side %d: %w", j, err)
		}
		b.s[j] = s
	}
	var events []engine.Event
	b.rng = rand.New(rand.NewSource(seed))
	b.emit = func(e engine.Event) { events = append(events, e) }
	res := b.run(scale)
	return res, events, [2]SideFinal{b.s[0].final(), b.s[1].final()}, nil
}

// ReplayBattleSuiteFile replays a battle suite (spec §11.3).
func ReplayBattleSuiteFile(path string) (Summary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Summary{}, err
	}
	return ReplayBattleSuite(data)
}

// ReplayBattleSuite replays every battle of a suite; the first mismatch is
// a *Divergence naming the battle.
func ReplayBattleSuite(data []byte) (Summary, error) {
	var gs goldenSuite
	if err := json.Unmarshal(data, &gs); err != nil {
		return Summary{}, fmt.Errorf("reading the battle suite: %w", err)
	}
	if gs.Game != "mbg" || gs.Kind != "battle_suite" || gs.RNG != "go-math-rand" {
		return Summary{}, fmt.Errorf("battle suite %s: not an mbg battle suite on go-math-rand", gs.Suite)
	}
	if gs.Count != len(gs.Battles) {
		return Summary{}, diverged(gs.Suite, "count %d, but the suite lists %d battles", gs.Count, len(gs.Battles))
	}
	events, err := replayBattles(&gs)
	if err != nil {
		return Summary{}, err
	}
	return Summary{Case: gs.Suite, Events: events, Battles: len(gs.Battles)}, nil
}

// replayBattles replays the battles of a suite and counts their events.
func replayBattles(gs *goldenSuite) (int, error) {
	total := 0
	for _, gb := range gs.Battles {
		name := fmt.Sprintf("%s/battle %d", gs.Suite, gb.ID)
		res, events, final, err := RunBattle(gb.Sides, gb.Scale, gb.Seed)
		if err != nil {
			return 0, diverged(name, "%v", err)
		}
		for i := 0; i < len(events) || i < len(gb.Events); i++ {
			switch {
			case i >= len(gb.Events):
				b, _ := json.Marshal(events[i])
				return 0, diverged(name, "event %d: the trace has %d events, got an extra one: %s", i, len(gb.Events), b)
			case i >= len(events):
				return 0, diverged(name, "event %d: the battle ended after %d events, expected %s", i, len(events), gb.Events[i])
			}
			if d, err := diffRaw("", gb.Events[i], events[i]); err != nil || d != "" {
				b, _ := json.Marshal(events[i])
				return 0, divergedOr(name, fmt.Sprintf("event %d: %s\n  expected %s\n  got      %s", i, d, gb.Events[i], b), err)
			}
		}
		if gb.NEvents != len(gb.Events) {
			return 0, diverged(name, "n_events %d, but the battle lists %d events", gb.NEvents, len(gb.Events))
		}
		if res != gb.Result {
			return 0, diverged(name, "result: expected %d, got %d", gb.Result, res)
		}
		if d, err := diffRaw("final", gb.Final, final); err != nil || d != "" {
			return 0, divergedOr(name, d, err)
		}
		total += len(events)
	}
	return total, nil
}
