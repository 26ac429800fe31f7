package main

import (
	"encoding/json"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/internal/progress"
	"github.com/shapan/shapan/internal/shared"
)

const simSample = "../../samples/mbg/赤壁.yaml"

// TestSimJSONIsTheSameWhateverTheJobs: --json prints one JSON report,
// the same bytes for --jobs 1 and 2, and the progress bar (forced on)
// goes to standard error only. Six games of 20 turns, three for each of
// two workers, show that the command passes --jobs and --seed through;
// engine/sim's TestSameSeedSameReportWhateverTheJobs proves the same of
// the simulation itself.
func TestSimJSONIsTheSameWhateverTheJobs(t *testing.T) {
	old := progress.IsTerminal
	progress.IsTerminal = func(io.Writer) bool { return true }
	defer func() { progress.IsTerminal = old }()
	var outs []string
	for _, jobs := range []string{"1", "2"} {
		code, out, errOut := runCLI("sim", simSample, "--games", "6", "--turns", "20", "--seed", "9", "--jobs", jobs, "--json")
		if code != 0 {
			t.Fatalf("jobs %s: exit %d: %s", jobs, code, errOut)
		}
		if !strings.Contains(errOut, "(0/6, ") || !strings.Contains(errOut, "\r") {
			t.Errorf("no progress bar on standard error: %q", errOut)
		}
		if strings.ContainsAny(out, "\r#") || !json.Valid([]byte(out)) {
			t.Fatalf("standard output is not pure JSON:\n%s", out)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Fatalf("--jobs 1 and --jobs 2 give different reports:\n%s\n---\n%s", outs[0], outs[1])
	}
	var r sim.Report
	if err := json.Unmarshal([]byte(outs[0]), &r); err != nil {
		t.Fatal(err)
	}
	if r.Family != "mbg" || r.Scenario != "赤壁.yaml" || r.Seed != 9 || r.Games != 6 || len(r.Sides) != 3 ||
		mbgFacts(r) == nil || mbgFacts(r).TurnCap != 20 || r.Length.Max > 20 {
		t.Fatalf("unexpected report:\n%s", outs[0])
	}
}

// TestSimTextAndChart: the text report on standard output, no progress
// bar when standard error is not a terminal, and a PNG chart.
func TestSimTextAndChart(t *testing.T) {
	chart := filepath.Join(t.TempDir(), "chart.png")
	code, out, errOut := runCLI("sim", "--games", "6", "--turns", "30", simSample, "--chart", chart)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"mbg simulation: 赤壁.yaml — 6 games, seed 1", "Win rates", "魏", "Game length", "Cities at the end"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(errOut, "\r") || !strings.Contains(errOut, "6 games in") || !strings.Contains(errOut, "workers") || !strings.Contains(errOut, "wrote "+chart) {
		t.Errorf("standard error: %q", errOut)
	}
	f, err := os.Open(chart)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < 1000 || b.Dy() < 600 {
		t.Errorf("chart size %v", b)
	}
}

func TestSimExitStatuses(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "x.yaml")
	os.WriteFile(bad, []byte("kind: mbg/scenario\nversion: 1\nboard: nonsense\n"), 0o644)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no file", []string{"sim"}, 2, "name one scenario FILE"},
		{"bad games", []string{"sim", simSample, "--games", "0"}, 2, "--games must be at least 1"},
		{"bad turns", []string{"sim", simSample, "--turns", "0"}, 2, "--turns must be at least 1"},
		{"bad jobs", []string{"sim", simSample, "--jobs", "-1"}, 2, "--jobs must not be negative"},
		{"unknown flag", []string{"sim", simSample, "--gams", "3"}, 2, "flag provided but not defined"},
		{"missing file", []string{"sim", filepath.Join(dir, "none.yaml")}, 2, "no such file"},
		{"invalid scenario", []string{"sim", bad}, 1, "x.yaml"},
		{"ftbt level without rules", []string{"sim", "../../samples/ftbt/长坂坡.map", "--games", "2"}, 1, "name them with --rules FILE.tech"},
		{"ftbt rules", []string{"sim", "../../samples/ftbt/兵法.yaml", "--games", "2"}, 1, "simulate a level played with them"},
		{"negative turns", []string{"sim", "../../samples/planets/九州.yaml", "--turns", "-5"}, 2, "--turns must be at least 1"},
		{"battle map with three bases", []string{"sim", "../../validate/testdata/rules/BTL003.yaml", "--games", "2"}, 1, "it needs exactly two"},
		{"unwritable chart", []string{"sim", simSample, "--games", "1", "--turns", "5", "--chart", filepath.Join(dir, "no", "such", "dir.png")}, 2, "shapan sim:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.code, errOut)
			}
			if code != 0 && tc.name != "unwritable chart" && out != "" {
				t.Errorf("standard output: %s", out)
			}
		})
	}
}

func TestSimRefusesASave(t *testing.T) {
	save := filepath.Join(shared.Dir(t), "legacy/mbg/test_game_s404_t9_r0.sav")
	code, _, errOut := runCLI("sim", save, "--games", "2")
	if code != 1 || !strings.Contains(errOut, "a save cannot be simulated") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}
