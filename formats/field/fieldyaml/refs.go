package fieldyaml

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/yamlx"
)

// Resolver turns the index of an item of another list of the document
// into the reference the YAML writes, and a reference read back into the
// index, reporting where it stands what it cannot resolve. *yamlx.Names
// is one (a name, name#k, or an id). Ref may return nil: the reference
// is then left out (a saved officer without a job nor a location).
type Resolver interface {
	Ref(i int) *yaml.Node
	Resolve(n yamlx.Node) (int, bool)
	// Noun is what the messages call one item ("terrain").
	Noun() string
}

// Refs are the resolvers of a record's reference fields, by key, which
// the codec supplies: a field of type Ref whose Go field is a whole
// number is one reference, a list of whole numbers a list of them (of a
// set, LegacySet, written and read sorted, each once), and a list of
// booleans (one for each item of the other list) the set of the items
// whose value is true, written as the list of their references.
type Refs map[string]Resolver

// Within is a resolver of a set's references that says what holds the
// list, for the message of a reference to no item of it: Have is "the
// rules have" in "terrain 9 does not exist (the rules have 7 terrains)".
type Within struct {
	Resolver
	Have string
}

// pairs is the Go type of a list of pairs.
var pairs = reflect.TypeOf([][2]int(nil))

// encodeRef returns the YAML value of the field f of type Ref, nil when
// it is left out: a pair (Pair) or a list of pairs, or references
// resolved by refs.
func encodeRef(r *field.Record, f *field.Field, v any, refs Refs) *yaml.Node {
	if f.Pair != "" && strings.Contains(f.Go, ", ") {
		a, b := pairValues(r, f, v)
		xy := [2]int{int(a.Int()), int(b.Int())}
		if f.Omit && f.Default == xy {
			return nil
		}
		return yamlx.FlowInts(xy[0], xy[1])
	}
	g := r.Value(f, v)
	if g.Type() == pairs && f.Pair != "" {
		s := yamlx.Flow(yamlx.Seq())
		for _, o := range g.Interface().([][2]int) {
			s.Content = append(s.Content, yamlx.FlowInts(o[0], o[1]))
		}
		return s
	}
	res := resolver(f, refs)
	switch {
	case g.Kind() == reflect.Int:
		if f.Omit && f.Default == int(g.Int()) {
			return nil
		}
		return res.Ref(int(g.Int()))
	case g.Kind() != reflect.Slice:
	case f.Omit && g.Len() == 0:
		return nil
	case g.Type().Elem().Kind() == reflect.Int:
		list := g.Interface().([]int)
		if f.LegacySet != "" {
			list = sortedSet(list)
		}
		s := yamlx.Flow(yamlx.Seq())
		for _, i := range list {
			s.Content = append(s.Content, res.Ref(i))
		}
		return s
	case g.Type().Elem().Kind() == reflect.Bool:
		s := yamlx.Flow(yamlx.Seq())
		for k := 0; k < g.Len(); k++ {
			if g.Index(k).Bool() {
				s.Content = append(s.Content, res.Ref(k))
			}
		}
		return s
	}
	panic(fmt.Sprintf("fieldyaml: field %q is a %s", f.Key, g.Type()))
}

// decodeRef reads the value n of the field f of type Ref into v, as
// encodeRef writes it.
func decodeRef(r *field.Record, f *field.Field, n yamlx.Node, v any, refs Refs) {
	if f.Pair != "" && strings.Contains(f.Go, ", ") {
		xy, _ := pair(n, f.Pair)
		a, b := pairValues(r, f, v)
		a.SetInt(int64(xy[0]))
		b.SetInt(int64(xy[1]))
		return
	}
	g := r.Value(f, v)
	if g.Type() == pairs && f.Pair != "" {
		for _, o := range n.Items() {
			if xy, ok := pair(o, f.Pair); ok {
				g.Set(reflect.Append(g, reflect.ValueOf(xy)))
			}
		}
		return
	}
	res := resolver(f, refs)
	switch {
	case g.Kind() == reflect.Int:
		i, ok := 0, false
		if f.Default == nil || !n.IsNull() {
			i, ok = res.Resolve(n)
		}
		switch {
		case ok:
			g.SetInt(int64(i))
		case f.Default != nil:
			setDefault(r, f, v)
		}
	case g.Kind() != reflect.Slice:
		panic(fmt.Sprintf("fieldyaml: field %q is a %s", f.Key, g.Type()))
	case g.Type().Elem().Kind() == reflect.Int:
		items := n.Items()
		out := make([]int, 0, len(items))
		for _, it := range items {
			if i, ok := res.Resolve(it); ok {
				out = append(out, i)
			}
		}
		if f.LegacySet != "" {
			out = sortedSet(out)
		}
		g.Set(reflect.ValueOf(out))
	case g.Type().Elem().Kind() == reflect.Bool:
		decodeSet(n, g, res)
	default:
		panic(fmt.Sprintf("fieldyaml: field %q is a %s", f.Key, g.Type()))
	}
}

// sortedSet returns the items of a set (a field of LegacySet) sorted and
// each once, as it is written and read; nil when there are none.
func sortedSet(members []int) []int {
	out := append([]int(nil), members...)
	sort.Ints(out)
	k := 0
	for i, v := range out {
		if i == 0 || v != out[k-1] {
			out[k] = v
			k++
		}
	}
	return out[:k]
}

// setDefault sets the field f of type Ref in v to its Default, if it
// has one: a missing field, and a reference that is null or that does
// not resolve, is none.
func setDefault(r *field.Record, f *field.Field, v any) {
	switch d := f.Default.(type) {
	case int:
		r.Value(f, v).SetInt(int64(d))
	case [2]int:
		a, b := pairValues(r, f, v)
		a.SetInt(int64(d[0]))
		b.SetInt(int64(d[1]))
	}
}

// decodeSet reads a list of references into g, a list of booleans with
// one for each item of the other list (the codec makes it), reporting a
// reference to no item and one listed twice.
func decodeSet(n yamlx.Node, g reflect.Value, res Resolver) {
	count, have := g.Len(), "the document has"
	if w, ok := res.(Within); ok {
		have = w.Have
	}
	for _, ref := range n.Items() {
		k, ok := res.Resolve(ref)
		switch {
		case !ok:
		case k < 0 || k >= count:
			ref.Errorf(diag.CodeBadRef, "%s %d does not exist (%s %d %ss)", res.Noun(), k, have, count, res.Noun())
		case g.Index(k).Bool():
			ref.Errorf(diag.CodeBadValue, "%s %s is listed twice", res.Noun(), refText(ref))
		default:
			g.Index(k).SetBool(true)
		}
	}
}

// refText returns how a reference was written, for messages.
func refText(n yamlx.Node) string {
	if n.N.ShortTag() == "!!int" {
		return n.N.Value
	}
	return fmt.Sprintf("'%s'", n.N.Value)
}

// isRef says whether f is read and written by encodeRef and decodeRef: a
// pair, or a field of type Ref that refs resolve. Any other field of type
// Ref is a flat value, or the codec's.
func isRef(f *field.Field, refs Refs) bool {
	return f.Pair != "" || f.Type == field.Ref && refs[f.Key] != nil
}

func resolver(f *field.Field, refs Refs) Resolver {
	res := refs[f.Key]
	if res == nil {
		panic(fmt.Sprintf("fieldyaml: no resolver of the references of field %q", f.Key))
	}
	return res
}

// pairValues returns the two Go fields of the pair f ("X, Y") in v.
func pairValues(r *field.Record, f *field.Field, v any) (a, b reflect.Value) {
	parts := strings.Split(f.Go, ", ")
	if len(parts) != 2 {
		panic(fmt.Sprintf("fieldyaml: field %q is no pair of Go fields", f.Key))
	}
	fa, fb := *f, *f
	fa.Go, fb.Go = parts[0], parts[1]
	return r.Value(&fa, v), r.Value(&fb, v)
}

// pair reads [a, b], of the form the messages call form ("[x, y]").
func pair(n yamlx.Node, form string) ([2]int, bool) {
	var out [2]int
	if n.N.Kind != yaml.SequenceNode || len(n.N.Content) != 2 {
		n.Errorf(diag.CodeStructure, "must be %s (a list of 2 integers)", form)
		return out, false
	}
	ok := true
	for i, it := range n.Items() {
		v, good := it.Int()
		out[i] = v
		ok = ok && good
	}
	return out, ok
}
