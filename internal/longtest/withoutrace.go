package longtest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// withoutRaceEnv is set for the go test that WithoutRace starts: there
// the test runs in its own process, whatever its build.
const withoutRaceEnv = "SHAPAN_WITHOUT_RACE"

// WithoutRace runs the calling test in a test binary of its package built
// without the race detector, when this binary was built with it, and
// reports whether it did; the test returns then. It is for a test that
// works on one goroutine and costs many seconds under the detector (which
// makes code 5–10 times slower and has nothing to watch there), when other
// tests run the same code under -race. The go test it starts has the
// flags make test gives the studio's packages (-trimpath, no DWARF), so
// its compiled packages come from the build cache and only the test
// package is compiled and linked again; the calling test fails with what
// that run printed if it fails.
func WithoutRace(t *testing.T) bool {
	t.Helper()
	if !Race || os.Getenv(withoutRaceEnv) != "" {
		return false
	}
	name := t.Name()
	cmd := exec.Command("go", "test", "-count=1", "-vet=off", "-trimpath", "-ldflags=-w", "-v", "-run", "^"+name+"$", ".")
	cmd.Env = append(os.Environ(), withoutRaceEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+name+" ") {
		t.Fatalf("%s in a test binary without the race detector: %v\n%s", name, err, out)
	}
	t.Logf("%s", out)
	return true
}
