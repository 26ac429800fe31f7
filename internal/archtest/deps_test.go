// Package archtest checks the package boundaries of docs/ARCHITECTURE.md
// against the real imports (go list -deps).
package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

// deps returns the packages pattern depends on (itself included).
func deps(t *testing.T, pattern string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", pattern).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pattern, err)
	}
	return strings.Fields(string(out))
}

// TestPackageBoundaries: formats knows nothing of validation, engines,
// rendering or the GUI; engine never imports rendering or the GUI; the
// family registry and the command line build without the GUI toolkit.
func TestPackageBoundaries(t *testing.T) {
	const mod = "github.com/shapan/shapan/"
	for _, tc := range []struct {
		pattern string
		banned  []string
	}{
		{mod + "formats/...", []string{mod + "validate", mod + "engine", mod + "preview", mod + "editor", mod + "family", "fyne.io/"}},
		{mod + "engine/...", []string{mod + "preview", mod + "editor", mod + "family", mod + "serve", "fyne.io/"}},
		{mod + "validate/...", []string{mod + "preview", mod + "editor", mod + "family", "fyne.io/"}},
		{mod + "preview/...", []string{mod + "editor", mod + "family", "fyne.io/"}},
		{mod + "family/...", []string{mod + "editor", "fyne.io/"}},
		{mod + "cmd/shapan", []string{mod + "editor", "fyne.io/"}},
	} {
		for _, d := range deps(t, tc.pattern) {
			for _, b := range tc.banned {
				if d == strings.TrimSuffix(b, "/") || strings.HasPrefix(d, b) || strings.HasPrefix(d, b+"/") {
					t.Errorf("%s imports %s", tc.pattern, d)
				}
			}
		}
	}
}

// TestFormsKnowNoStudio: the form widgets (editor/forms) are driven by
// the field tables and a document they are given; they import neither
// the editor shell nor a family's view, which import them.
func TestFormsKnowNoStudio(t *testing.T) {
	const editor = "github.com/shapan/shapan/editor"
	for _, d := range deps(t, editor+"/forms") {
		if (d == editor || strings.HasPrefix(d, editor+"/")) && d != editor+"/forms" {
			t.Errorf("editor/forms imports %s", d)
		}
	}
}
