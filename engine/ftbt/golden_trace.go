package ftbt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/shapan/shapan/engine"
)

// ReplayTraceFile replays a JSON Lines trace written by PlayTraced
// (shapan play --trace) exactly like a golden game.
func ReplayTraceFile(path, root string) (Summary, error) {
	f, err := os.Open(path)
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	return replayTrace(f, caseName(path), root)
}

// ReplayTrace is ReplayTraceFile on the file's content; name is the case
// name used when the header has none.
func ReplayTrace(data []byte, name, root string) (Summary, error) {
	return replayTrace(bytes.NewReader(data), name, root)
}

// replayTrace is ReplayTrace on a trace read a line at a time from r.
func replayTrace(r io.Reader, name, root string) (Summary, error) {
	gg, err := parseTrace(r)
	if err != nil {
		return Summary{}, err
	}
	if gg.name != "" {
		name = gg.name
	}
	return replayGame(&gg.goldenGame, name, root)
}

// traceGame is a parsed trace.
type traceGame struct {
	goldenGame
	name string
}

// parseTrace turns the lines of a trace into a golden game.
func parseTrace(r io.Reader) (*traceGame, error) {
	var h TraceHeader
	var end struct {
		Result      int               `json:"result"`
		TurnsPlayed int               `json:"turns_played"`
		Guards      []json.RawMessage `json:"guards"`
		Final       json.RawMessage   `json:"final"`
	}
	events, decisions, final, err := engine.ReadTrace[AIDecision](r, engine.TraceKeys{Decision: "move", Last: "final"}, &h, &end)
	if err != nil {
		return nil, err
	}
	if h.Game != "ftbt" || !final {
		return nil, fmt.Errorf("not a complete ftbt trace (a header with game ftbt, and a last line with the final people)")
	}
	tg := traceGame{name: h.Case}
	tg.Game, tg.Rules, tg.Level, tg.Seed, tg.RNG, tg.TurnCap, tg.AI = h.Game, h.Rules, h.Level, h.Seed, h.RNG, h.TurnCap, h.AI
	tg.Events, tg.Decisions = events, decisions
	tg.Result, tg.TurnsPlayed, tg.Guards, tg.Final = end.Result, end.TurnsPlayed, end.Guards, end.Final
	return &tg, nil
}
