package battleview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/formats/battle"

	"github.com/shapan/shapan/internal/imagetest"
)

// TestPaneImages renders the battle editor's panes offscreen (the
// roster changing two heroes) and compares
// them with their golden images.
func TestPaneImages(t *testing.T) {
	_, s, v, _ := open(t)
	force, command := 110, 10
	s.Edit("a roster", func() {
		v.M().Roster = []battle.RosterEntry{{Name: "吕布", Force: &force}, {Name: "周瑜", Command: &command}}
	})
	for i, pane := range v.Panes() {
		pane.Content.Show() // tab contents other than the selected one are hidden
		w := test.NewWindow(pane.Content)
		w.Resize(fyne.NewSize(1100, 700))
		v.Painter.View.Fit()
		imagetest.Compare(t, []string{"pane-map", "pane-size", "pane-roster"}[i], w.Canvas().Capture())
		w.Close()
	}
}
