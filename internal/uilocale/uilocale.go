// Package uilocale replaces the C and POSIX locales, which Fyne cannot
// parse, by en_US.UTF-8 in the variables Fyne reads (LC_ALL, LC_MESSAGES,
// LANG), as the program starts. Debian's default LANG=C.UTF-8 otherwise
// makes Fyne print "Fyne error: Error parsing user locale C" at every
// start.
//
// Import it for its effect from a program's main package. Its init must
// run before Fyne's language package reads the locale in its own init: Go
// initialises, among the packages whose imports are ready, the one whose
// import path sorts first, and Fyne's language package waits for
// golang.org/x/text, which sorts after this package (the studio's
// TestNoLocaleErrorAtStart proves the order holds).
package uilocale

import (
	"os"
	"strings"
)

func init() { Fix(os.LookupEnv, os.Setenv) }

// Fix rewrites, through set, each locale variable that lookup finds set to
// C, C.<charset> or POSIX (or LANG set empty) to en_US.UTF-8, and sets
// LANG when it is missing.
func Fix(lookup func(string) (string, bool), set func(string, string) error) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		l, ok := lookup(v)
		if !ok || (v != "LANG" && l == "") {
			continue
		}
		if l == "" || l == "C" || strings.HasPrefix(l, "C.") || l == "POSIX" {
			set(v, "en_US.UTF-8")
		}
	}
	if _, ok := lookup("LANG"); !ok {
		set("LANG", "en_US.UTF-8")
	}
}
