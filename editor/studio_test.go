package editor_test

import (
	"bytes"
	"github.com/shapan/shapan/family"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/editor"
	_ "github.com/shapan/shapan/editor/battleview"
	_ "github.com/shapan/shapan/editor/ftbtview"
	_ "github.com/shapan/shapan/editor/mbgview"
	_ "github.com/shapan/shapan/editor/planetsview"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/internal/shared"
	"github.com/shapan/shapan/internal/tokencmp"
)

func newStudio(t *testing.T) (*editor.Studio, fyne.App) {
	t.Helper()
	a := guitest.App(t)
	return editor.New(a, editor.Options{Synchronous: true}), a
}

// copyFile copies src into dir and returns the copy's path.
func copyFile(t *testing.T, src, dir string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, filepath.Base(src))
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// legacyKinds are the original game files TestImportAndExportEveryLegacyFile
// takes without SHAPAN_LONG: one of each kind, and the hard cases — the
// biggest mbg scenario, a save, a level read with its rules and intro, a
// planets map written on one line.
var legacyKinds = []string{
	"legacy/mbg/sanguo.map", "legacy/mbg/test_game_s404_t9_r0.sav",
	"legacy/ftbt/m1.map", "legacy/ftbt/star.tech",
	"legacy/planets/oneline.yml", "legacy/planets/star.yml",
}

// TestImportAndExportEveryLegacyFile opens original game files in the
// studio (an import: the tab's file becomes YAML beside it), saves the
// YAML, exports the game's file again and compares it with the original
// value by value; the saved YAML reads back to the same document. One
// file of each kind and the hard cases (legacyKinds); every legacy file
// with SHAPAN_LONG (the other ones are the same kinds:
// formats' own tests read and write each of them).
func TestImportAndExportEveryLegacyFile(t *testing.T) {
	dir := shared.Dir(t)
	var files []string
	for _, pattern := range []string{"legacy/mbg/*", "legacy/ftbt/*.map", "legacy/ftbt/*.tech", "legacy/planets/*.yml"} {
		m, _ := filepath.Glob(filepath.Join(dir, pattern))
		files = append(files, m...)
	}
	if len(files) < 14 {
		t.Fatalf("only %d legacy files found", len(files))
	}
	if !longtest.Enabled() {
		files = files[:0]
		for _, name := range legacyKinds {
			files = append(files, filepath.Join(dir, filepath.FromSlash(name)))
		}
	}
	for _, src := range files {
		t.Run(filepath.Base(src), func(t *testing.T) {
			work := t.TempDir()
			// An ftbt level is read with the rules and intro beside it.
			for _, extra := range []string{"star.tech", "map.info", strings.TrimSuffix(filepath.Base(src), ".map") + ".intro"} {
				if p := filepath.Join(filepath.Dir(src), extra); strings.HasSuffix(src, ".map") && fileExists(p) {
					copyFile(t, p, work)
				}
			}
			path := copyFile(t, src, work)
			st, _ := newStudio(t)
			s, err := st.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			if s.Format != formats.YAML || filepath.Ext(s.Path) != ".yaml" {
				t.Fatalf("an imported file should be saved as YAML, not %s as %s", s.Path, s.Format)
			}
			if !strings.Contains(st.StatusText(), "Imported") {
				t.Errorf("the status bar does not say the file was imported: %q", st.StatusText())
			}
			if err := s.Save(); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(work, "out", filepath.Base(src))
			os.MkdirAll(filepath.Dir(out), 0o755)
			if _, err := s.Export(out); err != nil {
				t.Fatal(err)
			}
			orig, _ := os.ReadFile(src)
			back, _ := os.ReadFile(out)
			if filepath.Ext(src) == ".yml" {
				// Planet-Conquer maps are YAML: compare the documents.
				if a, b := encodeYAML(t, src, orig), encodeYAML(t, out, back); !bytes.Equal(a, b) {
					t.Fatalf("the exported map differs from the original:\n%s\n---\n%s", a, b)
				}
			} else if d := tokencmp.Diff(orig, back); d != "" {
				t.Fatalf("the exported file differs from the original: %s", d)
			}
			saved, err := os.ReadFile(s.Path)
			if err != nil {
				t.Fatal(err)
			}
			if again := encodeYAML(t, s.Path, saved); !bytes.Equal(again, canonical(saved)) {
				t.Fatalf("the saved YAML does not read back to itself")
			}
		})
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// encodeYAML reads a document and writes it as Shapan's YAML.
// canonical returns a YAML document as saved with its modeline naming the
// published schemas, as formats.Encode writes it (saved, it names the
// project's schema folder).
func canonical(saved []byte) []byte { return yamlx.RebaseSchema(saved, yamlx.SchemaBase) }

func encodeYAML(t *testing.T, path string, src []byte) []byte {
	t.Helper()
	doc, err := formats.ReadBytes(path, src, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := formats.Encode(doc, formats.YAML)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEveryTemplateStartsAValidDocument makes a new document of every
// kind, checks it has no error, saves it with Save As and reads it back.
func TestEveryTemplateStartsAValidDocument(t *testing.T) {
	kinds := editor.TemplateKinds()
	for _, f := range family.All() {
		found := false
		for _, k := range f.Kinds {
			found = found || slices.Contains(kinds, k.Kind)
		}
		if !found {
			t.Errorf("File ▸ New cannot start any document of the %s family (it has %v)", f.Name, kinds)
		}
	}
	for _, kind := range kinds {
		t.Run(strings.ReplaceAll(kind, "/", "_"), func(t *testing.T) {
			st, _ := newStudio(t)
			s, err := st.New(kind)
			if err != nil {
				t.Fatal(err)
			}
			if !s.Dirty() || s.Path != "" {
				t.Fatalf("a new document should be unsaved and nameless (dirty %v, path %q)", s.Dirty(), s.Path)
			}
			for _, p := range s.Problems() {
				if p.Severity == diag.Error {
					t.Errorf("the template has an error: %s", p)
				}
			}
			if err := s.Save(); err == nil {
				t.Fatal("Save of a nameless document should ask for Save As")
			}
			dir := t.TempDir()
			// A level names its rules: keep a copy of them beside it.
			if rules := s.Document().Rules; rules != nil && kind == "ftbt/level" {
				rdoc := &formats.Document{Kind: "ftbt/rules", Value: rules}
				data, err := formats.Encode(rdoc, formats.YAML)
				if err != nil {
					t.Fatal(err)
				}
				if ref := levelRulesName(s); ref != "" {
					os.WriteFile(filepath.Join(dir, ref), data, 0o644)
				}
			}
			path := filepath.Join(dir, "new.yaml")
			if err := s.SaveAs(path, formats.YAML); err != nil {
				t.Fatal(err)
			}
			if s.Dirty() || s.Path != path {
				t.Fatalf("after Save As the document should be clean and named %s", path)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(encodeYAML(t, path, data), canonical(data)) {
				t.Fatal("the saved template does not read back to itself")
			}
			if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp*")); len(tmp) > 0 {
				t.Fatalf("saving left temporary files: %v", tmp)
			}
		})
	}
}

// levelRulesName is the rules file a level document names, if any.
func levelRulesName(s *editor.Session) string {
	data, err := formats.Encode(s.Document(), formats.YAML)
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "rules: "); ok {
			return strings.Trim(v, `"'`)
		}
	}
	return ""
}

// TestRecentFiles: opening files puts them first in File ▸ Open Recent,
// without duplicates, and the list survives in the app's preferences.
func TestRecentFiles(t *testing.T) {
	st, a := newStudio(t)
	dir := t.TempDir()
	var paths []string
	for _, name := range []string{"a.grid", "b.grid"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("3 3\n0 0 0\n0 0 0\n0 0 0\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	for _, p := range append(paths, paths[0]) {
		if _, err := st.Open(p); err != nil {
			t.Fatal(err)
		}
	}
	got := a.Preferences().StringList("recent_files")
	if len(got) != 2 || got[0] != paths[1] || got[1] != paths[0] {
		// Opening a.grid again only selects its tab: b.grid stays first.
		t.Fatalf("recent files = %v, want [%s %s]", got, paths[1], paths[0])
	}
	var menu *fyne.MenuItem
	for _, item := range st.Window().MainMenu().Items[0].Items {
		if item.Label == "Open Recent" {
			menu = item
		}
	}
	if menu == nil || menu.ChildMenu == nil || len(menu.ChildMenu.Items) != 2 || menu.ChildMenu.Items[0].Label != paths[1] {
		t.Fatalf("File ▸ Open Recent does not list the files: %+v", menu)
	}
	if len(st.Sessions()) != 2 {
		t.Fatalf("opening a file twice should select its tab, not open another (%d tabs)", len(st.Sessions()))
	}
}
