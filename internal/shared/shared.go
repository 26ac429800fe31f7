// Package shared finds the shared reference folder (legacy files, golden
// traces, specs) that tests compare against. It lives beside a clone as
// ../shared; SHAPAN_SHARED may point elsewhere. A user's fresh clone has no
// such folder, so tests skip; CI sets SHAPAN_REQUIRE_SHARED=1, which turns
// the absence into a failure.
package shared

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Dir returns the shared folder, skipping (or, under CI, failing) the test
// when there is none.
func Dir(t testing.TB) string {
	t.Helper()
	if d, ok := Find(); ok {
		return d
	}
	if os.Getenv("SHAPAN_REQUIRE_SHARED") != "" {
		t.Fatal("the shared reference folder (../shared or $SHAPAN_SHARED) is missing, and SHAPAN_REQUIRE_SHARED is set")
	}
	t.Skip("no shared reference folder (../shared beside the clone, or $SHAPAN_SHARED): skipping the comparison with the original games' files")
	return ""
}

// Find returns the shared folder if there is one.
func Find() (string, bool) {
	if d := os.Getenv("SHAPAN_SHARED"); d != "" {
		return d, isDir(filepath.Join(d, "legacy"))
	}
	root, ok := Root()
	if !ok {
		return "", false
	}
	d := filepath.Join(root, "..", "shared")
	if isDir(filepath.Join(d, "legacy")) {
		abs, err := filepath.Abs(d)
		if err == nil {
			return abs, true
		}
	}
	return "", false
}

// modulePath is the module whose root Root finds.
const modulePath = "github.com/shapan/shapan"

// Root returns the repository's top folder (the one with the module's
// go.mod). It is found from this source file's path when the build kept
// it (not -trimpath), otherwise by walking up from the working directory
// the process started in, which for a test is its package's folder.
func Root() (string, bool) {
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		if root := filepath.Join(filepath.Dir(file), "..", ".."); isModuleRoot(root) {
			return root, true
		}
	}
	dir := startDir
	if dir == "" {
		return "", false
	}
	for {
		if isModuleRoot(dir) {
			return dir, true
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", false
		}
		dir = up
	}
}

// startDir is the working directory the process started in (a test's
// package folder), read before any test can change it (t.Chdir).
var startDir, _ = os.Getwd()

// isModuleRoot reports whether dir holds the go.mod of modulePath.
func isModuleRoot(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); strings.HasPrefix(line, "module ") {
			return strings.Trim(strings.TrimSpace(strings.TrimPrefix(line, "module ")), `"`) == modulePath
		}
	}
	return false
}

// Files returns the files of the shared folder matching pattern (relative
// to the folder), skipping like Dir when there is no folder.
func Files(t testing.TB, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(Dir(t), pattern))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no shared files match %s", pattern)
	}
	return files
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
