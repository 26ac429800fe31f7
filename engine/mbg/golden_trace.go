package mbg

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/shapan/shapan/engine"
)

// ReplayTraceFile replays a JSON Lines trace written by PlayTraced (shapan
// play --trace) exactly like a golden case: the answers it records must
// reproduce its events, result and final state.
func ReplayTraceFile(path, root string) (Summary, error) {
	f, err := os.Open(path)
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	return replayTrace(f, root)
}

// ReplayTrace is ReplayTraceFile on the file's content.
func ReplayTrace(data []byte, root string) (Summary, error) {
	return replayTrace(bytes.NewReader(data), root)
}

// replayTrace is ReplayTraceFile on a trace read a line at a time from r.
func replayTrace(r io.Reader, root string) (Summary, error) {
	gc, err := parseTrace(r)
	if err != nil {
		return Summary{}, err
	}
	if err := replayCase(gc, root); err != nil {
		return Summary{}, err
	}
	return Summary{Case: gc.Case, Events: len(gc.Events), Decisions: len(gc.Decisions), Result: gc.Result}, nil
}

// parseTrace turns the lines of a trace into a golden case.
func parseTrace(r io.Reader) (*goldenCase, error) {
	var gc goldenCase
	var f struct {
		Result     int             `json:"result"`
		NEvents    int             `json:"n_events"`
		NDecisions int             `json:"n_decisions"`
		Final      json.RawMessage `json:"final"`
	}
	events, decisions, final, err := engine.ReadTrace[goldenDecision](r, engine.TraceKeys{Decision: "q", Last: "result"}, &gc, &f)
	if err != nil {
		return nil, err
	}
	if gc.Game != "mbg" || !final {
		return nil, fmt.Errorf("not a complete mbg trace (a header with game mbg, and a final line)")
	}
	gc.Events, gc.Decisions = events, decisions
	gc.Result, gc.NEvents, gc.NDecisions, gc.Final = f.Result, f.NEvents, f.NDecisions, f.Final
	return &gc, nil
}
