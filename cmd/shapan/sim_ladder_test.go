package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSimSkillLadder: shapan sim --skill plays every level the family has
// a player for, says which it has none for, judges every level and says
// whether the verdict changes; --json gives the same as an object.
func TestSimSkillLadder(t *testing.T) {
	code, out, errOut := runCLI("sim", "../../samples/ftbt/长坂坡.yaml", "--skill", "random,greedy,best", "--games", "2", "--turns", "3", "--quiet")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"ftbt skill ladder: 长坂坡.yaml", "random", "best    ai", "greedy: ftbt has no greedy player", "The verdict"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	code, out, errOut = runCLI("sim", xiaopei, "--skill", "greedy,search:2", "--games", "1", "--turns", "3", "--json", "--quiet")
	var l struct {
		Rungs []struct {
			Player  string `json:"player"`
			Verdict struct {
				Text string `json:"text"`
			} `json:"verdict"`
		} `json:"rungs"`
		Summary string `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &l); code != exitOK || err != nil || len(l.Rungs) != 2 || l.Rungs[1].Player != "search:2" || l.Summary == "" {
		t.Fatalf("exit %d, %v: %s %s", code, err, out, errOut)
	}
	for _, bad := range [][]string{{"--skill", "genius"}, {"--skill", "random", "--players", "greedy"}} {
		if code, _, errOut := runCLI(append([]string{"sim", xiaopei, "--games", "1"}, bad...)...); code == exitOK || !strings.Contains(errOut, "skill") {
			t.Errorf("%v: exit %d, %s", bad, code, errOut)
		}
	}
}
