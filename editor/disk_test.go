package editor_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/formats/mbg"
)

// TestFileChangedOnDiskOffersReload changes the open file behind the
// studio's back: the tab says so (its title and a strip with Reload and
// Keep mine); Reload shows the file's values, as one step that Undo takes
// back with the edits made before it.
func TestFileChangedOnDiskOffersReload(t *testing.T) {
	st, s, path := openSampleCopy(t, "mbg/赤壁.yaml")
	st.ShowPane(s, "Officers")
	retype(st, field(t, st, "ability wu of 曹操"), "55")
	st.CommitEditing()
	st.CheckDisk()
	if notice := st.Tab(s).DiskNotice(); notice != "" {
		t.Fatalf("the file did not change, yet the tab says %q", notice)
	}

	changeOnDisk(t, path, "{name: 张辽, wu: 92", "{name: 张辽, wu: 81")
	st.CheckDisk()
	notice := st.Tab(s).DiskNotice()
	if !strings.Contains(notice, "changed on disk") || !strings.Contains(notice, "unsaved changes") {
		t.Fatalf("the tab does not say that the file changed under unsaved changes: %q", notice)
	}
	if title := tabTitle(st, s); !strings.HasPrefix(title, "⚠") {
		t.Errorf("the tab's title does not mark the change on disk: %q", title)
	}
	tapIn(t, st.Window().Content(), "Reload")
	sc := s.Model().(*mbg.Scenario)
	if sc.Officers[1].Props[0] != 81 || sc.Officers[0].Props[0] != 72 {
		t.Fatalf("after Reload: wu of 张辽 %v, of 曹操 %v; want the file's 81 and 72", sc.Officers[1].Props[0], sc.Officers[0].Props[0])
	}
	if s.Dirty() || st.Tab(s).DiskNotice() != "" || strings.HasPrefix(tabTitle(st, s), "⚠") {
		t.Fatalf("after Reload: dirty %v, notice %q, title %q", s.Dirty(), st.Tab(s).DiskNotice(), tabTitle(st, s))
	}
	shortcut(st, "Z")
	sc = s.Model().(*mbg.Scenario)
	if sc.Officers[1].Props[0] != 92 || sc.Officers[0].Props[0] != 55 || !s.Dirty() {
		t.Fatalf("Undo after Reload: wu of 张辽 %v, of 曹操 %v, dirty %v; want the studio's version (92, 55) back, unsaved",
			sc.Officers[1].Props[0], sc.Officers[0].Props[0], s.Dirty())
	}
	shortcut(st, "Z")
	if s.Model().(*mbg.Scenario).Officers[0].Props[0] != 72 {
		t.Fatalf("the history before the reload was lost")
	}
}

// TestKeepMineWritesOverTheFile changes the open file on disk and keeps
// the studio's version: Save writes it over the file, and the tab does
// not ask again until the file changes again.
func TestKeepMineWritesOverTheFile(t *testing.T) {
	st, s, path := openSampleCopy(t, "mbg/赤壁.yaml")
	changeOnDisk(t, path, "{name: 张辽, wu: 92", "{name: 张辽, wu: 81")
	st.CheckDisk()
	tapIn(t, st.Window().Content(), "Keep mine")
	if st.Tab(s).DiskNotice() != "" || !s.Dirty() {
		t.Fatalf("after Keep mine: notice %q, dirty %v", st.Tab(s).DiskNotice(), s.Dirty())
	}
	st.CheckDisk()
	if st.Tab(s).DiskNotice() != "" {
		t.Fatal("the tab asks again about the same change")
	}
	shortcut(st, "S")
	if got := readScenario(t, path).Officers[1].Props[0]; got != 92 {
		t.Fatalf("Save after Keep mine left wu %v in the file", got)
	}
	st.CheckDisk()
	if st.Tab(s).DiskNotice() != "" {
		t.Fatal("the studio's own save is taken for a change on disk")
	}
	os.Remove(path)
	st.CheckDisk()
	if !strings.Contains(st.Tab(s).DiskNotice(), "removed") {
		t.Fatalf("a removed file is not told: %q", st.Tab(s).DiskNotice())
	}
}

// changeOnDisk replaces old by new in the file, as another program would,
// with a later modification time.
func changeOnDisk(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s does not hold %q", path, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(5 * time.Second)
	os.Chtimes(path, later, later)
}

// tabTitle returns the title of s's tab.
func tabTitle(st *editor.Studio, s *editor.Session) string { return st.Tab(s).Title() }
