// Package schematest checks YAML documents against the JSON schemas that
// ship in the schemas package, so a schema cannot drift from what the
// writers produce.
package schematest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/schemas"
)

var (
	mu       sync.Mutex
	compiled = map[string]*jsonschema.Schema{}
)

func schema(name string) (*jsonschema.Schema, error) {
	mu.Lock()
	defer mu.Unlock()
	if s, ok := compiled[name]; ok {
		return s, nil
	}
	if _, err := schemas.Get(name); err != nil {
		return nil, err
	}
	// Every schema under its published URL, so that shapan.schema.json
	// finds the schemas it refers to.
	c := jsonschema.NewCompiler()
	for _, n := range schemas.Names() {
		raw, _ := schemas.Get(n)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("schema %s is not JSON: %w", n, err)
		}
		if err := c.AddResource(schemas.BaseURL+n, doc); err != nil {
			return nil, err
		}
	}
	s, err := c.Compile(schemas.BaseURL + name)
	if err != nil {
		return nil, fmt.Errorf("compiling %s: %w", name, err)
	}
	compiled[name] = s
	return s, nil
}

// Validate checks the YAML document doc against the named schema.
func Validate(name string, doc []byte) error {
	s, err := schema(name)
	if err != nil {
		return err
	}
	var v any
	if err := yaml.Unmarshal(doc, &v); err != nil {
		return fmt.Errorf("the document is not YAML: %w", err)
	}
	j, err := json.Marshal(jsonable(v))
	if err != nil {
		return fmt.Errorf("the document has no JSON form: %w", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(j))
	if err != nil {
		return err
	}
	return s.Validate(inst)
}

// Check fails t when doc does not satisfy the named schema.
func Check(t testing.TB, name string, doc []byte) {
	t.Helper()
	if err := Validate(name, doc); err != nil {
		t.Errorf("document does not satisfy %s: %v", name, err)
	}
}

// jsonable turns YAML values into values encoding/json accepts (mapping
// keys of other types than string become strings).
func jsonable(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = jsonable(e)
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = jsonable(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = jsonable(e)
		}
		return x
	case float64:
		// JSON has no NaN or infinity: such a value is not a number to a
		// schema, as it is not one to shapan check (MBG021).
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Sprint(x)
		}
	}
	return v
}
