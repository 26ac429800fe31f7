package planets

import (
	"encoding/json"
	"io"

	"github.com/shapan/shapan/engine"
)

// TraceFormat names the JSON Lines trace of a played game.
const TraceFormat = "planets-trace/1"

// TraceHeader is the first line of a trace: what was played, and the
// state after the players joined.
type TraceHeader struct {
	Game   string `json:"game"`
	Format string `json:"format"`
	Case   string `json:"case"`
	// Map is the map file played (for information: Setup holds the map).
	Map     string `json:"map,omitempty"`
	Players string `json:"players,omitempty"`
	Setup   Setup  `json:"setup"`
	Initial View   `json:"initial"`
}

// traceDecision is a decision line: the question, the number of events
// before it, what the player saw and the answer.
type traceDecision struct {
	Q      string          `json:"q"`
	Player int             `json:"player"`
	Ev     int             `json:"ev"`
	Args   any             `json:"args"`
	A      json.RawMessage `json:"a"`
}

// traceFinal is the last line.
type traceFinal struct {
	Result     Result `json:"result"`
	NEvents    int    `json:"n_events"`
	NDecisions int    `json:"n_decisions"`
	Final      View   `json:"final"`
}

// TraceWriter writes a game as JSON Lines: a header, then one line per
// decision (with its answer) and per event in the order they happened,
// then a line with the result and the final state.
type TraceWriter struct {
	w         *engine.JSONLines
	events    int
	decisions int
}

// NewTraceWriter writes to w; call Close at the end.
func NewTraceWriter(w io.Writer) *TraceWriter { return &TraceWriter{w: engine.NewJSONLines(w)} }

func (t *TraceWriter) line(v any) { t.w.Write(v) }

// Header writes the header line.
func (t *TraceWriter) Header(h TraceHeader) { t.line(h) }

// Event writes an event line (use it as the machine's OnEvent).
func (t *TraceWriter) Event(e engine.Event) {
	t.line(e)
	t.events++
}

// Decision writes the line of decision d answered with a, before the
// answer is given to the machine (so that the events it causes follow).
func (t *TraceWriter) Decision(d *engine.Decision, a engine.Answer) {
	t.line(traceDecision{Q: d.Kind, Player: d.Player, Ev: t.events, Args: d.Args, A: json.RawMessage(a)})
	t.decisions++
}

// Close writes the final line and flushes.
func (t *TraceWriter) Close(r Result, final View) error {
	t.line(traceFinal{Result: r, NEvents: t.events, NDecisions: t.decisions, Final: final})
	return t.w.Close()
}

// InitialView returns the state a setup starts from: the players joined,
// before the first step.
func InitialView(setup Setup) (View, error) {
	st, n, err := setup.state()
	if err != nil {
		return View{}, err
	}
	for i := 0; i < n; i++ {
		if _, err := st.addPlayer(playerName(i)); err != nil {
			return View{}, err
		}
	}
	return st.view(), nil
}

// tracingPlayer writes every answer of its players to a trace.
type tracingPlayer struct {
	players []Player
	trace   *TraceWriter
}

// Answer asks the player and writes the decision line.
func (p tracingPlayer) Answer(g *Game, d *engine.Decision) engine.Answer {
	a := p.players[d.Player].Answer(g, d)
	p.trace.Decision(d, a)
	return a
}

// PlayTraced plays setup to its end like PlayGame and writes the whole
// game to trace (its header first; the header's game, format, setup and
// initial state are filled in).
func PlayTraced(setup Setup, players []Player, header TraceHeader, trace *TraceWriter, maxDecisions int) (Result, error) {
	initial, err := InitialView(setup)
	if err != nil {
		return Result{}, err
	}
	header.Game, header.Format, header.Setup, header.Initial = Family, TraceFormat, setup, initial
	trace.Header(header)
	g, err := New(setup, Options{Machine: engine.Options{DropEvents: true, OnEvent: trace.Event}})
	if err != nil {
		return Result{}, err
	}
	defer g.Close()
	tp := tracingPlayer{players: players, trace: trace}
	r, err := PlayOut(g, Seats(tp, len(players)), maxDecisions)
	if err != nil {
		return Result{}, err
	}
	if err := trace.Close(r, g.View()); err != nil {
		return Result{}, err
	}
	return r, nil
}
