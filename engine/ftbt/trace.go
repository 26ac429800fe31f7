package ftbt

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/shapan/shapan/engine"
)

// TraceHeader is the first line of a JSON Lines trace: the fields of a
// golden game file (spec §7.2) that describe the run.
type TraceHeader struct {
	Game    string  `json:"game"`
	Case    string  `json:"case"`
	Rules   string  `json:"rules"`
	Level   string  `json:"level"`
	Seed    int64   `json:"seed"`
	RNG     string  `json:"rng"`
	TurnCap int     `json:"turn_cap"`
	AI      TraceAI `json:"ai"`
}

// traceEnd is the last line of a trace.
type traceEnd struct {
	Result      int               `json:"result"`
	TurnsPlayed int               `json:"turns_played"`
	Guards      []json.RawMessage `json:"guards"`
	Final       Final             `json:"final"`
}

// PlayAIGame plays setup to its end with the AI on both sides, with the
// settings of the golden games (GoldenAI), and no event log; maxDecisions
// guards against stalls (0: none).
func PlayAIGame(setup Setup, maxDecisions int) (Outcome, error) {
	ai, err := goldenPlayer(setup)
	if err != nil {
		return Outcome{}, err
	}
	return PlayGame(setup, [2]Player{ai, ai}, maxDecisions)
}

// PlayTraced is PlayAIGame writing the whole game to w as JSON Lines in
// the golden game format, so that ReplayTraceFile can check it: the
// header (its game, seed, rng, turn cap and AI fields filled in), then
// one line per AI decision and per event in the order they happened, then
// a line with the result, the rounds played and the final people.
func PlayTraced(setup Setup, header TraceHeader, w io.Writer, maxDecisions int) (Outcome, error) {
	ai, err := goldenPlayer(setup)
	if err != nil {
		return Outcome{}, err
	}
	header.Game, header.RNG, header.Seed, header.TurnCap = "ftbt", "go-math-rand", setup.Seed, setup.TurnCap
	header.AI = TraceAI{Side0: GoldenSide0AI, Side1: GoldenSide1AI}
	trace := engine.NewTraceWriter(w)
	trace.Line(header)
	ai.OnDecision = func(d AIDecision) { trace.Line(d) }
	g, err := New(setup, Options{Machine: engine.Options{DropEvents: true, OnEvent: trace.Event}})
	if err != nil {
		return Outcome{}, err
	}
	defer g.Close()
	res, err := PlayOut(g, [2]Player{ai, ai}, maxDecisions)
	if err != nil {
		return Outcome{}, err
	}
	if err := trace.Close(traceEnd{Result: res, TurnsPlayed: g.Rounds(), Guards: []json.RawMessage{}, Final: g.Final()}); err != nil {
		return Outcome{}, err
	}
	return outcome(g, res), nil
}

// goldenPlayer is the AI with the settings of the golden games.
func goldenPlayer(setup Setup) (*AI, error) {
	if setup.Level == nil {
		return nil, fmt.Errorf("ftbt: no level")
	}
	settings, err := GoldenAI(setup.Level)
	if err != nil {
		return nil, err
	}
	return NewAI(setup, settings)
}
