package engine

import (
	"bytes"
	"encoding/json"
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
