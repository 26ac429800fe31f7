package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// TraceWriter writes a game as JSON Lines: a header line, then one line
// per decision (with its answer) and per event in the order they
// happened, then a last line (the family's result and final state). The
// families' traces and the golden traces of the original engines share
// this shape; a family writes its own header and last line, and counts on
// Events and Decisions for them.
type TraceWriter struct {
	w         *JSONLines
	events    int
	decisions int
	// PlayerKey is the key of the answering player in decision lines
	// ("player" when empty; mbg's golden traces say "role").
	PlayerKey string
}

// NewTraceWriter writes to w; call Close at the end.
func NewTraceWriter(w io.Writer) *TraceWriter { return &TraceWriter{w: NewJSONLines(w)} }

// Line writes v as one line (a header, or a family's own line).
func (t *TraceWriter) Line(v any) { t.w.Write(v) }

// Event writes an event line (use it as the machine's OnEvent).
func (t *TraceWriter) Event(e Event) {
	t.w.Write(e)
	t.events++
}

// Decision writes the line of decision d answered with a:
// {"q": kind, "player": p, "ev": events so far, "args": ..., "a": answer}.
// Call it before the answer reaches the machine, so that the events it
// causes follow it.
func (t *TraceWriter) Decision(d *Decision, a Answer) {
	key := t.PlayerKey
	if key == "" {
		key = "player"
	}
	t.w.Write(decisionLine{key: key, d: d, ev: t.events, a: a})
	t.decisions++
}

// Events returns the number of events written.
func (t *TraceWriter) Events() int { return t.events }

// Decisions returns the number of decisions written.
func (t *TraceWriter) Decisions() int { return t.decisions }

// Close writes last (unless nil) as the last line and flushes; it returns
// the first error met while writing.
func (t *TraceWriter) Close(last any) error {
	if last != nil {
		t.w.Write(last)
	}
	return t.w.Close()
}

// decisionLine marshals a decision line with its keys in the trace order.
type decisionLine struct {
	key string
	d   *Decision
	ev  int
	a   Answer
}

func (l decisionLine) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	for i, f := range []struct {
		key string
		v   any
	}{{"q", l.d.Kind}, {l.key, l.d.Player}, {"ev", l.ev}, {"args", l.d.Args}, {"a", json.RawMessage(l.a)}} {
		v, err := json.Marshal(f.v)
		if err != nil {
			return nil, err
		}
		k, _ := json.Marshal(f.key)
		if i == 0 {
			b.WriteByte('{')
		} else {
			b.WriteByte(',')
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// TraceKeys tell a family's trace lines apart: a line with the key "e"
// is an event, one with Decision a decision, one with Last the last line.
type TraceKeys struct {
	Decision string
	Last     string
}

// maxTraceLine bounds one line of a trace.
const maxTraceLine = 256 << 20

// TraceScanError is the error of reading line n of a trace: a line
// longer than the longest a trace may hold is named so, not as the
// scanner's "token too long".
func TraceScanError(n int, err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("trace line %d: longer than %d MiB, the longest line a trace may hold", n, maxTraceLine>>20)
	}
	return err
}

// ReadTrace reads a trace written as TraceWriter writes them, a line at a
// time from r (the trace is never held whole): the first line into
// header, every decision line into a D, the events kept as they are, and
// the last line into last (found tells whether there was one). Blank
// lines are skipped; an error names the line (counting the lines that
// are not blank).
func ReadTrace[D any](r io.Reader, keys TraceKeys, header, last any) (events []json.RawMessage, decisions []D, found bool, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), maxTraceLine)
	n := 0
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		n++
		if n == 1 {
			if err := json.Unmarshal(line, header); err != nil {
				return nil, nil, false, fmt.Errorf("trace line 1 (the header): %w", err)
			}
			continue
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(line, &fields); err != nil {
			return nil, nil, false, fmt.Errorf("trace line %d: %w", n, err)
		}
		switch {
		case fields["e"] != nil:
			events = append(events, append(json.RawMessage(nil), line...))
		case fields[keys.Decision] != nil:
			var d D
			err = json.Unmarshal(line, &d)
			decisions = append(decisions, d)
		case fields[keys.Last] != nil:
			err, found = json.Unmarshal(line, last), true
		default:
			err = errors.New("neither an event, a decision nor the last line")
		}
		if err != nil {
			return nil, nil, false, fmt.Errorf("trace line %d: %w", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, false, TraceScanError(n+1, err)
	}
	return events, decisions, found, nil
}
