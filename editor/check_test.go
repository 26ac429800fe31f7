package editor_test

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/autosave"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/samples"
)

// cliDir is the folder shapanCLI built the command in (TestMain removes
// it).
var cliDir atomic.Pointer[string]

// shapanCLI builds the shapan command once for the package's tests, as
// `make test` builds it before the tests (without cgo, -trimpath): its
// compiled packages come from the build cache, and only the link is new
// (otherwise a fresh clone compiled the command's 290 packages again).
var shapanCLI = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "shapan-cli")
	if err != nil {
		return "", err
	}
	cliDir.Store(&dir)
	bin := filepath.Join(dir, "shapan")
	build := exec.Command("go", "build", "-trimpath", "-o", bin, "github.com/shapan/shapan/cmd/shapan")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := build.CombinedOutput()
	if err != nil {
		return "", &exec.ExitError{Stderr: out}
	}
	return bin, nil
})

// TestMain removes the command shapanCLI built, if it built one.
func TestMain(m *testing.M) {
	code := m.Run()
	if dir := cliDir.Load(); dir != nil {
		os.RemoveAll(*dir)
	}
	os.Exit(code)
}

// checkLines runs `shapan check FILE` and returns what it prints, one
// diagnostic a line.
func checkLines(t *testing.T, file string) []string {
	t.Helper()
	bin, err := shapanCLI()
	if err != nil {
		t.Fatalf("building shapan: %v", err)
	}
	var out, errOut bytes.Buffer
	cmd := exec.Command(bin, "check", file)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("shapan check %s: %v\n%s", file, err, errOut.String())
		}
	}
	return lines(out.String())
}

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// sameProblems fails unless the Problems panel of s shows what `shapan
// check` prints for its file.
func sameProblems(t *testing.T, st *editor.Studio, s *editor.Session, file string) {
	t.Helper()
	// The panel shows the errors before the warnings, each in the order
	// shapan check prints them.
	var want []string
	for _, l := range checkLines(t, file) {
		if strings.Contains(l, ": note: ") && len(want) > 0 {
			want[len(want)-1] += "\n" + l // a note belongs to the diagnostic before it
			continue
		}
		want = append(want, l)
	}
	slices.SortStableFunc(want, func(a, b string) int {
		return strings.Count(b, ": error: ") - strings.Count(a, ": error: ")
	})
	got := st.Tab(s).ProblemRows()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s: the Problems panel shows\n  %s\nshapan check prints\n  %s", filepath.Base(file),
			strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// writeSamples writes every sample file into dir, in its family folder.
func writeSamples(t *testing.T, dir string) []string {
	t.Helper()
	var docs []string
	fs.WalkDir(samples.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, _ := samples.Read(p)
		dst := filepath.Join(dir, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(dst), 0o755)
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if path.Ext(p) != ".intro" {
			docs = append(docs, dst)
		}
		return nil
	})
	return docs
}

// TestProblemsAreWhatCheckPrints opens every sample (YAML and the games'
// own files) and starts a new document of every kind, saves it, and
// edits one: each time the Problems panel shows exactly what `shapan
// check` prints for the file.
func TestProblemsAreWhatCheckPrints(t *testing.T) {
	dir := t.TempDir()
	for _, file := range writeSamples(t, dir) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			st, _ := newStudio(t)
			s, err := st.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			sameProblems(t, st, s, file)
		})
	}
	for _, kind := range editor.TemplateKinds() {
		t.Run("new "+kind, func(t *testing.T) {
			st, _ := newStudio(t)
			s, err := st.New(kind)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "new.yaml")
			if err := s.SaveAs(file, s.Format); err != nil {
				t.Fatal(err)
			}
			sameProblems(t, st, s, file)
		})
	}
	t.Run("an edited level", func(t *testing.T) {
		st, s, file := openSampleCopy(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
		// Two people on one cell, a tech the rules do not have.
		s.Edit("move", func() {
			l := s.Model().(*ftbt.Level)
			l.People[1].X, l.People[1].Y = l.People[0].X, l.People[0].Y
			l.People[2].Techs = append(l.People[2].Techs, 99)
		})
		// Unsaved, the problems name their items; the lines are those of
		// the file once saved.
		if rows := strings.Join(st.Tab(s).ProblemRows(), "\n"); !strings.Contains(rows, "FTB024") || !strings.Contains(rows, file+": error") {
			t.Fatalf("after the edit the panel shows\n%s", rows)
		}
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}
		sameProblems(t, st, s, file)
		// The rules disappear from beside the level: the panel says what
		// check says (the level cannot be read).
		os.Rename(filepath.Join(filepath.Dir(file), "兵法.yaml"), filepath.Join(filepath.Dir(file), "old.yaml"))
		s.Revalidate()
		sameProblems(t, st, s, file)
	})
}

// TestRecoveryReadsTheRulesOfALevel crashes (leaves the autosave folder
// as a crash does) with an edited level that names its rules beside it
// and with a new level whose rules are in memory only: both come back,
// and the new level, saved, writes its rules beside it, so that `shapan
// check` finds them.
func TestRecoveryReadsTheRulesOfALevel(t *testing.T) {
	kept := t.TempDir()
	st := editor.New(guitest.App(t), editor.Options{AutosaveDir: kept, Synchronous: true})
	dir := t.TempDir()
	writeSamples(t, dir)
	opened, err := st.Open(filepath.Join(dir, "ftbt", "长坂坡.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	opened.Edit("abi", func() { opened.Model().(*ftbt.Level).People[0].Abi = 31 })
	fresh, err := st.New(ftbt.KindLevel)
	if err != nil {
		t.Fatal(err)
	}
	fresh.Edit("abi", func() { fresh.Model().(*ftbt.Level).People[0].Abi = 32 })

	again := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	found := autosave.Recoverable(kept)
	if len(found) != 2 {
		t.Fatalf("%d documents to recover", len(found))
	}
	var restored []*editor.Session
	for _, r := range found {
		s, err := again.Restore(r)
		if err != nil {
			t.Fatalf("recovering %s: %v", r.Describe(), err)
		}
		restored = append(restored, s)
	}
	if left, _ := os.ReadDir(kept); len(left) != 0 {
		t.Errorf("the autosave folder keeps %d files after the recovery", len(left))
	}
	for _, s := range restored {
		abi := s.Model().(*ftbt.Level).People[0].Abi
		if s.Path == "" {
			file := filepath.Join(t.TempDir(), "level.yaml")
			if abi != 32 || s.SaveAs(file, s.Format) != nil {
				t.Fatalf("the new level came back with abi %d, or does not save", abi)
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(file), "兵法.yaml")); err != nil {
				t.Errorf("the new level's rules were not written beside it: %v", err)
			}
			sameProblems(t, again, s, file)
			continue
		}
		if abi != 31 || s.Path != filepath.Join(dir, "ftbt", "长坂坡.yaml") || !s.Dirty() {
			t.Fatalf("the level came back as %s, abi %d, dirty %v", s.Path, abi, s.Dirty())
		}
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}
		sameProblems(t, again, s, s.Path)
	}
}

// TestRecoveryOfAnImportAsksWhereToSave crashes with an edited import of
// a game's file (赤壁.map, with a 赤壁.yaml of its own beside it): the
// recovered tab is still named after the game's file, its first Save asks
// for a name (赤壁-2.yaml is offered) and nothing writes over 赤壁.yaml.
func TestRecoveryOfAnImportAsksWhereToSave(t *testing.T) {
	kept, dir := t.TempDir(), t.TempDir()
	for _, name := range []string{"mbg/赤壁.map", "mbg/赤壁.yaml"} {
		data, _ := samples.Read(name)
		if err := os.WriteFile(filepath.Join(dir, path.Base(name)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	yamlPath := filepath.Join(dir, "赤壁.yaml")
	before, _ := os.ReadFile(yamlPath)
	st := editor.New(guitest.App(t), editor.Options{AutosaveDir: kept, Synchronous: true})
	imported, err := st.Open(filepath.Join(dir, "赤壁.map"))
	if err != nil {
		t.Fatal(err)
	}
	imported.Edit("win money", func() { imported.Model().(*mbg.Scenario).WinMoney = 77777 })

	again := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	found := autosave.Recoverable(kept)
	if len(found) != 1 || !strings.Contains(found[0].Describe(), "赤壁.map") {
		t.Fatalf("recoverable: %v", found)
	}
	s, err := again.Restore(found[0])
	if err != nil {
		t.Fatal(err)
	}
	if s.Name() != "赤壁.map" || !s.Imported() || !s.NeedsName() || s.Model().(*mbg.Scenario).WinMoney != 77777 {
		t.Fatalf("the recovered import is named %q, imported %v, asks for a name %v", s.Name(), s.Imported(), s.NeedsName())
	}
	if got := s.SuggestedPath(); got != filepath.Join(dir, "赤壁-2.yaml") {
		t.Errorf("Save As offers %s", got)
	}
	if err := s.Save(); err == nil {
		t.Error("Save wrote the recovered import over 赤壁.yaml")
	}
	if after, _ := os.ReadFile(yamlPath); !bytes.Equal(after, before) {
		t.Error("赤壁.yaml changed")
	}
}
