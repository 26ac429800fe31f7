package planetsview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/internal/imagetest"
)

// TestPaneImages renders the panes of the planets editor offscreen (the
// 九州 sample with a planet or a route selected) and compares them with
// their golden images.
func TestPaneImages(t *testing.T) {
	_, _, v, _, _ := openSample(t)
	shot := func(name string, pane *container.TabItem) {
		t.Helper()
		pane.Content.Show() // tab contents other than the selected one are hidden
		w := test.NewWindow(pane.Content)
		w.Resize(fyne.NewSize(1100, 700))
		v.mp.canvas.Grid.Fit()
		imagetest.Compare(t, name, w.Canvas().Capture())
		w.Close()
	}
	v.SelectPlanet("A")
	shot("pane-map", v.mapPane)
	shot("pane-planets", v.planetsPane)
	v.SelectRoute(findRoute(v.M(), "l", "X"))
	shot("pane-map-route", v.mapPane)
	shot("pane-routes", v.routesPane)
	shot("pane-settings", v.settingsPaneItem)
}
