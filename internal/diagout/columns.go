package diagout

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/internal/textwidth"
)

// ColumnUnit says what a column number counts, as gcc's
// -fdiagnostics-column-unit does. Shapan's diagnostics count characters;
// editors that jump to a place want their own unit.
type ColumnUnit string

// The column units.
const (
	// Char counts characters (Unicode code points) from 1: Shapan's own
	// unit, SARIF's unicodeCodePoints, VS Code's problem matchers, and
	// Emacs' compilation-mode once compilation-error-screen-columns is nil.
	Char ColumnUnit = "char"
	// Byte counts UTF-8 bytes from 1: Vim's errorformat %c.
	Byte ColumnUnit = "byte"
	// Display counts terminal cells from 1 (a Chinese character takes two,
	// a tab goes to the next multiple of 8): Emacs' compilation-mode by
	// default, Vim's errorformat %v, and gcc's own default.
	Display ColumnUnit = "display"
)

// ColumnUnits lists the units, the default first.
var ColumnUnits = []ColumnUnit{Char, Byte, Display}

// ParseColumnUnit returns the unit named s.
func ParseColumnUnit(s string) (ColumnUnit, error) {
	for _, u := range ColumnUnits {
		if string(u) == s {
			return u, nil
		}
	}
	names := make([]string, len(ColumnUnits))
	for i, u := range ColumnUnits {
		names[i] = string(u)
	}
	return "", fmt.Errorf("unknown column unit %q (known: %s)", s, strings.Join(names, "|"))
}

// InUnit returns l with its columns (and those of its related places)
// counted in unit, reading each file's lines through read. A place whose
// line cannot be read keeps its column.
func InUnit(l diag.List, unit ColumnUnit, read func(file string) ([]byte, error)) diag.List {
	if unit == Char || len(l) == 0 {
		return l
	}
	lines := map[string][][]byte{}
	lineOf := func(file string, n int) ([]byte, bool) {
		ls, ok := lines[file]
		if !ok {
			if b, err := read(file); err == nil {
				ls = bytes.Split(b, []byte("\n"))
			}
			lines[file] = ls
		}
		if n < 1 || n > len(ls) {
			return nil, false
		}
		return ls[n-1], true
	}
	out := make(diag.List, len(l))
	for i, d := range l {
		if line, ok := lineOf(d.File, d.Line); ok && d.Col > 0 {
			d.Col = Column(line, d.Col, unit)
		}
		if len(d.Related) > 0 {
			rel := append([]diag.Related(nil), d.Related...)
			for k, r := range rel {
				if line, ok := lineOf(relatedFile(d, r), r.Line); ok && r.Col > 0 {
					rel[k].Col = Column(line, r.Col, unit)
				}
			}
			d.Related = rel
		}
		out[i] = d
	}
	return out
}

// Column turns col, the character column (from 1) of a place on line,
// into unit. A column past the line's end counts what is missing as one
// unit each.
func Column(line []byte, col int, unit ColumnUnit) int {
	n, pos := 1, 1 // n: column in unit of the character at pos
	for len(line) > 0 && pos < col {
		r, size := utf8.DecodeRune(line)
		switch unit {
		case Byte:
			n += size
		case Display:
			if r == '\t' {
				n += 8 - (n-1)%8
			} else {
				n += textwidth.RuneWidth(r)
			}
		default:
			n++
		}
		line = line[size:]
		pos++
	}
	return n + (col - pos)
}
