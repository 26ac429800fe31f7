package planets

import (
	"bytes"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

// A map of 60 000 planets and as many routes is 4 MB of YAML; parsed
// whole, it took 170× that (yaml.v3's nodes, the values PyYAML would
// build from them, the model). A document parsed by
// yamlx.ParseLazyMappings ("planets" cut into slices of entries, "routes"
// and other long lists into slices of items) is read a slice at a time
// instead: each planet and route is built into the model as its slice is
// read, and the slice let go. The slices are read only as the whole
// document would be read: whenever something in them needs the whole
// document to be read as PyYAML reads it — an anchor or alias, a merge
// key, block text, a tab anywhere, keys not aligned, a value the reader
// refuses, a key written twice, a key with '.' or '[' (its path would be
// ambiguous) — the document is read again parsed whole, so what the
// reader returns (values, problems, positions, notes) is always what the
// whole parse gives.

// sliceReader reads the long top-level lists and mappings of a document parsed
// in slices.
type sliceReader struct {
	l *loader
	// failed is set when a slice holds what only the whole document's
	// reading reads right.
	failed bool
}

// readSlices reads a document parsed in slices; false when it must be
// read whole instead.
func readSlices(d *yamlx.Doc, ours bool) (*Map, *srcpos.Map, error, bool) {
	if bytes.IndexByte(d.Src, '\t') >= 0 {
		return nil, nil, nil, false // tabs are checked over the whole text
	}
	l := newLoader(d)
	// Without aliases (a slice with one is read whole), no document
	// reaches the value budget.
	l.budget = 1 << 62
	s := &sliceReader{l: l}
	l.slices = s
	l.checkSource()
	if d.Failed() {
		return nil, nil, nil, false
	}
	root := l.value(d.Root.Labeled("the document"))
	if d.Failed() || s.failed {
		return nil, nil, nil, false
	}
	b := &builder{file: d.File, sm: d.Map}
	m := b.build(root, ours)
	// A note is placed by its offset in the text, which the map of a
	// document read in slices does not keep.
	if d.Failed() || s.failed || len(d.Map.Notes) > 0 {
		return nil, nil, nil, false
	}
	m, sm, err := b.finish(d, m)
	return m, sm, err, true
}

// lazy reports whether n is a list or mapping read a slice at a time.
func (s *sliceReader) lazy(n yamlx.Node) bool { return n.Lazy() }

// value returns the value of a lazy list or mapping: the planets and the
// routes are read when the builder ranges over them (Value.each), others
// now.
func (s *sliceReader) value(n yamlx.Node) Value {
	var each func(f func(Pair))
	var count int
	typ := List
	if e, ok := n.Entries(); ok {
		each, count, typ = func(f func(Pair)) { s.eachPair(n, e, f) }, e.Len(), Mapping
	} else {
		each, count = func(f func(Pair)) { s.eachItem(n, f) }, n.List().Len()
	}
	v := boxed(&collection{typ: typ, lazy: &lazyValues{count: count, each: each}})
	if n.Path == "planets" || n.Path == "routes" {
		return v
	}
	var items []Value
	var pairs []Pair
	v.each(func(p Pair) {
		if typ == List {
			items = append(items, p.Value)
		} else {
			pairs = append(pairs, p)
		}
	})
	if typ == List {
		return ListValue(items...)
	}
	return MappingValue(pairs...)
}

// eachItem calls f with each item of the lazy list n (as a Pair's value).
func (s *sliceReader) eachItem(n yamlx.Node, f func(Pair)) {
	n.List().Each(func(i int, it yamlx.Node) {
		if s.failed || !s.sliceable(it.N) {
			s.failed = true
			return
		}
		v := s.l.value(child(n, it.N, it.Path))
		if s.l.doc.Failed() {
			s.failed = true
			return
		}
		f(Pair{Value: v})
	})
}

// eachPair calls f with each entry of the lazy mapping n (entries e), as
// the whole reading's mapping builds them.
func (s *sliceReader) eachPair(n yamlx.Node, e yamlx.Entries, f func(Pair)) {
	l := s.l
	seen := map[uint64]bool{}
	e.Each(func(i int, k, v *yaml.Node, enter func(string)) {
		if s.failed || k.Column != n.N.Column || isMergeKey(k) || !s.sliceable(k) || !s.sliceable(v) {
			s.failed = true
			return
		}
		key, ok := l.key(child(n, k, n.Path))
		text := key.Key()
		if !ok || text == "" || strings.ContainsAny(text, ".[") {
			s.failed = true
			return
		}
		if h, ok := hashKey(key); ok {
			// A hash shared by two keys reads the document whole too.
			if seen[textHash(h)] {
				s.failed = true
				return
			}
			seen[textHash(h)] = true
		}
		p := srcpos.Field(n.Path, text)
		enter(p)
		l.keyAndValuePos(p, k, v)
		val := l.value(child(n, v, p))
		if l.doc.Failed() {
			s.failed = true
			return
		}
		f(Pair{Key: key, Value: val})
	})
}

// sliceable reports whether the node n of a slice (an item, or an
// entry's key or value) reads alike alone and in the whole document: no
// anchor or alias, no block text, no unquoted ':' or '?' inside [ ] or
// { }, the keys of its block mappings aligned.
func (s *sliceReader) sliceable(n *yaml.Node) bool {
	nodes, colon := sourceNodes(n)
	if colon != nil {
		return false
	}
	for _, c := range nodes {
		switch {
		case c.Anchor != "" || c.Kind == yaml.AliasNode:
			return false
		case c.Kind == yaml.ScalarNode && c.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
			return false
		case c.Kind == yaml.MappingNode && c.Style&yaml.FlowStyle == 0 && !s.l.keysAligned(c):
			return false
		}
	}
	return true
}

// textHash is the 64-bit FNV-1a hash of s.
func textHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
