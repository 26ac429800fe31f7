package engine

import (
	"bufio"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestReadTraceSplitsTheLines reads a trace back into its header, events,
// decisions and last line, skipping blank lines.
func TestReadTraceSplitsTheLines(t *testing.T) {
	trace := `{"game":"countdown"}

{"q":"take","role":0,"ev":0,"args":{"left":4},"a":2}
{"e":"took","who":0}
{"q":"take","role":1,"ev":1,"args":{"left":2},"a":2}
{"e":"took","who":1}
{"n_decisions":2,"n_events":2,"result":1}
`
	var header struct{ Game string }
	var last struct{ Result, NEvents int }
	type decision struct {
		Q    string
		Role int
		A    json.RawMessage
	}
	events, decisions, found, err := ReadTrace[decision](strings.NewReader(trace), TraceKeys{Decision: "q", Last: "result"}, &header, &last)
	if err != nil {
		t.Fatal(err)
	}
	if header.Game != "countdown" || !found || last.Result != 1 {
		t.Errorf("header %+v, last line found %v: %+v", header, found, last)
	}
	if len(events) != 2 || string(events[1]) != `{"e":"took","who":1}` {
		t.Errorf("events: %s", events)
	}
	if len(decisions) != 2 || decisions[1].Role != 1 || string(decisions[1].A) != "2" {
		t.Errorf("decisions: %+v", decisions)
	}
}

// TestReadTraceNamesTheBadLine: errors name the line (blank lines not
// counted), and a trace without a last line says so.
func TestReadTraceNamesTheBadLine(t *testing.T) {
	keys := TraceKeys{Decision: "q", Last: "result"}
	for _, tc := range []struct{ trace, want string }{
		{`[1]`, "trace line 1 (the header)"},
		{"{}\n\n{\"q\":1}\n{\"x\":1}\n", "trace line 3: neither an event, a decision nor the last line"},
		{"{}\n{\"q\":\"a\",\"role\":\"x\"}\n", "trace line 2: json"},
		{"{}\nnot json\n", "trace line 2:"},
	} {
		var header, last map[string]any
		_, _, _, err := ReadTrace[struct{ Role int }](strings.NewReader(tc.trace), keys, &header, &last)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.trace, err, tc.want)
		}
	}
	var header, last map[string]any
	_, _, found, err := ReadTrace[map[string]any](strings.NewReader("{}\n{\"e\":\"x\"}\n"), keys, &header, &last)
	if err != nil || found {
		t.Errorf("a trace without its last line: found %v, error %v", found, err)
	}
}

// A line longer than a trace may hold is named as such, with its number,
// not as the scanner's "token too long".
func TestReadTraceNamesALineTooLong(t *testing.T) {
	err := TraceScanError(3, bufio.ErrTooLong)
	if err == nil || err.Error() != "trace line 3: longer than 256 MiB, the longest line a trace may hold" {
		t.Errorf("%v", err)
	}
	if other := errors.New("disk"); TraceScanError(3, other) != other {
		t.Error("another error is changed")
	}
}
