package editor_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/internal/imagetest"
	"github.com/shapan/shapan/preview"
	"github.com/shapan/shapan/samples"
)

// TestMapsTakeHalfOfA1024x700Window opens a sample of every family with
// a map, and a planets map with a problem, in a 1024×700 window. On each
// map pane, fitted: the map is at least 350 pixels high (the battle map
// had 200); the Problems panel is one line when it lists nothing, and
// shows its first row under a split otherwise; no text the window draws
// is smaller than 11 pixels (the planets map's names and route steps).
func TestMapsTakeHalfOfA1024x700Window(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for _, name := range []string{"battle/赤壁.yaml", "ftbt/长坂坡.yaml", "ftbt/兵法.yaml", "planets/九州.yaml", "mbg/赤壁.yaml"} {
		data, _ := samples.Read(name)
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, data, 0o644)
		if !strings.HasSuffix(name, "兵法.yaml") {
			paths = append(paths, p)
		}
	}
	bad := filepath.Join(dir, "planets", "three-starts.yaml")
	data, _ := samples.Read("planets/九州.yaml")
	os.WriteFile(bad, []byte(strings.Replace(string(data), "starts: [A, B, C, D]", "starts: [A, B, C]", 1)), 0o644)
	paths = append(paths, bad)

	st, _ := newStudio(t)
	w := st.Window()
	for _, p := range paths {
		if _, err := st.Open(p); err != nil {
			t.Fatal(err)
		}
	}
	rowH := widget.NewLabel("X").MinSize().Height
	for _, s := range st.Sessions() {
		name := filepath.Base(s.Path)
		if !st.ShowPane(s, "Map") {
			st.ShowPane(s, "Board")
		}
		w.Resize(fyne.NewSize(1000, 700)) // lays the window out anew
		w.Resize(fyne.NewSize(1024, 700))
		tab := st.Tab(s)
		g := tab.MapView()
		if g == nil {
			t.Fatalf("%s: no map shown", name)
		}
		g.Fit()
		if h := g.Size().Height; h < 350 {
			t.Errorf("%s: the map is %v pixels high in a 1024×700 window", name, h)
		}
		if len(s.Problems()) == 0 {
			if h := tab.ProblemsHeight(); h > 1.5*rowH {
				t.Errorf("%s: the Problems panel is %v high with no problem", name, h)
			}
		} else if h := tab.ProblemsListSize().Height; h < rowH {
			t.Errorf("%s: the Problems list is %v high, not a row", name, h)
		}
		for _, o := range test.LaidOutObjects(w.Content()) {
			if tx, ok := o.(*canvas.Text); ok && tx.Visible() && strings.TrimSpace(tx.Text) != "" && tx.TextSize < preview.MinReadable {
				t.Errorf("%s: %q is drawn %v pixels high", name, tx.Text, tx.TextSize)
			}
		}
		imagetest.Save(t, "studio-1024x700-"+strings.TrimSuffix(name, ".yaml")+"-"+filepath.Base(filepath.Dir(s.Path)), w.Canvas().Capture())
	}
}
