// Package yamlx holds what every Shapan YAML document kind shares: building
// nodes with a fixed key order and style, writing a document with its kind,
// version and schema modeline, and reading one back with every problem
// reported at its line and column together with the path to the node.
package yamlx

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/schemas"
)

// SchemaBase is where the published JSON schemas of this release live
// (schemas.BaseURL); the modeline at the top of every document we write
// points there. RebaseSchema points a written document elsewhere.
const SchemaBase = schemas.BaseURL

// modeline starts the first line of every document we write.
const modeline = "# yaml-language-server: $schema="

// RebaseSchema returns data with the schema its modeline names looked up
// under base instead of where the modeline looks (base ends with a slash:
// a URL, or a folder relative to the document). Data without a modeline
// naming a Shapan schema (NAME.schema.json) is returned as it is.
func RebaseSchema(data []byte, base string) []byte {
	if !bytes.HasPrefix(data, []byte(modeline)) {
		return data
	}
	end := bytes.IndexByte(data, '\n')
	if end < 0 {
		end = len(data)
	}
	line := data[len(modeline):end]
	name := line[bytes.LastIndexByte(line, '/')+1:]
	if !bytes.HasSuffix(name, []byte(".schema.json")) {
		return data
	}
	out := make([]byte, 0, len(data)+len(base))
	out = append(out, modeline+base...)
	out = append(out, name...)
	return append(out, data[end:]...)
}

// DropModeline returns data without the schema modeline of its first line
// (data as it is when it has none).
func DropModeline(data []byte) []byte {
	line, rest, ok := bytes.Cut(data, []byte("\n"))
	if !ok || !IsModeline(string(line)) {
		return data
	}
	return rest
}

// IsModeline reports whether the comment line names the JSON Schema of a
// Shapan document kind, wherever it looks for it: every YAML document
// Shapan writes starts with one, so it is no note of the author's.
func IsModeline(comment string) bool {
	return strings.HasPrefix(comment, modeline) && strings.HasSuffix(comment, ".schema.json")
}

// SchemaURL returns the web address under which the modeline of src
// looks for its schema, when it names one other than SchemaBase (which
// was never published, so a document naming it is better pointed at the
// project's schemas); else "".
func SchemaURL(src []byte) string {
	line, _, _ := bytes.Cut(src, []byte("\n"))
	s := strings.TrimSpace(string(line))
	if !IsModeline(s) {
		return ""
	}
	s = strings.TrimPrefix(s, modeline)
	base := s[:strings.LastIndexByte(s, '/')+1]
	if !strings.Contains(base, "://") || base == SchemaBase {
		return ""
	}
	return base
}

// Str returns a string scalar (quoted when it would otherwise read as
// something else).
func Str(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

// Int returns an integer scalar.
func Int(v int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.Itoa(v)}
}

// Bool returns a boolean scalar.
func Bool(v bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.FormatBool(v)}
}

// Null returns a null scalar.
func Null() *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: "null"} }

// Float32 returns the shortest plain scalar that reads back as the same
// float32: whole numbers look like integers (72), others like 0.5; -0,
// infinities and NaN use YAML's float forms. Numeric scalars carry no tag,
// so the encoder writes them plain.
func Float32(v float32) *yaml.Node {
	f := float64(v)
	switch {
	case math.IsNaN(f):
		return &yaml.Node{Kind: yaml.ScalarNode, Value: ".nan"}
	case math.IsInf(f, 1):
		return &yaml.Node{Kind: yaml.ScalarNode, Value: ".inf"}
	case math.IsInf(f, -1):
		return &yaml.Node{Kind: yaml.ScalarNode, Value: "-.inf"}
	case f == 0 && math.Signbit(f):
		return &yaml.Node{Kind: yaml.ScalarNode, Value: "-0.0"}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Value: token.FormatFloat32(v)}
}

// Map returns a block mapping of alternating keys (string) and values
// (*yaml.Node); a nil value leaves its key out, so optional fields can be
// written inline.
func Map(kv ...any) *yaml.Node {
	if len(kv)%2 != 0 {
		panic("yamlx.Map: odd number of arguments")
	}
	m := &yaml.Node{Kind: yaml.MappingNode}
	for i := 0; i < len(kv); i += 2 {
		v, _ := kv[i+1].(*yaml.Node)
		if v == nil {
			continue
		}
		m.Content = append(m.Content, Str(kv[i].(string)), v)
	}
	return m
}

// Add appends key: value to mapping m unless value is nil.
func Add(m *yaml.Node, key string, value *yaml.Node) {
	if value != nil {
		m.Content = append(m.Content, Str(key), value)
	}
}

// Seq returns a block sequence.
func Seq(items ...*yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Content: items}
}

// Flow switches n (a mapping or sequence) to flow style, {a: 1} or [1, 2].
func Flow(n *yaml.Node) *yaml.Node {
	n.Style = yaml.FlowStyle
	return n
}

// FlowInts returns [a, b, ...].
func FlowInts(vs ...int) *yaml.Node {
	s := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, v := range vs {
		s.Content = append(s.Content, Int(v))
	}
	return s
}

// Literal returns a literal block scalar (|), used for grids and long text.
func Literal(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Style: yaml.LiteralStyle}
}

// Comment sets the comment written at the end of n's line.
func Comment(n *yaml.Node, text string) *yaml.Node {
	n.LineComment = text
	return n
}

// KindHeader returns the mapping that starts every document: kind and version.
func KindHeader(kind string, version int) *yaml.Node {
	return Map("kind", Str(kind), "version", Int(version))
}

// Encode writes root as a document: the schema modeline first (when schema
// is not empty), then the YAML with two-space indentation. A top-level
// mapping is written a pair at a time, and a long block list or mapping
// under it a slice of encodeSlice entries at a time (encodeInPieces), so
// that the encoder's memory stays that of a slice whatever the document's
// length; the text is the one the whole document encoded at once gives.
func Encode(schema string, root *yaml.Node) ([]byte, error) {
	return EncodeDeferred(schema, root, nil)
}

// Items are the items of a block list built as the list is written: N
// items, item i built by Item(i).
type Items struct {
	N    int
	Item func(i int) *yaml.Node
}

// Deferred maps the nodes of top-level block lists of a document, left
// without items in its tree, to their items (see EncodeDeferred).
type Deferred map[*yaml.Node]Items

// EncodeDeferred is Encode for a document some of whose top-level lists
// are built as they are written: a writer leaves such a list's node
// without items and gives them in lists, so that the document's tree is
// never whole (a node is some 100 bytes; a value of the model a few
// bytes). The text is the one Encode gives for the tree with the items in
// place.
func EncodeDeferred(schema string, root *yaml.Node, lists Deferred) ([]byte, error) {
	var buf bytes.Buffer
	if schema != "" {
		fmt.Fprintf(&buf, "%s%s%s\n", modeline, SchemaBase, schema)
	}
	if err := encodeInPieces(&buf, root, lists); err != nil {
		return nil, fmt.Errorf("encoding YAML: %w", err)
	}
	return buf.Bytes(), nil
}

// Seq returns a block list of n items, item i built by item(i) when the
// list is written.
func (lists Deferred) Seq(n int, item func(i int) *yaml.Node) *yaml.Node {
	s := Seq()
	lists[s] = Items{N: n, Item: item}
	return s
}

// Map returns a block mapping of n entries, entry i's key and value built
// by entry(i) when the mapping is written (the mapping's Content, keys
// and values in turn, is what its Items give).
func (lists Deferred) Map(n int, entry func(i int) (key, value *yaml.Node)) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode}
	last, k, v := -1, (*yaml.Node)(nil), (*yaml.Node)(nil)
	lists[m] = Items{N: 2 * n, Item: func(i int) *yaml.Node {
		if i/2 != last {
			k, v = entry(i / 2)
			last = i / 2
		}
		if i%2 == 0 {
			return k
		}
		return v
	}}
	return m
}

// build returns the items lo to hi of v, a list of lists or a node of
// the tree.
func (lists Deferred) build(v *yaml.Node, lo, hi int) []*yaml.Node {
	it, ok := lists[v]
	if !ok {
		return v.Content[lo:hi]
	}
	out := make([]*yaml.Node, 0, hi-lo)
	for i := lo; i < hi; i++ {
		out = append(out, it.Item(i))
	}
	return out
}

// count returns the number of entries of v (items of a list of lists).
func (lists Deferred) count(v *yaml.Node) int {
	if it, ok := lists[v]; ok {
		return it.N
	}
	return len(v.Content)
}

// complete returns v with its items in place when it is a list of lists.
func (lists Deferred) complete(v *yaml.Node) *yaml.Node {
	if _, ok := lists[v]; !ok {
		return v
	}
	w := *v
	w.Content = lists.build(v, 0, lists.count(v))
	return &w
}

// encodeSlice is the number of entries of a long top-level list or
// mapping encoded at once (a variable for the tests).
var encodeSlice = 256

// encodeWhole writes n as one document with yaml.v3's encoder, which
// keeps every event of the document until it ends (some 300 bytes an
// event, a few events a value).
func encodeWhole(buf *bytes.Buffer, n *yaml.Node) error {
	enc := yaml.NewEncoder(buf)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return err
	}
	return enc.Close()
}

// encodeInPieces writes root as encodeWhole does, in pieces: each pair of
// a top-level block mapping is encoded as a mapping of its own (the
// root's head comment goes with the first pair, its foot comment with the
// last), and the value of a pair that is a long block collection without
// anchor, tag or comments of its own a slice at a time, each slice after
// the first under a stand-in key whose line is then dropped. Anything
// else is encoded whole.
func encodeInPieces(buf *bytes.Buffer, root *yaml.Node, lists Deferred) error {
	if encodeSlice <= 0 || !pieceable(root) || root.Kind != yaml.MappingNode || len(root.Content)%2 != 0 || root.Anchor != "" || root.LineComment != "" {
		return encodeWhole(buf, completeChildren(root, lists))
	}
	for i := 0; i < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		pair := *root
		pair.Content = []*yaml.Node{k, v}
		if i > 0 {
			pair.HeadComment = ""
		}
		if i+2 < len(root.Content) {
			pair.FootComment = ""
		}
		step := 1
		if v.Kind == yaml.MappingNode {
			step = 2
			if len(v.Content)%2 != 0 {
				step = len(v.Content) + 1 // not a mapping that can be cut: whole
			}
		}
		n := lists.count(v)
		if !pieceable(v) || v.Anchor != "" || v.HeadComment != "" || v.LineComment != "" || v.FootComment != "" ||
			k.FootComment != "" || n <= 2*encodeSlice*step || i+2 >= len(root.Content) && root.FootComment != "" {
			pair.Content = []*yaml.Node{k, lists.complete(v)}
			if err := encodeWhole(buf, &pair); err != nil {
				return err
			}
			continue
		}
		for at := 0; at < n; at += encodeSlice * step {
			part := *v
			part.Content = lists.build(v, at, min(at+encodeSlice*step, n))
			if at == 0 {
				pair.Content = []*yaml.Node{k, &part}
				if err := encodeWhole(buf, &pair); err != nil {
					return err
				}
				continue
			}
			var piece bytes.Buffer
			stand := yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{{Kind: yaml.ScalarNode, Tag: "!!str", Value: "x"}, &part}}
			if err := encodeWhole(&piece, &stand); err != nil {
				return err
			}
			text, ok := bytes.CutPrefix(piece.Bytes(), []byte("x:\n"))
			if !ok {
				return fmt.Errorf("a slice of %q was not written as a block", k.Value)
			}
			buf.Write(text)
		}
	}
	return nil
}

// completeChildren returns root with the lists of lists among its
// entries given their items (a document encoded whole).
func completeChildren(root *yaml.Node, lists Deferred) *yaml.Node {
	if len(lists) == 0 {
		return root
	}
	r := *root
	r.Content = make([]*yaml.Node, len(root.Content))
	for i, c := range root.Content {
		r.Content[i] = lists.complete(c)
	}
	return &r
}

// pieceable reports whether n is a block mapping or list whose entries
// may be encoded apart (no alias to or from elsewhere is checked here:
// the writers make none).
func pieceable(n *yaml.Node) bool {
	if n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode || n.Style&yaml.FlowStyle != 0 {
		return false
	}
	return n.Tag == "" || n.Tag == "!!map" || n.Tag == "!!seq"
}
