package validate

import (
	"sort"

	"github.com/shapan/shapan/formats"
)

// Define adds a rule to the catalogue, for a family whose checks live
// outside this package; it panics when the code is taken.
func Define(r Rule) *Rule { return define(r) }

// Reporter collects the problems of the document being checked.
type Reporter struct{ r *report }

// Doc returns the document being checked.
func (p Reporter) Doc() *formats.Document { return p.r.doc }

// Add reports rule at the item with the given document path, located in
// the file the document was read from.
func (p Reporter) Add(rule *Rule, path, format string, args ...any) {
	p.r.add(rule, path, format, args...)
}

// RegisterChecker makes check the checks of documents of kind, for a
// family whose checks live outside this package.
func RegisterChecker(kind string, check func(Reporter)) {
	checkers[kind] = func(r *report) { check(Reporter{r}) }
}

// HasChecker reports whether documents of kind have checks of their own
// (beyond the notes every document gets).
func HasChecker(kind string) bool { return checkers[kind] != nil }

// Kinds lists the document kinds that have checks of their own, sorted.
func Kinds() []string {
	out := make([]string, 0, len(checkers))
	for k := range checkers {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
