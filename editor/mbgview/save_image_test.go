package mbgview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/internal/imagetest"
)

// TestSavePaneImages renders every pane of the save editor offscreen and
// compares it with its golden image.
func TestSavePaneImages(t *testing.T) {
	_, _, v, _ := openSave(t)
	v.roles.Select(2)
	v.cities.Select(14) // 庐江: a mayor and a plain garrison member
	v.insts.Select(0)
	v.rooms.Select(0)
	names := map[string]string{"game": "save-game", "board": "save-board", "roles": "save-roles", "cities": "save-cities",
		"officers": "save-officers", "free": "save-free", "institutes": "save-institutes", "training_rooms": "save-training"}
	for key, name := range names {
		pane := v.panes[key]
		pane.Content.Show() // tab contents other than the selected one are hidden
		w := test.NewWindow(pane.Content)
		w.Resize(fyne.NewSize(1100, 700))
		if key == "board" {
			v.board.selectSquare(11) // 蜀's square, scrolled into view
		}
		imagetest.Compare(t, name, w.Canvas().Capture())
		w.Close()
	}
}
