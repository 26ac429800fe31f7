package schematest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/schemas"
	"github.com/shapan/shapan/validate"
)

// TestReportsNameDocumentPaths: every problem check reports of a YAML
// document — of the samples, of validate's test documents and of every
// change the field tables call for — names a path its kind's schema
// defines (a key the record has, present or not). A rule that names a
// path the document cannot have (cities[0].hp where the key is defence)
// is placed at the start of the entry instead of at the value.
func TestReportsNameDocumentPaths(t *testing.T) {
	if longtest.WithoutRace(t) {
		return
	}
	dir, docs := corpus(t)
	var samples []string
	for _, d := range docs {
		if strings.HasPrefix(d, filepath.Join(dir, "samples")) {
			samples = append(samples, d)
		}
	}
	docs = append(docs, notANumber(t, samples)...)
	for _, m := range fieldMisses(t, dir) {
		docs = append(docs, m.path)
	}
	roots := map[string]*schemaWalk{}
	seen := map[string]bool{}
	checked := 0
	for _, file := range docs {
		doc, err := formats.Read(file, formats.Options{})
		if err != nil {
			continue // the reader's own refusals name what they read
		}
		w := roots[doc.Kind]
		if w == nil {
			if w, err = loadSchema(schemas.ForKind(doc.Kind)); err != nil {
				t.Fatalf("%s: %v", doc.Kind, err)
			}
			roots[doc.Kind] = w
		}
		for _, d := range validate.Check(doc) {
			if d.Path == "" {
				continue
			}
			checked++
			shape := doc.Kind + " " + d.Code + " " + indexes.ReplaceAllString(d.Path, "[i]")
			if seen[shape] {
				continue
			}
			seen[shape] = true
			if err := w.defines(d.Path); err != nil && !unknownKeyRules[d.Code] {
				rel, _ := filepath.Rel(dir, file)
				t.Errorf("%s: %s %s reported at %q: %v", rel, d.Code, d.Message, d.Path, err)
			}
		}
	}
	if checked < 200 {
		t.Fatalf("only %d problems with a path were reported; the corpus lost its broken documents", checked)
	}
	t.Logf("%d problems, %d shapes of path", checked, len(seen))
}

// unknownKeyRules are the rules that report a key the document has and
// its schema does not define, at that key.
var unknownKeyRules = map[string]bool{"PLN021": true}

var indexes = regexp.MustCompile(`\[\d+\]`)

// schemaWalk follows a document path through a JSON Schema.
type schemaWalk struct {
	root map[string]any
}

func loadSchema(name string) (*schemaWalk, error) {
	src, err := schemas.Get(name)
	if err != nil {
		return nil, err
	}
	var root map[string]any
	if err := json.Unmarshal(src, &root); err != nil {
		return nil, err
	}
	return &schemaWalk{root: root}, nil
}

// step is one part of a document path: a key, or an index when key is "".
type step struct {
	key   string
	index bool
}

// steps splits a path (cities[0].defence, planets.A, grid[3][4]) into its
// keys and indices; a trailing .(key) names the key of the entry before.
func steps(path string) []step {
	var out []step
	for _, part := range strings.Split(strings.TrimSuffix(path, ".(key)"), ".") {
		key, _, _ := strings.Cut(part, "[")
		if key != "" {
			out = append(out, step{key: key})
		}
		for range strings.Count(part, "[") {
			out = append(out, step{index: true})
		}
	}
	return out
}

// defines reports whether the schema defines path: each key a property
// (or a pattern's, or any key an open mapping takes) of the schema at its
// place, each index an item of a list.
func (w *schemaWalk) defines(path string) error {
	nodes := []any{w.root}
	for i, s := range steps(path) {
		var next []any
		for _, n := range nodes {
			for _, m := range w.branches(n) {
				if m == nil {
					return nil // anything goes below
				}
				next = append(next, w.child(m, s)...)
			}
		}
		if len(next) == 0 {
			at := "the document"
			if i > 0 {
				at = strings.Join(strings.SplitAfterN(path, ".", i+1)[:i], "")
			}
			return fmt.Errorf("the schema defines no %s under %s", describe(s), strings.TrimSuffix(at, "."))
		}
		nodes = next
	}
	return nil
}

func describe(s step) string {
	if s.index {
		return "list item"
	}
	return "key " + s.key
}

// branches resolves a schema node's $ref and lists it with the branches
// of its oneOf, anyOf and allOf; nil stands for a node that constrains
// nothing (true, or no keywords of structure).
func (w *schemaWalk) branches(n any) []map[string]any {
	m, ok := n.(map[string]any)
	if !ok {
		if b, isBool := n.(bool); isBool && b {
			return []map[string]any{nil}
		}
		return nil
	}
	if ref, ok := m["$ref"].(string); ok {
		return w.branches(w.resolve(ref))
	}
	out := []map[string]any{m}
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		if list, ok := m[k].([]any); ok {
			for _, b := range list {
				out = append(out, w.branches(b)...)
			}
		}
	}
	structural := false
	for _, k := range []string{"type", "properties", "items", "additionalProperties", "patternProperties", "oneOf", "anyOf", "allOf", "enum", "const"} {
		if _, ok := m[k]; ok {
			structural = true
		}
	}
	if !structural {
		return []map[string]any{nil}
	}
	return out
}

// resolve follows a reference inside the file (#/definitions/x).
func (w *schemaWalk) resolve(ref string) any {
	var n any = w.root
	for _, p := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, ok := n.(map[string]any)
		if !ok {
			return nil
		}
		n = m[p]
	}
	return n
}

// child lists the schemas of a step below node m.
func (w *schemaWalk) child(m map[string]any, s step) []any {
	if s.index {
		if m["type"] == "string" {
			return []any{true} // a cell of a grid written as text: a row's character
		}
		if items, ok := m["items"]; ok {
			if list, ok := items.([]any); ok {
				return list
			}
			return []any{items}
		}
		if list, ok := m["prefixItems"].([]any); ok {
			return list
		}
		return nil
	}
	if props, ok := m["properties"].(map[string]any); ok {
		if p, ok := props[s.key]; ok {
			return []any{p}
		}
	}
	if pats, ok := m["patternProperties"].(map[string]any); ok {
		for pat, p := range pats {
			if re, err := regexp.Compile(pat); err == nil && re.MatchString(s.key) {
				return []any{p}
			}
		}
	}
	if extra, ok := m["additionalProperties"]; ok {
		if b, isBool := extra.(bool); !isBool || b {
			return []any{extra}
		}
	}
	return nil
}

// notANumber writes, beside each document, a copy with one number set to
// .nan, for the first number at each place of its shape (officers[i].wu),
// and returns them: the rules on numbers that are not finite.
func notANumber(t *testing.T, docs []string) []string {
	t.Helper()
	var out []string
	for _, file := range docs {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var doc yaml.Node
		if yaml.Unmarshal(src, &doc) != nil {
			continue
		}
		seen := map[string]bool{}
		var walk func(n *yaml.Node, shape string)
		walk = func(n *yaml.Node, shape string) {
			switch n.Kind {
			case yaml.DocumentNode, yaml.SequenceNode:
				for _, c := range n.Content {
					walk(c, shape+"[]")
				}
			case yaml.MappingNode:
				for i := 0; i+1 < len(n.Content); i += 2 {
					walk(n.Content[i+1], shape+"."+n.Content[i].Value)
				}
			case yaml.ScalarNode:
				if (n.Tag == "!!int" || n.Tag == "!!float") && !seen[shape] {
					seen[shape] = true
					value, tag := n.Value, n.Tag
					n.Value, n.Tag = ".nan", "!!float"
					changed, err := yaml.Marshal(&doc)
					n.Value, n.Tag = value, tag
					if err != nil {
						t.Fatal(err)
					}
					name := fmt.Sprintf("%s-nan%d%s", strings.TrimSuffix(file, filepath.Ext(file)), len(seen), filepath.Ext(file))
					if err := os.WriteFile(name, changed, 0o644); err != nil {
						t.Fatal(err)
					}
					out = append(out, name)
				}
			}
		}
		walk(&doc, "")
	}
	return out
}
