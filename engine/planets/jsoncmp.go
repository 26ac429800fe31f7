package planets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strings"
)

// Comparing expected JSON with what the engine produces: both sides are
// decoded into generic values (numbers kept as their literal), and
// numbers are equal when they have the same value and the same type — an
// integer literal (12) is not the real 12.0, as in the original's output.

// generic returns v as a generic JSON value (numbers as json.Number).
func generic(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return decodeGeneric(b)
}

// decodeGeneric decodes JSON keeping number literals.
func decodeGeneric(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// diffJSON returns "" when want and got are equal, else where and how
// they differ first.
func diffJSON(path string, want, got any) string {
	switch w := want.(type) {
	case json.Number:
		g, ok := got.(json.Number)
		if !ok || !sameNumber(w, g) {
			return fmt.Sprintf("%s: expected %s, got %s", orRoot(path), show(want), show(got))
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: expected %s, got %s", orRoot(path), show(want), show(got))
		}
		for i := range w {
			if d := diffJSON(fmt.Sprintf("%s[%d]", path, i), w[i], g[i]); d != "" {
				return d
			}
		}
		return ""
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: expected %s, got %s", orRoot(path), show(want), show(got))
		}
		keys := make([]string, 0, len(w)+len(g))
		for k := range w {
			keys = append(keys, k)
		}
		for k := range g {
			if _, dup := w[k]; !dup {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			wv, wok := w[k]
			gv, gok := g[k]
			if !wok || !gok {
				return fmt.Sprintf("%s: expected %s, got %s (key %q)", orRoot(path), show(want), show(got), k)
			}
			if d := diffJSON(path+"."+k, wv, gv); d != "" {
				return d
			}
		}
		return ""
	}
	if fmt.Sprint(want) != fmt.Sprint(got) || fmt.Sprintf("%T", want) != fmt.Sprintf("%T", got) {
		return fmt.Sprintf("%s: expected %s, got %s", orRoot(path), show(want), show(got))
	}
	return ""
}

// sameNumber compares two number literals by value and type.
func sameNumber(a, b json.Number) bool {
	if isRealLiteral(string(a)) != isRealLiteral(string(b)) {
		return false
	}
	x, ok1 := new(big.Rat).SetString(string(a))
	y, ok2 := new(big.Rat).SetString(string(b))
	return ok1 && ok2 && x.Cmp(y) == 0
}

func isRealLiteral(s string) bool { return strings.ContainsAny(s, ".eE") }

func orRoot(path string) string {
	if path == "" {
		return "value"
	}
	return strings.TrimPrefix(path, ".")
}

// show writes a generic value compactly.
func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
