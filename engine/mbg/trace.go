package mbg

import (
	"encoding/json"
	"io"

	"github.com/shapan/shapan/engine"
)

// TraceHeader is the first line of a JSON Lines trace: what a golden case
// file (spec §11.1) says about the run, and the state it starts from.
type TraceHeader struct {
	Game      string `json:"game"`
	Case      string `json:"case"`
	Scenario  string `json:"scenario"`
	Seed      int64  `json:"seed"`
	RNG       string `json:"rng"`
	MaxTurn   int    `json:"max_turn"`
	FirstRole int    `json:"first_role"`
	FillCards int    `json:"fill_cards"`
	Players   string `json:"players,omitempty"`
	Initial   View   `json:"initial"`
}

// traceDecision is a decision line, in the golden form.
type traceDecision struct {
	Q    string          `json:"q"`
	Role int             `json:"role"`
	Ev   int             `json:"ev"`
	Args any             `json:"args"`
	A    json.RawMessage `json:"a"`
}

// traceFinal is the last line.
type traceFinal struct {
	Result     int  `json:"result"`
	NEvents    int  `json:"n_events"`
	NDecisions int  `json:"n_decisions"`
	Final      View `json:"final"`
}

// TraceWriter writes a game as JSON Lines in the golden format: a header,
// then one line per decision and per event in the order they happened,
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

// Decision writes the line of decision d, answered with a; it must be
// called before the answer is given to the machine (so that the events it
// causes follow it).
func (t *TraceWriter) Decision(d *engine.Decision, a engine.Answer) {
	t.line(traceDecision{Q: d.Kind, Role: d.Player, Ev: t.events, Args: d.Args, A: json.RawMessage(a)})
	t.decisions++
}

// Close writes the final line and flushes.
func (t *TraceWriter) Close(result int, final View) error {
	t.line(traceFinal{Result: result, NEvents: t.events, NDecisions: t.decisions, Final: final})
	return t.w.Close()
}

// tracingPlayer writes every answer of its players to a trace.
type tracingPlayer struct {
	players []Player
	trace   *TraceWriter
}

// Answer asks the role's player and writes the decision line.
func (p tracingPlayer) Answer(g *Game, d *engine.Decision) engine.Answer {
	a := p.players[d.Player].Answer(g, d)
	p.trace.Decision(d, a)
	return a
}

// PlayTraced plays setup to its end like PlayGame and writes the whole game
// to trace (its header first).
func PlayTraced(setup Setup, players []Player, header TraceHeader, trace *TraceWriter, maxDecisions int) (Outcome, error) {
	initial, err := InitialView(setup)
	if err != nil {
		return Outcome{}, err
	}
	header.Game, header.RNG, header.Initial = "mbg", "go-math-rand", initial
	header.Seed, header.MaxTurn, header.FirstRole, header.FillCards = setup.Seed, setup.MaxTurn, setup.FirstRole, setup.FillCards
	if setup.Save != nil {
		header.FirstRole = setup.Save.ActingRole
	}
	trace.Header(header)
	g, err := New(setup, Options{Machine: engine.Options{DropEvents: true, OnEvent: trace.Event}})
	if err != nil {
		return Outcome{}, err
	}
	defer g.Close()
	tp := tracingPlayer{players: players, trace: trace}
	all := make([]Player, len(players))
	for i := range all {
		all[i] = tp
	}
	res, err := PlayOut(g, all, maxDecisions)
	if err != nil {
		return Outcome{}, err
	}
	if err := trace.Close(res, g.View()); err != nil {
		return Outcome{}, err
	}
	return Outcome{Result: res, Turns: min(g.Turn(), setup.MaxTurn), Moneys: g.g.moneys()}, nil
}
