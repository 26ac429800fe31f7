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

// Write writes l to w in form f. failures are the files the run could not
// check at all (code IO001, an unreadable file): SARIF marks the run as
// failed and lists them as notifications, GitHub makes them annotations
// too; text and JSON leave them to the caller (standard error). Text
// writes nothing for an empty list; JSON writes [] and SARIF a log with no
// results.
func Write(w io.Writer, f Format, l diag.List, tool Tool, failures diag.List) error {
	switch f {
	case Text:
		return WriteText(w, l, false)
	case GitHub:
		return writeLines(w, append(append(diag.List(nil), failures...), l...), Command)
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
		return enc.Encode(sarifLog(l, tool, failures))
	}
	return fmt.Errorf("diagout: unknown format %q", f)
}

// WriteText writes l as gcc-style lines; with colour, the severities are
// coloured as compilers colour them (error red, warning magenta, note
// cyan), for a terminal that takes colours.
func WriteText(w io.Writer, l diag.List, colour bool) error {
	if !colour {
		return writeLines(w, l, Line)
	}
	paint := strings.NewReplacer(
		": error: ", ": \x1b[1;31merror:\x1b[0m ",
		": warning: ", ": \x1b[1;35mwarning:\x1b[0m ",
		": note: ", ": \x1b[1;36mnote:\x1b[0m ")
	return writeLines(w, l, func(d diag.Diagnostic) string {
		lines := strings.Split(Line(d), "\n")
		for i, line := range lines {
			lines[i] = paintFirst(paint, line)
		}
		return strings.Join(lines, "\n")
	})
}

// paintFirst colours the first severity of a line (the place before it
// holds no ": error: ", which a message might).
func paintFirst(paint *strings.Replacer, line string) string {
	for _, sev := range []string{": error: ", ": warning: ", ": note: "} {
		if i := strings.Index(line, sev); i >= 0 {
			return line[:i] + paint.Replace(sev) + line[i+len(sev):]
		}
	}
	return line
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
// and CI systems parse: FILE:LINE:COL: error: message [CODE], then one
// line FILE:LINE:COL: note: message per related place. A place not known
// has no line and column (FILE: error: ...). Control characters from
// files are escaped, so that each place is one line.
func Line(d diag.Diagnostic) string {
	var b strings.Builder
	writePlace(&b, d.File, d.Line, d.Col)
	fmt.Fprintf(&b, ": %s: %s [%s]", d.Severity, diag.Escape(d.Message), d.Code)
	for _, r := range d.Related {
		b.WriteByte('\n')
		writePlace(&b, relatedFile(d, r), r.Line, r.Col)
		b.WriteString(": note: " + diag.Escape(r.Message))
	}
	return b.String()
}

func writePlace(b *strings.Builder, file string, line, col int) {
	b.WriteString(diag.Escape(file))
	if line > 0 {
		fmt.Fprintf(b, ":%d:%d", line, max(col, 1))
	}
}

// relatedFile is the file of a related place (the diagnostic's own when
// the place names none).
func relatedFile(d diag.Diagnostic, r diag.Related) string {
	if r.File == "" {
		return d.File
	}
	return r.File
}

// Command formats d as a GitHub Actions workflow command, which the runner
// turns into an annotation on the file and line:
// ::error file=F,line=L,col=C,title=CODE::message. Related places follow
// the message on lines of their own ("note: FILE:LINE:COL: ...").
func Command(d diag.Diagnostic) string {
	props := []string{"file=" + escapeProperty(d.File)}
	if d.Line > 0 {
		props = append(props, fmt.Sprintf("line=%d", d.Line), fmt.Sprintf("col=%d", max(d.Col, 1)))
	}
	props = append(props, "title="+escapeProperty(d.Code))
	msg := d.Message
	for _, r := range d.Related {
		var b strings.Builder
		writePlace(&b, relatedFile(d, r), r.Line, r.Col)
		msg += "\nnote: " + b.String() + ": " + r.Message
	}
	return fmt.Sprintf("::%s %s::%s", d.Severity, strings.Join(props, ","), escapeData(msg))
}

// escapeData escapes a workflow command's message as the runner expects.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
