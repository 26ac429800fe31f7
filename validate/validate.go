// Package validate finds the problems a designer can make in a scenario:
// broken references, items in two places at once, values out of range,
// conditions under which the original engines crash, loop or misbehave,
// limits of the original front ends, and designer smells. Every problem is
// a diag.Diagnostic at the line and column of the offending item, in the
// file the user gave (legacy or YAML), with a stable code from the rule
// catalogue (see Rules and RULES.md).
package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
)

// Rule describes one check of the catalogue.
type Rule struct {
	Code     string        // stable code, e.g. "MBG012"
	Severity diag.Severity // error or warning
	Family   string        // mbg, ftbt, planets, battle, or all
	Title    string        // one line: what is wrong
	Meaning  string        // what happens in the game (or in the tools)
	Fix      string        // how to fix it
}

var catalogue = map[string]*Rule{}

// define adds a rule to the catalogue and returns it.
func define(r Rule) *Rule {
	if _, dup := catalogue[r.Code]; dup {
		panic("validate: rule " + r.Code + " defined twice")
	}
	catalogue[r.Code] = &r
	return &r
}

// Rules returns the catalogue, sorted by code.
func Rules() []Rule {
	out := make([]Rule, 0, len(catalogue))
	for _, r := range catalogue {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// Lookup returns the rule with the given code.
func Lookup(code string) (Rule, bool) {
	r, ok := catalogue[code]
	if !ok {
		return Rule{}, false
	}
	return *r, true
}

// report collects the diagnostics of one document.
type report struct {
	doc *formats.Document
	out diag.List
	// counts counts every diagnostic by code; the first diag.PerCode
	// of each are listed, the rest summarised by finish.
	counts diag.Tally
	// at holds the rules reported at each path: a rule is reported once
	// per item (an engine's check and a stricter one here may meet). It
	// is keyed by the 64-bit hash of the code and the path (a map of
	// 60 000 planets meets a rule at every planet; two keys share a hash
	// with a chance of about n²/2⁶⁵). Its values are empty: a map of
	// 940 000 keys takes 9 MB so, 17 MB with a bool beside each key.
	at map[uint64]struct{}
}

// reportKey is the 64-bit FNV-1a hash of the parts, each ended by a 0
// byte.
func reportKey(parts ...string) uint64 {
	h := uint64(14695981039346656037)
	for _, s := range parts {
		for i := 0; i < len(s); i++ {
			h ^= uint64(s[i])
			h *= 1099511628211
		}
		h *= 1099511628211 // the 0 byte
	}
	return h
}

func newReport(doc *formats.Document) *report {
	return &report{doc: doc, counts: diag.Tally{}, at: map[uint64]struct{}{}}
}

// seen reports whether a rule was reported at the key.
func (r *report) seen(key uint64) bool {
	_, ok := r.at[key]
	return ok
}

// add reports rule at the item with the given document path, unless the
// rule was reported there already.
func (r *report) add(rule *Rule, path, format string, args ...any) {
	r.addAt(rule, path, path, format, args...)
}

// addAt is add with the place located by another path than the item's
// (srcpos.Key(path): the key of a mapping entry rather than its value).
func (r *report) addAt(rule *Rule, path, at, format string, args ...any) {
	if key := reportKey(rule.Code, path); path != "" {
		if r.seen(key) {
			return
		}
		r.at[key] = struct{}{}
	}
	if !r.counts.Count(rule.Code) {
		return
	}
	pos := r.doc.Source.Locate(at)
	r.out = append(r.out, diag.Diagnostic{
		File: r.doc.Path, Line: pos.Line, Col: pos.Col, Severity: rule.Severity,
		Code: rule.Code, Message: fmt.Sprintf(format, args...), Path: path,
	})
}

// addAll reports the problems an engine found in the document's model
// (by path, with the codes of this catalogue's rules), each as its rule.
func (r *report) addAll(problems diag.List) {
	for _, d := range problems {
		r.add(engineRule(d.Code), d.Path, "%s", d.Message)
	}
}

// engineRule returns the rule of a code an engine reports.
func engineRule(code string) *Rule {
	rule, ok := catalogue[code]
	if !ok {
		panic("validate: an engine reports " + code + ", which is no rule of the catalogue")
	}
	return rule
}

// addAllElsewhere reports problems an engine found in another file the
// document was read with (an ftbt level's rules), already placed there,
// each as its rule.
func (r *report) addAllElsewhere(problems diag.List) {
	for _, d := range problems {
		rule, ok := catalogue[d.Code]
		if !ok {
			panic("validate: an engine reports " + d.Code + ", which is no rule of the catalogue")
		}
		if key := reportKey(rule.Code, d.File, d.Path); !r.seen(key) {
			r.at[key] = struct{}{}
			d.Severity = rule.Severity
			r.out = append(r.out, d)
		}
	}
}

func (r *report) finish() diag.List {
	for _, b := range r.counts.Beyond() {
		rule := catalogue[b.Code]
		r.out = append(r.out, diag.Diagnostic{File: r.doc.Path, Severity: rule.Severity, Code: b.Code,
			Message: fmt.Sprintf("… and %d more of these (%s)", b.More, rule.Title)})
	}
	r.out.Sort()
	return r.out
}

// checker validates one kind of document.
type checker func(r *report)

var checkers = map[string]checker{}

// Check returns the problems of a loaded document, sorted by position.
func Check(doc *formats.Document) diag.List {
	r := newReport(doc)
	checkNotes(r)
	if c, ok := checkers[doc.Kind]; ok {
		c(r)
	}
	return r.finish()
}

var legacyNote = define(Rule{
	Code: "LEG001", Severity: diag.Warning, Family: "all",
	Title:   "a number or boolean written in a form the game reads differently from how it looks",
	Meaning: "The original games read numbers with Go's fmt.Fscan: 010 is octal 8, 0x1F is 31, 1_000 is 1000, T and 1 are true. The game reads the value shown in the message, which may not be what the author meant.",
	Fix:     "Write the value in plain decimal (or true/false); Shapan writes canonical forms when it saves.",
})

// checkNotes reports what the reader changed (Source.Warnings) and the
// non-canonical values it noticed.
func checkNotes(r *report) {
	if r.doc.Source == nil {
		return
	}
	r.out = append(r.out, r.doc.Source.Warnings...)
	for _, n := range r.doc.Source.Notes {
		if !r.counts.Count(legacyNote.Code) {
			continue
		}
		pos := r.doc.Source.Lines().Pos(n.Offset)
		r.out = append(r.out, diag.Diagnostic{File: r.doc.Path, Line: pos.Line, Col: pos.Col, Severity: legacyNote.Severity,
			Code: legacyNote.Code, Message: fmt.Sprintf("%s is written %q, which the game reads as %s", n.What, n.Token, n.Canonical)})
	}
}

// QuoteList renders up to five names (and how many more there are).
func QuoteList(names []string) string {
	if len(names) > 5 {
		return strings.Join(names[:5], ", ") + fmt.Sprintf(" and %d more", len(names)-5)
	}
	return strings.Join(names, ", ")
}
