package formats_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/tiled"
)

// A confined read takes the files a document names from the set given
// only: a level whose rules field names a file of the machine — by an
// absolute path, a relative one, .., -, a link, or a plain name that
// exists beside the process but not in the set — is refused, and the
// refusal quotes no content and reads the same whether the file exists.
func TestReadConfinedNeverReadsTheMachinesFiles(t *testing.T) {
	level, err := os.ReadFile("../samples/ftbt/长坂坡.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rules, err := os.ReadFile("../samples/ftbt/兵法.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.yaml")
	os.WriteFile(secret, []byte("kind: ftbt/rules\nSECRET-CONTENT\n"), 0o600)
	os.Symlink(secret, filepath.Join(dir, "link.yaml"))
	rel, _ := filepath.Rel(".", secret)
	names := []string{secret, filepath.Join(dir, "missing.yaml"), rel, "../../../../../../etc/passwd", "-",
		"document.go", "./兵法.yaml", "sub/兵法.yaml", `..\兵法.yaml`, "~/兵法.yaml", ".hidden", "a\x00b", filepath.Join(dir, "link.yaml"), "C:兵法.yaml", ""}
	with := func(name string) []byte {
		return []byte(strings.Replace(string(level), "rules: 兵法.yaml", "rules: "+yamlQuote(name), 1))
	}
	for _, name := range names {
		_, err := formats.ReadConfined("level.yaml", with(name), formats.Files{"兵法.yaml": rules}, formats.Options{})
		if err == nil {
			t.Errorf("rules %q: read", name)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "SECRET") || strings.Contains(msg, "root:") || strings.Contains(msg, "package formats") {
			t.Errorf("rules %q: the refusal quotes a file: %s", name, msg)
		}
		if strings.Contains(msg, "no such file") || strings.Contains(msg, "permission") {
			t.Errorf("rules %q: the refusal tells about the machine's files: %s", name, msg)
		}
	}
	// The same refusal for a file that exists and one that does not.
	_, e1 := formats.ReadConfined("level.yaml", with(secret), nil, formats.Options{})
	_, e2 := formats.ReadConfined("level.yaml", with(filepath.Join(dir, "missing.yaml")), nil, formats.Options{})
	if strings.ReplaceAll(e1.Error(), "secret", "missing") != e2.Error() {
		t.Errorf("the refusals differ:\n%v\n%v", e1, e2)
	}
	// The rules sent with the level are read.
	doc, err := formats.ReadConfined("level.yaml", level, formats.Files{"兵法.yaml": rules}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := doc.Rules.(*ftbt.Rules); !ok || doc.RulesFile != "兵法.yaml" {
		t.Fatalf("the rules sent were not used: %T %q", doc.Rules, doc.RulesFile)
	}
}

// A legacy level's intro comes from the set too, never from beside the
// process, and a hostile document name is refused before anything.
func TestReadConfinedLegacyIntroAndNames(t *testing.T) {
	src, err := os.ReadFile("../samples/ftbt/长坂坡.map")
	if err != nil {
		t.Fatal(err)
	}
	intro, _ := os.ReadFile("../samples/ftbt/长坂坡.intro")
	rules, _ := os.ReadFile("../samples/ftbt/兵法.tech")
	rdoc, err := formats.ReadConfined("兵法.tech", rules, nil, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// No intro sent: none read (../samples/ftbt/长坂坡.intro exists beside it on disk).
	doc, err := formats.ReadConfined("长坂坡.map", src, nil, formats.Options{Rules: rdoc.Value})
	if err != nil {
		t.Fatal(err)
	}
	if doc.Value.(*ftbt.Level).Intro != nil {
		t.Fatal("an intro was read from the machine")
	}
	doc, err = formats.ReadConfined("长坂坡.map", src, formats.Files{"长坂坡.intro": intro}, formats.Options{Rules: rdoc.Value})
	if err != nil || doc.Value.(*ftbt.Level).Intro == nil {
		t.Fatalf("the intro sent was not read: %v", err)
	}
	for _, name := range []string{"../samples/ftbt/长坂坡.map", "/etc/passwd", "-", "..", ".", "", "a/b.map", "x\n.map"} {
		if _, err := formats.ReadConfined(name, src, nil, formats.Options{}); err == nil || !strings.Contains(err.Error(), "cannot be used") {
			t.Errorf("document name %q: %v", name, err)
		}
	}
}

func yamlQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\x00", `\0`).Replace(s) + `"`
}

// FuzzReadConfined reads a level naming any rules file, under any name:
// nothing panics, and a read that succeeds took the rules from the set —
// never from the machine (document.go and the samples exist beside the
// test, outside the set).
func FuzzReadConfined(f *testing.F) {
	level, err := os.ReadFile("../samples/ftbt/长坂坡.yaml")
	if err != nil {
		f.Fatal(err)
	}
	rules, err := os.ReadFile("../samples/ftbt/兵法.yaml")
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range [][2]string{{"level.yaml", "兵法.yaml"}, {"level.yaml", "/etc/passwd"}, {"x.map", "document.go"},
		{"-", "-"}, {"level.tmj", "../samples/ftbt/兵法.yaml"}, {"a.yaml", "兵法.yaml\x00"}, {"长坂坡.map", "兵法.tech"}} {
		f.Add(seed[0], seed[1])
	}
	set := formats.Files{"兵法.yaml": rules}
	f.Fuzz(func(t *testing.T, name, rulesName string) {
		src := []byte(strings.Replace(string(level), "rules: 兵法.yaml", "rules: "+yamlQuote(rulesName), 1))
		doc, err := formats.ReadConfined(name, src, set, formats.Options{})
		if err != nil {
			return
		}
		if doc.Rules != nil && doc.RulesFile != "兵法.yaml" {
			t.Fatalf("rules %q read from %q, outside the set", rulesName, doc.RulesFile)
		}
		if l, ok := doc.Value.(*ftbt.Level); ok && l.RulesPath != "" && l.RulesPath != "兵法.yaml" {
			t.Fatalf("the level names %q and was read", l.RulesPath)
		}
	})
}

// A Tiled map of a level names its rules in a map property: confined,
// it is read from the set only.
func TestReadConfinedTiledRules(t *testing.T) {
	doc, err := formats.Read("../samples/ftbt/长坂坡.yaml", formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	files, err := formats.Render(filepath.Join(t.TempDir(), "长坂坡.tmj"), doc, tiled.Format)
	if err != nil {
		t.Fatal(err)
	}
	var tmj []byte
	for p, b := range files {
		if strings.HasSuffix(p, ".tmj") {
			tmj = b
		}
	}
	rules, _ := os.ReadFile("../samples/ftbt/兵法.yaml")
	named := regexp.MustCompile(`("name": "rules",\s*"type": "string",\s*"value": )"[^"]*"`)
	if !named.Match(tmj) {
		t.Fatalf("the Tiled map does not name its rules: %.300s", tmj)
	}
	tmj = named.ReplaceAll(tmj, []byte(`$1"兵法.yaml"`))
	if _, err := formats.ReadConfined("长坂坡.tmj", tmj, formats.Files{"兵法.yaml": rules}, formats.Options{}); err != nil {
		t.Fatalf("the rules sent were not used: %v", err)
	}
	for _, name := range []string{"/etc/passwd", "../samples/ftbt/兵法.yaml", "document.go"} {
		hostile := strings.Replace(string(tmj), `"兵法.yaml"`, `"`+name+`"`, 1)
		_, err := formats.ReadConfined("长坂坡.tmj", []byte(hostile), formats.Files{"兵法.yaml": rules}, formats.Options{})
		if err == nil || !strings.Contains(err.Error(), "cannot be read") || strings.Contains(err.Error(), "root:") {
			t.Errorf("rules %q: %v", name, err)
		}
	}
}
