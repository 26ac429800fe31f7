package samples_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/shapan/shapan/family/all" // every kind's codec
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/samples"
)

var update = flag.Bool("update", false, "rewrite the legacy exports of the samples")

// TestSamplesAreCanonicalAndExportsInSync reads every sample document,
// checks that writing it again gives the same bytes (so the file is in the
// form Shapan writes) and that its legacy exports are exactly what
// exporting it produces now.
func TestSamplesAreCanonicalAndExportsInSync(t *testing.T) {
	names := samples.YAML()
	if len(names) == 0 {
		t.Fatal("no samples")
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			src, err := samples.Read(name)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := formats.ReadBytes(name, src, formats.Options{FS: samples.FS()})
			if err != nil {
				t.Fatal(err)
			}
			again, err := formats.Encode(doc, formats.YAML)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(src, again) {
				t.Errorf("%s is not in canonical form; run shapan convert %s %s", name, name, name)
			}
			exports := samples.Exports(name)
			if len(exports) == 0 {
				t.Fatalf("%s has no legacy export beside it", name)
			}
			for _, exp := range exports {
				to, err := formats.TargetFormat(doc, exp, "")
				if err != nil {
					t.Fatal(err)
				}
				dir := t.TempDir()
				written, err := formats.Write(filepath.Join(dir, filepath.Base(exp)), doc, to)
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range written {
					rel := filepath.ToSlash(filepath.Join(filepath.Dir(name), filepath.Base(w)))
					got, _ := os.ReadFile(w)
					want, err := samples.Read(rel)
					if *update {
						if err := os.WriteFile(rel, got, 0o644); err != nil {
							t.Fatal(err)
						}
						continue
					}
					if err != nil {
						t.Errorf("export %s is missing (run go test ./samples -update)", rel)
						continue
					}
					if !bytes.Equal(got, want) {
						t.Errorf("export %s is out of date (run go test ./samples -update)", rel)
					}
				}
			}
		})
	}
}
