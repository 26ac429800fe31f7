package ftbt

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/field/fieldtok"
	"github.com/shapan/shapan/formats/token"
)

// text returns a fixed field description.
func text(s string) token.Desc { return func() string { return s } }

// LegacyNameProblem says why name cannot be written as one token of a
// legacy file, or returns "".
func LegacyNameProblem(name string) string {
	if name == "" {
		return "an empty name cannot be written to a legacy file"
	}
	if strings.IndexFunc(name, token.IsSpace) >= 0 {
		return fmt.Sprintf("the name %q contains white space and cannot be written to a legacy file (the game would read it as several values)", name)
	}
	return ""
}

// unwritable collects the values a legacy writer refuses.
type unwritable struct{ errs diag.List }

func (u *unwritable) add(format string, args ...any) {
	u.errs = append(u.errs, diag.Diagnostic{Severity: diag.Error, Code: diag.CodeUnwritable, Message: fmt.Sprintf(format, args...)})
}

// name refuses a name that cannot be one token; what names its owner
// ("person 3 (狗3)").
func (u *unwritable) name(what, name string) {
	if msg := LegacyNameProblem(name); msg != "" {
		u.add("%s: %s", what, msg)
	}
}

// trailing refuses trailing tokens that cannot be written as tokens, and
// any trailing tokens at all when the file ends with an optional block that
// is absent (the game would read them as that block).
func (u *unwritable) trailing(tokens []string, blockAbsent bool, block string) {
	if len(tokens) > 0 && blockAbsent {
		u.add("trailing tokens cannot be written without the %s: the game would read them as the %s", block, block)
		return
	}
	for _, t := range tokens {
		if LegacyNameProblem(t) != "" {
			u.add("trailing token %q cannot be written to a legacy file", t)
		}
	}
}

// buf builds a legacy file.
type buf []byte

func (b *buf) int(v int)    { *b = strconv.AppendInt(*b, int64(v), 10) }
func (b *buf) str(s string) { *b = append(*b, s...) }
func (b *buf) byte(c byte)  { *b = append(*b, c) }
func (b *buf) sp()          { *b = append(*b, ' ') }
func (b *buf) nl()          { *b = append(*b, '\n') }
func (b *buf) line(vs ...int) { // "v1 v2 …\n"
	for i, v := range vs {
		if i > 0 {
			b.sp()
		}
		b.int(v)
	}
	b.nl()
}

// WriteByte and WriteString let fieldtok write into a buf.
func (b *buf) WriteByte(c byte) error { *b = append(*b, c); return nil }

// WriteString appends s.
func (b *buf) WriteString(s string) (int, error) { *b = append(*b, s...); return len(s), nil }

// values writes the values of the fields of r at the legacy positions
// from to to, read from v, separated by spaces, as the first values of a
// line.
func (b *buf) values(r *field.Record, v any, from, to int) {
	n := len(*b)
	fieldtok.WriteRun(b, r, v, nil, from, to)
	if len(*b) > n {
		*b = append((*b)[:n], (*b)[n+1:]...) // the space before the first
	}
}

// valueLines writes each value of the fields of r at the legacy
// positions from to to (the last of r at most) on a line of its own.
func (b *buf) valueLines(r *field.Record, v any, from, to int) {
	last := 0
	for _, f := range r.Fields {
		last = max(last, f.Legacy)
	}
	to = min(to, last)
	for at := from; at <= to; at++ {
		b.values(r, v, at, at)
		b.nl()
	}
}

// trailingTokens writes the trailing tokens after a blank line.
func (b *buf) trailingTokens(tokens []string) {
	if len(tokens) == 0 {
		return
	}
	b.nl()
	b.str(strings.Join(tokens, " "))
	b.nl()
}
