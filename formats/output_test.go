package formats_test

import (
	"github.com/shapan/shapan/formats"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A save through a symbolic link writes the file it points to; the link
// stays a link.
func TestWriteFollowsSymlinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.yaml")
	if err := os.WriteFile(target, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink("real.yaml", link); err != nil {
		t.Fatal(err)
	}
	if err := formats.WriteFileAtomic(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q", b)
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o640 {
		t.Errorf("permissions %v", st.Mode())
	}
	// A link to a file that does not exist yet creates it.
	dangling := filepath.Join(dir, "new.yaml")
	if err := os.Symlink("made.yaml", dangling); err != nil {
		t.Fatal(err)
	}
	if err := formats.WriteFileAtomic(dangling, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "made.yaml")); string(b) != "x" {
		t.Errorf("made.yaml holds %q", b)
	}
}

// Temporary files a killed save left behind are removed by the next save
// once they are old; a young one (another save in progress) is kept.
func TestStaleTemporariesAreRemoved(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	old, young := filepath.Join(dir, ".s.yaml.tmp123"), filepath.Join(dir, ".s.yaml.tmp456")
	for _, p := range []string{old, young} {
		if err := os.WriteFile(p, []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-2 * formats.StaleAfter)
	if err := os.Chtimes(old, long, long); err != nil {
		t.Fatal(err)
	}
	if err := formats.WriteFileAtomic(path, []byte("whole")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); err == nil {
		t.Error("the stale temporary file is still there")
	}
	if _, err := os.Stat(young); err != nil {
		t.Error("a young temporary file was removed")
	}
}

// A failed save leaves the old file and no temporary file.
func TestAbortedWriteKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := formats.CreateAtomic(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("half"))
	f.Abort()
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("file holds %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}
