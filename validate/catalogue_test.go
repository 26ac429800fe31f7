package validate

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"testing"
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
	b.WriteString("Codes P001–P017, W001 and W002 are reading and writing errors of the formats (a value that is not a number,\n")
	b.WriteString("a count larger than the file, an unknown name, a name a legacy file cannot hold, comments a conversion\n")
	b.WriteString("drops, ...).\n")
	family := ""
	for _, r := range Rules() {
		if r.Family != family {
			family = r.Family
			fmt.Fprintf(&b, "\n## %s\n", family)
		}
		fmt.Fprintf(&b, "\n### %s — %s (%s)\n\n%s\n\n*Fix:* %s\n", r.Code, r.Title, r.Severity, r.Meaning, r.Fix)
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
