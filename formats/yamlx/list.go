package yamlx

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
)

// List is a list being read item by item (Node.List).
type List struct {
	n    Node
	lazy *lazyList
	ok   bool // n is a list (or null: no items)
}

// List returns n as a list to range over with Each; null counts as an
// empty list, anything else is reported (once, now) and has no items.
func (n Node) List() List {
	if n.IsNull() {
		return List{n: n}
	}
	if n.N.Kind != yaml.SequenceNode {
		n.Errorf(diag.CodeStructure, "must be a list, found %s", n.found())
		return List{n: n}
	}
	return List{n: n, lazy: n.d.lazy[n.N], ok: true}
}

// Len returns the number of items.
func (l List) Len() int {
	switch {
	case !l.ok:
		return 0
	case l.lazy != nil:
		return l.lazy.count
	}
	return len(l.n.N.Content)
}

// Each calls f with each item in order, labelled and located as Items
// labels and locates them. The items of a long list of a document parsed
// by ParseLazy are parsed a slice at a time and let go when f returns, so
// f must not keep them; the positions of what f read stay (compactly).
// Each may be called again, to read the list once more.
func (l List) Each(f func(i int, it Node)) {
	if !l.ok {
		return
	}
	n := l.n
	if l.lazy == nil {
		for i, c := range n.N.Content {
			f(i, n.d.node(c, srcpos.Index(n.Path, i), fmt.Sprintf("%s[%d]", n.What, i)))
		}
		return
	}
	d, lz := n.d, l.lazy
	if lz.pos == nil {
		lz.pos = &itemPositions{rests: map[string]uint32{}}
		d.Map.SetItems(n.Path, lz.pos.locate)
	}
	pass := lz.pos.newPass(lz.count)
	outer := d.item
	defer func() { d.item = outer }()
	i := 0
	for k := range lz.pieces {
		items := d.parsePiece(&lz.pieces[k])
		if items == nil {
			return // broken: Read reads the whole document again
		}
		for _, c := range items {
			d.item = &itemRecorder{prefix: srcpos.Index(n.Path, i), pos: lz.pos, pass: pass}
			pass.begin(i)
			f(i, d.node(c, srcpos.Index(n.Path, i), fmt.Sprintf("%s[%d]", n.What, i)))
			i++
		}
	}
	pass.begin(lz.count)
}

// itemPositions keeps the positions of what was read in the items of a
// lazy list, by the rest of their path after the item ("", ".name",
// ".garrison[2]"), a few bytes each instead of a path string and a map
// entry. Each ranging over the list (a pass) records in its own stream;
// the first position recorded for a path is the one that counts, as in
// srcpos.Map.
type itemPositions struct {
	rests  map[string]uint32 // rest of path → its number
	passes []*itemPass
}

// itemPass is the positions recorded by one Each: item i's entries are
// bytes start[i] to start[i+1] of data, each the rest's number, the line
// (from the entry before, zig-zag) and the column, as varints.
type itemPass struct {
	start []uint32
	data  chunks
	line  int // the line of the entry before in this item
}

func (p *itemPositions) newPass(items int) *itemPass {
	pass := &itemPass{start: make([]uint32, 0, items+1)}
	p.passes = append(p.passes, pass)
	return pass
}

// begin starts the entries of item i (i = the count ends the last one).
func (pass *itemPass) begin(i int) {
	for len(pass.start) <= i {
		pass.start = append(pass.start, uint32(pass.data.n))
	}
	pass.line = 0
}

// chunks is a growing run of bytes kept in blocks of chunkSize (the
// first one grows to it), so that growing it never copies what it holds
// nor keeps a block twice: a map's planets record some 15 MB of
// positions, which a slice grown by doubling held twice at times.
type chunks struct {
	blocks [][]byte
	n      int // the bytes written
}

const chunkSize = 64 << 10

// write appends p.
func (c *chunks) write(p []byte) {
	for len(p) > 0 {
		k := len(c.blocks) - 1
		if k < 0 || len(c.blocks[k]) == chunkSize {
			size := chunkSize
			if k < 0 {
				size = 1 << 10
			}
			c.blocks = append(c.blocks, make([]byte, 0, size))
			k++
		}
		b := c.blocks[k]
		if len(b) == cap(b) {
			grown := make([]byte, len(b), min(2*cap(b), chunkSize))
			copy(grown, b)
			b = grown
		}
		m := copy(b[len(b):cap(b)], p)
		c.blocks[k] = b[:len(b)+m]
		c.n += m
		p = p[m:]
	}
}

// slice returns bytes from to to of c, copied into *buf when they span
// two blocks.
func (c *chunks) slice(from, to int, buf *[]byte) []byte {
	if from >= to {
		return nil
	}
	if k := from / chunkSize; k == (to-1)/chunkSize {
		return c.blocks[k][from%chunkSize : to-k*chunkSize]
	}
	*buf = (*buf)[:0]
	for off := from; off < to; {
		b := c.blocks[off/chunkSize]
		end := min(len(b), to-off/chunkSize*chunkSize)
		*buf = append(*buf, b[off%chunkSize:end]...)
		off += end - off%chunkSize
	}
	return *buf
}

// itemRecorder records the positions under one item of a lazy list.
type itemRecorder struct {
	prefix string // the item's path
	pos    *itemPositions
	pass   *itemPass
	// done lists the rests recorded in the item (the first position
	// recorded for a path is the one that counts).
	done []uint32
}

func (r *itemRecorder) add(rest string, at diag.Pos) {
	id, ok := r.pos.rests[rest]
	if !ok {
		id = uint32(len(r.pos.rests))
		r.pos.rests[rest] = id
	}
	if slices.Contains(r.done, id) {
		return
	}
	r.done = append(r.done, id)
	pass := r.pass
	var buf [3 * binary.MaxVarintLen64]byte
	b := binary.AppendUvarint(buf[:0], uint64(id))
	b = binary.AppendVarint(b, int64(at.Line-pass.line))
	b = binary.AppendUvarint(b, uint64(at.Col))
	pass.data.write(b)
	pass.line = at.Line
}

// locate is the srcpos.ItemFunc of the list: the position first recorded
// for rest in item i, or the zero Pos.
func (p *itemPositions) locate(i int, rest string) diag.Pos {
	id, ok := p.rests[rest]
	if !ok {
		return diag.Pos{}
	}
	var buf []byte
	for _, pass := range p.passes {
		if i+1 >= len(pass.start) {
			continue
		}
		data := pass.data.slice(int(pass.start[i]), int(pass.start[i+1]), &buf)
		line := 0
		for len(data) > 0 {
			e, n1 := binary.Uvarint(data)
			dl, n2 := binary.Varint(data[n1:])
			col, n3 := binary.Uvarint(data[n1+n2:])
			data = data[n1+n2+n3:]
			line += int(dl)
			if uint32(e) == id {
				return diag.Pos{Line: line, Col: int(col)}
			}
		}
	}
	return diag.Pos{}
}

// Entries is a mapping being read entry by entry (Node.Entries).
type Entries struct {
	n    Node
	lazy *lazyList
}

// Entries returns n as a mapping to range over with Each; false when n is
// not a mapping.
func (n Node) Entries() (Entries, bool) {
	if n.N.Kind != yaml.MappingNode {
		return Entries{}, false
	}
	return Entries{n: n, lazy: n.d.lazy[n.N]}, true
}

// Len returns the number of entries.
func (e Entries) Len() int {
	if e.lazy != nil {
		return e.lazy.count
	}
	return len(e.n.N.Content) / 2
}

// Each calls f with each entry's key and value nodes in order. The
// entries of a long mapping of a document parsed by ParseLazyMappings are
// parsed a slice at a time and let go when f returns, so f must not keep
// them. f calls enter with the entry's path (the mapping's path, a dot
// and the key as the reader names it) before it records positions in it
// (Doc.SetPos): they are then kept compactly, and Map.Locate finds them
// by the key. Each may be called once.
func (e Entries) Each(f func(i int, key, value *yaml.Node, enter func(path string))) {
	n := e.n
	if e.lazy == nil {
		c := n.N.Content
		for i := 0; i+1 < len(c); i += 2 {
			f(i/2, c[i], c[i+1], func(string) {})
		}
		return
	}
	d, lz := n.d, e.lazy
	pos := &itemPositions{rests: map[string]uint32{}}
	// The entries by the hash of their keys (sorted when read: a slice
	// takes a third of a hash map's memory).
	keys := make([]entryKey, 0, lz.count)
	d.Map.SetEntries(n.Path, func(rest string) diag.Pos {
		// The key is the longest start of rest that ends before a '.'
		// or a '[' (or at its end) and names an entry that knows the
		// rest.
		for j := len(rest); j >= 0; j-- {
			if j < len(rest) && rest[j] != '.' && rest[j] != '[' {
				continue
			}
			h := hashText(rest[:j])
			k, found := slices.BinarySearchFunc(keys, h, func(e entryKey, h uint64) int { return cmp.Compare(e.hash, h) })
			if found {
				if p := pos.locate(int(keys[k].i), rest[j:]); p.Known() {
					return p
				}
			}
		}
		return diag.Pos{}
	})
	pass := pos.newPass(lz.count)
	outer := d.item
	defer func() { d.item = outer }()
	prefix := n.Path + "."
	i := 0
	for k := range lz.pieces {
		c := d.parsePiece(&lz.pieces[k])
		if c == nil {
			return // broken: Read reads the whole document again
		}
		for j := 0; j+1 < len(c); j += 2 {
			d.item = nil
			pass.begin(i)
			f(i, c[j], c[j+1], func(path string) {
				if key, ok := strings.CutPrefix(path, prefix); ok {
					keys = append(keys, entryKey{hashText(key), uint32(i)})
				}
				d.item = &itemRecorder{prefix: path, pos: pos, pass: pass}
			})
			i++
		}
	}
	d.item = nil
	pass.begin(lz.count)
	// The first entry of a key is the one that counts (a key written
	// twice is an error of the reader's).
	slices.SortStableFunc(keys, func(a, b entryKey) int { return cmp.Compare(a.hash, b.hash) })
	keys = slices.CompactFunc(keys, func(a, b entryKey) bool { return a.hash == b.hash })
}

// entryKey is an entry of a lazy mapping by the hash of its key.
type entryKey struct {
	hash uint64
	i    uint32
}

// hashText is the 64-bit FNV-1a hash of s.
func hashText(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// Lazy reports whether n is a long list or mapping of a document parsed
// in slices, whose items or entries are parsed when ranged over (List.Each,
// Entries.Each); its node has none of them.
func (n Node) Lazy() bool { return n.d.lazy[n.N] != nil }
