package mbgview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/internal/imagetest"
)

// TestPaneImages renders every pane of the mbg editor offscreen and
// compares it with its golden image.
func TestPaneImages(t *testing.T) {
	_, _, v, _ := openSample(t)
	v.cities.Select(0)
	v.roles.Select(1)
	v.insts.Select(0)
	v.rooms.Select(0)
	v.board.selectSquare(4)
	names := map[string]string{"board": "pane-board", "officers": "pane-officers", "cities": "pane-cities", "roles": "pane-roles",
		"institutes": "pane-institutes", "training_rooms": "pane-training", "settings": "pane-settings"}
	for key, name := range names {
		pane := v.panes[key]
		pane.Content.Show() // tab contents other than the selected one are hidden
		w := test.NewWindow(pane.Content)
		w.Resize(fyne.NewSize(1100, 700))
		imagetest.Compare(t, name, w.Canvas().Capture())
		w.Close()
	}
}
