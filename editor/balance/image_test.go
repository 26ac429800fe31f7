package balance

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/internal/imagetest"
)

// TestWindowImages renders the balance window after a run of the mbg
// sample, on its charts and on its report, and compares them with their
// golden images.
func TestWindowImages(t *testing.T) {
	w, _ := openWindow(t, "mbg/赤壁.yaml")
	w.win.Resize(fyne.NewSize(1220, 760))
	runGames(t, w, 12, 1, 2)
	imagetest.Compare(t, "window-charts", w.win.Canvas().Capture())
	w.tabs.SelectIndex(1)
	imagetest.Compare(t, "window-report", w.win.Canvas().Capture())
}
