package editor_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/samples"
)

// TestImportIsNotSavedOverAFileOfItsName: an imported game file whose
// YAML name is taken (the designer's own YAML beside it) is named after
// the game's file; saving it does not write over that YAML, and Save As
// offers a free name. Tabs of documents with the same name show the
// folders that tell them apart.
func TestImportIsNotSavedOverAFileOfItsName(t *testing.T) {
	dir := t.TempDir()
	put := func(sample, to string) string {
		data, _ := samples.Read(sample)
		p := filepath.Join(dir, to)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	yaml := put("mbg/赤壁.yaml", "mbg/赤壁.yaml")
	battle := put("battle/赤壁.yaml", "battle/赤壁.yaml")
	legacy := put("mbg/赤壁.map", "mbg/赤壁.map")
	before, _ := os.ReadFile(yaml)

	st, _ := newStudio(t)
	for _, p := range []string{yaml, battle, legacy} {
		if _, err := st.Open(p); err != nil {
			t.Fatal(err)
		}
	}
	imported := st.Current()
	if !imported.Imported() || !imported.NeedsName() || imported.Name() != "赤壁.map" {
		t.Fatalf("the import: imported %v, needs a name %v, named %q", imported.Imported(), imported.NeedsName(), imported.Name())
	}
	if err := imported.Save(); err == nil || !strings.Contains(err.Error(), "Save As") {
		t.Fatalf("saving the import over 赤壁.yaml: %v", err)
	}
	if after, _ := os.ReadFile(yaml); string(after) != string(before) {
		t.Fatal("saving the import changed 赤壁.yaml")
	}
	if got := filepath.Base(imported.SuggestedPath()); got != "赤壁-2.yaml" {
		t.Errorf("Save As offers %s", got)
	}
	var titles []string
	for _, s := range st.Sessions() {
		titles = append(titles, st.Tab(s).Title())
	}
	if strings.Join(titles, " | ") != "mbg/赤壁.yaml | battle/赤壁.yaml | ● 赤壁.map" {
		t.Errorf("the tabs are named %q", titles)
	}
	if err := imported.SaveAs(filepath.Join(dir, "mbg", "赤壁-2.yaml"), imported.Format); err != nil {
		t.Fatal(err)
	}
	if imported.NeedsName() || st.Tab(imported).Title() != "赤壁-2.yaml" {
		t.Errorf("after Save As: needs a name %v, tab %q", imported.NeedsName(), st.Tab(imported).Title())
	}
}

// TestOpenSaysWhyAFileIsMissing: opening a file that is not there says
// so in words, not as the failed system call ("Stat …: no such file or
// directory").
func TestOpenSaysWhyAFileIsMissing(t *testing.T) {
	st, _ := newStudio(t)
	path := filepath.Join(t.TempDir(), "gone.yaml")
	_, err := st.Open(path)
	if err == nil || err.Error() != path+" does not exist: check the folder and the name" {
		t.Fatalf("opening a missing file: %v", err)
	}
}
