package conventions

import (
	"bytes"
	"go/format"
	"go/version"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// root is the repository's top folder.
func root(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// goTool runs the go command in the repository and returns its output.
func goTool(t *testing.T, args ...string) (string, error) {
	t.Helper()
	bin, err := exec.LookPath("go") // go test puts its own Go first on PATH
	if err != nil {
		t.Skip("the go command is not available")
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = root(t)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	return out.String(), err
}

// TestSourcesAreGofmted fails when gofmt would change a Go file.
func TestSourcesAreGofmted(t *testing.T) {
	dir := root(t)
	var bad []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "bin") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if out, err := format.Source(src); err != nil || !bytes.Equal(out, src) {
			rel, _ := filepath.Rel(dir, path)
			bad = append(bad, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Errorf("gofmt would change (run gofmt -w): %s", strings.Join(bad, ", "))
	}
}

// TestModuleIsTidy fails when go mod tidy would change go.mod or go.sum.
func TestModuleIsTidy(t *testing.T) {
	if testing.Short() {
		t.Skip("go mod tidy may download modules")
	}
	if out, err := goTool(t, "mod", "tidy", "-diff"); err != nil {
		t.Errorf("go mod tidy would change the module files (run go mod tidy):\n%s", out)
	}
}

// TestGoDirectiveIsTheOldestAllowed keeps go.mod's go directive at the
// oldest Go the module graph allows: the newest go directive among the
// modules Shapan depends on. (Language features and standard-library APIs
// newer than the directive are refused by the compiler and by go vet's
// stdversion check, and `make oldest-go` builds with exactly that Go.)
func TestGoDirectiveIsTheOldestAllowed(t *testing.T) {
	out, err := goTool(t, "list", "-m", "-f", "{{if not .Main}}{{.Path}} {{.GoVersion}}{{end}}", "all")
	if err != nil {
		t.Fatalf("go list -m all: %v\n%s", err, out)
	}
	need, by := "go1.0", ""
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		path, v, ok := strings.Cut(line, " ")
		if !ok || v == "" {
			continue
		}
		if version.Compare("go"+v, need) > 0 {
			need, by = "go"+v, path
		}
	}
	mod, err := os.ReadFile(filepath.Join(root(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	have := ""
	for _, line := range strings.Split(string(mod), "\n") {
		if v, ok := strings.CutPrefix(line, "go "); ok {
			have = "go" + strings.TrimSpace(v)
		}
	}
	if have != need {
		t.Errorf("go.mod says %s, but the oldest Go the modules allow is %s (required by %s): write `go %s`",
			have, need, by, strings.TrimPrefix(need, "go"))
	}
}
