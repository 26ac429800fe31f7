// Package diagout writes lists of diagnostics in the forms that editors and
// CI systems read:
//
//	format  what it is                                   read by
//	text    FILE:LINE:COL: error: message [CODE]         gcc-style problem matchers (VS Code $gcc, Emacs, Vim), people
//	json    one JSON array of diagnostic objects         scripts
//	github  ::error file=F,line=L,col=C,title=CODE::msg  GitHub Actions (annotations on the pull request)
//	sarif   a SARIF 2.1.0 log                            code-scanning tools (GitHub code scanning, GitLab, IDEs)
//
// Every form carries the same facts: file, line, column, severity, code and
// message (and the rule's title and fix where the form has room for them).
package diagout

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/shapan/shapan/formats/diag"
)

// Format names an output form.
type Format string

// The output forms.
const (
	Text   Format = "text"
	JSON   Format = "json"
	GitHub Format = "github"
	SARIF  Format = "sarif"
)

// Formats lists every form, in the order help texts name them.
var Formats = []Format{Text, JSON, GitHub, SARIF}

// Names returns the forms' names joined with "|".
func Names() string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = string(f)
	}
	return strings.Join(names, "|")
}

// Parse returns the Format named s.
func Parse(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q (known: %s)", s, Names())
}

// Rule describes a diagnostic code for the forms that list rules (SARIF).
type Rule struct {
	Code     string
	Severity diag.Severity
	Title    string // one line
	Meaning  string // what the rule finds and why it matters
	Fix      string // how to fix it
}

// Tool describes the program that found the diagnostics.
type Tool struct {
	Name    string
	Version string
	URI     string // home page
	Rules   []Rule // the catalogue of codes; codes not listed get a bare entry
}

// Write writes l to w in form f. Text writes nothing for an empty list;
// JSON writes [] and SARIF a log with no results.
func Write(w io.Writer, f Format, l diag.List, tool Tool) error {
	switch f {
	case Text:
		return writeLines(w, l, Line)
	case GitHub:
		return writeLines(w, l, Command)
	case JSON:
		if l == nil {
			l = diag.List{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(l)
	case SARIF:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(sarifLog(l, tool))
	}
	return fmt.Errorf("diagout: unknown format %q", f)
}

func writeLines(w io.Writer, l diag.List, line func(diag.Diagnostic) string) error {
	for _, d := range l {
		if _, err := io.WriteString(w, line(d)+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// Line formats d as gcc does, which the stock problem matchers of editors
// and CI systems parse: FILE:LINE:COL: error: message [CODE]. A diagnostic
// of no known place has no line and column (FILE: error: ...).
func Line(d diag.Diagnostic) string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", d.Line, max(d.Col, 1))
	}
	fmt.Fprintf(&b, ": %s: %s [%s]", d.Severity, oneLine(d.Message), d.Code)
	return b.String()
}

// Command formats d as a GitHub Actions workflow command, which the runner
// turns into an annotation on the file and line:
// ::error file=F,line=L,col=C,title=CODE::message.
func Command(d diag.Diagnostic) string {
	props := []string{"file=" + escapeProperty(d.File)}
	if d.Line > 0 {
		props = append(props, fmt.Sprintf("line=%d", d.Line), fmt.Sprintf("col=%d", max(d.Col, 1)))
	}
	props = append(props, "title="+escapeProperty(d.Code))
	return fmt.Sprintf("::%s %s::%s", d.Severity, strings.Join(props, ","), escapeData(d.Message))
}

// escapeData escapes a workflow command's message as the runner expects.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// oneLine keeps a message on its line, so that a line-based reader sees one
// diagnostic per line.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}
