package main

import (
	"io"
	"strings"

	"github.com/shapan/shapan/formats/diag"
)

// textWriter is the standard output or error of a command that prints
// text made from documents (names of officers, heroes, sides, files): it
// escapes, with diag.Escape (the function diagnostics are escaped with),
// every control character but the line feed and the tab, so that an ESC
// sequence, an OSC title or a BEL in a document reaches the terminal as
// visible text (\x1b, \x07), never as a command. Binary outputs (a PNG)
// and the progress bar are written to the writer it wraps (Unwrap).
type textWriter struct{ w io.Writer }

// textOut wraps w in a textWriter (once).
func textOut(w io.Writer) io.Writer {
	if _, ok := w.(textWriter); ok {
		return w
	}
	return textWriter{w}
}

// Unwrap returns the writer written to, so that a terminal is seen as one.
func (t textWriter) Unwrap() io.Writer { return t.w }

func (t textWriter) Write(p []byte) (int, error) {
	s := string(p)
	if clean(s) {
		return t.w.Write(p)
	}
	var b strings.Builder
	for {
		i := strings.IndexAny(s, "\n\t")
		if i < 0 {
			b.WriteString(diag.Escape(s))
			break
		}
		b.WriteString(diag.Escape(s[:i]))
		b.WriteByte(s[i])
		s = s[i+1:]
	}
	if _, err := io.WriteString(t.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// clean reports whether s has nothing to escape.
func clean(s string) bool {
	for _, line := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\t' }) {
		if diag.Escape(line) != line {
			return false
		}
	}
	return true
}

// rawWriter returns the writer a textWriter (or checkedWriter chain)
// writes to, for bytes that must pass as they are (a PNG on standard
// output).
func rawWriter(w io.Writer) io.Writer {
	if t, ok := w.(textWriter); ok {
		return t.w
	}
	return w
}
