package planets

import (
	"encoding/json"
	"fmt"
	"github.com/shapan/shapan/engine"
	"sort"
	"strings"

	"github.com/shapan/shapan/formats/field"
	pfmt "github.com/shapan/shapan/formats/planets"
)

// Loader facts and the map as served to clients (check_map), from the
// formats/planets model.

// peerNotChecked are fields of facts and ops that are never checked.
var peerNotChecked = map[string]bool{"map": true, "origin": true, "note": true, "id": true, "op": true,
	"derived": true, "upstream_asserted": true, "python_result": true}

// checkMapFact checks one loader fact: every field it gives.
func (r *peerRunner) checkMapFact(raw json.RawMessage) error {
	var fact map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fact); err != nil {
		return fmt.Errorf("maps: %w", err)
	}
	var rel string
	if err := json.Unmarshal(fact["map"], &rel); err != nil {
		return fmt.Errorf("maps: a fact without its map: %w", err)
	}
	where := "maps " + rel
	m, err := r.loadMap(rel)
	if err != nil {
		return err
	}
	got, err := loaderFacts(m)
	if err != nil {
		return &engine.Divergence{Where: where, Detail: err.Error()}
	}
	for _, k := range sortedKeys(fact) {
		if peerNotChecked[k] {
			continue
		}
		v, ok := got[k]
		if !ok {
			return fmt.Errorf("%s: unknown loader fact %q", where, k)
		}
		if err := compareJSON(where, k, fact[k], v); err != nil {
			return err
		}
	}
	return nil
}

// loaderFacts returns what the original's loader derives from m.
func loaderFacts(m *pfmt.Map) (map[string]any, error) {
	starts, err := m.StartIDs()
	if err != nil {
		return nil, err
	}
	sum, err := m.MaxSum()
	if err != nil {
		return nil, err
	}
	routes, err := m.DirectedRoutes()
	if err != nil {
		return nil, err
	}
	w, h := m.MapSize()
	facts := map[string]any{
		"name":            valueJSON(m.Get("name")),
		"tokens_by_id":    strings.Join(m.Tokens(), ""),
		"map_size":        []int{w, h},
		"starts":          starts,
		"max_sum":         sum,
		"directed_routes": len(routes),
		"pos":             positions(m),
	}
	// The settings by their keys, as the original's loader reports them.
	for _, f := range []*field.Field{settingMaxRound, settingMaxPlayer, settingMinPlayer, settingStartUnit} {
		facts[f.Key] = valueJSON(m.Get(f.Key))
	}
	facts[pfmt.MapFields.Field("maintain_fee").Key] = m.MaintainFeeOn()
	return facts, nil
}

// positions returns every planet's [x, y] in id order (null when it is
// not on the grid).
func positions(m *pfmt.Map) []any {
	var out []any
	for _, p := range m.ByID() {
		if pt, ok := m.Position(p); ok {
			out = append(out, []int{pt.X, pt.Y})
		} else {
			out = append(out, nil)
		}
	}
	return out
}

// servedMap is the map as the original serves it to clients (spec 10),
// for check_map: routes sorted (the original sends them in hash order).
func servedMap(m *pfmt.Map) (map[string]any, error) {
	routes, err := m.DirectedRoutes()
	if err != nil {
		return nil, err
	}
	var rl [][3]any
	for e, steps := range routes {
		rl = append(rl, [3]any{e.From, e.To, valueJSON(steps)})
	}
	sort.Slice(rl, func(i, j int) bool {
		a, b := rl[i], rl[j]
		return a[0].(int) < b[0].(int) || a[0] == b[0] && a[1].(int) < b[1].(int)
	})
	var planets []any
	for _, p := range m.ByID() {
		attrs := map[string]any{}
		for _, a := range []struct {
			key string
			v   pfmt.Value
		}{{attrType, p.Type}, {attrDef, p.Def}, {attrRes, p.Res}, {attrCos, p.Cos}, {attrMax, p.Max}} {
			if a.v.Type() != pfmt.Absent {
				attrs[a.key] = valueJSON(a.v)
			}
		}
		for _, e := range p.Extra {
			attrs[e.Key.Key()] = valueJSON(e.Value)
		}
		if pt, ok := m.Position(p); ok {
			attrs["pos"] = []int{pt.X, pt.Y}
		}
		planets = append(planets, attrs)
	}
	w, h := m.MapSize()
	return map[string]any{
		"name":              valueJSON(m.Get("name")),
		"author":            valueJSON(m.Get("author")),
		"desc":              valueJSON(m.Get("desc")),
		settingMaxRound.Key: valueJSON(m.Get(settingMaxRound.Key)),
		"map_size":          []int{w, h},
		"planets":           planets,
		"routes":            rl,
	}, nil
}

// valueJSON returns a map value as JSON sees it: numbers keep their type
// (a real is written with a decimal point).
func valueJSON(v pfmt.Value) any {
	switch v.Type() {
	case pfmt.Int:
		return json.Number(v.Text())
	case pfmt.Float:
		return json.Number(formatReal(v.Float()))
	case pfmt.Bool:
		return v.Bool()
	case pfmt.Str, pfmt.Time:
		return v.Text()
	case pfmt.List:
		out := make([]any, len(v.Items()))
		for i, it := range v.Items() {
			out[i] = valueJSON(it)
		}
		return out
	case pfmt.Mapping:
		out := map[string]any{}
		for _, p := range v.Pairs() {
			out[p.Key.Key()] = valueJSON(p.Value)
		}
		return out
	}
	return nil
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
