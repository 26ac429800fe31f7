package editor_test

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/modeleq"
	"github.com/shapan/shapan/samples"
)

// TestTiledExportAndOpen exports each grid sample from the studio as a
// Tiled map (what File ▸ Export ▸ Tiled map… does with the file chosen)
// and opens the .tmj again: it comes back as the same document, saved as
// YAML beside it. The menu item is there.
func TestTiledExportAndOpen(t *testing.T) {
	for _, name := range []string{"battle/赤壁.yaml", "ftbt/长坂坡.yaml", "planets/九州.yaml"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for _, p := range []string{name, "ftbt/兵法.yaml"} {
				data, _ := samples.Read(p)
				os.WriteFile(filepath.Join(dir, filepath.Base(p)), data, 0o644)
			}
			st, _ := newStudio(t)
			if findMenuItem(st.Window().MainMenu(), "File", "Export", "Tiled map…") == nil {
				t.Fatal("no File ▸ Export ▸ Tiled map…")
			}
			s, err := st.Open(filepath.Join(dir, filepath.Base(name)))
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "exported.tmj")
			written, err := s.Export(out)
			if err != nil {
				t.Fatal(err)
			}
			if len(written) != 2 {
				t.Errorf("wrote %v, want the map and its tileset image", written)
			}
			back, err := st.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			if back.Kind() != s.Kind() || back.Format != formats.YAML || filepath.Ext(back.Path) != ".yaml" {
				t.Errorf("opened a %s to save as %s %s", back.Kind(), back.Format, back.Path)
			}
			if d := modeleq.Diff(s.Model(), back.Model()); d != "" {
				t.Errorf("the map opened from Tiled differs: %s", d)
			}
		})
	}
}

// findMenuItem follows labels down the main menu.
func findMenuItem(m *fyne.MainMenu, menu string, labels ...string) *fyne.MenuItem {
	for _, top := range m.Items {
		if top.Label != menu {
			continue
		}
		items := top.Items
		var found *fyne.MenuItem
		for _, l := range labels {
			found = nil
			for _, it := range items {
				if it.Label == l {
					found = it
				}
			}
			if found == nil {
				return nil
			}
			if found.ChildMenu != nil {
				items = found.ChildMenu.Items
			}
		}
		return found
	}
	return nil
}
