package planets

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/shapan/shapan/engine"
	pfmt "github.com/shapan/shapan/formats/planets"
)

// TableTraceFormat names the trace of a game played on a Table (a room of
// the Planet-Conquer server).
//
// A game trace (TraceFormat) cannot hold such a game: its players join
// whenever they like, also while it runs, and give an order only when
// they want to, so its steps are not decisions asked of every player. A
// table trace records what the table was told instead. It is JSON Lines:
//
//	{"game": "planets", "format": "planets-table/1", "case": ..., "setup": {"map": YAML, "shuffle", "seed", "no_response"}}
//	{"join": NAME, "player": K, "events": [...]}      a player joined as player K
//	{"order": ORDER, "player": K}                     player K's accepted order
//	{"step": true, "events": [...]}                   a step that did something
//	{"step": true, "error": MESSAGE}                  a step that failed
//	{"final": {"status", "round", "winner", "view"}}  the game as it ended
//
// Replaying it (ReplayTableTraceFile) tells a new table the same things
// and compares every event and the final state.
const TableTraceFormat = "planets-table/1"

// TableTraceHeader is the first line of a table trace.
type TableTraceHeader struct {
	Game   string     `json:"game"`
	Format string     `json:"format"`
	Case   string     `json:"case"`
	Setup  TableSetup `json:"setup"`
}

// tableLine is a line of a table trace after the header.
type tableLine struct {
	Join   *string           `json:"join,omitempty"`
	Order  json.RawMessage   `json:"order,omitempty"`
	Player *int              `json:"player,omitempty"`
	Step   bool              `json:"step,omitempty"`
	Error  string            `json:"error,omitempty"`
	Events []json.RawMessage `json:"events,omitempty"`
	Final  json.RawMessage   `json:"final,omitempty"`
}

// tableFinal is how a traced game ended (or stood when the trace ended).
type tableFinal struct {
	Status string `json:"status"`
	Round  int64  `json:"round"`
	Winner int    `json:"winner"`
	View   View   `json:"view"`
}

// tableSetupWire is a TableSetup as JSON: the map in its YAML form.
type tableSetupWire struct {
	Map        string `json:"map"`
	Shuffle    bool   `json:"shuffle"`
	Seed       int64  `json:"seed"`
	NoResponse bool   `json:"no_response"`
}

// MarshalJSON writes the setup with its map in the game's own YAML.
func (s TableSetup) MarshalJSON() ([]byte, error) {
	if s.Map == nil {
		return nil, errors.New("planets: the table setup has no map")
	}
	y, err := pfmt.WriteLegacy(s.Map)
	if err != nil {
		return nil, fmt.Errorf("planets: writing the table's map: %w", err)
	}
	return json.Marshal(tableSetupWire{Map: string(y), Shuffle: s.Shuffle, Seed: s.Seed, NoResponse: s.NoResponse})
}

// UnmarshalJSON reads a setup written by MarshalJSON.
func (s *TableSetup) UnmarshalJSON(b []byte) error {
	var w tableSetupWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	m, _, err := pfmt.ReadLegacy("setup.yml", []byte(w.Map))
	if err != nil {
		return fmt.Errorf("planets: reading the table's map: %w", err)
	}
	*s = TableSetup{Map: m, Shuffle: w.Shuffle, Seed: w.Seed, NoResponse: w.NoResponse}
	return nil
}

// tableRecorder writes a table's trace.
type tableRecorder struct{ w *engine.JSONLines }

// Record starts the trace of the table's current game on w: the header
// now (the table should have no player yet), then a line for every join,
// accepted order and step that did something, until EndRecord.
func (t *Table) Record(w io.Writer, name string) {
	t.rec = &tableRecorder{w: engine.NewJSONLines(w)}
	t.rec.w.Write(TableTraceHeader{Game: Family, Format: TableTraceFormat, Case: name, Setup: t.setup})
}

// EndRecord writes the game's final line and flushes the trace; it
// returns the first error writing it. A table not recording returns nil.
func (t *Table) EndRecord() error {
	if t.rec == nil {
		return nil
	}
	r := t.rec
	t.rec = nil
	final, err := json.Marshal(t.final())
	if err != nil {
		return fmt.Errorf("planets: the table's final state: %w", err)
	}
	r.w.Write(tableLine{Final: final})
	return r.w.Close()
}

// final is the table's game as it stands.
func (t *Table) final() tableFinal {
	return tableFinal{Status: t.st.status, Round: t.st.round, Winner: t.st.winner, View: t.View()}
}

// record writes a line with the events from index from on.
func (t *Table) record(line tableLine, from int) {
	if t.rec == nil {
		return
	}
	for _, e := range t.events[from:] {
		b, err := json.Marshal(e)
		if err != nil {
			b, _ = json.Marshal(map[string]string{"e": e.EventName(), "error": err.Error()})
		}
		line.Events = append(line.Events, b)
	}
	t.rec.w.Write(line)
}

// TableTraceSummary describes a table trace that replayed exactly.
type TableTraceSummary struct {
	Case                 string
	Joins, Orders, Steps int
	Events               int
	Final                string // the status the game ended in
	Winner               int
}

// ReplayTableTraceFile replays a table trace: a new table on its setup is
// told every join, order and step again, and must emit the same events and
// end in the same state. A mismatch is a *engine.Divergence.
func ReplayTableTraceFile(path string) (TableTraceSummary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return TableTraceSummary{}, err
	}
	return ReplayTableTrace(data)
}

// ReplayTableTrace is ReplayTableTraceFile on the file's content.
func ReplayTableTrace(data []byte) (TableTraceSummary, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<20), 256<<20)
	if !sc.Scan() {
		return TableTraceSummary{}, errors.New("planets: an empty table trace")
	}
	var h TableTraceHeader
	if err := json.Unmarshal(sc.Bytes(), &h); err != nil || h.Format != TableTraceFormat {
		return TableTraceSummary{}, fmt.Errorf("planets: line 1 is not a %s header: %v", TableTraceFormat, err)
	}
	t, err := NewTable(h.Setup)
	if err != nil {
		return TableTraceSummary{}, fmt.Errorf("planets: the trace's table: %w", err)
	}
	sum := TableTraceSummary{Case: h.Case}
	for n := 2; sc.Scan(); n++ {
		var l tableLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return sum, fmt.Errorf("planets: line %d: %w", n, err)
		}
		where := fmt.Sprintf("table trace %s, line %d", h.Case, n)
		if l.Final != nil {
			f := t.final()
			sum.Final, sum.Winner = f.Status, f.Winner
			return sum, compareJSON(where, "final", l.Final, f)
		}
		if err := t.replayLine(l, where, &sum); err != nil {
			return sum, err
		}
	}
	if err := sc.Err(); err != nil {
		return sum, err
	}
	return sum, &engine.Divergence{Where: "table trace " + h.Case, Detail: "the trace has no final line"}
}

// replayLine does again what one line of a table trace says and compares
// the events.
func (t *Table) replayLine(l tableLine, where string, sum *TableTraceSummary) error {
	div := func(format string, args ...any) error {
		return &engine.Divergence{Where: where, Detail: fmt.Sprintf(format, args...)}
	}
	from := len(t.events)
	switch {
	case l.Join != nil:
		k, err := t.Join(*l.Join)
		if err != nil || l.Player == nil || k != *l.Player {
			return div("%q joined as player %d (%v), the trace says %v", *l.Join, k, err, l.Player)
		}
		sum.Joins++
	case l.Order != nil && l.Player != nil:
		if err := t.Submit(*l.Player, l.Order); err != nil {
			return div("player %d's order %s was refused: %v", *l.Player, l.Order, err)
		}
		sum.Orders++
		return nil
	case l.Step:
		from = 0
		changed, err := t.Step()
		if err != nil || l.Error != "" {
			if err == nil || err.Error() != l.Error {
				return div("the step failed with %v, the trace says %q", err, l.Error)
			}
			sum.Steps++
			return nil
		}
		if !changed {
			return div("the step did nothing, the trace says it did")
		}
		sum.Steps++
	default:
		return div("a line that says nothing")
	}
	got := t.events[from:]
	if len(got) != len(l.Events) {
		return div("%d events, the trace has %d", len(got), len(l.Events))
	}
	for i, e := range got {
		if err := compareJSON(fmt.Sprintf("%s, event %d", where, i+1), "event", l.Events[i], e); err != nil {
			return err
		}
	}
	sum.Events += len(got)
	return nil
}
