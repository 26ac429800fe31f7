package conventions

import (
	"bytes"
	"go/version"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/shared"
)

// root is the repository's top folder.
func root(t *testing.T) string {
	t.Helper()
	dir, ok := shared.Root()
	if !ok {
		t.Fatal("the repository's top folder (its go.mod) is not found above the working directory")
	}
	return dir
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
	var bad, files []string
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
		files = append(files, path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The toolchain's gofmt, not go/format in this (race-instrumented)
	// test binary: the same verdict at a fraction of the CPU.
	goroot, err := goTool(t, "env", "GOROOT")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(filepath.Join(strings.TrimSpace(goroot), "bin", "gofmt"), append([]string{"-l"}, files...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("gofmt -l: %v\n%s", err, out)
	}
	for _, path := range strings.Fields(string(out)) {
		rel, _ := filepath.Rel(dir, path)
		bad = append(bad, rel)
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
