package main

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine/sim"
	ftbtsim "github.com/shapan/shapan/engine/sim/ftbt"
	mbgsim "github.com/shapan/shapan/engine/sim/mbg"
	planetssim "github.com/shapan/shapan/engine/sim/planets"
	"github.com/shapan/shapan/internal/shared"
)

// simJSON runs shapan sim with --json and --jobs 2 and returns the
// report. That the report is the same whatever --jobs is, is proved once
// for the command (TestSimJSONIsTheSameWhateverTheJobs) and for each
// family's simulation in engine/sim/ftbt and engine/sim/planets
// (TestFTBTSameSeedSameReport, TestPlanetsSameSeedSameReport); a family's
// report here is read once.
func simJSON(t *testing.T, args ...string) sim.Report {
	t.Helper()
	code, out, errOut := runCLI(append(append([]string{"sim"}, args...), "--json", "--jobs", "2")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r sim.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// simText runs shapan sim with --chart, checks the chart and returns the
// text report.
func simText(t *testing.T, args ...string) string {
	t.Helper()
	chart := filepath.Join(t.TempDir(), "chart.png")
	code, out, errOut := runCLI(append(append([]string{"sim"}, args...), "--chart", chart)...)
	if code != 0 || !strings.Contains(errOut, "wrote "+chart) {
		t.Fatalf("exit %d: %s", code, errOut)
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
	// The charts side by side over the heat map.
	if b := img.Bounds(); b.Dx() < 1000 || b.Dy() < 700 {
		t.Errorf("chart size %v: no heat map?", b)
	}
	return out
}

// TestSimFTBT: an ftbt level simulated from its YAML (which names its
// rules), its facts in the JSON report and the text.
func TestSimFTBT(t *testing.T) {
	const level = "../../samples/ftbt/长坂坡.yaml"
	r := simJSON(t, level, "--games", "3", "--turns", "215", "--seed", "4")
	f := ftbtFacts(r)
	if r.Family != "ftbt" || r.Scenario != "长坂坡.yaml" || r.Games != 3 || f == nil || f.TurnCap != 215 ||
		len(f.People) != 11 || f.Attacks == 0 || len(f.Cells) == 0 || r.Length.Max > 215 {
		t.Fatalf("unexpected report: %+v", r)
	}
	text := simText(t, level, "--games", "2", "--turns", "215")
	for _, want := range []string{"ftbt simulation: 长坂坡.yaml — 2 games, seed 1", "side 0", "Sides at the end", "survivors mean",
		"赵云", "damage mean", "Where the fights are"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	// Without --turns, the family's default cap.
	if r := simJSON(t, level, "--games", "1"); ftbtFacts(r).TurnCap != ftbtsim.DefaultTurnCap {
		t.Errorf("default turn cap %d", ftbtFacts(r).TurnCap)
	}
}

// TestSimFTBTLegacy: the original game's m1.map with --rules star.tech.
func TestSimFTBTLegacy(t *testing.T) {
	dir := filepath.Join(shared.Dir(t), "legacy", "ftbt")
	r := simJSON(t, filepath.Join(dir, "m1.map"), "--rules", filepath.Join(dir, "star.tech"), "--games", "6", "--turns", "20")
	if f := ftbtFacts(r); r.Family != "ftbt" || r.Games != 6 || f == nil || f.Width != 50 || f.Height != 40 || f.Damage == 0 {
		t.Fatalf("unexpected report: %+v", r)
	}
}

// TestSimPlanets: a Planet-Conquer map, its facts in the JSON report
// and the text.
func TestSimPlanets(t *testing.T) {
	const m = "../../samples/planets/九州.yaml"
	r := simJSON(t, m, "--games", "3", "--seed", "5")
	f := planetsFacts(r)
	if r.Family != "planets" || r.Games != 3 || f == nil || f.RoundCap != planetssim.DefaultRoundCap || len(f.Starts) != 4 ||
		len(f.Planets) != 25 || f.Battles == 0 || len(r.Sides) != 4 || r.Sides[0].Name != "start 1 (A)" {
		t.Fatalf("unexpected report: %+v", r)
	}
	text := simText(t, m, "--games", "2")
	for _, want := range []string{"planets simulation: 九州.yaml — 2 games", "start 2 (B)", "Start planets", "planets held mean",
		"Planets (share of all the rounds", "changes"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	if r := simJSON(t, m, "--games", "2", "--turns", "25"); r.Capped.Count != 2 || planetsFacts(r).RoundCap != 25 {
		t.Errorf("--turns 25: capped %d, facts %+v", r.Capped.Count, planetsFacts(r))
	}
}

// TestSimPlanetsLegacy: the original game's fight_here.yml.
func TestSimPlanetsLegacy(t *testing.T) {
	r := simJSON(t, filepath.Join(shared.Dir(t), "legacy", "planets", "fight_here.yml"), "--games", "8")
	if f := planetsFacts(r); r.Family != "planets" || r.Games != 8 || f == nil || len(f.Planets) != 28 || f.Captures == 0 {
		t.Fatalf("unexpected report: %+v", r)
	}
}

// ftbtFacts, planetsFacts and mbgFacts are the facts of a report of
// their family (nil for another's).
func ftbtFacts(r sim.Report) *ftbtsim.FTBTFacts {
	f, _ := r.Facts.Section.(*ftbtsim.FTBTFacts)
	return f
}

func planetsFacts(r sim.Report) *planetssim.PlanetsFacts {
	f, _ := r.Facts.Section.(*planetssim.PlanetsFacts)
	return f
}

func mbgFacts(r sim.Report) *mbgsim.MBGFacts {
	f, _ := r.Facts.Section.(*mbgsim.MBGFacts)
	return f
}
