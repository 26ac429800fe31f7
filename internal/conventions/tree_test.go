package conventions

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitFiles lists the files git tracks in the repository (it skips the
// test outside a git checkout, as in an installed copy of the sources).
func gitFiles(t *testing.T) []string {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	cmd := exec.Command(git, "ls-files", "-z")
	cmd.Dir = root(t)
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	return strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
}

// executableMagic are the first bytes of the programs Go builds (ELF,
// Mach-O, Windows PE).
var executableMagic = [][]byte{
	[]byte("\x7fELF"), {0xfe, 0xed, 0xfa, 0xce}, {0xfe, 0xed, 0xfa, 0xcf},
	{0xce, 0xfa, 0xed, 0xfe}, {0xcf, 0xfa, 0xed, 0xfe}, []byte("MZ"),
}

// TestNoBinariesAreCommitted fails when a built program (a test binary
// such as formats/ftbt/ftbt.test, shapan, studio) is committed.
func TestNoBinariesAreCommitted(t *testing.T) {
	dir := root(t)
	for _, file := range gitFiles(t) {
		f, err := os.Open(filepath.Join(dir, file))
		if err != nil {
			continue // deleted in the working tree
		}
		head := make([]byte, 4)
		n, _ := io.ReadFull(f, head)
		f.Close()
		for _, magic := range executableMagic {
			if bytes.HasPrefix(head[:n], magic) {
				t.Errorf("%s is a built program: remove it from git (git rm --cached) and build it outside the tree or into bin/", file)
			}
		}
	}
}

// TestBuiltProgramsAreIgnored: the programs go build and go test -c
// leave in the working tree are ignored by git.
func TestBuiltProgramsAreIgnored(t *testing.T) {
	gitFiles(t) // skips outside a git checkout
	for _, file := range []string{"shapan", "studio", "cmd/shapan/shapan", "cmd/studio/studio", "bin/shapan",
		"formats/ftbt/ftbt.test", "shapan.test", "cmd/shapan/shapan.exe", "cover.out"} {
		cmd := exec.Command("git", "check-ignore", "--no-index", "-q", file)
		cmd.Dir = root(t)
		if err := cmd.Run(); err != nil {
			t.Errorf("git does not ignore %s (add it to .gitignore)", file)
		}
	}
}

// maxFunctionLines is the longest a function of the product may be:
// longer ones are split where the parts have names.
const maxFunctionLines = 80

// TestFunctionsAreShort fails when a function of the product (tests and
// test data excepted) is longer than maxFunctionLines.
func TestFunctionsAreShort(t *testing.T) {
	dir := root(t)
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && path != dir && (d.Name() == "testdata" || d.Name() == "dist" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			key := filepath.ToSlash(rel) + " " + fn.Name.Name
			if n > maxFunctionLines {
				t.Errorf("%s is %d lines long (at most %d): split it where its parts have names", key, n, maxFunctionLines)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
