package diag

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEveryCodeIsDocumented finds every Code… constant of the package and
// wants it in Codes, with a title, a meaning and a fix.
func TestEveryCodeIsDocumented(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	documented := map[string]CodeInfo{}
	for _, c := range Codes() {
		documented[c.Code] = c
	}
	n := 0
	for _, f := range files {
		ast.Inspect(f, func(node ast.Node) bool {
			spec, ok := node.(*ast.ValueSpec)
			if !ok || len(spec.Names) != 1 || len(spec.Values) != 1 || !strings.HasPrefix(spec.Names[0].Name, "Code") {
				return true
			}
			lit, ok := spec.Values[0].(*ast.BasicLit)
			if !ok {
				return true
			}
			code, _ := strconv.Unquote(lit.Value)
			n++
			c, ok := documented[code]
			if !ok || c.Title == "" || c.Meaning == "" || c.Fix == "" {
				t.Errorf("%s (%s) is not documented in Codes", spec.Names[0].Name, code)
			}
			return true
		})
	}
	if n < 17 || n != len(Codes()) {
		t.Errorf("%d code constants, %d documented codes", n, len(Codes()))
	}
}
