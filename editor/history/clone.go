package history

import "reflect"

// sharedSliceLen is the length from which slices of plain values (a
// terrain grid) are shared between snapshots instead of copied. Such
// slices are only changed in place by cell edits, which undo themselves;
// every other edit replaces them whole, so sharing is safe and keeps
// undo cheap on big maps.
const sharedSliceLen = 1 << 16

// Clone returns a deep copy of v (a document model) that shares big plain
// slices with v: the form the undo history keeps (Snapshot).
func Clone[T any](v T) T { return cloneWith(v, true) }

// CloneFull returns a deep copy of v that shares nothing, for readers on
// other goroutines.
func CloneFull[T any](v T) T { return cloneWith(v, false) }

func cloneWith[T any](v T, share bool) T {
	src := reflect.ValueOf(&v).Elem()
	dst := reflect.New(src.Type()).Elem()
	(&copier{share: share}).copyValue(dst, src)
	return dst.Interface().(T)
}

type copier struct{ share bool }

func (c *copier) copyValue(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		p := reflect.New(src.Type().Elem())
		c.copyValue(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		inner := reflect.New(src.Elem().Type()).Elem()
		c.copyValue(inner, src.Elem())
		dst.Set(inner)
	case reflect.Struct:
		if clone, ok := cloneMethod(src); ok {
			// A store with a deep copy of its own (a map's cells.Grid),
			// shared from the same length as a plain slice.
			if c.share && lenOf(src) >= sharedSliceLen {
				dst.Set(src)
			} else {
				dst.Set(clone.Call(nil)[0])
			}
			return
		}
		if !dst.CanSet() {
			dst.Set(src)
			return
		}
		for i := 0; i < src.NumField(); i++ {
			f := dst.Field(i)
			if !f.CanSet() {
				// Unexported fields cannot be copied field by field: copy
				// the whole struct value instead (a shallow copy).
				dst.Set(src)
				return
			}
			c.copyValue(f, src.Field(i))
		}
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		if c.share && src.Len() >= sharedSliceLen && plain(src.Type().Elem().Kind()) {
			dst.Set(src)
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		if plain(src.Type().Elem().Kind()) {
			reflect.Copy(s, src)
		} else {
			for i := 0; i < src.Len(); i++ {
				c.copyValue(s.Index(i), src.Index(i))
			}
		}
		dst.Set(s)
	case reflect.Array:
		for i := 0; i < src.Len(); i++ {
			c.copyValue(dst.Index(i), src.Index(i))
		}
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		for _, k := range src.MapKeys() {
			v := reflect.New(src.Type().Elem()).Elem()
			c.copyValue(v, src.MapIndex(k))
			m.SetMapIndex(k, v)
		}
		dst.Set(m)
	default:
		dst.Set(src)
	}
}

// cloneMethod returns v's method Clone when it returns a deep copy of v's
// type (func() T).
func cloneMethod(v reflect.Value) (reflect.Value, bool) {
	m := v.MethodByName("Clone")
	if !m.IsValid() || m.Type().NumIn() != 0 || m.Type().NumOut() != 1 || m.Type().Out(0) != v.Type() {
		return reflect.Value{}, false
	}
	return m, true
}

// lenOf returns what v's method Len returns (func() int), else 0.
func lenOf(v reflect.Value) int {
	m := v.MethodByName("Len")
	if !m.IsValid() || m.Type().NumIn() != 0 || m.Type().NumOut() != 1 || m.Type().Out(0).Kind() != reflect.Int {
		return 0
	}
	return int(m.Call(nil)[0].Int())
}

func plain(k reflect.Kind) bool {
	switch k {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}

// approxSize estimates the bytes a model copy holds (for the undo budget).
func approxSize(model any) int { return sizeOf(reflect.ValueOf(model)) }

func sizeOf(v reflect.Value) int {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return 8
		}
		return 8 + sizeOf(v.Elem())
	case reflect.Struct:
		n := 0
		for i := 0; i < v.NumField(); i++ {
			n += sizeOf(v.Field(i))
		}
		return n
	case reflect.Slice:
		if v.Len() >= sharedSliceLen && plain(v.Type().Elem().Kind()) {
			return 24 // shared, not copied
		}
		fallthrough
	case reflect.Array:
		if v.Len() > 0 && plain(v.Type().Elem().Kind()) && v.Type().Elem().Kind() != reflect.String {
			return 24 + v.Len()*int(v.Type().Elem().Size())
		}
		n := 24
		for i := 0; i < v.Len(); i++ {
			n += sizeOf(v.Index(i))
		}
		return n
	case reflect.String:
		return 16 + v.Len()
	case reflect.Map:
		n := 48
		for _, k := range v.MapKeys() {
			n += sizeOf(k) + sizeOf(v.MapIndex(k))
		}
		return n
	}
	return 8
}
