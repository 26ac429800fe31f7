package formats_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/shared"
	"github.com/shapan/shapan/samples"
)

// legacyFiles copies the games' own files to test (the shared originals
// when there are, and the samples' exports) into a folder, each with the
// files beside it, and returns their paths.
func legacyFiles(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	var out []string
	copyTo := func(sub, name string, data []byte) {
		p := filepath.Join(dir, sub, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if ext := filepath.Ext(name); ext != ".intro" && ext != ".yaml" && ext != ".info" {
			out = append(out, p)
		}
	}
	fs.WalkDir(samples.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := samples.Read(p)
			copyTo("samples/"+filepath.Dir(p), filepath.Base(p), data)
		}
		return nil
	})
	if root, ok := shared.Find(); ok {
		for _, fam := range []string{"mbg", "ftbt", "planets"} {
			files, _ := filepath.Glob(filepath.Join(root, "legacy", fam, "*"))
			for _, f := range files {
				data, _ := os.ReadFile(f)
				copyTo("legacy/"+fam, filepath.Base(f), data)
			}
		}
	}
	return out
}

// changed counts the lines of b that a does not have (as a multiset).
func changed(a, b string) int {
	have := map[string]int{}
	for _, l := range strings.Split(a, "\n") {
		have[l]++
	}
	n := 0
	for _, l := range strings.Split(b, "\n") {
		if have[l] > 0 {
			have[l]--
		} else {
			n++
		}
	}
	return n
}

// edit changes three values of a document (one for a battle map cell),
// far apart where the document allows, and returns how many.
func edit(t *testing.T, doc *formats.Document) int {
	switch m := doc.Value.(type) {
	case *mbg.Scenario:
		m.Officers[0].Props[0] = 11
		m.Officers[len(m.Officers)-1].Props[4] = 12
		m.WinMoney = 12345
		return 3
	case *mbg.Save:
		m.Turn++
		m.Officers[0].Props[1] = 13
		return 2
	case *ftbt.Rules:
		m.MaxAbi++
		m.Terrains[0].Weight++
		m.Techs[len(m.Techs)-1].Value++
		return 3
	case *ftbt.Level:
		m.People[0].Abi++
		m.People[len(m.People)-1].HP++
		m.Terrain.Set(m.Terrain.Len()/2, (m.Terrain.At(m.Terrain.Len()/2)+1)%2)
		return 3
	case *planets.Map:
		m.Planets[0].Def = planets.FloatValue(3.5)
		m.Planets[len(m.Planets)-1].Max = planets.IntValue(999)
		return 2
	case *battle.Map:
		m.Cells.Set(m.Cells.Len()/3, 1-m.Cells.At(m.Cells.Len()/3)%2)
		return 1
	}
	t.Fatalf("no edit for a %T", doc.Value)
	return 0
}

// TestExportKeepsTheLayout exports every game's file of the samples and
// of the originals: unedited, the export is the file byte for byte (and
// an ftbt level's intro too); with a few values edited, only the lines of
// those values change; a document read from YAML exported over the game's
// file keeps that file's layout as well.
func TestExportKeepsTheLayout(t *testing.T) {
	for _, file := range legacyFiles(t) {
		t.Run(filepath.Base(filepath.Dir(file))+"/"+filepath.Base(file), func(t *testing.T) {
			orig, _ := os.ReadFile(file)
			doc, err := formats.Read(file, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), filepath.Base(file))
			if _, err := formats.Write(out, doc, doc.Format); err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(out); string(got) != string(orig) {
				t.Fatalf("unedited, the export differs from the file in %d lines", changed(string(orig), string(got)))
			}
			if intro := strings.TrimSuffix(file, filepath.Ext(file)) + ".intro"; doc.Format == ftbt.FormatLevel && fileExists(intro) {
				a, _ := os.ReadFile(intro)
				b, _ := os.ReadFile(strings.TrimSuffix(out, filepath.Ext(out)) + ".intro")
				if string(a) != string(b) {
					t.Error("the intro changed")
				}
			}
			n := edit(t, doc)
			if _, err := formats.Write(out, doc, doc.Format); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(out)
			if c := changed(string(orig), string(got)); c == 0 || c > n {
				t.Errorf("%d values edited changed %d lines", n, c)
			}
			back, err := formats.Read(out, formats.Options{From: doc.Format})
			if err != nil {
				t.Fatal(err)
			}
			want, _ := formats.Encode(doc, doc.Format)
			if again, _ := formats.Encode(back, doc.Format); string(again) != string(want) {
				t.Error("the export laid out does not read as the edited document")
			}
			// Through YAML: the document has no origin; the file it is
			// exported over lends its layout.
			y := filepath.Join(t.TempDir(), "doc.yaml")
			if _, err := formats.Write(y, doc, formats.YAML); err != nil {
				t.Fatal(err)
			}
			fromYAML, err := formats.Read(y, formats.Options{Rules: doc.Rules})
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(out, orig, 0o644)
			if _, err := formats.Write(out, fromYAML, doc.Format); err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(out); changed(string(orig), string(got)) > n {
				t.Errorf("exported from YAML over the file, %d values edited changed %d lines", n, changed(string(orig), string(got)))
			}
		})
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestExportKeepsTheLayoutOfAnAddedOfficer: an officer added to an mbg
// scenario changes the officer count and adds one line; nothing else.
func TestExportKeepsTheLayoutOfAnAddedOfficer(t *testing.T) {
	data, _ := samples.Read("mbg/赤壁.map")
	file := filepath.Join(t.TempDir(), "赤壁.map")
	os.WriteFile(file, data, 0o644)
	doc, err := formats.Read(file, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := doc.Value.(*mbg.Scenario)
	o := m.Officers[3]
	o.Name = "新人"
	m.Officers = append(m.Officers, o)
	if _, err := formats.Write(file, doc, doc.Format); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(file)
	if c := changed(string(data), string(got)); c != 2 || changed(string(got), string(data)) != 1 {
		t.Errorf("an officer added changed %d lines and removed %d:\n%s", c, changed(string(got), string(data)), got)
	}
}
