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
	_ "github.com/shapan/shapan/formats/tiled"
)

// ReadsInBoundedMemory tells an mbg or ftbt YAML document, a battle map
// and an mbg scenario or save file, and the Tiled map of a battle map, an
// ftbt level or a planets map from their beginning, and never opens
// what is not a regular file (a FIFO would block it).
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
	sample := func(name string) string {
		src, err := os.ReadFile(filepath.Join("../samples", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(src)
	}
	for path, want := range map[string]bool{
		write("s.yaml", "# a scenario\nkind: mbg/scenario\nversion: 1\n"):                                 true,
		write("v.yaml", "kind: mbg/save\n"):                                                               true,
		write("l.yaml", "kind: ftbt/level\n"):                                                             true,
		write("r.yaml", "kind: ftbt/rules\n"):                                                             true,
		write("b.yaml", "kind: battle/map\n"):                                                             true,
		write("b.grid", "3 2\n0 0 0\n5 3 5\n"):                                                            true,
		write("s.map", sample("mbg/赤壁.map")):                                                              true,
		write("v.sav", sample("mbg/赤壁第十四回.sav")):                                                          true,
		write("l.map", sample("ftbt/长坂坡.map")):                                                            false,
		write("x.map", "kind: mbg/scenario\n"):                                                            true,
		write("y.map", "zz zz zz\n"):                                                                      false,
		write("n.yaml", "planets: {}\n"):                                                                  false,
		write("b.tmj", `{"type":"map","properties":[{"name":"kind","value":"battle/map"}]}`):              true,
		write("l.tmx", `<map><properties><property name="kind" value="ftbt/level"/></properties></map>`):  true,
		write("p.tmx", `<map><properties><property name="kind" value="planets/map"/></properties></map>`): true,
		fifo:                         false,
		dir:                          false,
		filepath.Join(dir, "absent"): false,
	} {
		if got := formats.ReadsInBoundedMemory(path); got != want {
			t.Errorf("%s: %v, want %v", filepath.Base(path), got, want)
		}
	}
}
