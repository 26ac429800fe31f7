package serve

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoDocumentIsReadFromTheMachine: the server and the studio's Host
// read a document that came over the network only with
// formats.ReadConfined, which takes the files it names from the request
// and the served documents: a call of formats.Read, ReadBytes or
// ReadInput there could read a file of the machine.
func TestNoDocumentIsReadFromTheMachine(t *testing.T) {
	var files []string
	for _, pat := range []string{"*.go", "pcserver/*.go", "store/*.go", "../editor/host/*.go"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d files", len(files))
	}
	fset := gotoken.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "formats" {
				switch sel.Sel.Name {
				case "Read", "ReadBytes", "ReadInput", "Detect":
					t.Errorf("%s: formats.%s may read the machine's files; use formats.ReadConfined", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
	}
}
