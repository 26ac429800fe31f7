package planets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/shapan/shapan/engine"
)

// TraceSummary describes a trace that replayed exactly.
type TraceSummary struct {
	Case      string
	Events    int
	Decisions int
	Result    Result
}

// trace is a parsed trace.
type trace struct {
	header    traceHeaderRaw
	decisions []traceDecisionRaw
	events    []json.RawMessage
	final     *traceFinalRaw
}

type traceHeaderRaw struct {
	Format  string          `json:"format"`
	Case    string          `json:"case"`
	Setup   Setup           `json:"setup"`
	Initial json.RawMessage `json:"initial"`
}

type traceDecisionRaw struct {
	Q      string          `json:"q"`
	Player int             `json:"player"`
	Ev     int             `json:"ev"`
	Args   json.RawMessage `json:"args"`
	A      json.RawMessage `json:"a"`
}

type traceFinalRaw struct {
	Result     json.RawMessage `json:"result"`
	NEvents    int             `json:"n_events"`
	NDecisions int             `json:"n_decisions"`
	Final      json.RawMessage `json:"final"`
}

// ReplayTraceFile replays a JSON Lines trace written by PlayTraced (shapan
// play --trace): from the setup in its header, the answers it records must
// reproduce every decision's arguments, every event, the result and the
// final state. A mismatch is a *engine.Divergence.
func ReplayTraceFile(path string) (TraceSummary, error) {
	f, err := os.Open(path)
	if err != nil {
		return TraceSummary{}, err
	}
	defer f.Close()
	return replayTrace(f)
}

// ReplayTrace is ReplayTraceFile on the file's content.
func ReplayTrace(data []byte) (TraceSummary, error) {
	return replayTrace(bytes.NewReader(data))
}

// replayTrace is ReplayTraceFile on a trace read a line at a time from r.
func replayTrace(r io.Reader) (TraceSummary, error) {
	tr, err := parseTrace(r)
	if err != nil {
		return TraceSummary{}, err
	}
	return tr.replay()
}

// parseTrace splits a trace into its header, decisions, events and final
// line.
func parseTrace(r io.Reader) (*trace, error) {
	tr := &trace{}
	var final traceFinalRaw
	events, decisions, found, err := engine.ReadTrace[traceDecisionRaw](r, engine.TraceKeys{Decision: "q", Last: "result"}, &tr.header, &final)
	if err != nil {
		return nil, err
	}
	if tr.header.Format != TraceFormat || !found || tr.header.Setup.Map == nil {
		return nil, fmt.Errorf("not a complete %s trace (a header with its setup, and a final line)", TraceFormat)
	}
	tr.events, tr.decisions, tr.final = events, decisions, &final
	return tr, nil
}

// replay plays the trace's answers again and compares everything.
func (tr *trace) replay() (TraceSummary, error) {
	name := "trace " + tr.header.Case
	div := func(format string, args ...any) error {
		return &engine.Divergence{Where: name, Detail: fmt.Sprintf(format, args...)}
	}
	initial, err := InitialView(tr.header.Setup)
	if err != nil {
		return TraceSummary{}, div("the setup does not start: %v", err)
	}
	if err := sameJSON(name, "initial", tr.header.Initial, initial); err != nil {
		return TraceSummary{}, err
	}
	g, err := New(tr.header.Setup, Options{})
	if err != nil {
		return TraceSummary{}, div("the game does not start: %v", err)
	}
	defer g.Close()
	checked := 0
	checkEvents := func() error {
		evs := g.Events()
		for ; checked < len(evs); checked++ {
			if checked >= len(tr.events) {
				b, _ := json.Marshal(evs[checked])
				return div("event %d: the trace has %d events, got an extra one: %s", checked, len(tr.events), b)
			}
			if err := compareJSON(fmt.Sprintf("%s, event %d", name, checked), "event", tr.events[checked], evs[checked]); err != nil {
				return err
			}
		}
		return nil
	}
	for k := 0; ; k++ {
		if err := checkEvents(); err != nil {
			return TraceSummary{}, err
		}
		d := g.Pending()
		if d == nil {
			if k != len(tr.decisions) {
				return TraceSummary{}, div("decision %d: the game ended, but the trace has %d decisions", k, len(tr.decisions))
			}
			break
		}
		if k >= len(tr.decisions) {
			return TraceSummary{}, div("decision %d: the trace has %d decisions, got an extra %s to player %d", k, len(tr.decisions), d.Kind, d.Player)
		}
		want := tr.decisions[k]
		if want.Q != d.Kind || want.Player != d.Player || want.Ev != checked {
			return TraceSummary{}, div("decision %d: expected %s to player %d after %d events, got %s to player %d after %d events",
				k, want.Q, want.Player, want.Ev, d.Kind, d.Player, checked)
		}
		if err := compareJSON(fmt.Sprintf("%s, decision %d", name, k), "args", want.Args, d.Args); err != nil {
			return TraceSummary{}, err
		}
		if err := g.Answer(d.Player, engine.Answer(want.A)); err != nil {
			return TraceSummary{}, div("decision %d: the recorded answer %s was refused: %v", k, want.A, err)
		}
	}
	if err := g.Err(); err != nil {
		return TraceSummary{}, div("the game failed: %v", err)
	}
	if len(g.Events()) != len(tr.events) {
		return TraceSummary{}, div("the game ended after %d events, the trace has %d", len(g.Events()), len(tr.events))
	}
	f := tr.final
	if f.NEvents != len(tr.events) || f.NDecisions != len(tr.decisions) {
		return TraceSummary{}, div("n_events %d / n_decisions %d, but the trace lists %d / %d", f.NEvents, f.NDecisions, len(tr.events), len(tr.decisions))
	}
	r, _ := g.Outcome()
	if err := sameJSON(name, "result", f.Result, r); err != nil {
		return TraceSummary{}, err
	}
	if err := sameJSON(name, "final", f.Final, g.View()); err != nil {
		return TraceSummary{}, err
	}
	return TraceSummary{Case: tr.header.Case, Events: len(tr.events), Decisions: len(tr.decisions), Result: r}, nil
}

// sameJSON compares a recorded value with ours.
func sameJSON(where, field string, want any, got any) error {
	raw, ok := want.(json.RawMessage)
	if !ok {
		b, err := json.Marshal(want)
		if err != nil {
			return err
		}
		raw = b
	}
	return compareJSON(where, field, raw, got)
}
