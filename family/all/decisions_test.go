package all_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/shapan/shapan/family"
)

// TestDecisionsListEveryKind: the decision kinds a family lists (which
// the server's page must answer, and its browser tests answer each once)
// are exactly the string constants named Kind… its engine declares, so a
// kind added to an engine without its list — and without a control on
// the page — fails here.
func TestDecisionsListEveryKind(t *testing.T) {
	for _, f := range family.All() {
		if f.Play == nil {
			continue
		}
		dir := filepath.Join("..", "..", "engine", f.Name)
		if _, err := os.Stat(dir); err != nil {
			// A family whose rules live elsewhere (a test's toy family):
			// family.Verify still refuses a decision of a kind it does
			// not list.
			t.Logf("%s: no engine folder %s", f.Name, dir)
			continue
		}
		declared := kindConstants(t, dir)
		listed := slices.Clone(f.Play.Decisions)
		slices.Sort(declared)
		slices.Sort(listed)
		if !slices.Equal(declared, listed) {
			t.Errorf("%s: the engine declares the decision kinds %q, the family's Play.Decisions lists %q", f.Name, declared, listed)
		}
	}
}

// kindConstants returns the values of the string constants named Kind…
// of the Go package in dir (its tests left out).
func kindConstants(t *testing.T, dir string) []string {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if !strings.HasPrefix(id.Name, "Kind") || i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					v, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					out = append(out, v)
				}
			}
		}
	}
	return out
}
