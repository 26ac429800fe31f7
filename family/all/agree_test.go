package all_test

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
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
		doc := playableExample(file)
		if doc == nil {
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

// playedThrough names, for a kind that is not played by itself, the
// document of validate/testdata it is played through: ftbt rules are
// played by a level that uses them, whose people know techs of every
// class but disable-long (so that MAX_ABI 0 and the techs it breaks are
// played too).
var playedThrough = map[string]string{"ftbt/rules": "ftbt_level.yaml"}

// playableExample reads the rule example file as a document an engine
// can play: the example itself, or for rules the level of playedThrough
// read with them. It returns nil when there is none (the example does
// not load, or its rules lack what the level names).
func playableExample(file string) *formats.Document {
	doc, err := formats.Read(file, formats.Options{})
	if err != nil {
		return nil
	}
	if family.Playable(doc.Kind) {
		return doc
	}
	through, ok := playedThrough[doc.Kind]
	if !ok {
		return nil
	}
	doc, err = formats.Read(filepath.Join(filepath.Dir(file), "..", through), formats.Options{RulesPath: file})
	if err != nil {
		return nil
	}
	return doc
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
		if p.Code == "" || p.Line == 0 || (p.File != doc.Path && p.File != doc.RulesFile) {
			return nil, fmt.Errorf("the engine's refusal %q is not located with a code", p)
		}
	}
	return problems, nil
}

// place is a diagnostic's code and position.
func place(d diag.Diagnostic) string {
	return fmt.Sprintf("%s %s:%d:%d", d.Code, d.File, d.Line, d.Col)
}

// TestMaxAbiZeroCheckAndPlayAgree: rules whose MAX_ABI is 0 and that
// have a fly tech (validate/testdata/rules/FTB003.yaml) play a level
// where nobody knows that tech, and `check` passes the level; once
// someone knows it, the engine refuses the level and `check` reports the
// same error at the same place.
func TestMaxAbiZeroCheckAndPlayAgree(t *testing.T) {
	dir := filepath.Join("..", "..", "validate", "testdata")
	rules := filepath.Join(dir, "rules", "FTB003.yaml")
	src, err := os.ReadFile(filepath.Join(dir, "ftbt_level.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	const knowsFly = "techs: [击, 飞]"
	if !bytes.Contains(src, []byte(knowsFly)) {
		t.Fatalf("the level has no person with %q", knowsFly)
	}
	for _, tc := range []struct {
		name   string
		src    []byte
		refuse bool
	}{
		{"nobody knows the fly tech", bytes.ReplaceAll(src, []byte(knowsFly), []byte("techs: [击]")), false},
		{"someone knows the fly tech", src, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := formats.ReadBytes(filepath.Join(dir, "level.yaml"), tc.src, formats.Options{RulesPath: rules})
			if err != nil {
				t.Fatal(err)
			}
			refused, err := engineRefusals(doc)
			if err != nil {
				t.Fatal(err)
			}
			errs := diag.List{}
			for _, d := range validate.Check(doc) {
				if d.Severity == diag.Error {
					errs = append(errs, d)
				}
			}
			if !tc.refuse {
				if len(refused) > 0 || len(errs) > 0 {
					t.Fatalf("the engine refuses %v and check reports %v; both should accept the level", refused, errs)
				}
				return
			}
			if len(refused) != 1 || refused[0].Code != "FTB003" || len(errs) != 1 || place(errs[0]) != place(refused[0]) {
				t.Fatalf("want one FTB003 refused by the engine and reported by check at the same place; the engine: %v; check: %v", refused, errs)
			}
		})
	}
}

// TestCheckAndPlayAgreeOnEveryCase: what check calls an error, play
// refuses with the same code at the same place, and what play refuses,
// check calls an error there; a warning is never refused. The cases are
// the failing example of every rule of the catalogue
// (validate/testdata/rules, an ftbt rules example played through the
// level of playedThrough), and the samples edited where they disagreed:
// a save whose acting role has been eliminated (it played, and won), a
// Planet-Conquer map with start_unit -5 or max_round 0 (they played), an
// mbg scenario of 100,000 cities and 100,000 officers (check passed it,
// play refused it for memory). A case without a code is one both must
// accept.
func TestCheckAndPlayAgreeOnEveryCase(t *testing.T) {
	cases := append(editedSamples(), ruleExamples(t)...)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := tc.doc(t)
			if doc == nil {
				return
			}
			reported := map[string]bool{}
			for _, d := range validate.Check(doc) {
				if d.Severity == diag.Error {
					reported[place(d)] = true
				}
			}
			refusals, err := engineRefusals(doc)
			if errors.Is(err, ftbt.ErrNoRules) && tc.warning {
				return // a level without rules: an input is missing, which check only warns about
			}
			if err != nil {
				t.Fatal(err)
			}
			refused := map[string]bool{}
			for _, d := range refusals {
				refused[place(d)] = true
			}
			for _, p := range slices.Sorted(maps.Keys(reported)) {
				if !refused[p] {
					t.Errorf("check reports %s, but play does not refuse it (play refuses %v)", p, slices.Sorted(maps.Keys(refused)))
				}
			}
			for _, p := range slices.Sorted(maps.Keys(refused)) {
				if !reported[p] {
					t.Errorf("play refuses %s, but check does not report it as an error", p)
				}
			}
			if tc.code == "" || tc.warning {
				return
			}
			if !slices.ContainsFunc(slices.Collect(maps.Keys(reported)), func(p string) bool { return strings.HasPrefix(p, tc.code+" ") }) {
				t.Errorf("check does not report %s as an error: %v", tc.code, slices.Sorted(maps.Keys(reported)))
			}
		})
	}
}

// agreeCase is a document check and play must agree on: name, the
// document (nil: there is none to play), and the code of the rule it
// breaks ("" for none), a warning's when warning is set.
type agreeCase struct {
	name    string
	doc     func(t *testing.T) *formats.Document
	code    string
	warning bool
}

// editedSamples are the samples edited where check and play disagreed.
func editedSamples() []agreeCase {
	var out []agreeCase
	for _, tc := range []struct {
		name, sample, from, to, code string
		edit                         func(*formats.Document)
	}{
		{"acting role eliminated", "mbg/赤壁第十四回.yaml", "  - name: 魏\n    at: 34\n", "  - name: 魏\n    at: -1\n", "MBG061", nil},
		{"start_unit -5", "planets/九州.yaml", "start_unit: 100", "start_unit: -5", "PLN018", nil},
		{"max_round 0", "planets/九州.yaml", "max_round: 600", "max_round: 0", "PLN018", nil},
		{"100k cities and officers", "mbg/赤壁.yaml", "", "", "", addCitiesAndOfficers(100_000)},
	} {
		out = append(out, agreeCase{name: tc.name, code: tc.code, doc: func(t *testing.T) *formats.Document {
			src, err := os.ReadFile(filepath.Join("..", "..", "samples", tc.sample))
			if err != nil {
				t.Fatal(err)
			}
			edited := strings.Replace(string(src), tc.from, tc.to, 1)
			if edited == string(src) && tc.from != "" {
				t.Fatalf("%q is not in the sample", tc.from)
			}
			file := filepath.Join(t.TempDir(), filepath.Base(tc.sample))
			if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
				t.Fatal(err)
			}
			doc, err := formats.Read(file, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if tc.edit != nil {
				tc.edit(doc)
			}
			return doc
		}})
	}
	return out
}

// ruleExamples are the failing examples of the catalogue's rules
// (validate.Rules), found in validate/testdata/rules by their codes. Every
// error has an example an engine plays (or refuses); a warning's example
// is played when an engine can.
func ruleExamples(t *testing.T) []agreeCase {
	dir := filepath.Join("..", "..", "validate", "testdata", "rules")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	example := map[string]string{} // code → file
	for _, e := range entries {
		code, _, _ := strings.Cut(e.Name(), ".")
		example[code] = filepath.Join(dir, e.Name())
	}
	var out []agreeCase
	errorRules := 0
	for _, rule := range validate.Rules() {
		file, ok := example[rule.Code]
		if !ok {
			continue // a family registered by tests only (internal/toyfamily): validate's tests want an example of every other rule
		}
		warning := rule.Severity != diag.Error
		if !warning {
			errorRules++
		}
		out = append(out, agreeCase{name: filepath.Base(file), code: rule.Code, warning: warning,
			doc: func(t *testing.T) *formats.Document {
				doc := playableExample(file)
				if doc == nil && !warning {
					t.Fatalf("the example of the error %s is no document an engine plays", rule.Code)
				}
				return doc
			}})
	}
	if errorRules == 0 {
		t.Fatal("no example of an error rule")
	}
	return out
}

// addCitiesAndOfficers returns an edit that adds n cities and n officers,
// nobody's and out of the board's reach, to an mbg scenario.
func addCitiesAndOfficers(n int) func(*formats.Document) {
	return func(doc *formats.Document) {
		sc := doc.Value.(*mbgfmt.Scenario)
		sc.Officers, sc.Cities = slices.Grow(sc.Officers, n), slices.Grow(sc.Cities, n)
		for i := range n {
			sc.Officers = append(sc.Officers, mbgfmt.Officer{Name: fmt.Sprintf("兵%d", i), Props: [5]float32{50, 50, 50, 50, 50}})
			sc.Cities = append(sc.Cities, mbgfmt.City{Name: fmt.Sprintf("城%d", i), Mayor: -1, Treasurer: -1})
		}
	}
}
