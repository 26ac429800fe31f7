package mbg

import (
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

// traceFinal is the last line.
type traceFinal struct {
	Result     int  `json:"result"`
	NEvents    int  `json:"n_events"`
	NDecisions int  `json:"n_decisions"`
	Final      View `json:"final"`
}

// PlayTraced plays setup to its end like PlayGame and writes the whole game
// to w as JSON Lines in the golden format: the header, then one line per
// decision and per event in the order they happened, then a line with the
// result and the final state.
func PlayTraced(setup Setup, players []Player, header TraceHeader, w io.Writer, maxDecisions int) (Outcome, error) {
	initial, err := InitialView(setup)
	if err != nil {
		return Outcome{}, err
	}
	header.Game, header.RNG, header.Initial = "mbg", "go-math-rand", initial
	header.Seed, header.MaxTurn, header.FirstRole, header.FillCards = setup.Seed, setup.MaxTurn, setup.FirstRole, setup.FillCards
	if setup.Save != nil {
		header.FirstRole = setup.Save.ActingRole
	}
	trace := engine.NewTraceWriter(w)
	trace.PlayerKey = "role"
	trace.Line(header)
	g, err := New(setup, Options{Machine: engine.Options{DropEvents: true, OnEvent: trace.Event}})
	if err != nil {
		return Outcome{}, err
	}
	defer g.Close()
	res, err := PlayOut(g, engine.Traced(players, trace), maxDecisions)
	if err != nil {
		return Outcome{}, err
	}
	if err := trace.Close(traceFinal{Result: res, NEvents: trace.Events(), NDecisions: trace.Decisions(), Final: g.View()}); err != nil {
		return Outcome{}, err
	}
	return Outcome{Result: res, Turns: min(g.Turn(), setup.MaxTurn), Moneys: g.g.moneys()}, nil
}
