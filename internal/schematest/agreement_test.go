package schematest

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	_ "github.com/shapan/shapan/family/all" // every game family
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/samples"
	"github.com/shapan/shapan/schemas"
	"github.com/shapan/shapan/validate"
)

// expressible lists the codes of the conditions a JSON Schema can state:
// the type, the range or the set of values of one field, a key that must
// be there or must not. For the other codes — references between items,
// counts and sums, grids, the way the game reads a text — the schema must
// let the document pass, and only shapan check tells.
var expressible = map[string]bool{
	"P002": true, // an integer was expected
	"P003": true, // a number was expected
	"P004": true, // a boolean was expected
	"P011": true, // a missing or unknown field, a wrong node type
	"P013": true, // the kind or version
	"P014": true, // a value outside the field's set

	"MBG020": true, // an ability outside 0–100
	"MBG021": true, // a number that is not finite (NaN or infinity)
	"MBG022": true, // a city scope other than small, medium or large
	"MBG024": true, // a direction other than 1 or -1
	"MBG023": true, // a training room's property other than the five abilities
	"MBG027": true, // a board square of an unknown type
	"MBG007": true, // a tech id outside 0–11

	"FTB005": true, // a terrain's move cost below 0
	"FTB020": true, // a size of 0 (a schema cannot state the engine's cap on width×height)
	"FTB022": true, // a side other than 0 or 1
	"FTB026": true, // a person's hp below 1

	"BTL002": true, // a map side outside 2–1000
	"BTL009": true, // a roster entry names no hero (or one twice: see unseen)
	"BTL010": true, // a roster stat outside its range

	"PLN001": true, // a required part of the map is missing
	"PLN002": true, // a planet without a production cap (max)
	"PLN003": true, // a planet's def, res or cos missing or not a number
	"PLN007": true, // a planet token that is not one ASCII letter
	"PLN009": true, // route steps not a whole number ≥ 1
	"PLN018": true, // max_round, start_unit, max_player not positive integers
	"PLN021": true, // an unknown top-level key
	"PLN025": true, // maintain_fee not true or false
}

// anySchema compiles shapan.schema.json with the schemas it refers to,
// each under its published URL.
func anySchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	s, err := schema(schemas.Any)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// schemaVerdict validates YAML text as an editor does (YAML 1.2 values).
func schemaVerdict(s *jsonschema.Schema, src []byte) error {
	var v any
	if err := yaml.Unmarshal(src, &v); err != nil {
		return err
	}
	j, err := json.Marshal(jsonable(v))
	if err != nil {
		return err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(j))
	if err != nil {
		return err
	}
	return s.Validate(inst)
}

// checkCodes returns the diagnostics shapan check reports for the file,
// as CODE:severity (MBG020:warning), sorted.
func checkCodes(path string) []string {
	doc, err := formats.Read(path, formats.Options{})
	var l diag.List
	if err != nil {
		l = diag.AsList(err, path)
	} else {
		l = validate.Check(doc)
	}
	var codes []string
	for _, d := range l {
		codes = append(codes, d.Code+":"+d.Severity.String())
	}
	sort.Strings(codes)
	return codes
}

// corpus copies the samples and validate's test documents into a folder
// and returns the Shapan YAML documents in it.
func corpus(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "samples"), samples.FS()); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(dir, "validate"), os.DirFS(filepath.Join("..", "..", "validate", "testdata"))); err != nil {
		t.Fatal(err)
	}
	var docs []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			if b, _ := os.ReadFile(p); bytes.Contains(b, []byte("\nkind: ")) || bytes.HasPrefix(b, []byte("kind: ")) {
				docs = append(docs, p)
			}
		}
		return nil
	})
	return dir, docs
}

// verdicts says, for one document, what each side found.
type verdict struct {
	file      string
	schemaErr error
	codes     []string
}

// checkRejects reports whether check finds an error the schema can state:
// a warning is no schema error (an editor would mark as wrong what the
// game plays).
func (v verdict) checkRejects() bool {
	for _, c := range v.codes {
		code, sev, _ := strings.Cut(c, ":")
		if expressible[code] && sev == "error" {
			return true
		}
	}
	return false
}

func judge(t *testing.T, s *jsonschema.Schema, dir, path string) verdict {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(dir, path)
	return verdict{file: rel, schemaErr: schemaVerdict(s, src), codes: checkCodes(path)}
}

// TestSchemasAgreeWithCheck runs every sample, every rule's failing example
// and the near misses through the JSON Schemas and through shapan check:
// the schema refuses a document exactly when check reports an error of a
// condition the schema can state (a warning is never a schema error).
func TestSchemasAgreeWithCheck(t *testing.T) {
	s := anySchema(t)
	dir, docs := corpus(t)
	misses := nearMisses(t, dir)
	docs = append(docs, misses...)
	if len(docs) < 60 {
		t.Fatalf("only %d documents", len(docs))
	}
	isMiss := map[string]bool{}
	for _, p := range misses {
		isMiss[p] = true
	}
	agree := 0
	for _, path := range docs {
		v := judge(t, s, dir, path)
		want := v.checkRejects() || refusePaths[path]
		if unseenPaths[path] {
			if v.schemaErr != nil || len(v.codes) == 0 {
				t.Errorf("%s: a change no schema can see: want the schema to accept it (got %v) and check to report it (got %v)", v.file, v.schemaErr, v.codes)
			} else {
				agree++
			}
			continue
		}
		switch {
		case v.schemaErr != nil && !want:
			t.Errorf("%s: the schema refuses it, but check reports %v:\n%v", v.file, v.codes, v.schemaErr)
		case v.schemaErr == nil && want:
			t.Errorf("%s: check reports %v, but the schema accepts it", v.file, v.codes)
		case isMiss[path]:
			agree++
		}
	}
	t.Logf("%d of %d near misses agree", agree, len(misses))
}
