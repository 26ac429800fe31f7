package field

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// Value returns the model's value of the field f of the record r in v,
// a pointer to the model's struct: the Go field f names, or the element
// of an array field ("Props[2]"). A table naming no field of the model
// is a mistake in the program, and so is a v that points to no struct.
func (r *Record) Value(f *Field, v any) reflect.Value {
	p := reflect.ValueOf(v)
	if p.Kind() != reflect.Pointer || p.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("field: record %s of a %T, not of a pointer to a struct", r.Name, v))
	}
	s := p.Elem()
	at := place(r, f, s.Type())
	g := s.FieldByIndex(at.index)
	if at.elem >= 0 {
		g = g.Index(at.elem)
	}
	return g
}

// goPlace is where a Go field (or an element of one) is in its struct.
type goPlace struct {
	index []int
	elem  int
}

type placeKey struct {
	t    reflect.Type
	name string
}

var places sync.Map // placeKey → goPlace

// place finds the Go field of f in the struct type t, once per type and
// field.
func place(r *Record, f *Field, t reflect.Type) goPlace {
	k := placeKey{t, f.Go}
	if at, ok := places.Load(k); ok {
		return at.(goPlace)
	}
	name, elem := f.Go, -1
	if i := strings.IndexByte(name, '['); i > 0 && strings.HasSuffix(name, "]") {
		n, err := strconv.Atoi(name[i+1 : len(name)-1])
		if err != nil {
			panic(fmt.Sprintf("field: record %s: %q is no field or element of one (key %q)", r.Name, f.Go, f.Key))
		}
		name, elem = name[:i], n
	}
	sf, ok := t.FieldByName(name)
	if !ok {
		panic(fmt.Sprintf("field: record %s: %s has no field %q (key %q)", r.Name, t, f.Go, f.Key))
	}
	if elem >= 0 && (sf.Type.Kind() != reflect.Array || elem >= sf.Type.Len()) {
		panic(fmt.Sprintf("field: record %s: %s has no element %q (key %q)", r.Name, t, f.Go, f.Key))
	}
	at := goPlace{sf.Index, elem}
	places.Store(k, at)
	return at
}
