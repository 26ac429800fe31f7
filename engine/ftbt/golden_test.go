package ftbt

import (
	"errors"
	"github.com/shapan/shapan/engine"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/shared"
)

// TestGoldenGames replays the six AI-against-AI games of the original
// engine: every decision, every event in order, the result, the rounds
// played and the final people must match exactly.
func TestGoldenGames(t *testing.T) {
	root := shared.Dir(t)
	files := shared.Files(t, "golden/ftbt/m*_seed*.json")
	if len(files) != 6 {
		t.Errorf("expected 6 golden games, found %d", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			s, err := ReplayGameFile(f, root)
			if err != nil {
				t.Fatal(err)
			}
			if s.Events == 0 || s.Decisions == 0 {
				t.Fatalf("empty replay: %+v", s)
			}
		})
	}
}

// TestGoldenAIDecisions replays the 300 single AI decisions with every
// intermediate score.
func TestGoldenAIDecisions(t *testing.T) {
	root := shared.Dir(t)
	for _, f := range shared.Files(t, "golden/ftbt/ai_decisions.json") {
		s, err := ReplayAIDecisionsFile(f, root)
		if err != nil {
			t.Fatal(err)
		}
		if s.Decisions != 300 {
			t.Fatalf("%d decisions replayed, want 300", s.Decisions)
		}
	}
}

// TestGoldenDivergencesAreReported: a changed event, decision or score is
// reported with the case and the first difference.
func TestGoldenDivergencesAreReported(t *testing.T) {
	src := shared.Dir(t)
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "golden", "ftbt"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(src, "legacy"), filepath.Join(root, "legacy")); err != nil {
		t.Fatal(err)
	}
	corrupt := func(name string, change func(string) string) string {
		b, err := os.ReadFile(filepath.Join(src, "golden", "ftbt", name))
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(root, "golden", "ftbt", name)
		if err := os.WriteFile(out, []byte(change(string(b))), 0o644); err != nil {
			t.Fatal(err)
		}
		return out
	}
	game := corrupt("m1_seed2.json", func(s string) string { return strings.Replace(s, `"dhp":11}`, `"dhp":12}`, 1) })
	_, err := ReplayGameFile(game, root)
	var d *engine.Divergence
	if !errors.As(err, &d) || !strings.Contains(err.Error(), "case m1_seed2: event 18: dhp: expected 12, got 11") {
		t.Fatalf("a changed event: %v", err)
	}
	game = corrupt("m2_seed1.json", func(s string) string { return strings.Replace(s, `"move":`, `"move":1`, 1) })
	if _, err = ReplayGameFile(game, root); !errors.As(err, &d) || !strings.Contains(err.Error(), "decision 0: expected") {
		t.Fatalf("a changed decision: %v", err)
	}
	suite := corrupt("ai_decisions.json", func(s string) string {
		i := strings.Index(s, `"def_score":[`) + len(`"def_score":[`)
		return s[:i] + "1" + s[i:]
	})
	if _, err = ReplayAIDecisionsFile(suite, root); !errors.As(err, &d) || !strings.Contains(err.Error(), "ai_decisions#0") ||
		!strings.Contains(err.Error(), "def_score[0]: expected 1") {
		t.Fatalf("a changed score: %v", err)
	}
}
