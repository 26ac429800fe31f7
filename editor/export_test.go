package editor_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/internal/shared"
)

// TestExportBackKeepsTheFilesLayout imports an original game's file
// (laid out by hand, not as Shapan writes it), exports it back unedited
// (the same bytes), then types one value into the officer table and
// exports again: one line of the file changed, and only in the value
// typed.
func TestExportBackKeepsTheFilesLayout(t *testing.T) {
	orig, err := os.ReadFile(filepath.Join(shared.Dir(t), "legacy", "mbg", "sanguo.map"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sanguo.map")
	os.WriteFile(path, orig, 0o644)
	st, _ := newStudio(t)
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.ExportTo(s, path); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(orig) {
		t.Fatal("the unedited import exported back is not the file byte for byte")
	}
	st.ShowPane(s, "Officers")
	cell := field(t, st, "ability wu of 孙坚")
	retype(st, cell, "66")
	cell.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if _, err := st.ExportTo(s, path); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	a, b := strings.Split(string(orig), "\n"), strings.Split(string(got), "\n")
	if len(a) != len(b) {
		t.Fatalf("the export has %d lines, the file %d", len(b), len(a))
	}
	var diff []string
	for i := range a {
		if a[i] != b[i] {
			diff = append(diff, a[i]+" → "+b[i])
		}
	}
	if len(diff) != 1 || !strings.Contains(diff[0], "孙坚") || strings.Replace(strings.Split(diff[0], " → ")[0], "91", "66", 1) != strings.Split(diff[0], " → ")[1] {
		t.Fatalf("the edit changed:\n%s", strings.Join(diff, "\n"))
	}
}
