package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	_ "github.com/shapan/shapan/internal/toyfamily" // the toy family's one registration line
)

// TestAToyFamilyNeedsOnlyItsPackage: Nim (internal/toyfamily), a family
// that lives in one package and is registered by the one import line
// above, is converted, checked, previewed, played and simulated by the
// command line, named in its help, and passes the completeness test —
// with no shared file naming it.
func TestAToyFamilyNeedsOnlyItsPackage(t *testing.T) {
	dir := t.TempDir()
	legacy := filepath.Join(dir, "game.nim")
	os.WriteFile(legacy, []byte("nim 3 4 5\n"), 0o644)
	y := filepath.Join(dir, "game.yaml")
	back := filepath.Join(dir, "back.nim")
	for _, step := range [][]string{
		{"convert", legacy, y},
		{"convert", y, back},
		{"check", y},
		{"preview", y, "-o", filepath.Join(dir, "game.png")},
		{"play", legacy, "--seed", "4"},
		{"sim", y, "--games", "20", "--jobs", "2"},
	} {
		code, out, errOut := runCLI(step...)
		if code != 0 {
			t.Fatalf("shapan %s: exit %d: %s%s", strings.Join(step, " "), code, out, errOut)
		}
		if step[0] == "play" && !strings.Contains(out, "took the last stone") {
			t.Errorf("shapan play printed %q", out)
		}
		if step[0] == "sim" && !strings.Contains(out, "first") {
			t.Errorf("shapan sim printed %q", out)
		}
	}
	if b, _ := os.ReadFile(back); string(b) != "nim 3 4 5\n" {
		t.Errorf("the round trip wrote %q", b)
	}
	bad := filepath.Join(dir, "bad.nim")
	os.WriteFile(bad, []byte("nim 2 0\n  -1\n"), 0o644)
	code, out, _ := runCLI("check", bad)
	if code != 1 || !strings.Contains(out, "bad.nim:2:3: error: heap 2 holds -1 stones [NIM002]") || !strings.Contains(out, "warning: heap 1 is empty [NIM001]") {
		t.Errorf("shapan check of a bad file: exit %d:\n%s", code, out)
	}
	for _, cmd := range []string{"play", "sim", "preview", "convert"} {
		_, help, _ := runCLI("help", cmd)
		if !strings.Contains(help, "Nim heaps") && !strings.Contains(help, "nim-heaps") {
			t.Errorf("shapan help %s does not name the toy family:\n%s", cmd, help)
		}
	}
	for _, err := range family.Verify(family.ByName("nim"), func(kind string) []*formats.Document {
		doc, err := family.NewDocument(kind)
		if err != nil {
			t.Fatal(err)
		}
		return []*formats.Document{doc}
	}) {
		t.Error(err)
	}
}
