package validate

import (
	"sort"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
)

// Define adds a rule to the catalogue (a family's checks define theirs
// from the family's sub-package); it panics when the code is taken. A
// condition an engine refuses takes the engine's code constant, so the
// code is written once.
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

// AddAt is Add with the place located by another path than the item's
// (srcpos.Key(path): the key of a mapping entry rather than its value).
func (p Reporter) AddAt(rule *Rule, path, at, format string, args ...any) {
	p.r.addAt(rule, path, at, format, args...)
}

// AddAll reports the problems an engine found in the document's model
// (by path, with the codes of the catalogue's rules), each as its rule.
func (p Reporter) AddAll(problems diag.List) { p.r.addAll(problems) }

// Sink returns where an engine's check reports the problems it finds in
// the document's model (by path, with the codes of the catalogue's
// rules): each as its rule, counted, and its message made only when it is
// listed (the first diag.PerCode of a code).
func (p Reporter) Sink() diag.Sink {
	return func(code, path, format string, args ...any) {
		p.r.add(engineRule(code), path, format, args...)
	}
}

// AddAllElsewhere reports the problems an engine found in another file
// the document was read with (its companion: an ftbt level's rules),
// already placed there, each as its rule.
func (p Reporter) AddAllElsewhere(problems diag.List) { p.r.addAllElsewhere(problems) }

var legTrailing = define(Rule{Code: "LEG002", Severity: diag.Warning, Family: "all",
	Title:   "values after the end of the file",
	Meaning: "The game stops reading at the last field it expects and ignores what follows; Shapan keeps the values so nothing is lost, but they do nothing.",
	Fix:     "Remove them (in YAML, the trailing_tokens list), unless they are notes you want to keep."})

// Trailing reports the values kept from after the end of a legacy file
// (a model's trailing_tokens).
func (p Reporter) Trailing(tokens []string) {
	if len(tokens) > 0 {
		p.Add(legTrailing, "trailing_tokens", "%d value(s) after the end of the file are ignored by the game: %s", len(tokens), QuoteList(tokens))
	}
}

// RegisterChecker makes check the checks of documents of kind; a
// family's sub-package (validate/<family>) registers its kinds from init.
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
