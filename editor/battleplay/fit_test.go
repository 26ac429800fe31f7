package battleplay

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/internal/imagetest"
)

// TestPlayWindowFitsA1024Screen plays 小沛 as a person in a 1024×700
// play window: the pick round's panel and the orders panel need no wider
// window, and Send team and Send orders lie inside it (the window used to
// need 1047–1094 pixels, cutting them off on a 1024 screen).
func TestPlayWindowFitsA1024Screen(t *testing.T) {
	st, s := openSample(t, "battle/小沛.yaml")
	w, _ := start(t, st, s, true, "tactician", play.Options{Seed: 3})
	win := w.Window()
	win.Resize(fyne.NewSize(1024, 700))
	inside := func(step, button string) {
		t.Helper()
		if m := win.Content().MinSize(); m.Width > 1024 || m.Height > 700 {
			t.Errorf("%s: the play window needs %v×%v", step, m.Width, m.Height)
		}
		for _, o := range test.LaidOutObjects(w.Question()) {
			if b, ok := o.(*widget.Button); ok && b.Text == button {
				at := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
				if right := at.X + b.Size().Width; right > 1024 || b.Size().Width < b.MinSize().Width {
					t.Errorf("%s: %s ends at x %v (%v of %v wide)", step, button, right, b.Size().Width, b.MinSize().Width)
				}
				imagetest.Save(t, "play-battle-"+step, win.Canvas().Capture())
				return
			}
		}
		t.Errorf("%s: no %s button", step, button)
	}
	inside("pick", "Send team")
	pickTeam(t, w, "吕布", "赵云", "关羽", "刘备", "曹操", "孙权")
	inside("orders", "Send orders (none)")
}
