// Package textwidth measures text the way a terminal shows it, so that
// tables and reports with Chinese names line up: East Asian wide and
// fullwidth characters take two columns, combining marks and other
// zero-width characters none, every other printable character one. The
// East Asian width of a character comes from golang.org/x/text/width
// (Unicode's EastAsianWidth table); ambiguous-width characters count as
// narrow, as terminals outside East Asian locales show them.
package textwidth

import (
	"strings"
	"unicode"

	"golang.org/x/text/width"
)

// Wide reports whether r takes two columns.
func Wide(r rune) bool {
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return true
	}
	return false
}

// RuneWidth returns the columns r takes: 0, 1 or 2.
func RuneWidth(r rune) int {
	switch {
	case r == 0 || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || unicode.Is(unicode.Cf, r) || unicode.IsControl(r):
		return 0
	case Wide(r):
		return 2
	}
	return 1
}

// Width returns the columns s takes.
func Width(s string) int {
	n := 0
	for _, r := range s {
		n += RuneWidth(r)
	}
	return n
}

// PadRight returns s followed by spaces up to n columns (s itself when it
// is already as wide).
func PadRight(s string, n int) string {
	return s + strings.Repeat(" ", max(0, n-Width(s)))
}

// PadLeft returns s after spaces up to n columns.
func PadLeft(s string, n int) string {
	return strings.Repeat(" ", max(0, n-Width(s))) + s
}
