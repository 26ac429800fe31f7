package samples_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/shapan/shapan/family/all" // every kind's codec
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/samples"
	"github.com/shapan/shapan/schemas"
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
			// As written beside the repository's schemas folder.
			again = yamlx.RebaseSchema(again, samples.SchemaLink)
			if !bytes.Equal(src, again) {
				t.Errorf("%s is not in canonical form; run shapan convert samples/%s samples/%s --schema-base schemas at the repository's root", name, name, name)
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

// TestSamplesLinkTheRepositorysSchemas: the modeline of every YAML sample
// names, relative to the sample, the file of its kind's schema in the
// repository's schemas folder (which an editor loads offline in a
// checkout), and that file is the schema shapan ships.
func TestSamplesLinkTheRepositorysSchemas(t *testing.T) {
	for _, name := range samples.YAML() {
		src, err := samples.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := formats.ReadBytes(name, src, formats.Options{FS: samples.FS()})
		if err != nil {
			t.Fatal(err)
		}
		line, _, _ := bytes.Cut(src, []byte("\n"))
		want := "# yaml-language-server: $schema=" + samples.SchemaLink + schemas.ForKind(doc.Kind)
		if string(line) != want {
			t.Errorf("%s: modeline %q, want %q", name, line, want)
			continue
		}
		// The package's folder is samples/: the sample is at name below it.
		file := filepath.Join(filepath.Dir(filepath.FromSlash(name)), filepath.FromSlash(samples.SchemaLink), schemas.ForKind(doc.Kind))
		got, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s: its modeline's schema does not load: %v", name, err)
			continue
		}
		if shipped, _ := schemas.Get(schemas.ForKind(doc.Kind)); !bytes.Equal(got, shipped) {
			t.Errorf("%s: %s is not the schema shapan ships", name, file)
		}
	}
}
