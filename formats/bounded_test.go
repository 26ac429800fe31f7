//go:build unix

package formats_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/shapan/shapan/formats"
	_ "github.com/shapan/shapan/formats/battle"
	_ "github.com/shapan/shapan/formats/ftbt"
	_ "github.com/shapan/shapan/formats/mbg"
)

// ReadsInBoundedMemory tells an mbg or ftbt YAML document from its
// beginning, and
// never opens what is not a regular file (a FIFO would block it).
func TestReadsInBoundedMemory(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{
		write("s.yaml", "# a scenario\nkind: mbg/scenario\nversion: 1\n"): true,
		write("v.yaml", "kind: mbg/save\n"):                               true,
		write("l.yaml", "kind: ftbt/level\n"):                             true,
		write("r.yaml", "kind: ftbt/rules\n"):                             true,
		write("b.yaml", "kind: battle/map\n"):                             false,
		write("n.yaml", "planets: {}\n"):                                  false,
		fifo:                                                              false,
		dir:                                                               false,
		filepath.Join(dir, "absent"):                                      false,
	} {
		if got := formats.ReadsInBoundedMemory(path); got != want {
			t.Errorf("%s: %v, want %v", filepath.Base(path), got, want)
		}
	}
}
