package balance

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/internal/guitest"
)

// TestRestrictedPlayTab: after a run, Measure restricted play on the
// Restricted play tab forbids every tech of 长坂坡 to each side, lists
// them most harmful first beside the run's heat map and says what
// matters; the progress bar counts measurements, then games again.
func TestRestrictedPlayTab(t *testing.T) {
	w, _ := openWindow(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
	w.win.Resize(fyne.NewSize(1220, 760))
	w.fields.turnCap.SetText("2")
	runGames(t, w, 2, 2, 2)
	w.tabs.SelectIndex(3)
	if !guitest.Button(w.win.Content(), "Measure restricted play") {
		t.Fatal("there is no enabled Measure button")
	}
	v := w.restricted
	if v.result == nil || len(v.result.Elements) < 5 {
		t.Fatalf("no result: status %q", w.status.Text)
	}
	if len(v.rows) != 1+2*len(v.result.Elements) || v.rows[0][0] != "element" || !strings.HasPrefix(v.rows[1][0], "tech ") {
		t.Fatalf("table rows %v", v.rows[:2])
	}
	if v.heat.Image == nil || !v.heatTip.Hidden {
		t.Error("the heat map of the run is not beside the table")
	}
	if !strings.Contains(v.summary.Text, "tech") || !strings.Contains(w.status.Text, "Restricted play of") {
		t.Errorf("summary %q, status %q", v.summary.Text, w.status.Text)
	}
	if w.unit != "games" || v.measure.Disabled() || w.runBtn.Disabled() {
		t.Error("the window is not idle again")
	}
}
