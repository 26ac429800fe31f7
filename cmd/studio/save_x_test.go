package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/samples"
)

// TestSaveOfAnImportDoesNotOverwriteInARealWindow opens a YAML scenario
// the designer edited (its winning money 77777), the game's .map of the
// same name beside it, and a battle map with the YAML's name in another
// folder. The three tabs have three names (the window's title shows the
// current one). Ctrl+S on the imported .map asks for a name, offering one
// no file has: Return saves it there, and the designer's YAML is
// untouched (Ctrl+S used to write the import over it, silently).
func TestSaveOfAnImportDoesNotOverwriteInARealWindow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(sample, to string, edit func(string) string) string {
		data, _ := samples.Read(sample)
		p := filepath.Join(dir, to)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(edit(string(data))), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	same := func(s string) string { return s }
	yaml := write("mbg/赤壁.yaml", "mbg/chibi.yaml", func(s string) string {
		return strings.Replace(s, "win_money: 40000", "win_money: 77777", 1)
	})
	battle := write("battle/赤壁.yaml", "battle/chibi.yaml", same)
	legacy := write("mbg/赤壁.map", "mbg/chibi.map", same)
	st := startStudio(t, "--size", "1280x800", yaml, battle, legacy)

	names := map[string]bool{}
	for range 3 {
		title := st.title()
		names[strings.TrimPrefix(strings.TrimSuffix(title, " — Shapan 沙盘"), "● ")] = true
		st.key("ctrl+Tab")
		for deadline := time.Now().Add(patience); st.title() == title && time.Now().Before(deadline); {
			time.Sleep(50 * time.Millisecond)
		}
	}
	if len(names) != 3 {
		t.Errorf("three documents are shown under the names %v", names)
	}
	if got := st.title(); got != "● chibi.map — Shapan 沙盘" {
		t.Errorf("the imported file's window is titled %q", got)
	}

	st.key("ctrl+s") // the file dialog, asking for a name
	if s := readScenario(t, yaml); s.WinMoney != 77777 {
		t.Fatalf("Ctrl+S on the imported chibi.map wrote over chibi.yaml (its winning money is now %v)", s.WinMoney)
	}
	st.key("Return") // the file dialog's Save, on the name it offers
	saved(st, filepath.Join(dir, "mbg", "chibi-2.yaml"), func(s *mbg.Scenario) bool { return s.WinMoney == 40000 })
	if s := readScenario(t, yaml); s.WinMoney != 77777 {
		t.Fatalf("saving the import wrote over chibi.yaml (its winning money is now %v)", s.WinMoney)
	}
	if !st.dirty(false) || !strings.HasPrefix(st.title(), "chibi-2.yaml") {
		t.Errorf("after saving, the window is titled %q", st.title())
	}
}

// readScenario reads an mbg scenario file.
func readScenario(t *testing.T, path string) *mbg.Scenario {
	t.Helper()
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, ok := doc.Value.(*mbg.Scenario)
	if !ok {
		t.Fatalf("%s is a %s document", path, doc.Kind)
	}
	return s
}
