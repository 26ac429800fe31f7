package validate_test

import (
	"bytes"
	"flag"
	"fmt"
	_ "github.com/shapan/shapan/family/all" // every family's checks
	"github.com/shapan/shapan/validate"
	"os"
	"testing"

	"github.com/shapan/shapan/formats/diag"
)

var updateCatalogue = flag.Bool("update", false, "rewrite RULES.md from the catalogue")

// catalogueMarkdown renders the rule catalogue.
func catalogueMarkdown() []byte {
	var b bytes.Buffer
	b.WriteString("# Rule catalogue\n\n")
	b.WriteString("Every problem `shapan check` and the studio's Problems panel report has one of these codes.\n")
	b.WriteString("Errors make the exit status 1; warnings do not. Each rule has a minimal failing file in\n")
	b.WriteString("[`testdata/rules/`](testdata/rules). This file is generated from the catalogue in the code\n")
	b.WriteString("(`go test ./validate -run Catalogue -update`).\n\n")
	b.WriteString("The codes P001–P018, W001, W002 and IO001 of the format readers and writers (a value that is not a\n")
	b.WriteString("number, a count larger than the file, an unknown name, a name a legacy file cannot hold, comments a\n")
	b.WriteString("conversion drops, a file that cannot be read) are listed [at the end](#formats).\n")
	family := ""
	for _, r := range validate.Rules() {
		if r.Family != family {
			family = r.Family
			fmt.Fprintf(&b, "\n## %s\n", family)
		}
		fmt.Fprintf(&b, "\n### %s — %s (%s)\n\n%s\n\n*Fix:* %s\n", r.Code, r.Title, r.Severity, r.Meaning, r.Fix)
	}
	b.WriteString("\n## formats\n")
	for _, c := range diag.Codes() {
		fmt.Fprintf(&b, "\n### %s — %s (%s)\n\n%s\n\n*Fix:* %s\n", c.Code, c.Title, c.Severity, c.Meaning, c.Fix)
	}
	return b.Bytes()
}

func TestCatalogueIsUpToDate(t *testing.T) {
	want := catalogueMarkdown()
	if *updateCatalogue {
		if err := os.WriteFile("RULES.md", want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("RULES.md")
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("RULES.md is out of date; run go test ./validate -run Catalogue -update")
	}
}
