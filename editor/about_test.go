package editor_test

import (
	"strings"
	"testing"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/internal/version"
)

// TestAboutNamesTheStampedVersion checks Help ▸ About: it is in the menu
// and says the version a release build stamps in.
func TestAboutNamesTheStampedVersion(t *testing.T) {
	st, _ := newStudio(t)
	if findMenuItem(st.Window().MainMenu(), "Help", "About Shapan") == nil {
		t.Fatal("no Help ▸ About Shapan")
	}
	old := version.Version
	t.Cleanup(func() { version.Version = old })
	version.Version = "v9.8.7"
	if got := editor.AboutText(); !strings.Contains(got, "Version v9.8.7\n") {
		t.Errorf("About says %q, want the version v9.8.7", got)
	}
	st.ShowAbout() // draws without a panic
}
