package archtest

import (
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/shared"
)

// familyRecords are the field tables of each family.
var familyRecords = map[string][]*field.Record{
	"battle": battle.Records, "ftbt": ftbt.Records, "mbg": mbg.Records, "planets": planets.Records,
}

// familyDirs are the folders of a family's code that read, write, check,
// play or edit its documents ("*" is the family's name).
var familyDirs = []string{"formats/*", "validate/*", "engine/*", "engine/sim/*", "preview/*", "balance/*", "editor/*view", "editor/*play", "family/*"}

// spelledLeft lists, by file, the keys of fields of the field tables that
// a family's code still spells as text of its own ("rumour", or a
// document path ending in it, ".rumour") instead of taking them from the
// table, with how many times. The list may only shrink:
// TestFieldsAreSpelledInTheirTables fails on a key spelled anywhere else,
// more often, or less often than it says (then lower the count).
//
// What remains, and why (docs/ARCHITECTURE.md, "What the field tables
// leave to the codecs"): words that happen to be keys — the nouns of
// messages, titles and name lists ("terrain", "rules", "side", "type"),
// file names and extensions (".intro", ".grid"), the engines' and
// protocols' own words (the cell effects of the golden AI traces, the
// narration's buff kinds, a trace's "move", the planets facts' "map") —
// and the kinds of two balance knobs (money/ROLE, scope/CITY), which the
// command line and the reports show.
var spelledLeft = readSpelledLeft()

// TestFieldsAreSpelledInTheirTables fails when a family's code spells the
// YAML key of a table's field (a whole number, a real number, a boolean
// or a text the model keeps in a Go field) as text of its own, beyond
// what spelledLeft allows: a reader, a writer, a rule or a form takes
// the key, the legacy position, the range and the name in messages from
// the field's row.
func TestFieldsAreSpelledInTheirTables(t *testing.T) {
	got := spelledKeys(t, rootDir(t))
	if os.Getenv("SHAPAN_SPELLED") != "" {
		t.Logf("keys of the field tables spelled outside them:\n%s", formatSpelled(got))
	}
	for k, n := range got {
		if want := spelledLeft[k]; n > want {
			t.Errorf("%s spells the field key %q %d times (allowed %d): take it from the field table (Record.Field, fieldyaml, fieldtok, forms)", k.file, k.key, n, want)
		}
	}
	for k, want := range spelledLeft {
		if n := got[k]; n < want {
			t.Errorf("%s spells the field key %q %d times, fewer than spelledLeft's %d: lower it in testdata/spelled.txt", k.file, k.key, n, want)
		}
	}
}

// spelledKey is a key spelled in a file.
type spelledKey struct{ file, key string }

// spelledKeys counts, in each Go file of each family's folders under
// root (tests and the field tables excepted), the string literals that
// are a key of a field of the family's tables, or a document path ending
// in one.
func spelledKeys(t *testing.T, root string) map[spelledKey]int {
	out := map[spelledKey]int{}
	for fam, records := range familyRecords {
		keys := tableKeys(records)
		pattern := regexp.MustCompile(`(^|\.)(` + strings.Join(keys, "|") + `)$`)
		for _, d := range familyDirs {
			dir := filepath.Join(root, strings.ReplaceAll(d, "*", fam))
			files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
			for _, file := range files {
				if strings.HasSuffix(file, "_test.go") || filepath.Base(file) == "fields.go" {
					continue
				}
				rel, _ := filepath.Rel(root, file)
				for _, lit := range stringLiterals(t, file) {
					if m := pattern.FindStringSubmatch(lit); m != nil {
						out[spelledKey{filepath.ToSlash(rel), m[2]}]++
					}
				}
			}
		}
	}
	return out
}

// tableKeys are the keys of the fields of records whose value the model
// keeps in a Go field of a plain type (references, lists and headers
// excepted), longest first.
func tableKeys(records []*field.Record) []string {
	var keys []string
	for _, r := range records {
		for _, f := range r.Fields {
			if f.Go == "" || f.Type == field.Ref || f.Key == "" || f.Const != nil || !regexp.MustCompile(`^[a-z][a-z_]*$`).MatchString(f.Key) {
				continue
			}
			keys = append(keys, regexp.QuoteMeta(f.Key))
		}
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	sort.SliceStable(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	return keys
}

// stringLiterals returns the text of the string literals of a Go file,
// but for the argument of a call of Field (Record.Field("hp") looks the
// key up in the table, and fails when the table has no such field).
func stringLiterals(t *testing.T, file string) []string {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile(file, -1, len(src)), src, nil, 0)
	var out []string
	var before [2]string // the two tokens before, "Field" "("
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.STRING && before != [2]string{"Field", "("} {
			if v, err := strconv.Unquote(lit); err == nil {
				out = append(out, v)
			}
		}
		if lit == "" {
			lit = tok.String()
		}
		before = [2]string{before[1], lit}
	}
}

// readSpelledLeft reads testdata/spelled.txt: "file key count" lines;
// # starts a comment.
func readSpelledLeft() map[spelledKey]int {
	out := map[spelledKey]int{}
	src, err := os.ReadFile(filepath.Join("testdata", "spelled.txt"))
	if err != nil {
		return out
	}
	for _, line := range strings.Split(string(src), "\n") {
		line, _, _ = strings.Cut(line, "#")
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		n, _ := strconv.Atoi(f[2])
		out[spelledKey{f[0], f[1]}] = n
	}
	return out
}

// formatSpelled writes the counts as testdata/spelled.txt lines, by file.
func formatSpelled(m map[spelledKey]int) string {
	var lines []string
	for k, n := range m {
		lines = append(lines, fmt.Sprintf("%s %s %d", k.file, k.key, n))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// rootDir is the repository's top folder, or SHAPAN_SPELLED_ROOT (to
// measure another tree).
func rootDir(t *testing.T) string {
	if d := os.Getenv("SHAPAN_SPELLED_ROOT"); d != "" {
		return d
	}
	dir, ok := shared.Root()
	if !ok {
		t.Fatal("the repository's top folder (its go.mod) is not found above the working directory")
	}
	return dir
}

// ruleCode is the text of a check rule's code ("MBG020") or of a
// reader's ("P005").
var ruleCode = regexp.MustCompile(`^[A-Z]{1,3}[0-9]{3}$`)

// TestRuleCodesAreWrittenOnce fails when the code of a check rule or of
// a reader's diagnostic is written as text in more than one place of the
// program (tests excepted): the engines' refusals, validate's rules and
// the field tables take it from the one constant that declares it.
func TestRuleCodesAreWrittenOnce(t *testing.T) {
	root := rootDir(t)
	where := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		for _, lit := range stringLiterals(t, path) {
			if ruleCode.MatchString(lit) {
				where[lit] = append(where[lit], filepath.ToSlash(rel))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(where) == 0 {
		t.Fatal("no rule code found: the scan is broken")
	}
	for code, files := range where {
		if len(files) > 1 {
			t.Errorf("the code %s is written in %s: declare it once as a constant and use that", code, strings.Join(files, ", "))
		}
	}
}
