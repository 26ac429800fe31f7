package planets

import (
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

// maxValues bounds, with twice the values written in the file, the
// number of values a document may expand to through aliases and merge
// keys (<<), so that a small file cannot make the reader build a huge
// tree. A file without aliases never reaches it, however large.
const maxValues = 100_000

// loader turns the YAML nodes of a document into Values the way PyYAML's
// loader does: YAML 1.1 resolution of plain scalars, merge keys (<<),
// aliases expanded. Positions of every value are recorded by path.
type loader struct {
	doc    *yamlx.Doc
	lines  *lines // where each line starts
	cols   columns
	budget int
	// written is the number of values written in the file.
	written int
	full    bool // the value budget was exhausted and reported
	// active holds the collections being built, to refuse an alias to a
	// collection from inside itself (PyYAML builds a recursive value the
	// game cannot use, or recurses forever on a merge).
	active map[*yaml.Node]bool
	// slices reads the long top-level lists and mappings of a document
	// parsed in slices (nil for a document parsed whole).
	slices *sliceReader
	// scalars are the values (not keys) read so far, shared.
	scalars scalarCache
}

// scalarCache shares the values of the scalars a map writes again and
// again (a planet's type, its def and res, route steps): the same text
// read as the same type gives one Value, whose payload is boxed once
// (a Value points to its payload, an allocation of its own). It keeps
// the first maxShared texts it sees.
type scalarCache map[string]Value

const maxShared = 4096

// share returns v, read from the text s, or the Value read earlier from
// the same text and of the same type.
func (c *scalarCache) share(v Value, s string) Value {
	t := v.Type()
	if t != Str && t != Float && t != Int || len(s) > 32 {
		return v
	}
	if *c == nil {
		*c = scalarCache{}
	}
	key := string(rune('0'+t)) + s
	if old, ok := (*c)[key]; ok {
		return old
	}
	if len(*c) < maxShared {
		(*c)[key] = v
	}
	return v
}

// parseAndLoad parses src and loads its top-level value.
func parseAndLoad(file string, src []byte) (Value, *yamlx.Doc, error) {
	d, err := yamlx.Parse(file, src)
	if err != nil {
		return Value{}, nil, err
	}
	v, err := loadDocument(d)
	return v, d, err
}

// loadDocument returns the top-level mapping of a parsed document as a
// Value.
func loadDocument(d *yamlx.Doc) (Value, error) {
	l := newLoader(d)
	l.checkSource()
	root := l.value(d.Root.Labeled("the document"))
	if err := d.Err(); err != nil {
		return Value{}, err
	}
	return root, nil
}

// newLoader returns a loader of d's values.
func newLoader(d *yamlx.Doc) *loader {
	written := countNodes(d.Root.N)
	l := &loader{doc: d, budget: 2*written + maxValues, active: map[*yaml.Node]bool{}}
	l.written = written
	l.lines = newLines(d.Src)
	l.cols.src = d.Src
	return l
}

// child returns the node c under parent with the given path.
func child(parent yamlx.Node, c *yaml.Node, path string) yamlx.Node {
	n := parent
	n.N = c
	n.Path = path
	n.What = path
	if path == "" {
		n.What = "the document"
	}
	return n
}

// setPos records the position of n's node under n's path.
func (l *loader) setPos(n yamlx.Node) {
	l.doc.SetPos(n.Path, n.Pos())
}

// spend takes one value from the budget; false once it is exhausted.
func (l *loader) spend(n yamlx.Node) bool {
	if l.budget > 0 {
		l.budget--
		return true
	}
	if !l.full {
		l.full = true
		n.Errorf(diag.CodeBadSize, "the document expands through aliases and merge keys (<<) to more than %d values (twice the %d values written, and %d); the reader stops here", 2*l.written+maxValues, l.written, maxValues)
	}
	return false
}

// enter marks the collection n as being built; false (and an error at
// the alias at) when it already is, that is when an alias refers to a
// collection from inside it.
func (l *loader) enter(n *yaml.Node, at yamlx.Node) bool {
	if n.Kind == yaml.ScalarNode {
		return true
	}
	if l.active[n] {
		at.Errorf(diag.CodeStructure, "an alias here refers to a list or mapping that contains it; the game cannot load a value that contains itself")
		return false
	}
	l.active[n] = true
	return true
}

// value builds the value of n (following an alias).
func (l *loader) value(n yamlx.Node) Value {
	l.setPos(n)
	at := n // where the value is written: the alias, if it is one
	if n.N.Kind == yaml.AliasNode {
		if n.N.Alias == nil {
			n.Errorf(diag.CodeYAMLSyntax, "unknown alias *%s", n.N.Value)
			return NullValue()
		}
		n.N = n.N.Alias
	}
	if !l.spend(at) || !l.enter(n.N, at) {
		return NullValue()
	}
	defer delete(l.active, n.N)
	if l.slices != nil && l.slices.lazy(n) {
		return l.slices.value(n)
	}
	switch n.N.Kind {
	case yaml.ScalarNode:
		v, _ := l.scalar(n)
		v = l.scalars.share(v, n.N.Value)
		return v
	case yaml.SequenceNode:
		if !l.collectionTag(n, "!!seq") {
			return NullValue()
		}
		items := make([]Value, 0, len(n.N.Content))
		for i, c := range n.N.Content {
			items = append(items, l.value(child(n, c, srcpos.Index(n.Path, i))))
		}
		return ListValue(items...)
	case yaml.MappingNode:
		if !l.collectionTag(n, "!!map") {
			return NullValue()
		}
		return MappingValue(l.mapping(n, n.Path, 0)...)
	}
	n.Errorf(diag.CodeYAMLSyntax, "unexpected YAML node")
	return NullValue()
}

// collectionTag checks the explicit tag of a list or mapping, if any.
func (l *loader) collectionTag(n yamlx.Node, want string) bool {
	if n.N.Style&yaml.TaggedStyle != 0 && n.N.ShortTag() != want {
		n.Errorf(diag.CodeYAMLSyntax, "the tag %s is not supported here (the game's YAML loader would not give a plain %s)", n.N.Tag, want)
		return false
	}
	return true
}

// scalar builds the value of a scalar node; false (and an error recorded
// at the node) when PyYAML cannot read it.
func (l *loader) scalar(n yamlx.Node) (Value, bool) {
	s := n.N.Value
	if !utf8.ValidString(s) {
		n.Errorf(diag.CodeBadText, "the text is not valid UTF-8 (an escape such as \\ud800 makes a broken character)")
		return NullValue(), false
	}
	tag := n.N.ShortTag()
	switch {
	case n.N.Style&yaml.TaggedStyle != 0:
		// An explicit standard tag: PyYAML builds the value from the text
		// whatever it looks like (!!float 1 is the real 1.0).
		if tag != tagStr && !supportedTag(tag) {
			n.Errorf(diag.CodeYAMLSyntax, "the tag %s is not supported; write the value without the tag", n.N.Tag)
			return NullValue(), false
		}
	case n.N.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		tag = tagStr
		if l.nonSpecificTag(n) {
			// PyYAML resolves a value tagged ! as if it were plain (and
			// Python's $ also matches before a final line break).
			tag = resolvePlain(s)
			if t := strings.TrimSuffix(s, "\n"); t != s && resolvePlain(t) != tagStr {
				n.Errorf(diag.CodeYAMLSyntax, "the tag ! on this value is not supported; remove the tag")
				return NullValue(), false
			}
		}
	default:
		tag = resolvePlain(s)
	}
	v, err := construct(tag, s)
	if err != nil {
		n.Errorf(diag.CodeYAMLSyntax, "%v", err)
		return NullValue(), false
	}
	if n.N.Style&yaml.TaggedStyle == 0 && tag != tagStr && tag != tagTimestamp {
		if c := canonical(v); c != s {
			l.doc.Map.Notes = append(l.doc.Map.Notes, srcpos.Note{Offset: l.offset(n.Pos()), Token: s, Canonical: c, What: n.Path})
		}
	}
	return v, true
}

func supportedTag(tag string) bool {
	switch tag {
	case tagNull, tagBool, tagInt, tagFloat, tagTimestamp:
		return true
	}
	return false
}

// nonSpecificTag reports whether n is written with the non-specific tag !
// (yaml.v3 drops it; PyYAML then resolves even a quoted value as if it were
// plain).
func (l *loader) nonSpecificTag(n yamlx.Node) bool {
	src := l.doc.Src
	off := l.offset(n.Pos())
	for i := 0; i < 2 && off < len(src); i++ {
		switch src[off] {
		case '!':
			return off+1 < len(src) && (src[off+1] == ' ' || src[off+1] == '\t' || src[off+1] == '\n' || src[off+1] == '\r')
		case '&':
			for off < len(src) && src[off] != ' ' && src[off] != '\t' && src[off] != '\n' && src[off] != '\r' {
				off++
			}
			for off < len(src) && (src[off] == ' ' || src[off] == '\t' || src[off] == '\n' || src[off] == '\r') {
				off++
			}
		default:
			return false
		}
	}
	return false
}

// pos returns the line and column of byte offset off, as yaml.v3 counts
// them.
func (l *loader) pos(off int) diag.Pos {
	line := l.lines.lineOf(off)
	return diag.Pos{Line: line + 1, Col: utf8.RuneCount(l.doc.Src[l.lines.start(line):min(off, len(l.doc.Src))]) + 1}
}

// offset returns the byte offset of a 1-based line and column (columns
// count characters).
func (l *loader) offset(p diag.Pos) int {
	if p.Line < 1 || p.Line > l.lines.count() {
		return 0
	}
	start, end := l.lines.span(p.Line - 1)
	return l.cols.offset(start, end, p.Col)
}

// entry is one key and value of a mapping being built.
type entry struct {
	key  Value
	hash string
	val  Value
}

// mapping builds the entries of the mapping n as PyYAML does: merge keys
// (<<) bring in the entries of other mappings, which the mapping's own
// entries override; a key written twice is an error (PyYAML would keep
// the last silently). Values are recorded under path.
func (l *loader) mapping(n yamlx.Node, path string, depth int) []Pair {
	content := n.N.Content
	var merged []entry
	own := make([]entry, 0, len(content)/2)
	seen := make(map[string]bool, len(content)/2)
	for i := 0; i+1 < len(content); i += 2 {
		kn := child(n, content[i], path)
		if kn.N.Kind == yaml.AliasNode && kn.N.Alias != nil {
			kn.N = kn.N.Alias
		}
		if isMergeKey(kn.N) {
			merged = append(merged, l.merge(child(n, content[i+1], path), path, depth)...)
			continue
		}
		key, ok := l.key(kn)
		if !ok {
			continue
		}
		p := srcpos.Field(path, key.Key())
		l.keyAndValuePos(p, content[i], content[i+1])
		h, hashable := hashKey(key)
		if hashable && seen[h] {
			child(n, content[i], p).Errorf(diag.CodeStructure, "the key '%s' appears twice in this mapping", key.Key())
			continue
		}
		if !hashable {
			h = "#" + p // NaN keys are all different
		}
		seen[h] = true
		own = append(own, entry{key: key, hash: h, val: l.value(child(n, content[i+1], p))})
	}
	if len(merged) == 0 {
		out := make([]Pair, len(own))
		for i, e := range own {
			out[i] = Pair{e.key, e.val}
		}
		return out
	}
	// A later entry overrides an earlier one with the same key, keeping
	// the earlier one's place (as a Python 3 dict does).
	var out []Pair
	at := map[string]int{}
	for _, e := range append(merged, own...) {
		if i, ok := at[e.hash]; ok {
			out[i].Value = e.val
			continue
		}
		at[e.hash] = len(out)
		out = append(out, Pair{e.key, e.val})
	}
	return out
}

// keyAndValuePos records the positions of the entry at path p, whose key
// and value nodes are k and v.
func (l *loader) keyAndValuePos(p string, k, v *yaml.Node) {
	// A value is located where it is written, as a schema-aware editor
	// marks it; a block mapping, list or text at its key.
	at := k
	if v.Kind == yaml.AliasNode || v.Style&yaml.FlowStyle != 0 ||
		v.Kind == yaml.ScalarNode && v.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
		at = v
	}
	l.doc.SetPos(p, diag.Pos{Line: at.Line, Col: at.Column})
	l.doc.SetPos(srcpos.Key(p), diag.Pos{Line: k.Line, Col: k.Column})
}

// merge returns the entries a merge key brings in: those of one mapping,
// or of a list of mappings where earlier mappings win.
func (l *loader) merge(n yamlx.Node, path string, depth int) []entry {
	if depth > 100 {
		n.Errorf(diag.CodeStructure, "merge keys (<<) nested too deeply")
		return nil
	}
	at := n // the alias, if it is one
	if n.N.Kind == yaml.AliasNode && n.N.Alias != nil {
		n.N = n.N.Alias
	}
	toEntries := func(m, at yamlx.Node) []entry {
		if !l.spend(at) || !l.enter(m.N, at) {
			return nil
		}
		defer delete(l.active, m.N)
		var es []entry
		for _, p := range l.mapping(m, path, depth+1) {
			h, ok := hashKey(p.Key)
			if !ok {
				h = "#nan" + srcpos.Field(path, p.Key.Key())
			}
			es = append(es, entry{key: p.Key, hash: h, val: p.Value})
		}
		return es
	}
	switch n.N.Kind {
	case yaml.MappingNode:
		return toEntries(n, at)
	case yaml.SequenceNode:
		var groups [][]entry
		for _, c := range n.N.Content {
			m := child(n, c, path)
			itemAt := m
			if m.N.Kind == yaml.AliasNode && m.N.Alias != nil {
				m.N = m.N.Alias
			}
			if m.N.Kind != yaml.MappingNode {
				m.Errorf(diag.CodeStructure, "a merge key (<<) takes mappings, found %s", describeNode(m.N))
				continue
			}
			groups = append(groups, toEntries(m, itemAt))
		}
		var out []entry
		for i := len(groups) - 1; i >= 0; i-- {
			out = append(out, groups[i]...)
		}
		return out
	}
	n.Errorf(diag.CodeStructure, "a merge key (<<) takes a mapping or a list of mappings, found %s", describeNode(n.N))
	return nil
}

// isMergeKey reports whether the key node is the merge key <<.
func isMergeKey(k *yaml.Node) bool {
	if k.Kind != yaml.ScalarNode || k.Value != "<<" {
		return false
	}
	if k.Style&yaml.TaggedStyle != 0 {
		return k.ShortTag() == tagMerge
	}
	return k.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0
}

// key builds a mapping key, which must be a scalar (a list or mapping
// cannot be a Python dictionary key). A plain = is the string "=".
func (l *loader) key(n yamlx.Node) (Value, bool) {
	if n.N.Kind != yaml.ScalarNode {
		n.Errorf(diag.CodeStructure, "a mapping key must be a single value, found %s", describeNode(n.N))
		return Value{}, false
	}
	if n.N.Style&yaml.TaggedStyle == 0 && n.N.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0 && n.N.Value == "=" {
		return StrValue("="), true
	}
	return l.scalar(n)
}

// describeNode says what kind of node n is, for messages.
func describeNode(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return "'" + n.Value + "'"
}

// countNodes counts the nodes written below n (an alias counts once, not
// what it stands for).
func countNodes(n *yaml.Node) int {
	count := 1
	stack := []*yaml.Node{n}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count += len(top.Content)
		stack = append(stack, top.Content...)
	}
	return count
}
