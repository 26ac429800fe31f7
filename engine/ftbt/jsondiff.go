package ftbt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// decodeGeneric decodes JSON keeping numbers as json.Number.
func decodeGeneric(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// genericOf marshals v and decodes it generically.
func genericOf(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return decodeGeneric(b)
}

// diffRaw compares golden JSON with a Go value and returns the first
// difference ("" when equal).
func diffRaw(path string, want json.RawMessage, got any) (string, error) {
	w, err := decodeGeneric(want)
	if err != nil {
		return "", fmt.Errorf("%s: the golden value is not JSON: %w", path, err)
	}
	g, err := genericOf(got)
	if err != nil {
		return "", err
	}
	return diffJSON(path, w, g), nil
}

// diffJSON returns the first difference between two generically decoded
// JSON values as "path: expected X, got Y", or "" when they are equal.
// Every ftbt value is an integer, so numbers are compared as written.
func diffJSON(path string, want, got any) string {
	at := path + ": "
	if path == "" {
		at = ""
	}
	switch w := want.(type) {
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Sprintf("%sexpected %s, got %s", at, show(want), show(got))
		}
		for i := 0; i < len(w) && i < len(g); i++ {
			if d := diffJSON(fmt.Sprintf("%s[%d]", path, i), w[i], g[i]); d != "" {
				return d
			}
		}
		if len(w) != len(g) {
			return fmt.Sprintf("%sexpected %d elements, got %d (%s)", at, len(w), len(g), show(got))
		}
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%sexpected %s, got %s", at, show(want), show(got))
		}
		for _, k := range sortedKeys(w) {
			gv, ok := g[k]
			if !ok {
				return fmt.Sprintf("%sfield %q is missing", at, k)
			}
			if d := diffJSON(join(path, k), w[k], gv); d != "" {
				return d
			}
		}
		for _, k := range sortedKeys(g) {
			if _, ok := w[k]; !ok {
				return fmt.Sprintf("%sunexpected field %q", at, k)
			}
		}
	default:
		if want != got {
			return fmt.Sprintf("%sexpected %s, got %s", at, show(want), show(got))
		}
	}
	return ""
}

func show(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
