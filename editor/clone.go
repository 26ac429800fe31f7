package editor

import "reflect"

// sharedSliceLen is the length from which slices of plain values (a
// terrain grid) are shared between snapshots instead of copied. Such
// slices are only changed in place by cell edits, which undo themselves;
// every other edit replaces them whole, so sharing is safe and keeps
// undo cheap on big maps.
const sharedSliceLen = 1 << 16

// clone returns a deep copy of v (a document model) that shares big plain
// slices with v: the form the undo history keeps.
func clone[T any](v T) T { return cloneWith(v, true) }

// cloneFull returns a deep copy of v that shares nothing, for readers on
// other goroutines.
func cloneFull[T any](v T) T { return cloneWith(v, false) }

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

func plain(k reflect.Kind) bool {
	switch k {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}
