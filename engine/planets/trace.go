package planets

import (
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

// traceFinal is the last line.
type traceFinal struct {
	Result     Result `json:"result"`
	NEvents    int    `json:"n_events"`
	NDecisions int    `json:"n_decisions"`
	Final      View   `json:"final"`
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

// PlayTraced plays setup to its end like PlayGame and writes the whole
// game to w as JSON Lines: the header (its game, format, setup and initial
// state filled in), then one line per decision (with its answer) and per
// event in the order they happened, then a line with the result and the
// final state.
func PlayTraced(setup Setup, players []Player, header TraceHeader, w io.Writer, maxDecisions int) (Result, error) {
	initial, err := InitialView(setup)
	if err != nil {
		return Result{}, err
	}
	header.Game, header.Format, header.Setup, header.Initial = Family, TraceFormat, setup, initial
	trace := engine.NewTraceWriter(w)
	trace.Line(header)
	g, err := New(setup, Options{Machine: engine.Options{DropEvents: true, OnEvent: trace.Event}})
	if err != nil {
		return Result{}, err
	}
	defer g.Close()
	r, err := PlayOut(g, engine.Traced(players, trace), maxDecisions)
	if err != nil {
		return Result{}, err
	}
	if err := trace.Close(traceFinal{Result: r, NEvents: trace.Events(), NDecisions: trace.Decisions(), Final: g.View()}); err != nil {
		return Result{}, err
	}
	return r, nil
}
