package editor

import (
	"testing"

	"fyne.io/fyne/v2/storage"

	"github.com/shapan/shapan/formats"
)

// The file chooser shows every form the studio opens: each extension the
// formats register, a battle grid as .txt, a Tiled map as .json.
func TestFileChooserShowsEveryFormItOpens(t *testing.T) {
	names := []string{"m.txt", "map.json", "MAP.JSON"}
	for _, ext := range formats.Extensions() {
		names = append(names, "doc"+ext)
	}
	for _, name := range names {
		if !fileFilter.Matches(storage.NewFileURI("/tmp/" + name)) {
			t.Errorf("the file chooser hides %s", name)
		}
	}
	if fileFilter.Matches(storage.NewFileURI("/tmp/notes.md")) {
		t.Error("the file chooser shows notes.md")
	}
}
