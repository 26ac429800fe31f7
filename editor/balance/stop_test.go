package balance

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/internal/guitest"
)

// TestStopShowsPartialReport starts a long simulation, checks the
// controls while it runs, presses Stop at its first progress report and
// checks that the games stop and their partial report is shown, marked
// stopped.
func TestStopShowsPartialReport(t *testing.T) {
	const games = 5000
	w, _ := openWindow(t, "mbg/赤壁.yaml")
	reports := 0
	w.onProgress = func(done, total int) {
		reports++
		if reports > 1 {
			return // the games still being played when Stop was pressed
		}
		if !w.Running() || !w.runBtn.Disabled() || w.stopBtn.Disabled() || !w.fields.games.Disabled() {
			t.Error("while the games are played Run and the fields should be disabled and Stop enabled")
		}
		if done < 1 || done >= total || total != games {
			t.Errorf("progress %d of %d", done, total)
		}
		if !guitest.Button(w.win.Content(), "Stop") {
			t.Error("there is no enabled Stop button while the games are played")
		}
	}
	runGames(t, w, games, 1, 2)
	if reports == 0 {
		t.Fatal("the progress bar never moved")
	}
	r := w.Report()
	if r == nil {
		t.Fatal("no partial report after Stop")
	}
	if !r.Stopped || r.Requested != games || r.Games+r.Failed >= games || r.Games == 0 {
		t.Fatalf("after Stop the report has %d+%d of %d games (stopped %v)", r.Games, r.Failed, r.Requested, r.Stopped)
	}
	if !strings.Contains(w.ReportText(), "stopped after") {
		t.Errorf("the report text does not say it was stopped:\n%s", w.ReportText())
	}
	if !strings.HasPrefix(w.status.Text, "Stopped after") || w.status.Importance != widget.WarningImportance {
		t.Errorf("the status line says %q (importance %v)", w.status.Text, w.status.Importance)
	}
	if w.progress.Value != float64(r.Games+r.Failed) || w.progress.Max != games {
		t.Errorf("the progress bar shows %v of %v", w.progress.Value, w.progress.Max)
	}
	if w.Running() || w.runBtn.Disabled() || !w.stopBtn.Disabled() {
		t.Error("after Stop the controls should be idle again")
	}
	if w.charts.winRates.Image == nil {
		t.Error("the partial report has no charts")
	}
}

// TestClosingTheWindowStopsTheGames closes the window during a long
// simulation: the games stop, and nothing is shown in the closed window.
func TestClosingTheWindowStopsTheGames(t *testing.T) {
	const games = 5000
	w, s := openWindow(t, "mbg/赤壁.yaml")
	w.onProgress = func(done, total int) {
		if !w.closed {
			w.Close()
		}
	}
	runGames(t, w, games, 1, 2)
	r := w.last.report
	if r == nil || !r.Stopped || r.Games+r.Failed >= games {
		t.Fatalf("closing the window did not stop the games: %+v", r)
	}
	if w.Report() != nil {
		t.Error("the closed window showed the report")
	}
	if windows[s] != nil {
		t.Error("the closed window is still registered as the document's balance window")
	}
}

// TestEscapeStops: Escape in the window stops the games like Stop.
func TestEscapeStops(t *testing.T) {
	w, _ := openWindow(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
	w.onProgress = func(done, total int) {
		if w.Running() && w.cancel != nil {
			w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		}
	}
	runGames(t, w, 5000, 1, 2)
	if r := w.Report(); r == nil || !r.Stopped || r.Games+r.Failed >= r.Requested {
		t.Fatalf("Escape did not stop the games: %+v", r)
	}
}
