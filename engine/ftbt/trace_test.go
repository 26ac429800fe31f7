package ftbt

import (
	"bytes"
	"errors"
	"github.com/shapan/shapan/engine"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/shared"
)

// TestTracesReplay: a game written by PlayTraced replays as a golden game,
// and a changed trace diverges.
func TestTracesReplay(t *testing.T) {
	dir := filepath.Join(shared.Dir(t), "legacy", "ftbt")
	setup := legacySetup(t, "m1.map")
	setup.Seed, setup.TurnCap = 9, 25
	var buf bytes.Buffer
	header := TraceHeader{Case: "t", Rules: filepath.ToSlash(filepath.Join(dir, "star.tech")), Level: filepath.ToSlash(filepath.Join(dir, "m1.map"))}
	out, err := PlayTraced(setup, header, &buf, 0)
	if err != nil {
		t.Fatal(err)
	}
	if out.Rounds != 25 || !out.Capped || out.Result != ResultQuit {
		t.Fatalf("outcome %+v", out)
	}
	s, err := ReplayTrace(buf.Bytes(), "x", "/")
	if err != nil {
		t.Fatal(err)
	}
	if s.Case != "t" || s.Events == 0 || s.Decisions == 0 || s.Rounds != 25 {
		t.Fatalf("summary %+v", s)
	}
	lines := strings.Split(buf.String(), "\n")
	for i, l := range lines {
		if strings.Contains(l, `"e":"people_move"`) {
			lines[i] = strings.Replace(l, `"to":`, `"to":1`, 1)
			break
		}
	}
	_, err = ReplayTrace([]byte(strings.Join(lines, "\n")), "x", "/")
	var d *engine.Divergence
	if !errors.As(err, &d) || !strings.Contains(err.Error(), "to: expected") {
		t.Fatalf("a changed trace replays: %v", err)
	}
}
