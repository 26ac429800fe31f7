package engine

import (
	"bytes"
	"errors"
	"testing"
)

func TestNamedJSON(t *testing.T) {
	for _, tc := range []struct {
		fields any
		want   string
	}{
		{struct {
			To int `json:"to"`
		}{2}, `{"e":"move","to":2}`},
		{struct{}{}, `{"e":"move"}`},
	} {
		b, err := NamedJSON("move", tc.fields)
		if err != nil || string(b) != tc.want {
			t.Errorf("NamedJSON(%+v) = %s, %v; want %s", tc.fields, b, err, tc.want)
		}
	}
	if _, err := NamedJSON("x", func() {}); err == nil {
		t.Error("fields that do not marshal must be an error")
	}
}

type failingWriter struct{ n int }

func (f *failingWriter) Write(p []byte) (int, error) {
	f.n++
	return 0, errors.New("disk full")
}

func TestJSONLines(t *testing.T) {
	var b bytes.Buffer
	l := NewJSONLines(&b)
	l.Write(map[string]int{"a": 1})
	l.Write([]int{1, 2})
	if err := l.Close(); err != nil || b.String() != "{\"a\":1}\n[1,2]\n" {
		t.Fatalf("got %q, %v", b.String(), err)
	}
	f := &failingWriter{}
	l = NewJSONLines(f)
	l.Write(func() {}) // does not marshal: the first error is kept
	l.Write(1)
	if err := l.Close(); err == nil || f.n != 0 {
		t.Fatalf("the marshalling error was lost (%v) or writing went on (%d writes)", err, f.n)
	}
	l = NewJSONLines(f)
	l.Write(1)
	if err := l.Close(); err == nil || err.Error() != "disk full" {
		t.Fatalf("the write error was lost: %v", err)
	}
}
