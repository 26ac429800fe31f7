package ftbt

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// ReplayTraceFile replays a JSON Lines trace written by PlayTraced
// (shapan play --trace) exactly like a golden game.
func ReplayTraceFile(path, root string) (Summary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Summary{}, err
	}
	return ReplayTrace(data, caseName(path), root)
}

// ReplayTrace is ReplayTraceFile on the file's content; name is the case
// name used when the header has none.
func ReplayTrace(data []byte, name, root string) (Summary, error) {
	gg, err := parseTrace(data)
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
func parseTrace(data []byte) (*traceGame, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	var tg traceGame
	n, final := 0, false
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		n++
		if n == 1 {
			var h TraceHeader
			if err := json.Unmarshal(line, &h); err != nil {
				return nil, fmt.Errorf("trace line 1 (the header): %w", err)
			}
			tg.Game, tg.Rules, tg.Level, tg.Seed, tg.RNG, tg.TurnCap, tg.AI = h.Game, h.Rules, h.Level, h.Seed, h.RNG, h.TurnCap, h.AI
			tg.name = h.Case
			continue
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(line, &keys); err != nil {
			return nil, fmt.Errorf("trace line %d: %w", n, err)
		}
		var err error
		switch {
		case keys["e"] != nil:
			tg.Events = append(tg.Events, append(json.RawMessage(nil), line...))
		case keys["move"] != nil:
			var d AIDecision
			err = json.Unmarshal(line, &d)
			tg.Decisions = append(tg.Decisions, d)
		case keys["final"] != nil:
			var end struct {
				Result      int               `json:"result"`
				TurnsPlayed int               `json:"turns_played"`
				Guards      []json.RawMessage `json:"guards"`
				Final       json.RawMessage   `json:"final"`
			}
			err = json.Unmarshal(line, &end)
			tg.Result, tg.TurnsPlayed, tg.Guards, tg.Final = end.Result, end.TurnsPlayed, end.Guards, end.Final
			final = true
		default:
			err = fmt.Errorf("neither an event, a decision nor the last line")
		}
		if err != nil {
			return nil, fmt.Errorf("trace line %d: %w", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if tg.Game != "ftbt" || !final {
		return nil, fmt.Errorf("not a complete ftbt trace (a header with game ftbt, and a last line with the final people)")
	}
	return &tg, nil
}
