package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/shapan/shapan/balance"
)

// unfairMBG writes the 赤壁 sample with 魏 given 34000 money instead of
// 14000 and returns its path.
func unfairMBG(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(simSample)
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(data), "money: 14000", "money: 34000", 1)
	if src == string(data) {
		t.Fatal("the sample has no money: 14000 any more")
	}
	path := filepath.Join(t.TempDir(), "赤壁.yaml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBalancePrintsProposalsAsDiffs: on an unfair mbg scenario a search
// that finds nothing fair says so in its first line — no fair proposal
// within the budget, the best found with its rates and games, the
// document's — not "Proposal 1:"; then the baseline, the knob with its
// measured effect and proposals that change the role's money as unified
// diffs of the YAML, each edit with how far it moved; it exits 1 and says
// so on standard error. Its JSON has an outcome code and the tolerance in
// points, as --tolerance takes it.
func TestBalancePrintsProposalsAsDiffs(t *testing.T) {
	file := unfairMBG(t)
	// 352 games of 3 turns (a few ms each, 12 times more under -race): the
	// baseline's 96, the knob's probes and points tried (the best found)
	args := []string{"balance", file, "--knobs", "money/魏", "--turns", "3", "--budget", "352", "--max-games", "64",
		"--tolerance", "2", "--seed", "5", "--jobs", "2"}
	code, out, errOut := runCLI(args...)
	first, _, _ := strings.Cut(out, "\n")
	if code != 1 || !strings.HasPrefix(first, "赤壁.yaml: no fair proposal within 352 games; the best found: money/魏 34000 → ") ||
		!strings.Contains(first, " games (the document: 魏 ") || !strings.Contains(errOut, "no fair proposal") {
		t.Errorf("exit %d; the first line: %q\n%s%s", code, first, out, errOut)
	}
	for _, want := range []string{"mbg balance of 赤壁.yaml — target fair, every side within ±2 points", "Knobs (1;",
		"money/魏", "roles[0].money = 34000 (11400–39900 by 100s), of 魏", "Baseline (the document as it is)",
		"Proposal 1: money/魏 34000 → ", "%)\n", "--- a/赤壁.yaml", "+++ b/赤壁.yaml", "\n  -    money: 34000", "\n  +    money: ", "Spent "} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	// the JSON of a search that ends with its baseline (100 games)
	args[7] = "100"
	_, out, _ = runCLI(append(args, "--json")...)
	var r struct {
		Outcome   string  `json:"outcome"`
		Headline  string  `json:"headline"`
		Tolerance float64 `json:"tolerance"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Outcome != "none_within_budget" || r.Tolerance != 2 || !strings.HasPrefix(r.Headline, "no fair proposal within 100 games") {
		t.Errorf("the JSON: %+v (%v)\n%s", r, err, out)
	}
}

// TestBalanceJSONIsTheSameWhateverTheJobs: the same seed gives the same
// result, byte for byte, with --jobs 1 and 2; a budget too small to find
// a fair document exits 1 and says so.
func TestBalanceJSONIsTheSameWhateverTheJobs(t *testing.T) {
	file := unfairMBG(t)
	var outs []string
	for _, jobs := range []string{"1", "2"} {
		code, out, errOut := runCLI("balance", file, "--knobs", "money/*", "--turns", "5", "--budget", "40",
			"--max-games", "32", "--seed", "3", "--jobs", jobs, "--json", "--quiet")
		if code != 1 || !strings.Contains(errOut, "no fair proposal within 40 games") {
			t.Fatalf("jobs %s: exit %d, want 1: %s", jobs, code, errOut)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Fatalf("--jobs 1 and 2 give different results:\n%s\n---\n%s", outs[0], outs[1])
	}
	var r balance.Result
	if err := json.Unmarshal([]byte(outs[0]), &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, outs[0])
	}
	if r.Family != "mbg" || r.Seed != 3 || r.Budget != 40 || r.Spent > 40 || r.Spent == 0 || len(r.Knobs) != 3 || r.Baseline.Measure.Games == 0 ||
		r.Outcome != balance.OutcomeNone || r.Tolerance != 3 {
		t.Fatalf("unexpected result:\n%s", outs[0])
	}
}

// TestBalanceShardsPrintWhatOneRunPrints: two processes of `shapan
// balance --shard K/2` on one --shard-dir, run at once, each print the
// JSON result one unsharded run prints.
func TestBalanceShardsPrintWhatOneRunPrints(t *testing.T) {
	file := unfairMBG(t)
	args := []string{"balance", file, "--knobs", "money/*", "--turns", "5", "--budget", "64",
		"--max-games", "32", "--seed", "3", "--jobs", "1", "--json", "--quiet"}
	code, want, errOut := runCLI(args...)
	if code != 1 {
		t.Fatalf("one run: exit %d: %s", code, errOut)
	}
	dir := filepath.Join(t.TempDir(), "exchange")
	outs := make([]string, 2)
	codes := make([]int, 2)
	var wg sync.WaitGroup
	for k := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var e string
			codes[k], outs[k], e = runCLI(append(args, "--shard", fmt.Sprintf("%d/2", k), "--shard-dir", dir)...)
			if codes[k] != 1 {
				t.Errorf("shard %d/2: exit %d: %s", k, codes[k], e)
			}
		}()
	}
	wg.Wait()
	for k, out := range outs {
		if out != want {
			t.Errorf("shard %d/2 printed another result than one run:\n%s\n---\n%s", k, out, want)
		}
	}
	if files, _ := os.ReadDir(dir); len(files) == 0 {
		t.Errorf("the shards left no games in %s", dir)
	}
}

// TestBalanceRefuses: usage problems exit 2, a document with errors 1
// with its diagnostics.
func TestBalanceRefuses(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	data, _ := os.ReadFile(simSample)
	os.WriteFile(bad, []byte(strings.Replace(string(data), "scope: large", "scope: 7", 1)), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{simSample, "--target", "魏=2"}, 2, "must be a number from 0 to 1"},
		{[]string{simSample, "--knobs", "gold/*"}, 2, `"gold/*" names no knob`},
		{[]string{simSample, "--budget", "0"}, 2, "--budget must be at least 1"},
		{[]string{simSample, simSample}, 2, "name one scenario FILE"},
		{[]string{simSample, "--shard", "1/2"}, 2, "--shard K/N needs --shard-dir DIR"},
		{[]string{simSample, "--shard", "2/2", "--shard-dir", t.TempDir()}, 2, "--shard: a shard is K/N with 0 ≤ K < N"},
		{[]string{simSample, "--shard-dir", t.TempDir()}, 2, "--shard-dir goes with --shard K/N"},
		{[]string{simSample, "--target", "蜀=0.5,汉=0.2", "--budget", "8"}, 2, `"汉" is no side`},
		{[]string{simSample, "--target", "nobody=0.5"}, 2, `"nobody" is no side that takes part (魏, 蜀, 吴)`},
		{[]string{simSample, "--tolerance", "60"}, 2, "--tolerance must be more than 0 and less than 50 points, not 60"},
		{[]string{simSample, "--tolerance", "50"}, 2, "--tolerance must be more than 0 and less than 50 points"},
		{[]string{simSample, "--tolerance", "0"}, 2, "--tolerance must be more than 0 and less than 50 points"},
		{[]string{bad}, 1, "scope 7; use small (0), medium (1) or large (2) [MBG022]"},
	} {
		code, out, errOut := runCLI(append([]string{"balance"}, tc.args...)...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("balance %v: exit %d (want %d), stderr %q (want %q)\n%s", tc.args, code, tc.code, errOut, tc.want, out)
		}
	}
}

// TestBalanceTurnsStarts: the start knobs are opt-in — named by --knobs,
// they are listed with their values and ranges (a start planet's choices,
// weakest first, in the text and the JSON); the default set has none of
// them. (A proposal names the planets it moves a start to: see
// balance.TestTwoStartsOnOnePlanetAreRefused.)
func TestBalanceTurnsStarts(t *testing.T) {
	const planets, level = "../../samples/planets/九州.yaml", "../../samples/ftbt/长坂坡.yaml"
	args := []string{"balance", planets, "--knobs", "start/*", "--budget", "8", "--max-games", "8", "--seed", "3", "--turns", "5"}
	_, out, _ := runCLI(args...)
	for _, want := range []string{"Knobs (4;", "start/1  starts[0] = A (one of e, F, j, A, f, weakest first), of start 1 (A)",
		"start/4  starts[3] = D (one of G, H, q, D, u, weakest first), of start 4 (D)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = runCLI(append(args, "--json")...)
	var r balance.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Knobs) != 4 || strings.Join(r.Knobs[0].Labels, " ") != "e F j A f" || r.Knobs[0].Label != "A" {
		t.Fatalf("the JSON: %v (%+v)\n%s", err, r.Knobs, out)
	}
	_, out, _ = runCLI("balance", level, "--knobs", "x/赵云,y/赵云", "--budget", "8", "--max-games", "8", "--seed", "3", "--turns", "5")
	for _, want := range []string{"Knobs (2;", "people[0].at[0] = 3 (0–11 by 1)\n", "people[0].at[1] = 10 (5–15 by 1)\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = runCLI("balance", planets, "--budget", "8", "--max-games", "8", "--turns", "5")
	if strings.Contains(out, "start/") || !strings.Contains(out, "Knobs (12;") {
		t.Errorf("the default set of 九州 is not its start planets' 12 knobs:\n%s", out)
	}
}
