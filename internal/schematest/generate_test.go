package schematest

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	bfmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/field"
	ffmt "github.com/shapan/shapan/formats/ftbt"
	mfmt "github.com/shapan/shapan/formats/mbg"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/schemas"
)

var updateSchemas = flag.Bool("update", false, "rewrite the schemas under schemas/ from the field tables")

// records are the field tables of every family.
func records() []*field.Record {
	return slices.Concat(ffmt.Records, bfmt.Records, pfmt.Records, mfmt.Records)
}

// TestSchemasAreGenerated rebuilds every schema that holds a record of the
// field tables — the record's properties, their types, ranges, sets and
// descriptions, and its required keys come from the table; the rest of
// the file is its own — and fails when the committed file differs (go
// test ./internal/schematest -run Generated -update rewrites them).
func TestSchemasAreGenerated(t *testing.T) {
	byFile := map[string][]*field.Record{}
	for _, r := range records() {
		byFile[r.Schema] = append(byFile[r.Schema], r)
	}
	for name, recs := range byFile {
		path := filepath.Join("..", "..", "schemas", name)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		root, err := parseJSON(src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, r := range recs {
			if err := apply(root, r); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
		var b bytes.Buffer
		root.write(&b, "")
		b.WriteString("\n")
		if *updateSchemas {
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if !bytes.Equal(b.Bytes(), src) {
			t.Errorf("schemas/%s is not what the field tables make; run go test ./internal/schematest -run Generated -update", name)
		}
	}
}

// apply writes the record's table into the schema at its pointer.
func apply(root *jnode, r *field.Record) error {
	n := root.at(r.Pointer)
	if n == nil {
		return fmt.Errorf("record %s: no %s", r.Name, r.Pointer)
	}
	switch {
	case n.kind == '[':
		for i := range r.Fields {
			f := &r.Fields[i]
			k, err := strconv.Atoi(f.Key)
			if err != nil || k < 0 || k >= len(n.vals) {
				return fmt.Errorf("record %s: no item %q at %s", r.Name, f.Key, r.Pointer)
			}
			patch(n.vals[k], f)
		}
		return nil
	case len(r.Fields) == 1 && r.Fields[0].Key == "":
		patch(n, &r.Fields[0])
		return nil
	}
	props := n.get("properties")
	if props == nil {
		return fmt.Errorf("record %s: %s has no properties", r.Name, r.Pointer)
	}
	var required []*jnode
	var keys []string
	var vals []*jnode
	for i := range r.Fields {
		f := &r.Fields[i]
		p := props.get(f.Key)
		if p == nil {
			p = &jnode{kind: '{'}
		}
		patch(p, f)
		keys, vals = append(keys, f.Key), append(vals, p)
		if f.Required {
			required = append(required, scalar(f.Key))
		}
	}
	for i, k := range props.keys {
		if !slices.Contains(keys, k) {
			if !r.Open {
				return fmt.Errorf("record %s: the schema's property %q is not in the table", r.Name, k)
			}
			keys, vals = append(keys, k), append(vals, props.vals[i])
		}
	}
	if r.Open {
		// The schema's properties stay as they are, in its order: every
		// field of the table must be among them.
		for i := range r.Fields {
			if props.get(r.Fields[i].Key) == nil {
				return fmt.Errorf("record %s: the schema has no property %q", r.Name, r.Fields[i].Key)
			}
		}
		return nil
	}
	props.keys, props.vals = keys, vals
	if len(required) > 0 {
		n.set("required", &jnode{kind: '[', vals: required})
	} else {
		n.del("required")
	}
	return nil
}

// patch writes the keywords of field f into its property schema: the
// table owns the whole schema of a field of a type, and of a Ref field
// (whose schema the file states: a $ref, a list) the description.
func patch(n *jnode, f *field.Field) {
	var keys []string
	var vals []*jnode
	if f.Type == field.Ref {
		for i, k := range n.keys {
			if k != "description" {
				keys, vals = append(keys, k), append(vals, n.vals[i])
			}
		}
	}
	for _, kw := range f.Schema() {
		if f.Type == field.Ref && kw.Name != "description" {
			continue
		}
		keys, vals = append(keys, kw.Name), append(vals, value(kw.Value))
	}
	n.kind, n.keys, n.vals = '{', keys, vals
}

// jnode is a JSON value that keeps the order of an object's keys.
type jnode struct {
	kind byte // '{', '[' or 0 for a scalar
	keys []string
	vals []*jnode
	raw  []byte
}

func scalar(v any) *jnode {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return &jnode{raw: bytes.TrimSpace(b.Bytes())}
}

func value(v any) *jnode {
	switch x := v.(type) {
	case []int:
		n := &jnode{kind: '['}
		for _, e := range x {
			n.vals = append(n.vals, scalar(e))
		}
		return n
	case []any:
		n := &jnode{kind: '['}
		for _, e := range x {
			n.vals = append(n.vals, value(e))
		}
		return n
	case []field.Keyword:
		n := &jnode{kind: '{'}
		for _, kw := range x {
			n.keys, n.vals = append(n.keys, kw.Name), append(n.vals, value(kw.Value))
		}
		return n
	}
	return scalar(v)
}

func (n *jnode) get(key string) *jnode {
	if i := slices.Index(n.keys, key); i >= 0 && n.kind == '{' {
		return n.vals[i]
	}
	return nil
}

func (n *jnode) set(key string, v *jnode) {
	if i := slices.Index(n.keys, key); i >= 0 {
		n.vals[i] = v
		return
	}
	n.keys, n.vals = append(n.keys, key), append(n.vals, v)
}

func (n *jnode) del(key string) {
	if i := slices.Index(n.keys, key); i >= 0 {
		n.keys, n.vals = slices.Delete(n.keys, i, i+1), slices.Delete(n.vals, i, i+1)
	}
}

// at returns the value at a JSON pointer ("" is the root).
func (n *jnode) at(pointer string) *jnode {
	if pointer == "" {
		return n
	}
	for _, part := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		switch {
		case n == nil:
			return nil
		case n.kind == '[':
			k, err := strconv.Atoi(part)
			if err != nil || k < 0 || k >= len(n.vals) {
				return nil
			}
			n = n.vals[k]
		default:
			n = n.get(part)
		}
	}
	return n
}

func parseJSON(src []byte) (*jnode, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	n, err := parseValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("text after the JSON value")
	}
	return n, nil
}

func parseValue(dec *json.Decoder) (*jnode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		n := &jnode{kind: '{'}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := parseValue(dec)
			if err != nil {
				return nil, err
			}
			n.keys, n.vals = append(n.keys, k.(string)), append(n.vals, v)
		}
		_, err := dec.Token()
		return n, err
	case json.Delim('['):
		n := &jnode{kind: '['}
		for dec.More() {
			v, err := parseValue(dec)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, v)
		}
		_, err := dec.Token()
		return n, err
	}
	if num, ok := tok.(json.Number); ok {
		return &jnode{raw: []byte(num.String())}, nil
	}
	return scalar(tok), nil
}

// flat reports whether every member of n is a scalar or a list of
// scalars: such a value is written on one line.
func (n *jnode) flat() bool {
	for _, v := range n.vals {
		if v.kind == '{' || v.kind == '[' && !v.flat() {
			return false
		}
	}
	return true
}

// write writes n in the layout of the schema files: a value whose
// members are all scalars, or whose one-line form fits in 160 columns, on
// one line;
// others one member a line.
func (n *jnode) write(b *bytes.Buffer, indent string) {
	if n.kind == 0 {
		b.Write(n.raw)
		return
	}
	var line bytes.Buffer
	n.oneLine(&line)
	if n.flat() || len(indent)+line.Len() <= 160 {
		b.Write(line.Bytes())
		return
	}
	open, close := byte('{'), byte('}')
	if n.kind == '[' {
		open, close = '[', ']'
	}
	b.WriteByte(open)
	for i, v := range n.vals {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n" + indent + "  ")
		if n.kind == '{' {
			b.Write(scalar(n.keys[i]).raw)
			b.WriteString(": ")
		}
		v.write(b, indent+"  ")
	}
	b.WriteString("\n" + indent)
	b.WriteByte(close)
}

func (n *jnode) oneLine(b *bytes.Buffer) {
	if n.kind == 0 {
		b.Write(n.raw)
		return
	}
	open, close := "{", "}"
	if n.kind == '[' {
		open, close = "[", "]"
	}
	b.WriteString(open)
	for i, v := range n.vals {
		if i > 0 {
			b.WriteString(", ")
		}
		if n.kind == '{' {
			b.Write(scalar(n.keys[i]).raw)
			b.WriteString(": ")
		}
		v.oneLine(b)
	}
	b.WriteString(close)
}

// TestEveryObjectIsARecord: every object schema with properties in the
// schemas of the document kinds is the schema of a record of the field
// tables, so that no record's properties are written by hand
// (shapan.schema.json, which only dispatches on kind, is held to the
// family registry by TestAnyDispatchesEveryKind).
func TestEveryObjectIsARecord(t *testing.T) {
	pointers := map[string]bool{}
	for _, r := range records() {
		pointers[r.Schema+"#"+r.Pointer] = true
	}
	n := 0
	for _, name := range schemas.Names() {
		if name == schemas.Any {
			continue
		}
		raw, err := schemas.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		root, err := parseJSON(raw)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var walk func(n *jnode, pointer string)
		walk = func(node *jnode, pointer string) {
			if node.kind == '{' && node.get("properties") != nil {
				n++
				if !pointers[name+"#"+pointer] {
					t.Errorf("%s: the object at %q is in no field table", name, pointer)
				}
			}
			for i, v := range node.vals {
				if node.kind == '[' {
					walk(v, pointer+"/"+strconv.Itoa(i))
				} else {
					walk(v, pointer+"/"+node.keys[i])
				}
			}
		}
		walk(root, "")
	}
	t.Logf("%d objects, each a record of the tables", n)
}
