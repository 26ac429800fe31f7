package mbg

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
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

// diffJSON returns the first difference between two generically decoded
// JSON values as "path: expected X, got Y", or "" when they are equal.
// Numbers are parsed as float32 and compared exactly (the golden traces
// write the shortest decimal of a float32).
func diffJSON(path string, want, got any) string {
	show := func(v any) string {
		b, _ := json.Marshal(v)
		if len(b) > 200 {
			return string(b[:200]) + "…"
		}
		return string(b)
	}
	at := path + ": "
	if path == "" {
		at = ""
	}
	switch w := want.(type) {
	case json.Number:
		g, ok := got.(json.Number)
		if !ok {
			return fmt.Sprintf("%sexpected %s, got %s", at, w, show(got))
		}
		wf, err1 := strconv.ParseFloat(string(w), 32)
		gf, err2 := strconv.ParseFloat(string(g), 32)
		if err1 != nil || err2 != nil || float32(wf) != float32(gf) {
			return fmt.Sprintf("%sexpected %s, got %s", at, w, g)
		}
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
			return fmt.Sprintf("%sexpected %d elements %s, got %d %s", at, len(w), show(want), len(g), show(got))
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
