package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/textwidth"
)

// TestPlayTablesLineUpChineseNames: the tables shapan play prints put a
// column at the same terminal column whatever the names' script is (a
// Chinese character is two columns wide).
func TestPlayTablesLineUpChineseNames(t *testing.T) {
	for _, c := range []struct{ file, after string }{
		{"ftbt/长坂坡.yaml", " side "},
		{"mbg/赤壁.yaml", "."},
	} {
		_, out, errOut := runCLI("play", filepath.Join(repoRoot, "samples", filepath.FromSlash(c.file)), "--turns", "5")
		cols := map[int]bool{}
		rows := 0
		for _, line := range strings.Split(out, "\n") {
			if !strings.HasPrefix(line, "  ") || !strings.Contains(line, c.after) {
				continue
			}
			rows++
			cols[textwidth.Width(line[:strings.Index(line, c.after)])] = true
		}
		if rows < 3 || len(cols) != 1 {
			t.Errorf("%s: %d rows, %q at columns %v:\n%s%s", c.file, rows, c.after, cols, out, errOut)
		}
	}
}
