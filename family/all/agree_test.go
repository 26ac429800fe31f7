package all_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/validate"
)

// TestCheckReportsWhatTheEnginesRefuse loads the failing example of every
// check rule (validate/testdata/rules) into the engine of its family. The
// engines refuse a document with diagnostics of the check rules' codes,
// placed in the file; every refusal must be an error `shapan check`
// reports, with the same code at the same place. And the example of a
// rule the engines refuse on must be refused with that rule's code, so
// that each such rule is proven on the engine too.
func TestCheckReportsWhatTheEnginesRefuse(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "validate", "testdata", "rules", "*"))
	if len(files) == 0 {
		t.Fatal("no rule examples")
	}
	refusedBy := map[string][]string{} // code → example files refused with it
	for _, file := range files {
		doc, err := formats.Read(file, formats.Options{})
		if err != nil || !family.Playable(doc.Kind) {
			continue
		}
		problems, err := engineRefusals(doc)
		if errors.Is(err, ftbt.ErrNoRules) {
			continue // the level names no rules: an input is missing, not a document problem
		}
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(file), err)
			continue
		}
		reported := map[string]bool{}
		for _, d := range validate.Check(doc) {
			if d.Severity == diag.Error {
				reported[place(d)] = true
			}
		}
		for _, p := range problems {
			if !reported[place(p)] {
				t.Errorf("the engine refuses %s, but check does not report it there", p)
			}
			refusedBy[p.Code] = append(refusedBy[p.Code], filepath.Base(file))
		}
	}
	if len(refusedBy) == 0 {
		t.Fatal("no example was refused by an engine")
	}
	for code, refused := range refusedBy {
		if rule, _ := validate.Lookup(code); rule.Severity != diag.Error {
			t.Errorf("the engines refuse documents for %s, which check only warns about", code)
		}
		if !slices.ContainsFunc(refused, func(f string) bool { return strings.HasPrefix(f, code+".") }) {
			t.Errorf("the engines refuse %v for %s, but not its own example", refused, code)
		}
	}
	t.Logf("the engines refuse the examples of %d rules", len(refusedBy))
}

// engineRefusals starts a game of doc and returns what the engine
// refuses it for (nil when the game starts); a refusal that is not a list
// of located diagnostics is an error.
func engineRefusals(doc *formats.Document) (diag.List, error) {
	g, err := family.StartGame(doc, family.GameOptions{Seed: 1})
	if err == nil {
		g.Close()
		return nil, nil
	}
	var problems diag.List
	if !errors.As(err, &problems) {
		return nil, fmt.Errorf("the engine refuses the document without diagnostics: %w", err)
	}
	for _, p := range problems {
		if p.Code == "" || p.Line == 0 || p.File != doc.Path {
			return nil, fmt.Errorf("the engine's refusal %q is not located with a code", p)
		}
	}
	return problems, nil
}

// place is a diagnostic's code and position.
func place(d diag.Diagnostic) string {
	return fmt.Sprintf("%s %s:%d:%d", d.Code, d.File, d.Line, d.Col)
}
