// Package fieldyaml reads and writes the YAML mapping of a flat record
// from the record's field table (package field): each field of the table
// is a key of the mapping, written in table order, and its value is the
// model's Go field the table names, or an element of an array field
// ("Props[2]"): a whole number, a real number kept as a float32, a
// boolean or a text; an optional whole number kept as a *int is written
// when it is set and set when its value is one; a whole number of a field
// with Names is written by its name (by its number when it names none)
// and read by name or number. A field of type Ref may be a pair of whole
// numbers (Field.Pair) or a list of pairs, or a reference to another list
// of the document, which the codec resolves (Refs: EncodeRefs and
// DecodeRefs). What a record holds besides such values (nested records,
// its name) is for its family's codec: Encode and Decode serve the
// records whose every field is one of them, EncodeFields and
// DecodeFields (EncodeRefs, DecodeRefs) a run of such fields among keys
// the codec reads and writes itself.
package fieldyaml

import (
	"fmt"
	"reflect"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/yamlx"
)

// Encode returns the block mapping of the record r of v, a pointer to
// the model's struct: every field of the table, in its order. Wrap it in
// yamlx.Flow for a one-line record.
func Encode(r *field.Record, v any) *yaml.Node {
	m := yamlx.Map()
	EncodeFields(m, r, r.Fields, v)
	return m
}

// EncodeFields adds to the mapping m the keys of fields, some of the
// record r's (an officer's abilities after a name its codec writes), in
// their order, with their values in v.
func EncodeFields(m *yaml.Node, r *field.Record, fields []field.Field, v any) {
	EncodeRefs(m, r, fields, v, nil)
}

// EncodeRefs is EncodeFields for fields among which are pairs (Pair)
// and references to other lists of the document, which refs resolve by
// the field's key: a list of pairs or of references that the field omits
// (Omit) is left out when it is empty, and a pair or a reference when it
// is its Default. Of the fields of one Go field that another's value
// chooses (KeyBy), only the chosen one is written.
func EncodeRefs(m *yaml.Node, r *field.Record, fields []field.Field, v any, refs Refs) {
	for i := range fields {
		f := &fields[i]
		if !chosen(r, f, v) {
			continue
		}
		if isRef(f, refs) {
			if n := encodeRef(r, f, v, refs); n != nil {
				yamlx.Add(m, f.Key, n)
			}
			continue
		}
		g := r.Value(f, v)
		if g.Kind() == reflect.Pointer {
			if g.IsNil() {
				continue
			}
			g = g.Elem()
		}
		if f.Omit && g.IsZero() {
			continue
		}
		yamlx.Add(m, f.Key, encodeValue(f, g))
	}
}

// Decode reads the mapping m into v, a pointer to the model's struct: a
// required field that is missing is reported by m.Need (expecting a
// value of its type), an optional one keeps the zero value, and a value
// of another type is reported where it stands, named by the field's What
// (its key when What is ""). The caller ends m (Mapping.Done), so that it
// can read keys of its own first.
func Decode(r *field.Record, m *yamlx.Mapping, v any) {
	DecodeFields(m, r, r.Fields, v)
}

// DecodeFields reads the keys of fields, some of the record r's, from m
// into v as Decode does.
func DecodeFields(m *yamlx.Mapping, r *field.Record, fields []field.Field, v any) {
	DecodeRefs(m, r, fields, v, nil)
}

// DecodeRefs is DecodeFields for fields among which are pairs and
// references that refs resolve, as EncodeRefs writes them: a pair of
// another form is reported and read as far as it goes, an item of a list
// of pairs of another form is left out, and so is a reference refs do not
// resolve; a set's reference to no item, or to one listed before, is
// reported. Of the fields of one Go field that another's value chooses
// (KeyBy), only the chosen one is read, and required when it is a
// reference (a square of type city belongs to a city). A missing optional pair or reference takes its Default when
// it has one (a reference also when it is null or does not resolve),
// else keeps the value v holds.
func DecodeRefs(m *yamlx.Mapping, r *field.Record, fields []field.Field, v any, refs Refs) {
	for i := range fields {
		f := &fields[i]
		if !chosen(r, f, v) {
			continue
		}
		var n yamlx.Node
		var ok bool
		if f.Required || f.KeyBy != "" && isRef(f, refs) {
			n, ok = m.Need(f.Key, f.What, expect(f))
		} else {
			n, ok = m.Get(f.Key, f.What)
		}
		switch {
		case !ok && isRef(f, refs):
			setDefault(r, f, v)
		case !ok:
		case isRef(f, refs):
			decodeRef(r, f, n, v, refs)
		default:
			decodeValue(f, n, r.Value(f, v))
		}
	}
}

func encodeValue(f *field.Field, g reflect.Value) *yaml.Node {
	switch g.Kind() {
	case reflect.Int:
		if f.Names != nil {
			return yamlx.Enum(int(g.Int()), f.Names)
		}
		return yamlx.Int(int(g.Int()))
	case reflect.Bool:
		return yamlx.Bool(g.Bool())
	case reflect.Float32:
		return yamlx.Float32(float32(g.Float()))
	case reflect.String:
		return yamlx.Str(g.String())
	}
	panic(fmt.Sprintf("fieldyaml: field %q is a %s", f.Key, g.Type()))
}

func decodeValue(f *field.Field, n yamlx.Node, g reflect.Value) {
	switch g.Kind() {
	case reflect.Pointer:
		if g.Type().Elem().Kind() != reflect.Int {
			panic(fmt.Sprintf("fieldyaml: field %q is a %s", f.Key, g.Type()))
		}
		if v, ok := n.Int(); ok {
			g.Set(reflect.ValueOf(&v))
		}
	case reflect.Int:
		var v int
		if f.Names != nil {
			v, _ = n.Enum(f.Names)
		} else {
			v, _ = n.Int()
		}
		g.SetInt(int64(v))
	case reflect.Bool:
		v, _ := n.Bool()
		g.SetBool(v)
	case reflect.Float32:
		v, _ := n.Float32()
		g.SetFloat(float64(v))
	case reflect.String:
		v, _ := n.Text()
		g.SetString(v)
	default:
		panic(fmt.Sprintf("fieldyaml: field %q is a %s", f.Key, g.Type()))
	}
}

// chosen reports whether f is the field of its Go field that the value
// in v of the field KeyBy names chooses (Record.Chosen), or has no KeyBy:
// the others of its Go field are neither written nor read. That field
// is read before it.
func chosen(r *field.Record, f *field.Field, v any) bool {
	if f.KeyBy == "" {
		return true
	}
	sel := int(r.Value(r.Field(f.KeyBy), v).Int())
	return r.Chosen(f, sel).Key == f.Key
}

// expect says what a required field's value must be, for the message
// of a missing key.
func expect(f *field.Field) string {
	if f.Expect != "" {
		return f.Expect
	}
	switch f.Type {
	case field.Integer:
		return "an integer"
	case field.Number:
		return "a number"
	case field.Boolean:
		return "true or false"
	}
	return "text"
}
