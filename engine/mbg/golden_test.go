package mbg

import (
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/internal/shared"
)

// TestGoldenGames replays every full-game golden case of the original
// engine: every decision, event, the result and the final state must match
// exactly (and the sample saves byte for byte).
func TestGoldenGames(t *testing.T) {
	root := shared.Dir(t)
	files := shared.Files(t, "golden/mbg/game_*.json")
	if len(files) != 5 {
		t.Errorf("expected 5 golden games, found %d", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			if _, err := ReplayCaseFile(f, root); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestGoldenBattles replays the 200 battles of the battle suite.
func TestGoldenBattles(t *testing.T) {
	for _, f := range shared.Files(t, "golden/mbg/battles.json") {
		if _, err := ReplayBattleSuiteFile(f); err != nil {
			t.Fatal(err)
		}
	}
}
