// Package schemas ships the JSON Schema of every Shapan YAML document kind,
// and shapan.schema.json, which accepts any of them by its kind. The YAML
// we write names its schema in a yaml-language-server modeline, so a
// YAML-aware editor completes and checks fields while a person types; the
// same files are embedded here for tools and tests, and `shapan schema
// --write DIR` copies them for editors that work offline.
//
// The properties of the records whose values shapan check bounds are
// generated from the field tables of the family packages
// (formats/<family>/fields.go): go test ./internal/schematest -run
// Generated -update rewrites the files, and fails when one differs.
package schemas

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// Version is the release whose schemas the documents name: the tag of the
// repository that BaseURL points into, so that a document keeps meaning
// what it meant when it was written, whatever main becomes.
const Version = "v0.1.0"

// BaseURL is where the schemas of Version are published; every schema's
// $id is BaseURL followed by its file name.
const BaseURL = "https://raw.githubusercontent.com/shapan/shapan/" + Version + "/schemas/"

// Any is the schema that accepts a document of any kind, choosing the
// kind's schema by the document's kind: key.
const Any = "shapan.schema.json"

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

// Offline returns the file named name as it is written for use without a
// network: its $id is the bare file name, so that the references between
// the schemas resolve to the files beside it, wherever the folder is.
func Offline(name string) ([]byte, error) {
	b, err := Get(name)
	if err != nil {
		return nil, err
	}
	id := []byte(`"$id": "` + BaseURL + name + `"`)
	if !bytes.Contains(b, id) {
		return nil, fmt.Errorf("schema %s does not have the $id %s", name, id)
	}
	return bytes.Replace(b, id, []byte(`"$id": "`+name+`"`), 1), nil
}
