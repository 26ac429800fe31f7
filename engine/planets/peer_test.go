package planets

import (
	"errors"
	"github.com/shapan/shapan/engine"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/shared"
)

// TestPeerFacts checks every fact and scenario of the planets-peer/1
// conformance file: production, battles, loader facts and the scripted
// scenarios (forks and repeats included).
func TestPeerFacts(t *testing.T) {
	root := shared.Dir(t)
	for _, f := range shared.Files(t, "golden/planets/*.json") {
		t.Run(filepath.Base(f), func(t *testing.T) {
			s, err := ReplayPeerFile(f, root)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d count_growth, %d battle, %d maps facts; %d scenarios (%d ops) hold", s.Growth, s.Battles, s.Maps, s.Scenarios, s.Ops)
		})
	}
}

// TestPeerRunnerCatchesDifferences: a changed expectation anywhere —
// a fact, a check inside a fork, an integer written as a real — is a
// Divergence that names the place and both values.
func TestPeerRunnerCatchesDifferences(t *testing.T) {
	root := shared.Dir(t)
	data, err := os.ReadFile(filepath.Join(root, "golden", "planets", "peer_basic.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ old, new, where string }{
		{`"expect": 18,`, `"expect": 19,`, "count_growth normal_growth"},
		{`"arrivals": [[0, 12]], "expect": [1, 2]`, `"arrivals": [[0, 12]], "expect": [1, 3]`, "battle wiki_example_1"},
		{`"max_sum": 16400`, `"max_sum": 16401`, "maps legacy/planets/fight_here.yml"},
		{`"holds": [[0, 59], [null, 0], [null, 0], [null, 0], [0, 148]]`, `"holds": [[0, 59], [null, 0], [null, 0], [null, 0], [0, 149]]`,
			"scenario doctest_test_map, op 19 (fork) only_one_player_left, op 4 (check)"},
		{`"pos": [2, 2], "def": 0.5}`, `"pos": [2, 2], "def": 0.50001}`, "scenario doctest_test_map, op 11 (check_map)"},
		{`{"type": "base", "res": 1, "cos": 10, "max": 1000, "pos": [4, 0], "def": 2}`,
			`{"type": "base", "res": 1, "cos": 10, "max": 1000, "pos": [4, 0], "def": 2.0}`, "scenario doctest_test_map, op 11 (check_map)"},
		{`[[0, 166], [1, 80], [2, 80], [1, 10], [null, 0]]`, `[[0, 166], [1, 80], [2, 80], [2, 10], [null, 0]]`, "scenario tie_capture, op 10 (check)"},
	} {
		changed := strings.Replace(string(data), c.old, c.new, 1)
		if changed == string(data) {
			t.Fatalf("%s: the golden file has no %s", c.where, c.old)
		}
		_, err := ReplayPeer([]byte(changed), root)
		var d *engine.Divergence
		if !errors.As(err, &d) || d.Where != c.where || !strings.Contains(d.Detail, "expected") {
			t.Errorf("changing %s: got %v, want a divergence at %s", c.old, err, c.where)
		}
	}
}
