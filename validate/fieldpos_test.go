package validate_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/validate"
)

// A value outside its field table's range is reported at the value
// itself: its line and column in the file, not its record's.
func TestTableRangesAreReportedAtTheValue(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		file, old, new, code, at string
	}{
		// A person above the map (y -1): the rule of the person cell table.
		{"ftbt_level.yaml", "at: [0, 4]", "at: [0, -1]", "FTB023", "-1]"},
		{"ftbt_level.yaml", "at: [0, 4]", "at: [-3, 4]", "FTB023", "-3,"},
		// An area ratio above 100: the rule of the tech area table.
		{"ftbt_rules.yaml", "ratio: 100", "ratio: 150", "FTB007", "150"},
	} {
		src, err := os.ReadFile(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "ftbt_rules.yaml"), mustRead(t, "ftbt_rules.yaml"), 0o644); err != nil {
			t.Fatal(err)
		}
		text := strings.Replace(string(src), c.old, c.new, 1)
		path := filepath.Join(dir, c.file)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(text, "\n")
		wantLine, wantCol := 0, 0
		for i, l := range lines {
			if j := strings.Index(l, c.new); j >= 0 {
				k := strings.Index(l[j:], c.at)
				wantLine, wantCol = i+1, utf8.RuneCountInString(l[:j+k])+1
			}
		}
		doc, err := formats.Read(path, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, d := range validate.Check(doc) {
			if d.Code == c.code {
				found = true
				if d.Line != wantLine || d.Col != wantCol {
					t.Errorf("%s %s: %s reported at %d:%d, want %d:%d (the value)", c.file, c.new, c.code, d.Line, d.Col, wantLine, wantCol)
				}
			}
		}
		if !found {
			t.Errorf("%s %s: %s not reported", c.file, c.new, c.code)
		}
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
