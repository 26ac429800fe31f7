package archtest

import (
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/shapan/shapan/family"
	_ "github.com/shapan/shapan/family/all"
)

// genericPackages are the packages of every layer that serve all
// families: each family plugs its code into them through a registry, so
// they import no family's package (docs/ARCHITECTURE.md, "How a family is
// registered"). The aggregators family/all and editor/families are the
// only places that import every family.
var genericPackages = []string{
	"formats", "validate", "preview", "preview/charts", "engine", "engine/sim",
	"balance", "balance/knob", "serve", "editor", "editor/grid", "editor/history", "editor/problems", "editor/autosave", "editor/play", "editor/balance", "cmd/shapan",
}

// familyImportsLeft are the imports of a family's package by a generic
// package that remain to be moved into the family's own sub-package. The
// list may only shrink: TestGenericPackagesNameNoFamily fails on an import
// that is not here and on an entry that is no longer needed.
var familyImportsLeft = []string{}

// familyPackage matches the path of a package that belongs to one family:
// a path element named after a registered family ("formats/mbg",
// "editor/battleview"), or Planet-Conquer's own server protocol.
func familyPackage(t *testing.T) *regexp.Regexp {
	var names []string
	for _, f := range family.All() {
		names = append(names, regexp.QuoteMeta(f.Name))
	}
	if len(names) == 0 {
		t.Fatal("no family is registered")
	}
	return regexp.MustCompile(`(^|/)((` + strings.Join(names, "|") + `)[a-z]*|pcserver)(/|$)`)
}

// TestGenericPackagesNameNoFamily fails when a generic package imports a
// family's package (tests excepted: they may read every family's files).
func TestGenericPackagesNameNoFamily(t *testing.T) {
	const mod = "github.com/shapan/shapan/"
	args := []string{"list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`}
	for _, p := range genericPackages {
		args = append(args, mod+p)
	}
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	fam := familyPackage(t)
	var found []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], mod)
		for _, imp := range f[1:] {
			if rel, ok := strings.CutPrefix(imp, mod); ok && fam.MatchString(rel) {
				found = append(found, pkg+" -> "+rel)
			}
		}
	}
	for _, e := range found {
		if !slices.Contains(familyImportsLeft, e) {
			t.Errorf("%s: a generic package imports a family's package; register the family's code from its own sub-package instead", e)
		}
	}
	for _, e := range familyImportsLeft {
		if !slices.Contains(found, e) {
			t.Errorf("%s is gone: remove it from familyImportsLeft", e)
		}
	}
}

// TestArchitectureDiagramIsCurrent: the diagram and the family table of
// docs/ARCHITECTURE.md are what scripts/archdiagram makes of the code.
func TestArchitectureDiagramIsCurrent(t *testing.T) {
	cmd := exec.Command("go", "run", "./scripts/archdiagram", "-check")
	cmd.Dir = "../.."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
}
