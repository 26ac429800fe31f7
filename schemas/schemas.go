// Package schemas ships the JSON Schema of every Shapan YAML document kind.
// The YAML we write names its schema in a yaml-language-server modeline, so
// a YAML-aware editor completes and checks fields while a person types; the
// same files are embedded here for tools and tests.
package schemas

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.schema.json
var files embed.FS

// Names returns the schema file names, sorted.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".schema.json") {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

// Get returns the schema file name (for example "mbg-scenario.schema.json").
func Get(name string) ([]byte, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("no schema %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return b, nil
}

// ForKind returns the schema file name of a document kind: "mbg/scenario"
// → "mbg-scenario.schema.json".
func ForKind(kind string) string {
	return strings.ReplaceAll(kind, "/", "-") + ".schema.json"
}
