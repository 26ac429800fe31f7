package battle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/jsondiff"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// TraceFormat names the JSON Lines trace of a battle game.
const TraceFormat = "battle-trace/1"

// TraceHeader is the first line of a trace: what was played.
type TraceHeader struct {
	Game   string `json:"game"`
	Format string `json:"format"`
	Case   string `json:"case,omitempty"`
	// Map is the map file played, for information; MapFile, in a trace
	// written by hand, names the map to play (a battle map YAML document
	// or grid file, relative to the trace's folder) when Setup holds none.
	Map     string `json:"map,omitempty"`
	MapFile string `json:"map_file,omitempty"`
	Players string `json:"players,omitempty"`
	Setup   Setup  `json:"setup"`
}

// traceFinal is the last line of a trace.
type traceFinal struct {
	Result     Result `json:"result"`
	NEvents    int    `json:"n_events"`
	NDecisions int    `json:"n_decisions"`
}

// PlayTraced plays setup to its end with one Player per side and writes
// the game to w as JSON Lines: the header (its game, format and setup
// filled in), then a line per decision {"q", "player", "ev", "args", "a"}
// and per event, in the order they happened, then {"result", "n_events",
// "n_decisions"}. The events also go to o's OnEvent, when set.
func PlayTraced(setup Setup, players []Player, header TraceHeader, w io.Writer, o Options) (Result, error) {
	header.Game, header.Format, header.Setup = Family, TraceFormat, setup
	t := engine.NewTraceWriter(w)
	t.Line(header)
	onEvent := t.Event
	if also := o.Machine.OnEvent; also != nil {
		onEvent = func(e engine.Event) {
			t.Event(e)
			also(e)
		}
	}
	g, err := New(setup, Options{Machine: engine.Options{DropEvents: true, OnEvent: onEvent, Threaded: o.Machine.Threaded}})
	if err != nil {
		return Result{}, err
	}
	defer g.Close()
	seats := engine.Traced(players, t)
	if o.TraceWithoutArgs {
		seats = withoutArgs(players, t)
	}
	if err := engine.PlayOut(g, seats, engine.PlayOptions{}); err != nil {
		return Result{}, err
	}
	r, ok := g.Outcome()
	if !ok {
		return Result{}, errors.New("battle: the game ended without a result")
	}
	if err := t.Close(traceFinal{Result: r, NEvents: t.Events(), NDecisions: t.Decisions()}); err != nil {
		return Result{}, err
	}
	return r, nil
}

// withoutArgs is engine.Traced writing the decisions without their args.
func withoutArgs(players []Player, t *engine.TraceWriter) []Player {
	out := make([]Player, len(players))
	for i, p := range players {
		out[i] = engine.PlayerFunc[*Game](func(g *Game, d *engine.Decision) engine.Answer {
			a := p.Answer(g, d)
			t.Decision(&engine.Decision{Player: d.Player, Kind: d.Kind}, a)
			return a
		})
	}
	return out
}

// TraceSummary describes a trace that was replayed.
type TraceSummary struct {
	Case      string
	Events    int // events the game emitted
	Decisions int // answers given
	// Checked reports that the trace held events (and its final line)
	// and every one matched; a trace without them is only run.
	Checked bool
	// Result is the game's result; Over is false when the answers ran
	// out before the end, Round the round then.
	Result Result
	Over   bool
	Round  int
}

// ReplayOptions adjust a replay.
type ReplayOptions struct {
	// OnEvent receives every event the game emits (shapan replay
	// --print-events).
	OnEvent func(engine.Event)
	// Root is the folder a trace's map_file must lie in when
	// engine.StrictRoot is set (shapan replay --root); "" is the trace's
	// folder.
	Root string
}

// ReplayTraceFile replays a trace: from the setup of its header, the
// answers it records are given again, and every decision's arguments, every
// event and the final line it holds must be what the engine produces (a
// mismatch is an *engine.Divergence). A trace written by hand may hold only
// the header (with its setup, or a map_file) and the decision lines
// {"q": "orders", "player": side, "a": answer}: it is then run, and its
// events can be printed.
func ReplayTraceFile(path string, o ReplayOptions) (TraceSummary, error) {
	f, err := os.Open(path)
	if err != nil {
		return TraceSummary{}, err
	}
	defer f.Close()
	return replayTrace(f, filepath.Dir(path), o)
}

// trace is a parsed trace.
type trace struct {
	header    TraceHeader
	decisions []traceDecision
	events    []json.RawMessage
	final     *traceFinal
}

type traceDecision struct {
	line   int
	Q      string          `json:"q"`
	Player int             `json:"player"`
	Ev     *int            `json:"ev"`
	Args   json.RawMessage `json:"args"`
	A      json.RawMessage `json:"a"`
}

// ReplayTrace is ReplayTraceFile on a trace's content; dir is the folder
// a map_file is relative to.
func ReplayTrace(data []byte, dir string, o ReplayOptions) (TraceSummary, error) {
	return replayTrace(bytes.NewReader(data), dir, o)
}

// replayTrace is ReplayTrace on a trace read a line at a time from r.
func replayTrace(r io.Reader, dir string, o ReplayOptions) (TraceSummary, error) {
	tr, err := parseTrace(r)
	if err != nil {
		return TraceSummary{}, err
	}
	if tr.header.Setup.Map == nil {
		root := o.Root
		if root == "" {
			root = dir
		}
		if err := tr.loadMap(dir, root); err != nil {
			return TraceSummary{}, err
		}
	}
	return tr.replay(o)
}

// parseTrace splits a trace into its lines, read one at a time.
func parseTrace(r io.Reader) (*trace, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 256<<20)
	tr := &trace{}
	n := 0
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		n++
		if len(line) == 0 {
			continue
		}
		if tr.header.Format == "" {
			if err := json.Unmarshal(line, &tr.header); err != nil {
				return nil, fmt.Errorf("trace line %d (the header): %w", n, err)
			}
			if tr.header.Game != Family || tr.header.Format != TraceFormat {
				return nil, fmt.Errorf("trace line %d: not a %s header (game %q, format %q)", n, TraceFormat, tr.header.Game, tr.header.Format)
			}
			continue
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(line, &keys); err != nil {
			return nil, fmt.Errorf("trace line %d: %w", n, err)
		}
		switch {
		case keys["e"] != nil:
			tr.events = append(tr.events, append(json.RawMessage(nil), line...))
		case keys["q"] != nil:
			d := traceDecision{line: n}
			if err := json.Unmarshal(line, &d); err != nil {
				return nil, fmt.Errorf("trace line %d: %w", n, err)
			}
			if d.A == nil {
				return nil, fmt.Errorf("trace line %d: a decision line needs its answer \"a\"", n)
			}
			tr.decisions = append(tr.decisions, d)
		case keys["result"] != nil:
			tr.final = &traceFinal{}
			if err := json.Unmarshal(line, tr.final); err != nil {
				return nil, fmt.Errorf("trace line %d: %w", n, err)
			}
		default:
			return nil, fmt.Errorf("trace line %d: neither an event, a decision nor the final line", n)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, engine.TraceScanError(n+1, err)
	}
	if tr.header.Format == "" {
		return nil, errors.New("the trace is empty: it needs a header line")
	}
	return tr, nil
}

// loadMap reads the header's map_file, relative to dir (the trace's
// folder), with engine.ReadNamed: inside root when engine.StrictRoot is
// set, and a regular file of bounded size.
func (tr *trace) loadMap(dir, root string) error {
	if tr.header.MapFile == "" {
		return errors.New("the trace's setup has no map, and its header no map_file")
	}
	path, src, err := engine.ReadNamed(root, dir, tr.header.MapFile)
	if err != nil {
		return err
	}
	m, _, err := bfmt.ReadGrid(path, src)
	if ext := filepath.Ext(path); ext == ".yaml" || ext == ".yml" {
		m, _, err = bfmt.Decode(path, src)
	}
	if err != nil {
		return err
	}
	tr.header.Setup.Map = m
	if tr.header.Setup.Roster == nil {
		tr.header.Setup.Roster = m.Roster
	}
	return nil
}

// replay plays the trace's answers and compares what it records.
func (tr *trace) replay(o ReplayOptions) (TraceSummary, error) {
	name := "trace " + tr.header.Case
	sum := TraceSummary{Case: tr.header.Case, Checked: len(tr.events) > 0 || tr.final != nil}
	var events []json.RawMessage
	onEvent := func(e engine.Event) {
		b, err := json.Marshal(e)
		if err == nil {
			events = append(events, b)
		}
		if o.OnEvent != nil {
			o.OnEvent(e)
		}
	}
	g, err := New(tr.header.Setup, Options{Machine: engine.Options{DropEvents: true, OnEvent: onEvent}})
	if err != nil {
		return sum, engine.Diverged(name, "the setup does not start: %v", err)
	}
	defer g.Close()
	for k, d := range tr.decisions {
		if err := tr.checkDecision(g, k, d, len(events)); err != nil {
			return sum, err
		}
		if err := g.Answer(d.Player, engine.Answer(d.A)); err != nil {
			return sum, engine.Diverged(name, "line %d: side %d's recorded answer %s was refused: %v", d.line, d.Player, d.A, err)
		}
		sum.Decisions++
	}
	sum.Events = len(events)
	if err := g.Err(); err != nil {
		return sum, engine.Diverged(name, "the game failed: %v", err)
	}
	sum.Result, sum.Over = g.Outcome()
	sum.Round = g.Round()
	if !sum.Checked {
		return sum, nil
	}
	return sum, tr.compare(name, events, sum)
}

// checkDecision compares decision k of the trace with the game's.
func (tr *trace) checkDecision(g *Game, k int, d traceDecision, events int) error {
	name := "trace " + tr.header.Case
	p := g.PendingFor(d.Player)
	if p == nil {
		if g.Over() {
			return engine.Diverged(name, "line %d: the game is over, but the trace has %d more answers", d.line, len(tr.decisions)-k)
		}
		return engine.Diverged(name, "line %d: side %d is not asked now (round %d)", d.line, d.Player, g.Round())
	}
	if d.Q != p.Kind {
		return engine.Diverged(name, "line %d: the trace's question is %q, the game asks %q", d.line, d.Q, p.Kind)
	}
	if d.Ev != nil && *d.Ev != events {
		return engine.Diverged(name, "line %d: the question comes after %d events, the trace says %d", d.line, events, *d.Ev)
	}
	if len(d.Args) > 0 && string(d.Args) != "null" {
		if diff, err := jsondiff.Raw("args", d.Args, p.Args, jsondiff.Literal); err != nil || diff != "" {
			return engine.Diverged(name, "line %d: %s%v", d.line, diff, errOrNil(err))
		}
	}
	return nil
}

// compare checks the events and the final line.
func (tr *trace) compare(name string, events []json.RawMessage, sum TraceSummary) error {
	for i := range max(len(events), len(tr.events)) {
		switch {
		case i >= len(tr.events):
			return engine.Diverged(name, "event %d: the trace has %d events, the game emits more: %s", i, len(tr.events), events[i])
		case i >= len(events):
			return engine.Diverged(name, "event %d: the game emits %d events, the trace has more: %s", i, len(events), tr.events[i])
		}
		if diff, err := jsondiff.Raw(fmt.Sprintf("event %d", i), tr.events[i], events[i], jsondiff.Literal); err != nil || diff != "" {
			return engine.Diverged(name, "%s%v", diff, errOrNil(err))
		}
	}
	f := tr.final
	switch {
	case f == nil:
		return engine.Diverged(name, "the trace has events but no final line")
	case !sum.Over:
		return engine.Diverged(name, "the trace ends the game, but its answers leave it at round %d", sum.Result.Round)
	case f.NEvents != len(tr.events) || f.NDecisions != len(tr.decisions):
		return engine.Diverged(name, "n_events %d / n_decisions %d, but the trace lists %d / %d", f.NEvents, f.NDecisions, len(tr.events), len(tr.decisions))
	}
	want, _ := json.Marshal(f.Result)
	if diff, err := jsondiff.Raw("result", want, sum.Result, jsondiff.Literal); err != nil || diff != "" {
		return engine.Diverged(name, "%s%v", diff, errOrNil(err))
	}
	return nil
}

// errOrNil writes an error for a message, nothing for none.
func errOrNil(err error) any {
	if err == nil {
		return ""
	}
	return err
}
