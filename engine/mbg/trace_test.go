package mbg

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/shared"
)

// TestTracesReplay: a game written by PlayTraced replays as a golden case
// (from a scenario and from a save), and a changed trace diverges.
func TestTracesReplay(t *testing.T) {
	dir := filepath.Join(shared.Dir(t), "legacy", "mbg")
	save := filepath.Join(dir, "test_game_s404_t9_r0.sav")
	src, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	sv, _, err := mbgfmt.ReadSave(save, src)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file  string
		setup Setup
	}{
		{filepath.Join(dir, "sanguo.map"), Setup{Scenario: legacyScenario(t, "sanguo.map"), Seed: 3, MaxTurn: 25, FillCards: 1}},
		{save, Setup{Save: sv, Seed: 4, MaxTurn: 30}},
	} {
		var buf bytes.Buffer
		ai := NewAI(1)
		header := TraceHeader{Case: "t", Scenario: filepath.ToSlash(tc.file)}
		if _, err := PlayTraced(tc.setup, []Player{ai, ai, ai}, header, &buf, 0); err != nil {
			t.Fatal(err)
		}
		s, err := ReplayTrace(buf.Bytes(), "/")
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if s.Events == 0 || s.Decisions == 0 {
			t.Fatalf("%s: empty trace", tc.file)
		}
		lines := strings.Split(buf.String(), "\n")
		for i, l := range lines {
			if strings.Contains(l, `"e":"note_role_move"`) {
				lines[i] = strings.Replace(l, `"step":`, `"step":1`, 1)
				break
			}
		}
		_, err = ReplayTrace([]byte(strings.Join(lines, "\n")), "/")
		var d *engine.Divergence
		if !errors.As(err, &d) || !strings.Contains(err.Error(), "step") {
			t.Fatalf("%s: a changed trace replays: %v", tc.file, err)
		}
	}
}
