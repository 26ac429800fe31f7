package balance

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/preview/charts"
)

// failedReport is a report of 10 games of which 6 failed.
func failedReport() *sim.Report {
	r := &sim.Report{Family: "mbg", Scenario: "x.yaml", Seed: 1, Requested: 10, Games: 4, Failed: 6,
		Sides: []sim.SideStats{{Index: 0, Name: "魏", Wins: sim.NewProportion(3, 4)}, {Index: 1, Name: "蜀", Wins: sim.NewProportion(1, 4)}}}
	for i := range r.Failed {
		r.Errors = append(r.Errors, sim.GameError{Game: 2 + i, Seed: int64(100 + i), Error: "the game stalled"})
	}
	return r
}

// TestFailedGamesAreShown: a report with failed games shows them in a red
// banner above the charts, the first few with their errors.
func TestFailedGamesAreShown(t *testing.T) {
	w, _ := openWindow(t, "mbg/赤壁.yaml")
	if w.failures.object.Visible() {
		t.Fatal("the failure banner shows before any run")
	}
	r := failedReport()
	w.show(outcome{report: r, text: "report", winRates: charts.WinRates(r, charts.Options{}), lengths: charts.Lengths(r, charts.Options{})})
	if !w.failures.object.Visible() || w.failures.text.Importance != widget.DangerImportance {
		t.Fatal("the failed games are not shown in the banner")
	}
	text := w.failures.text.Text
	for _, want := range []string{"6 of 10 games failed", "game 2 (seed 100): the game stalled", "game 5 (seed 103)", "… and 2 more"} {
		if !strings.Contains(text, want) {
			t.Errorf("the banner lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "game 6 ") {
		t.Errorf("the banner lists more than %d games:\n%s", shownErrors, text)
	}
	if w.charts.heatmap.Visible() {
		t.Error("a report without a heat map shows one")
	}
	// The next run without failures hides the banner again.
	runGames(t, w, 4, 1, 2)
	if w.Report().Failed == 0 && w.failures.object.Visible() {
		t.Error("the banner stays after a run without failed games")
	}
}

// TestBadSettingsAreRefused: a field that is not a number in range stops
// Run with a message, and no game is played.
func TestBadSettingsAreRefused(t *testing.T) {
	w, _ := openWindow(t, "planets/九州.yaml")
	if got := w.fields.turnCap.Text; got != "1000" {
		t.Errorf("the turn cap of a planets map defaults to %s, want sim's 1000 rounds", got)
	}
	for _, tc := range []struct{ games, seed, jobs, want string }{
		{"0", "1", "2", "the number of games must be a whole number from 1"},
		{"ten", "1", "2", "the number of games"},
		{"10", "x", "2", "the seed must be a whole number"},
		{"10", "1", "0", "the number of jobs"},
	} {
		w.fields.games.SetText(tc.games)
		w.fields.seed.SetText(tc.seed)
		w.fields.jobs.SetText(tc.jobs)
		guitest.Button(w.win.Content(), "Run")
		if !strings.Contains(w.status.Text, tc.want) || w.status.Importance != widget.DangerImportance {
			t.Errorf("games %q seed %q jobs %q: the status says %q", tc.games, tc.seed, tc.jobs, w.status.Text)
		}
		if w.Running() || w.Report() != nil || w.progress.Value != 0 {
			t.Errorf("games %q seed %q jobs %q: games were played", tc.games, tc.seed, tc.jobs)
		}
	}
}

// TestExports copies the report and saves it as JSON and its charts as
// PNG, as the export buttons do after their file dialogs.
func TestExports(t *testing.T) {
	w, _ := openWindow(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
	runGames(t, w, 6, 1, 2)
	r := w.Report()

	if !guitest.Button(w.win.Content(), "Copy report") {
		t.Fatal("no enabled Copy report button")
	}
	if got := w.st.App().Clipboard().Content(); got != w.ReportText() || !strings.Contains(got, "ftbt simulation") {
		t.Errorf("the clipboard holds:\n%s", got)
	}

	dir := t.TempDir()
	jsonPath := filepath.Join(dir, "r.json")
	if err := writeReportJSON(r, jsonPath); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != reportJSON(t, r) {
		t.Errorf("the saved JSON is not the report's:\n%s", got)
	}

	pngPath := filepath.Join(dir, "c.png")
	if err := writeChartsPNG(r, pngPath); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the saved charts are not a PNG image: %v", err)
	}
	if want := charts.Summary(r, charts.Options{English: true}).Bounds(); img.Bounds() != want {
		t.Errorf("the saved charts are %v, want %v (charts.Summary)", img.Bounds(), want)
	}
	if f := inked(img); f < 0.05 {
		t.Errorf("the saved charts are blank (%.3f drawn)", f)
	}
	if err := writeReportJSON(r, filepath.Join(dir, "missing", "r.json")); err == nil || !strings.Contains(err.Error(), "saving the report") {
		t.Errorf("saving into a missing folder: %v", err)
	}
}
