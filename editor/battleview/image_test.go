package battleview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/internal/imagetest"
)

// TestPaneImages renders the battle editor's panes offscreen and compares
// them with their golden images.
func TestPaneImages(t *testing.T) {
	_, _, v, _ := open(t)
	for i, pane := range v.Panes() {
		pane.Content.Show() // tab contents other than the selected one are hidden
		w := test.NewWindow(pane.Content)
		w.Resize(fyne.NewSize(1100, 700))
		v.Painter.View.Fit()
		imagetest.Compare(t, []string{"pane-map", "pane-size"}[i], w.Canvas().Capture())
		w.Close()
	}
}
