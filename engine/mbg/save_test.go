package mbg

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/engine"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/shared"
)

// replayTo replays a golden case up to (not including) decision n and
// returns the game, pending at that decision.
func replayTo(t *testing.T, file string, n int, opts Options) *Game {
	t.Helper()
	root := shared.Dir(t)
	data, err := os.ReadFile(filepath.Join(root, "golden", "mbg", file))
	if err != nil {
		t.Fatal(err)
	}
	var gc goldenCase
	if err := json.Unmarshal(data, &gc); err != nil {
		t.Fatal(err)
	}
	sc, err := LoadScenario(filepath.Join(root, gc.Scenario))
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Setup{Scenario: sc, Seed: gc.Seed, MaxTurn: gc.MaxTurn, FirstRole: gc.FirstRole, FillCards: gc.FillCards}, opts)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < n; k++ {
		if err := g.Answer(g.Pending().Player, engine.Answer(gc.Decisions[k].A)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

var sampleSaves = []struct {
	golden   string
	decision int
	sav      string
}{
	{"game_sanguo_s101.json", 110, "sanguo_s101_t12_r1.sav"},
	{"game_test_game_s404.json", 39, "test_game_s404_t9_r0.sav"},
}

// TestSavesMatchTheOriginal: replaying a golden game to the moment the
// original wrote a sample save, our save is byte-identical — both with
// SaveState and through the rules (answer -3, then a file name).
func TestSavesMatchTheOriginal(t *testing.T) {
	for _, c := range sampleSaves {
		t.Run(c.sav, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(shared.Dir(t), "legacy", "mbg", c.sav))
			if err != nil {
				t.Fatal(err)
			}
			written := map[string][]byte{}
			g := replayTo(t, c.golden, c.decision, Options{SaveFile: func(name string, data []byte) bool {
				written[name] = data
				return true
			}})
			sv, err := g.SaveState()
			if err != nil {
				t.Fatal(err)
			}
			got, err := mbgfmt.WriteSave(sv)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("SaveState differs from %s at byte %d", c.sav, firstDiff(got, want))
			}
			d := g.Pending()
			events := len(g.Events())
			if err := g.Answer(d.Player, engine.Encode(-3)); err != nil {
				t.Fatal(err)
			}
			if k := g.Pending().Kind; k != KindGetFileName {
				t.Fatalf("after -3 the game asks %s", k)
			}
			if err := g.Answer(d.Player, engine.Encode("x.sav")); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(written["x.sav"], want) {
				t.Fatal("the save written through the rules differs")
			}
			ev := g.Events()[events:]
			if len(ev) != 1 || !sameJSON(ev[0], SaveReport{To: d.Player, OK: true}) || g.Pending().Kind != KindSelRoleAction {
				t.Fatalf("after saving: events %v, pending %s", ev, g.Pending().Kind)
			}
		})
	}
}

// TestLegacySaveLoadsAndPlaysOn loads the original's saves, checks that
// the loaded game is asked to go on with the saved role and saves back to
// the same bytes, then plays it to the end.
func TestLegacySaveLoadsAndPlaysOn(t *testing.T) {
	for _, c := range sampleSaves {
		path := filepath.Join(shared.Dir(t), "legacy", "mbg", c.sav)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sv, _, err := mbgfmt.ReadSave(path, src)
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(Setup{Save: sv, Seed: 5, MaxTurn: 60}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := g.Pending()
		if d.Kind != KindSelRoleAction || d.Player != sv.ActingRole {
			t.Fatalf("%s: first decision %s to role %d", c.sav, d.Kind, d.Player)
		}
		again, err := g.SaveState()
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := mbgfmt.WriteSave(again); !bytes.Equal(got, src) {
			t.Fatalf("%s: load → save differs at byte %d", c.sav, firstDiff(got, src))
		}
		ai := NewAI(1)
		if _, err := PlayOut(g, []Player{ai, ai, ai}, 1_000_000); err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, g)
	}
}
