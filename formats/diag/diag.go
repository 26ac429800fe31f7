// Package diag defines the one diagnostic type Shapan uses everywhere: parse
// errors of the format readers and problems found by validation share it, so
// the command line, the studio and the tests print and compare them alike.
package diag

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Severity says whether a diagnostic blocks (error) or only advises (warning).
type Severity int

// The two severities.
const (
	Error Severity = iota
	Warning
)

// String returns "error" or "warning".
func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// MarshalJSON writes the severity as its name.
func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON reads "error" or "warning".
func (s *Severity) UnmarshalJSON(b []byte) error {
	var v string
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch v {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	default:
		return fmt.Errorf("unknown severity %q", v)
	}
	return nil
}

// Pos is a 1-based line and column (columns count characters, not bytes).
// The zero Pos means "unknown".
type Pos struct {
	Line int `json:"line"`
	Col  int `json:"column"`
}

// Known reports whether the position was set.
func (p Pos) Known() bool { return p.Line > 0 }

// Locator maps a document path such as "officers[3].mou" to a position in the
// file the document was read from. Implementations fall back to the nearest
// enclosing path they know; the zero Pos means nothing is known.
type Locator interface {
	Locate(path string) Pos
}

// Diagnostic is one problem in one file.
type Diagnostic struct {
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Col      int      `json:"column"`
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Message  string   `json:"message"`
	// Path is the document path of the offending item (for example
	// "cities[2].garrison[0]"); it names the YAML node in YAML files and the
	// same logical item in legacy files. Empty when the problem is not tied
	// to one item.
	Path string `json:"path,omitempty"`
	// Related are other places that explain the problem: the first
	// holder of a duplicated name, the YAML block a syntax error is in,
	// the other forms a file was tried as.
	Related []Related `json:"related,omitempty"`
}

// Related is a place, other than the diagnostic's own, that helps explain
// it. File is empty when it is the diagnostic's file; Line is 0 when the
// note is about the file as a whole.
type Related struct {
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// String formats the diagnostic the way compilers do:
// FILE:LINE:COL: error CODE: message, followed by one line per related
// place, FILE:LINE:COL: note: message. Control characters in the message
// (which can come from the file) are escaped, so that a diagnostic is
// always one line of text per place.
func (d Diagnostic) String() string {
	var b strings.Builder
	writePlace(&b, d.File, d.Line, d.Col)
	fmt.Fprintf(&b, ": %s %s: %s", d.Severity, d.Code, Escape(d.Message))
	for _, r := range d.Related {
		b.WriteByte('\n')
		file := r.File
		if file == "" {
			file = d.File
		}
		writePlace(&b, file, r.Line, r.Col)
		b.WriteString(": note: ")
		b.WriteString(Escape(r.Message))
	}
	return b.String()
}

func writePlace(b *strings.Builder, file string, line, col int) {
	b.WriteString(Escape(file))
	if line > 0 {
		fmt.Fprintf(b, ":%d:%d", line, max(col, 1))
	}
}

// Escape returns s with control characters (and invalid UTF-8) written as
// Go escapes (\x1b, \u2028, ...), so that text from a file cannot move the
// cursor, clear a terminal or start a new line in a diagnostic.
func Escape(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				fmt.Fprintf(&b, "\\x%02x", s[i])
				continue
			}
			b.WriteRune(r)
		case r < 0x80 && unicode.IsControl(r):
			fmt.Fprintf(&b, "\\x%02x", r)
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Error makes a Diagnostic usable as an error.
func (d *Diagnostic) Error() string { return d.String() }

// At returns a copy of d placed at p.
func (d Diagnostic) At(p Pos) Diagnostic {
	d.Line, d.Col = p.Line, p.Col
	return d
}

// List is an ordered collection of diagnostics. A non-empty List is an error.
type List []Diagnostic

// Error joins the diagnostics, one per line.
func (l List) Error() string {
	parts := make([]string, len(l))
	for i, d := range l {
		parts[i] = d.String()
	}
	return strings.Join(parts, "\n")
}

// Err returns l as an error, or nil when l is empty.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Count returns the number of errors and of warnings.
func (l List) Count() (errors, warnings int) {
	for _, d := range l {
		if d.Severity == Error {
			errors++
		} else {
			warnings++
		}
	}
	return errors, warnings
}

// Sort orders the list by file, line, column, then code, keeping the original
// order of equal entries.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return a.Code < b.Code
	})
}

// Locate returns a copy of l in which every diagnostic without a file is
// in file and every one of file without a position is placed at its Path
// by loc (a document's source map; nil places nothing). The engines
// report the problems of a model by path; whoever read the model from a
// file locates them. A diagnostic of another file keeps its place.
func (l List) Locate(file string, loc Locator) List {
	out := make(List, len(l))
	for i, d := range l {
		if d.File == "" {
			d.File = file
		}
		if d.Line == 0 && loc != nil && d.File == file {
			p := loc.Locate(d.Path)
			d.Line, d.Col = p.Line, p.Col
		}
		out[i] = d
	}
	return out
}

// AsList turns any error into a List: a List or *Diagnostic is returned as
// is, any other error becomes one diagnostic with code CodeIO for file.
func AsList(err error, file string) List {
	if err == nil {
		return nil
	}
	switch e := err.(type) {
	case List:
		return e
	case *Diagnostic:
		return List{*e}
	}
	return List{{File: file, Severity: Error, Code: CodeIO, Message: err.Error()}}
}

// Codes of the errors the format readers report. Validation codes are
// defined by the validate package.
const (
	CodeEOF        = "P001" // the file ended where a value was expected
	CodeNotInt     = "P002" // an integer was expected
	CodeNotReal    = "P003" // a real number was expected
	CodeNotBool    = "P004" // a boolean was expected
	CodeBadSize    = "P005" // a count or size is negative or larger than the file can hold
	CodeBadText    = "P006" // text that cannot be represented (bad UTF-8, byte-order mark, ...)
	CodeYAMLSyntax = "P010" // the YAML itself is malformed
	CodeStructure  = "P011" // wrong shape: missing or unknown field, wrong node type
	CodeBadRef     = "P012" // a name that refers to nothing
	CodeKind       = "P013" // wrong or missing document kind or version
	CodeBadValue   = "P014" // a value outside the set the field allows
	CodeJSONSyntax = "P015" // the JSON itself is malformed (a Tiled map)
	CodeOffGrid    = "P016" // an object of a Tiled map lies outside the map's cells
	CodeNoCode     = "P017" // a painted tile that stands for no code of the family's legend
	CodeRepainted  = "P018" // an object of a Tiled map that follows what was painted under it
	CodeUnwritable = "W001" // a value that cannot be written in the target format
	CodeLostNotes  = "W002" // comments of the input that the converted file does not keep
)
