package engine

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
)

// ReadNamed names a file that is not a regular file in the words every
// other input uses (formats.DescribeMode).
func TestReadNamedDescribesFilesAsEveryInputDoes(t *testing.T) {
	for _, m := range []fs.FileMode{fs.ModeDir, fs.ModeNamedPipe, fs.ModeSocket, fs.ModeDevice | fs.ModeCharDevice, fs.ModeDevice, fs.ModeIrregular} {
		if got, want := describeMode(m), formats.DescribeMode(m); got != want {
			t.Errorf("%v: %q, formats says %q", m, got, want)
		}
	}
}

// ReadNamed reads a file relative to the folder of what names it, and
// refuses before reading a file larger than MaxNamedFile (a sparse file
// here) and, with StrictRoot, a path out of the root.
func TestReadNamedIsBoundedAndConfined(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "a")
	os.Mkdir(dir, 0o755)
	os.WriteFile(filepath.Join(root, "map.yaml"), []byte("x"), 0o644)
	if _, data, err := ReadNamed(root, dir, "../map.yaml"); err != nil || string(data) != "x" {
		t.Fatalf("%q, %v", data, err)
	}
	big := filepath.Join(dir, "big")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(MaxNamedFile + 1)
	f.Close()
	if _, _, err := ReadNamed(root, dir, "big"); err == nil || !strings.Contains(err.Error(), "more than the") {
		t.Errorf("a file above the limit: %v", err)
	}
	StrictRoot.Store(true)
	defer StrictRoot.Store(false)
	if _, _, err := ReadNamed(dir, dir, "../map.yaml"); err == nil || !strings.Contains(err.Error(), "leads outside the root folder") {
		t.Errorf("a path out of the root: %v", err)
	}
}
