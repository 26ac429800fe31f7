// Package jsondiff compares the JSON the original engines recorded (golden
// traces, conformance facts) with what Shapan's engines produce, and names
// the first difference the way a replay reports a divergence:
// "path: expected X, got Y".
//
// Both sides are decoded generically with their numbers kept as literals;
// how two numbers compare is the caller's choice (NumbersEqual), because
// the games' recorders wrote them differently.
package jsondiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// NumbersEqual decides whether a recorded number literal and a produced
// one are equal.
type NumbersEqual func(want, got json.Number) bool

// Literal compares numbers as written (integers recorded by an engine that
// has no other kind of number).
func Literal(want, got json.Number) bool { return want == got }

// Float32 compares numbers as float32 values (a recorder that wrote the
// shortest decimal of a float32).
func Float32(want, got json.Number) bool {
	w, err1 := strconv.ParseFloat(string(want), 32)
	g, err2 := strconv.ParseFloat(string(got), 32)
	return err1 == nil && err2 == nil && float32(w) == float32(g)
}

// ValueAndKind compares numbers by exact value and by kind: an integer
// literal (12) is not the real 12.0, as in a Python engine's output.
func ValueAndKind(want, got json.Number) bool {
	if isReal(string(want)) != isReal(string(got)) {
		return false
	}
	x, ok1 := new(big.Rat).SetString(string(want))
	y, ok2 := new(big.Rat).SetString(string(got))
	return ok1 && ok2 && x.Cmp(y) == 0
}

func isReal(s string) bool { return strings.ContainsAny(s, ".eE") }

// Decode decodes JSON generically, keeping numbers as json.Number.
func Decode(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// Of returns a Go value as generic JSON (marshalled, then decoded).
func Of(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return Decode(b)
}

// Raw compares recorded JSON with a Go value: the first difference under
// path, or "" when they are equal. It fails when want is not JSON or got
// does not marshal.
func Raw(path string, want json.RawMessage, got any, eq NumbersEqual) (string, error) {
	w, err := Decode(want)
	if err != nil {
		return "", fmt.Errorf("%s: the recorded value is not JSON: %w", orRoot(path), err)
	}
	g, err := Of(got)
	if err != nil {
		return "", fmt.Errorf("%s: %w", orRoot(path), err)
	}
	return Diff(path, w, g, eq), nil
}

// Diff returns the first difference between two generic JSON values as
// "path: expected X, got Y" (path "" is the whole value), or "" when they
// are equal. Object fields are visited in sorted order.
func Diff(path string, want, got any, eq NumbersEqual) string {
	at := path + ": "
	if path == "" {
		at = ""
	}
	switch w := want.(type) {
	case json.Number:
		g, ok := got.(json.Number)
		if !ok || !eq(w, g) {
			return fmt.Sprintf("%sexpected %s, got %s", at, w, Show(got))
		}
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Sprintf("%sexpected %s, got %s", at, Show(want), Show(got))
		}
		for i := 0; i < len(w) && i < len(g); i++ {
			if d := Diff(fmt.Sprintf("%s[%d]", path, i), w[i], g[i], eq); d != "" {
				return d
			}
		}
		if len(w) != len(g) {
			return fmt.Sprintf("%sexpected %d elements %s, got %d %s", at, len(w), Show(want), len(g), Show(got))
		}
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%sexpected %s, got %s", at, Show(want), Show(got))
		}
		for _, k := range sortedKeys(w) {
			gv, ok := g[k]
			if !ok {
				return fmt.Sprintf("%sfield %q is missing", at, k)
			}
			if d := Diff(join(path, k), w[k], gv, eq); d != "" {
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
			return fmt.Sprintf("%sexpected %s, got %s", at, Show(want), Show(got))
		}
	}
	return ""
}

// Show writes a generic value compactly, cut after 200 bytes.
func Show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

func orRoot(path string) string {
	if path == "" {
		return "value"
	}
	return path
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
