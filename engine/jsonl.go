package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
)

// NamedJSON marshals an event's fields (a struct without its own
// MarshalJSON) with "e": name in front of them, the spec's event form
// {"e": name, ...fields}.
func NamedJSON(name string, fields any) ([]byte, error) {
	body, err := json.Marshal(fields)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(`{"e":`)
	n, _ := json.Marshal(name)
	b.Write(n)
	if len(body) > 2 {
		b.WriteByte(',')
		b.Write(body[1:])
	} else {
		b.WriteByte('}')
	}
	return b.Bytes(), nil
}

// JSONLines writes values as JSON Lines (a game's trace), buffered; the
// first error stops the writing and is returned by Close.
type JSONLines struct {
	w   *bufio.Writer
	err error
}

// NewJSONLines writes to w; call Close at the end.
func NewJSONLines(w io.Writer) *JSONLines { return &JSONLines{w: bufio.NewWriter(w)} }

// Write writes v as one line.
func (l *JSONLines) Write(v any) {
	if l.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err == nil {
		b = append(b, '\n')
		_, err = l.w.Write(b)
	}
	l.err = err
}

// Close flushes the lines and returns the first error.
func (l *JSONLines) Close() error {
	if l.err == nil {
		l.err = l.w.Flush()
	}
	return l.err
}
