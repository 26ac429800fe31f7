package mbg

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// ReplayTraceFile replays a JSON Lines trace written by PlayTraced (shapan
// play --trace) exactly like a golden case: the answers it records must
// reproduce its events, result and final state.
func ReplayTraceFile(path, root string) (Summary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Summary{}, err
	}
	return ReplayTrace(data, root)
}

// ReplayTrace is ReplayTraceFile on the file's content.
func ReplayTrace(data []byte, root string) (Summary, error) {
	gc, err := parseTrace(data)
	if err != nil {
		return Summary{}, err
	}
	if err := replayCase(gc, root); err != nil {
		return Summary{}, err
	}
	return Summary{Case: gc.Case, Events: len(gc.Events), Decisions: len(gc.Decisions), Result: gc.Result}, nil
}

// parseTrace turns the lines of a trace into a golden case.
func parseTrace(data []byte) (*goldenCase, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	var gc goldenCase
	n, final := 0, false
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		n++
		if n == 1 {
			if err := json.Unmarshal(line, &gc); err != nil {
				return nil, fmt.Errorf("trace line 1 (the header): %w", err)
			}
			continue
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(line, &keys); err != nil {
			return nil, fmt.Errorf("trace line %d: %w", n, err)
		}
		switch {
		case keys["e"] != nil:
			gc.Events = append(gc.Events, append(json.RawMessage(nil), line...))
		case keys["q"] != nil:
			var d goldenDecision
			if err := json.Unmarshal(line, &d); err != nil {
				return nil, fmt.Errorf("trace line %d: %w", n, err)
			}
			gc.Decisions = append(gc.Decisions, d)
		case keys["result"] != nil:
			var f struct {
				Result     int             `json:"result"`
				NEvents    int             `json:"n_events"`
				NDecisions int             `json:"n_decisions"`
				Final      json.RawMessage `json:"final"`
			}
			if err := json.Unmarshal(line, &f); err != nil {
				return nil, fmt.Errorf("trace line %d: %w", n, err)
			}
			gc.Result, gc.NEvents, gc.NDecisions, gc.Final = f.Result, f.NEvents, f.NDecisions, f.Final
			final = true
		default:
			return nil, fmt.Errorf("trace line %d: neither an event, a decision nor the final line", n)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if gc.Game != "mbg" || !final {
		return nil, fmt.Errorf("not a complete mbg trace (a header with game mbg, and a final line)")
	}
	return &gc, nil
}
