package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/schemas"
)

// TestSchemasWorkOffline writes the schemas with shapan schema --write,
// converts a legacy file with --schema-base, and validates the YAML the way
// an editor does, from the modeline, with a validator that can only read
// local files.
func TestSchemasWorkOffline(t *testing.T) {
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if code, _, errOut := runCLI("schema", "--write", "schemas"); code != 0 {
		t.Fatalf("schema --write: exit %d\n%s", code, errOut)
	}
	for _, name := range schemas.Names() {
		if _, err := os.Stat(filepath.Join("schemas", name)); err != nil {
			t.Errorf("not written: %v", err)
		}
	}
	legacy := filepath.Join(root, "samples", "mbg", "赤壁.map")
	os.Mkdir("maps", 0o755)
	if code, _, errOut := runCLI("convert", legacy, "maps/赤壁.yaml", "--schema-base", "schemas"); code != 0 {
		t.Fatalf("convert: exit %d\n%s", code, errOut)
	}
	doc, err := os.ReadFile("maps/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(doc), "\n")
	const want = "# yaml-language-server: $schema=../schemas/mbg-scenario.schema.json"
	if first != want {
		t.Fatalf("modeline %q, want %q", first, want)
	}
	ref := filepath.Join("maps", filepath.FromSlash(strings.TrimPrefix(first, "# yaml-language-server: $schema=")))
	for _, schemaFile := range []string{ref, filepath.Join("schemas", schemas.Any)} {
		abs, _ := filepath.Abs(schemaFile)
		c := jsonschema.NewCompiler() // its only loader reads local files
		s, err := c.Compile(abs)
		if err != nil {
			t.Fatalf("compiling %s offline: %v", schemaFile, err)
		}
		var v any
		if err := yaml.Unmarshal(doc, &v); err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(jsonValue(t, v)); err != nil {
			t.Errorf("the converted document does not satisfy %s: %v", schemaFile, err)
		}
		bad := bytes.Replace(doc, []byte("win_money: 40000"), []byte("win_money: lots"), 1)
		yaml.Unmarshal(bad, &v)
		if s.Validate(jsonValue(t, v)) == nil {
			t.Errorf("%s accepts win_money: lots", schemaFile)
		}
	}
	// Without --schema-base the modeline names the project's schema
	// folder, which the conversion fills: at the root of the Git work
	// tree, once, and refreshed when a schema differs.
	os.Mkdir(".git", 0o755)
	code, _, errOut := runCLI("convert", legacy, "maps/local.yaml")
	if code != 0 || !strings.Contains(errOut, "wrote .shapan/schemas (") {
		t.Fatalf("convert: exit %d\n%s", code, errOut)
	}
	local, _ := os.ReadFile("maps/local.yaml")
	if !bytes.HasPrefix(local, []byte("# yaml-language-server: $schema=../.shapan/schemas/mbg-scenario.schema.json\n")) {
		t.Errorf("default modeline: %.120s", local)
	}
	for _, name := range schemas.Names() {
		want, _ := schemas.Offline(name)
		if got, err := os.ReadFile(filepath.Join(".shapan", "schemas", name)); err != nil || !bytes.Equal(got, want) {
			t.Errorf(".shapan/schemas/%s: %v", name, err)
		}
	}
	os.WriteFile(filepath.Join(".shapan", "schemas", schemas.Any), []byte("{}"), 0o644)
	code, _, errOut = runCLI("convert", legacy, "maps/local2.yaml")
	if code != 0 || !strings.Contains(errOut, "wrote .shapan/schemas (") {
		t.Errorf("a schema that differs is not written again: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := runCLI("convert", legacy, "maps/local3.yaml"); code != 0 || strings.Contains(errOut, ".shapan") {
		t.Errorf("schemas written again when all are there: exit %d\n%s", code, errOut)
	}
	if code, out, _ := runCLI("schema", "--install"); code != 0 || out != ".shapan/schemas holds the schemas of this version already\n" {
		t.Errorf("schema --install: exit %d: %s", code, out)
	}
	// A URL is kept as it is, for schemas published on the web.
	if code, _, errOut := runCLI("convert", legacy, "web.yaml", "--schema-base", schemas.BaseURL); code != 0 {
		t.Fatalf("convert: exit %d\n%s", code, errOut)
	}
	web, _ := os.ReadFile("web.yaml")
	if !bytes.HasPrefix(web, []byte("# yaml-language-server: $schema="+schemas.BaseURL+"mbg-scenario.schema.json\n")) {
		t.Errorf("modeline with a URL: %.120s", web)
	}
}

func TestSchemaPrintsAKind(t *testing.T) {
	code, out, _ := runCLI("schema", "planets/map")
	want, _ := schemas.Get("planets-map.schema.json")
	if code != 0 || out != string(want) {
		t.Errorf("shapan schema planets/map: exit %d, %d bytes", code, len(out))
	}
	if code, out, _ := runCLI("schema"); code != 0 || !strings.Contains(out, schemas.Any) {
		t.Errorf("shapan schema lists:\n%s", out)
	}
	if code, _, errOut := runCLI("schema", "mbg/campaign"); code != 2 || !strings.Contains(errOut, "no schema") {
		t.Errorf("an unknown kind: exit %d\n%s", code, errOut)
	}
}

// jsonValue turns a YAML value into the JSON value a validator checks.
func jsonValue(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return inst
}
