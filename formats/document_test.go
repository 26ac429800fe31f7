package formats_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/shared"
)

func TestDetectLegacyFiles(t *testing.T) {
	dir := shared.Dir(t)
	for file, want := range map[string]formats.Format{
		"legacy/mbg/sanguo.map":               mbg.FormatMap,
		"legacy/mbg/test_battle.map":          mbg.FormatMap,
		"legacy/mbg/sanguo_s101_t12_r1.sav":   mbg.FormatSave,
		"legacy/mbg/test_game_s404_t9_r0.sav": mbg.FormatSave,
		"legacy/ftbt/m1.map":                  ftbt.FormatLevel,
		"legacy/ftbt/m2.map":                  ftbt.FormatLevel,
		"legacy/ftbt/star.tech":               ftbt.FormatRules,
	} {
		src, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		got, err := formats.Detect(file, src)
		if err != nil || got != want {
			t.Errorf("%s: detected %q, %v; want %q", file, got, err, want)
		}
	}
}

func TestReadReportsUnknownKinds(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"kind: chess/board\nversion: 1\n", "unknown document kind \"chess/board\""},
		{"version: 1\n", "1:1: error P013: missing field 'kind'"},
		{"kind: [\n", "error P010: invalid YAML"},
	} {
		_, err := formats.ReadBytes("doc.yaml", []byte(tc.src), formats.Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.src, err, tc.want)
		}
	}
}

func TestWriteIsAtomicAndKeepsNoTemporaries(t *testing.T) {
	dir := t.TempDir()
	doc, err := formats.ReadBytes("s.yaml", []byte("kind: mbg/scenario\nversion: 1\nwin_money: 10\nboard: []\nroles: []\n"), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "s.map")
	if err := os.WriteFile(out, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := formats.Write(out, doc, mbg.FormatMap); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	st, _ := os.Stat(out)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("the file's permissions were not kept: %v", st.Mode())
	}
	// A failed write leaves the old file untouched.
	bad := *doc
	bad.Kind = "mbg/save"
	if _, err := formats.Write(out, &bad, mbg.FormatSave); err == nil {
		t.Error("writing a scenario as a save succeeded")
	}
	if b, _ := os.ReadFile(out); !strings.HasPrefix(string(b), "0 0 0 10") {
		t.Errorf("the file changed after a failed write: %q", b)
	}
}

func TestTargetFormat(t *testing.T) {
	doc := &formats.Document{Kind: "mbg/scenario"}
	for path, want := range map[string]formats.Format{"a.yaml": formats.YAML, "a.yml": formats.YAML, "a.map": mbg.FormatMap} {
		if got, err := formats.TargetFormat(doc, path, ""); err != nil || got != want {
			t.Errorf("%s: %q, %v", path, got, err)
		}
	}
	if _, err := formats.TargetFormat(doc, "a.sav", ""); err == nil {
		t.Error("a scenario could be written as .sav")
	}
	if _, err := formats.TargetFormat(doc, "a.txt", mbg.FormatSave); err == nil {
		t.Error("--to mbg-sav accepted for a scenario")
	}
}

// TestLevelTravelsWithIntroAndRules converts a legacy level with --rules
// to YAML in another folder and back: the intro file comes along, and the
// YAML names the rules relative to where it is written.
func TestLevelTravelsWithIntroAndRules(t *testing.T) {
	dir := shared.Dir(t)
	doc, err := formats.Read(filepath.Join(dir, "legacy/ftbt/m2.map"), formats.Options{RulesPath: filepath.Join(dir, "legacy/ftbt/star.tech")})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "levels")
	os.MkdirAll(out, 0o755)
	y := filepath.Join(out, "m2.yaml")
	if _, err := formats.Write(y, doc, formats.YAML); err != nil {
		t.Fatal(err)
	}
	back, err := formats.Read(y, formats.Options{})
	if err != nil {
		t.Fatalf("the YAML does not load with the rules it names: %v", err)
	}
	if back.RulesFile == "" {
		t.Error("the level's rules were not loaded from its rules field")
	}
	written, err := formats.Write(filepath.Join(out, "m2.map"), back, ftbt.FormatLevel)
	if err != nil || len(written) != 2 {
		t.Fatalf("export wrote %v, %v", written, err)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "legacy/ftbt/m2.intro"))
	b, _ := os.ReadFile(filepath.Join(out, "m2.intro"))
	if string(a) != string(b) {
		t.Error("the intro changed on the way")
	}
}

// TestRulesGivenInMemory: a level re-read with rules already in memory
// (Options.Rules) uses them, whatever rules file it names and whether
// that file exists; rules of another kind are refused.
func TestRulesGivenInMemory(t *testing.T) {
	dir := shared.Dir(t)
	doc, err := formats.Read(filepath.Join(dir, "legacy/ftbt/m1.map"), formats.Options{RulesPath: filepath.Join(dir, "legacy/ftbt/star.tech")})
	if err != nil {
		t.Fatal(err)
	}
	y, err := formats.Encode(doc, formats.YAML)
	if err != nil {
		t.Fatal(err)
	}
	named := strings.Replace(string(y), "kind: ftbt/level\n", "kind: ftbt/level\nrules: nowhere/missing.yaml\n", 1)
	if _, err := formats.ReadBytes("m1.yaml", []byte(named), formats.Options{From: formats.YAML}); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Fatalf("a level naming missing rules should not read without them: %v", err)
	}
	back, err := formats.ReadBytes("m1.yaml", []byte(named), formats.Options{From: formats.YAML, Rules: doc.Rules, RulesPath: "star.tech"})
	if err != nil {
		t.Fatalf("the rules in memory were not used: %v", err)
	}
	if back.Rules != doc.Rules || back.RulesFile != "star.tech" {
		t.Fatalf("got rules %p from %q, want %p from star.tech", back.Rules, back.RulesFile, doc.Rules)
	}
	legacy, err := formats.Encode(doc, ftbt.FormatLevel)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := formats.ReadBytes("m1.map", legacy, formats.Options{From: ftbt.FormatLevel, Rules: doc.Rules}); err != nil || back.Rules != doc.Rules {
		t.Fatalf("a legacy level did not take the rules in memory: %v", err)
	}
	if _, err := formats.ReadBytes("m1.yaml", y, formats.Options{From: formats.YAML, Rules: "not rules"}); err == nil || !strings.Contains(err.Error(), "not ftbt rules") {
		t.Fatalf("rules of the wrong type should be refused: %v", err)
	}
}

// A level saved as its pair of files (.map and .intro) is one save: when
// the .map cannot be written (a full disk), the old .intro stays as it
// was, never paired with the old map.
func TestLevelPairIsWrittenWholeOrNotAtAll(t *testing.T) {
	dir := shared.Dir(t)
	doc, err := formats.Read(filepath.Join(dir, "legacy/ftbt/m2.map"), formats.Options{RulesPath: filepath.Join(dir, "legacy/ftbt/star.tech")})
	if err != nil {
		t.Fatal(err)
	}
	for _, fail := range []string{"full disk", "a folder in the way"} {
		out := t.TempDir()
		m, intro := filepath.Join(out, "m2.map"), filepath.Join(out, "m2.intro")
		if err := os.WriteFile(intro, []byte("old intro"), 0o644); err != nil {
			t.Fatal(err)
		}
		if fail == "full disk" {
			if _, err := os.Stat("/dev/full"); err != nil {
				t.Skip("no /dev/full")
			}
			os.Symlink("/dev/full", m)
		} else {
			os.Mkdir(m, 0o755)
		}
		written, err := formats.Write(m, doc, ftbt.FormatLevel)
		if err == nil || len(written) != 0 {
			t.Errorf("%s: wrote %v, %v", fail, written, err)
		}
		if b, _ := os.ReadFile(intro); string(b) != "old intro" {
			t.Errorf("%s: the intro was replaced although the map was not", fail)
		}
		if entries, _ := os.ReadDir(out); len(entries) != 2 {
			t.Errorf("%s: temporary files left: %v", fail, entries)
		}
	}
}
