package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/internal/shared"
)

// TestReplayMatchesEveryFTBTGoldenFile: shapan replay replays the ftbt
// golden files and says ok for each. Under -race it replays the first 20
// of the 300 AI decisions and m1_seed1 only: engine/ftbt's
// TestGoldenGames and TestGoldenAIDecisions replay every one of them
// there.
func TestReplayMatchesEveryFTBTGoldenFile(t *testing.T) {
	files := shared.Files(t, "golden/ftbt/*.json")
	if len(files) != 7 {
		t.Errorf("expected 7 ftbt golden files, found %d", len(files))
	}
	decisions := 300
	if longtest.Race && !longtest.Enabled() {
		decisions = 20
		files = append(only(files, "m1_seed1.json"), firstCases(t, "golden/ftbt/ai_decisions.json", "cases", decisions))
	}
	code, out, errOut := runCLI(append([]string{"replay"}, files...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n := strings.Count(out, "ok  "); n != len(files) {
		t.Fatalf("%d of %d files reported ok:\n%s", n, len(files), out)
	}
	if !strings.Contains(out, fmt.Sprintf("(%d AI decisions", decisions)) || !strings.Contains(out, "game m1_seed1 (3592 events, 322 AI decisions, result -1 after 60 rounds)") {
		t.Fatalf("unexpected report:\n%s", out)
	}
}

func TestReplayFTBTDivergenceExitsWith1(t *testing.T) {
	src := shared.Dir(t)
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "golden", "ftbt"), 0o755)
	if err := os.Symlink(filepath.Join(src, "legacy"), filepath.Join(root, "legacy")); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(src, "golden", "ftbt", "m1_seed3.json"))
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(root, "golden", "ftbt", "m1_seed3.json")
	os.WriteFile(bad, []byte(strings.Replace(string(b), `"winner":-1`, `"winner":1`, 1)), 0o644)
	code, _, errOut := runCLI("replay", bad)
	if code != 1 || !strings.Contains(errOut, "case m1_seed3: event 3570: winner: expected 1, got -1") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if code, _, errOut := runCLI("replay", "--root", t.TempDir(), bad); code != 2 || !strings.Contains(errOut, "m1.map") {
		t.Fatalf("missing level: exit %d: %s", code, errOut)
	}
}
