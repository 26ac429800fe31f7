package yamlx

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync/atomic"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
)

// A document of long lists (an mbg scenario of 100 000 officers) would be
// held whole as yaml.v3's node tree, some 160 bytes a value however short
// the value. ParseLazy parses such a document in pieces instead: the
// document with its top-level block lists blanked out (the skeleton), and
// each list a slice of items at a time, each slice on its own, when a
// reader ranges over the list (List.Each); the slice's nodes are let go
// once read. Lines are shifted to the file's, columns are the file's
// (a slice is whole lines of the file), so a problem is placed as the
// whole document's parse places it.
//
// The pieces are found by lines: a top-level key alone on its line at
// column 0 ("officers:") whose next line that is not blank or a comment
// starts a block list ("  - "); the list runs while its lines are items
// at that indentation or lines indented more (blank lines and comments
// between them belong to the item above). That is the list's extent
// whenever every piece parses alone: a quoted scalar or a flow collection
// left open across an item's end makes its slice fail, and a list read
// otherwise by the whole parse leaves the skeleton without the key's
// empty value. Whenever a piece does not parse alone, holds an alias, or
// has another number of items than found, the document is read again
// parsed whole (Read), so a reader gets what the whole parse gives.

// pieceLimit is about the size of the slice of a list parsed at once (a
// variable for the tests).
var pieceLimit = 64 << 10

// lazyMin is the size of its lists from which a document is parsed in
// pieces (a variable for the tests, which read every document so).
var lazyMin = 256 << 10

// ReadInPieces makes ParseLazy read every document whose lists hold at
// least min bytes in pieces of about piece bytes, until the returned
// function is called: the tests of a reader built on it read short
// documents as it reads long ones. Not for concurrent use.
func ReadInPieces(min, piece int) (restore func()) {
	oldMin, oldPiece := lazyMin, pieceLimit
	lazyMin, pieceLimit = min, piece
	return func() { lazyMin, pieceLimit = oldMin, oldPiece }
}

// lazyList is a top-level list of a lazily parsed document: its items'
// text, in pieces of whole lines.
type lazyList struct {
	pieces []piece
	count  int // the items
	pos    *itemPositions
}

// piece is a slice of a list's items, or of a mapping's entries:
// src[start:end], from line line on.
type piece struct {
	start, end int
	line       int
	items      int
	mapping    bool // entries of a block mapping, not items of a list
	verified   bool // parsed on its own with the items expected
}

// region is the text of a top-level block list (or mapping) found by
// splitLists.
type region struct {
	mapping bool
	key     string
	keyLine int
	col     int // the column of the items' "-", from 1
	start   int // the first item's line
	end     int // just past its last line that is not blank or a comment
	line    int // the line of start
	pieces  []piece
	items   int
}

// ParseLazy parses src like Parse, but its long top-level lists are parsed
// a slice at a time when a reader ranges over them with List.Each, and let
// go after (see the comment at pieceLimit). A reader of such a document
// must be run through Read, which reads the document again parsed whole
// when a piece did not parse alone. When no list can be read so (a
// document in flow style, with aliases, with line breaks other than \n
// and \r\n), ParseLazy is Parse.
func ParseLazy(file string, src []byte) (*Doc, error) { return ParseLazyAs(file, src, Lazy{}) }

// ParseLazyMappings is ParseLazy that also parses the top-level block
// mappings of the given keys a slice of entries at a time, when a reader
// ranges over them with Node.Entries (a planets map's 60 000 planets).
// The entries of such a mapping are found by lines as a list's items are:
// the lines at the indentation of its first line that are not blank or a
// comment start an entry.
func ParseLazyMappings(file string, src []byte, keys ...string) (*Doc, error) {
	return ParseLazyAs(file, src, Lazy{Mappings: keys})
}

// Lazy says what ParseLazyAs reads otherwise than from the YAML parser's
// tree of the whole document, besides the long top-level lists.
type Lazy struct {
	// Mappings are the keys of the top-level block mappings read a slice
	// of entries at a time (see ParseLazyMappings).
	Mappings []string
	// Blocks are the keys of the top-level literal block scalars
	// ("key: |") read from the file's lines (see the comment at block):
	// a reader reads such a value with Node.Grid only.
	Blocks []string
}

// ParseLazyAs is ParseLazy that also reads what how names otherwise.
func ParseLazyAs(file string, src []byte, how Lazy) (*Doc, error) {
	regions := splitLists(src, how.Mappings)
	if sumRegions(regions) < lazyMin {
		regions = nil
	}
	blocks := findBlocks(src, how.Blocks)
	if len(regions) == 0 && len(blocks) == 0 {
		return parseWhole(file, src)
	}
	parses.Add(1)
	if err := precheck(file, src); err != nil {
		return nil, err
	}
	d := parseSkeleton(file, src, regions, blocks)
	if d == nil && len(regions) > 0 && len(blocks) > 0 {
		d = parseBlocks(file, src, blocks)
	}
	if d == nil {
		return parseWhole(file, src)
	}
	d.how = how
	return d, nil
}

// parseBlocks parses src with its lists whole, its blocks read from the
// lines (nil when the skeleton does not parse so).
func parseBlocks(file string, src []byte, blocks []block) *Doc {
	if f := wholeHook.Load(); f != nil {
		(*f)()
	}
	return parseSkeleton(file, src, nil, blocks)
}

// parseSkeleton parses src with the lines of regions and blocks blank
// (the skeleton), and returns the document that reads them from src; nil
// when the skeleton does not parse, or not with them where the lines put
// them (the document is then parsed otherwise).
func parseSkeleton(file string, src []byte, regions []region, blocks []block) *Doc {
	d, err := parseTreeAs(file, skeleton(src, regions, blocks), false)
	if err != nil || d.aliased && len(regions) > 0 {
		return nil
	}
	d.Src, d.Map = src, srcpos.New(src)
	if len(regions) > 0 {
		// The positions of a lazily read document are lines and columns
		// (no byte offsets), so its map does not keep the source: once
		// read, the text is let go with the items' nodes.
		d.Map = srcpos.New(nil)
	}
	d.Root = d.node(d.Root.N, "", "")
	root := d.Root.N
	for _, b := range blocks {
		v := blockValue(root, b)
		if v == nil {
			return nil
		}
		if d.blocks == nil {
			d.blocks = map[*yaml.Node]block{}
		}
		d.blocks[v] = b
	}
	if len(regions) > 0 {
		d.lazy = map[*yaml.Node]*lazyList{}
	}
	for _, r := range regions {
		v := emptyValue(root, r)
		if v == nil {
			return nil
		}
		*v = yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: r.line, Column: r.col}
		if r.mapping {
			*v = yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: r.line, Column: r.col}
		}
		d.lazy[v] = &lazyList{pieces: r.pieces, count: r.items}
	}
	return d
}

// SniffKind returns the kind a document's text gives on a line "kind: K"
// at column 0 in its first 64 KiB, K written plain ("" when there is
// none): a reader learns from it whether to parse lazily before parsing.
// It is a guess only (the kind is read from the parsed document).
func SniffKind(src []byte) string {
	head := src[:min(len(src), 64<<10)]
	for at := 0; at < len(head); {
		end := lineEnd(head, at)
		if v, ok := bytes.CutPrefix(head[at:end], []byte("kind:")); ok {
			v = bytes.TrimSpace(v)
			if i := bytes.Index(v, []byte(" #")); i >= 0 {
				v = bytes.TrimSpace(v[:i])
			}
			return string(v)
		}
		at = end
	}
	return ""
}

// emptyValue returns the value of r's key in the skeleton's top-level
// mapping, at the key's line, when it is the empty value its blanked
// lines leave (nil otherwise: the list is not what the lines suggested).
func emptyValue(root *yaml.Node, r region) *yaml.Node {
	c := root.Content
	for i := 0; i+1 < len(c); i += 2 {
		k, v := c[i], c[i+1]
		if k.Line != r.keyLine || k.Column != 1 {
			continue
		}
		if k.Kind != yaml.ScalarNode || k.Value != r.key || k.Style != 0 || k.Tag != "!!str" {
			return nil
		}
		// An empty value is placed on its key's line; a value after the
		// blanked lines (a lone tag "!") is elsewhere.
		if v.Kind != yaml.ScalarNode || v.Tag != "!!null" || v.Value != "" || v.Style != 0 || v.Anchor != "" || v.Line != r.keyLine {
			return nil
		}
		return v
	}
	return nil
}

// Read runs read on d. When d was parsed lazily and one of its pieces
// does not parse alone (read may not have ranged over all of them; they
// are parsed now), the document is parsed whole and read again, so that
// what Read returns is what read returns on the whole document: its
// syntax errors, placed as Parse places them.
func Read[T any](d *Doc, read func(*Doc) (T, *srcpos.Map, error)) (T, *srcpos.Map, error) {
	v, sm, err := read(d)
	if d.lazy == nil || d.verify() {
		return v, sm, err
	}
	whole, perr := d.withLists()
	if perr != nil {
		var zero T
		return zero, nil, perr
	}
	return read(whole)
}

// Whole returns the document parsed whole: d itself unless it was parsed
// lazily (for a reader that takes the node tree as it is). A reader that
// reads the whole document instead of d is what Read returns: Read does
// not read d again.
func (d *Doc) Whole() (*Doc, error) {
	if d.lazy == nil && d.blocks == nil {
		return d, nil
	}
	d.lazy = nil
	return parseWhole(d.File, d.Src)
}

// withLists returns the document parsed with its lists whole: its blocks
// still read from the lines when it had some and the skeleton parses so,
// else parsed whole.
func (d *Doc) withLists() (*Doc, error) {
	if d.blocks != nil {
		if blocks := findBlocks(d.Src, d.how.Blocks); len(blocks) > 0 {
			if whole := parseBlocks(d.File, d.Src, blocks); whole != nil {
				whole.how = d.how
				return whole, nil
			}
		}
	}
	return parseWhole(d.File, d.Src)
}

// WithoutBlocks returns the document with its blocks (Lazy.Blocks) read
// by the YAML parser, as any other value: d itself when it has none. A
// reader that is not the one the blocks were cut for (the kind the text
// seemed to name is not the document's) reads that.
func (d *Doc) WithoutBlocks() (*Doc, error) {
	if d.blocks == nil {
		return d, nil
	}
	return ParseLazyAs(d.File, d.Src, Lazy{Mappings: d.how.Mappings})
}

// Lazy reports whether some of d's lists or mappings are read a slice
// at a time (ParseLazy found long ones).
func (d *Doc) Lazy() bool { return d.lazy != nil }

// SetPos records the position of path, as reading a node there does:
// inside the item of a lazy list or the entry of a lazy mapping being
// read, compactly with the item's positions.
func (d *Doc) SetPos(path string, pos diag.Pos) {
	if r := d.item; r != nil && under(path, r.prefix) {
		r.add(path[len(r.prefix):], pos)
	} else {
		d.Map.SetPos(path, pos)
	}
}

// wholeHook is called (once set by OnWholeParse) before a document that
// was to be read in pieces is parsed whole.
var wholeHook atomic.Pointer[func()]

// OnWholeParse has f called before a document given to ParseLazy is
// parsed whole after all (written otherwise than its pieces need, a
// syntax error to place, a piece that does not parse alone), until the
// returned function is called: a command that bounded its heap by the
// file's size, as reading in pieces allows, lifts the bound then (the
// whole parse keeps some 40× the file, and locating a syntax error parses
// the file many times; under a tight bound the collector would run
// without end).
func OnWholeParse(f func()) (restore func()) {
	wholeHook.Store(&f)
	return func() { wholeHook.Store(nil) }
}

// parseWhole is Parse for a document that was to be read in pieces.
func parseWhole(file string, src []byte) (*Doc, error) {
	if f := wholeHook.Load(); f != nil {
		(*f)()
	}
	return Parse(file, src)
}

// verify parses the pieces not parsed yet and reports whether every piece
// parsed alone.
func (d *Doc) verify() bool {
	for _, l := range d.lazy {
		for k := range l.pieces {
			if d.broken {
				return false
			}
			if !l.pieces[k].verified {
				d.parsePiece(&l.pieces[k])
			}
		}
	}
	return !d.broken
}

// parsePiece parses p on its own and returns its items, their lines
// shifted to the file's; nil when it does not parse alone or not as the
// items expected (the document is then broken: read it whole).
func (d *Doc) parsePiece(p *piece) []*yaml.Node {
	if d.broken {
		return nil
	}
	items, err := pieceItems(d.Src[p.start:p.end], p.line-1, p.items, p.mapping)
	if err != nil {
		d.broken = true
		return nil
	}
	p.verified = true
	return items
}

// pieceItems parses text, the items of a block list, and returns them
// with shift added to their lines; an error when text is not one
// document holding a block list of n items without aliases. For the
// entries of a mapping (mapping), it returns their keys and values, in
// turn, from a block mapping of n entries.
func pieceItems(text []byte, shift, n int, mapping bool) ([]*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(text))
	var top yaml.Node
	if err := dec.Decode(&top); err != nil {
		return nil, err
	}
	var next yaml.Node
	if err := dec.Decode(&next); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("more than one document")
	}
	if len(top.Content) != 1 {
		return nil, fmt.Errorf("not one list")
	}
	seq := top.Content[0]
	if mapping {
		if seq.Kind != yaml.MappingNode || seq.Style&yaml.FlowStyle != 0 || seq.Tag != "!!map" || seq.Anchor != "" || len(seq.Content) != 2*n {
			return nil, fmt.Errorf("not a block mapping of %d entries", n)
		}
	} else if seq.Kind != yaml.SequenceNode || seq.Style&yaml.FlowStyle != 0 || seq.Tag != "!!seq" || seq.Anchor != "" || len(seq.Content) != n {
		return nil, fmt.Errorf("not a block list of %d items", n)
	}
	if !shiftLines(seq, shift) {
		return nil, fmt.Errorf("an alias")
	}
	return seq.Content, nil
}

// shiftLines adds shift to the line of n and every node under it; false
// when one is an alias.
func shiftLines(n *yaml.Node, shift int) bool {
	if n.Kind == yaml.AliasNode {
		return false
	}
	n.Line += shift
	for _, c := range n.Content {
		if !shiftLines(c, shift) {
			return false
		}
	}
	return true
}

// skeleton returns src with the lines of every region blank (a line
// break each) and those of every block blank but for their indentation
// (blankLines), so that it parses to src's tree but for the regions'
// lists, which are left empty, and the blocks, empty too, at the same
// lines and columns. The regions and the blocks are each in file order
// and do not overlap (a block's key has a value on its line; a region's
// has none).
func skeleton(src []byte, regions []region, blocks []block) []byte {
	var b bytes.Buffer
	size := len(src) - sumRegions(regions)
	for _, k := range blocks {
		size -= k.end - k.start
	}
	b.Grow(size)
	at := 0
	for len(regions) > 0 || len(blocks) > 0 {
		if len(blocks) == 0 || len(regions) > 0 && regions[0].start < blocks[0].start {
			r := regions[0]
			regions = regions[1:]
			b.Write(src[at:r.start])
			b.Write(bytes.Repeat([]byte{'\n'}, bytes.Count(src[r.start:r.end], []byte{'\n'})))
			at = r.end
			continue
		}
		k := blocks[0]
		blocks = blocks[1:]
		b.Write(src[at:k.start])
		k.blankLines(&b, src)
		at = k.end
	}
	b.Write(src[at:])
	return b.Bytes()
}

func sumRegions(regions []region) int {
	n := 0
	for _, r := range regions {
		n += r.end - r.start
	}
	return n
}

// splitLists finds the top-level block lists of src (see the comment at
// pieceLimit) and cuts each into pieces of whole items; none when src has
// a line break yaml.v3 counts that \n does not (a lone \r, U+0085, U+2028,
// U+2029), as lines would then be numbered otherwise.
//
// The keys of mappings name the top-level block mappings cut so too.
func splitLists(src []byte, mappings []string) []region {
	if otherBreaks(src) {
		return nil
	}
	var out []region
	line := 1
	for at := 0; at < len(src); {
		end := lineEnd(src, at)
		key, ok := keyAlone(src[at:end])
		if !ok {
			at, line = end, line+1
			continue
		}
		var r region
		if slices.Contains(mappings, key) {
			r, ok = mappingAfter(src, end, line+1)
		} else {
			r, ok = listAfter(src, end, line+1)
		}
		if !ok {
			at, line = end, line+1
			continue
		}
		r.key, r.keyLine = key, line
		out = append(out, r)
		line += 1 + bytes.Count(src[end:r.end], []byte{'\n'})
		at = r.end
	}
	return out
}

// otherBreaks reports whether src holds a line break other than \n and
// \r\n.
func otherBreaks(src []byte) bool {
	for i, c := range src {
		switch {
		case c == '\r' && (i+1 >= len(src) || src[i+1] != '\n'):
			return true
		case c == 0xc2 && i+1 < len(src) && src[i+1] == 0x85:
			return true
		case c == 0xe2 && i+2 < len(src) && src[i+1] == 0x80 && (src[i+2] == 0xa8 || src[i+2] == 0xa9):
			return true
		}
	}
	return false
}

// lineEnd returns the offset just past the line starting at at.
func lineEnd(src []byte, at int) int {
	if i := bytes.IndexByte(src[at:], '\n'); i >= 0 {
		return at + i + 1
	}
	return len(src)
}

// keyAlone returns the key of a line "key:" at column 0 with nothing
// after the colon but spaces and a comment; the key is a plain word of
// letters, digits and underscores.
func keyAlone(line []byte) (string, bool) {
	i := 0
	for i < len(line) && (line[i] == '_' || line[i] >= 'a' && line[i] <= 'z' || line[i] >= 'A' && line[i] <= 'Z' || i > 0 && line[i] >= '0' && line[i] <= '9') {
		i++
	}
	if i == 0 || i >= len(line) || line[i] != ':' {
		return "", false
	}
	rest := bytes.TrimRight(line[i+1:], "\r\n")
	if len(rest) > 0 && rest[0] != ' ' && rest[0] != '\t' {
		return "", false // "key:x" is a scalar, not a key
	}
	if rest = bytes.TrimLeft(rest, " \t"); len(rest) > 0 && rest[0] != '#' {
		return "", false
	}
	return string(line[:i]), true
}

// listAfter finds the block list that starts at the first line from at
// (line number line) that is not blank or a comment, and cuts it into
// pieces.
func listAfter(src []byte, at, line int) (region, bool) {
	for at < len(src) {
		end := lineEnd(src, at)
		if _, blank := indentOf(src[at:end]); !blank {
			break
		}
		at, line = end, line+1
	}
	if at >= len(src) {
		return region{}, false
	}
	n, _ := indentOf(src[at:lineEnd(src, at)])
	if !itemStart(src[at:], n) {
		return region{}, false
	}
	r := region{col: n + 1, start: at, line: line}
	cur := piece{start: at, line: line}
	for at < len(src) {
		end := lineEnd(src, at)
		ind, blank := indentOf(src[at:end])
		switch {
		case blank:
		case ind == n && itemStart(src[at:], n):
			if cur.items > 0 && at-cur.start >= pieceLimit {
				cur.end = at
				r.pieces = append(r.pieces, cur)
				cur = piece{start: at, line: line}
			}
			cur.items++
			r.items++
			r.end = end
		case ind > n:
			r.end = end
		default:
			at = len(src) // the list ends here
			continue
		}
		at, line = end, line+1
	}
	// The last piece ends with the list's last line that is not blank or
	// a comment; the lines after stay in the skeleton.
	cur.end = r.end
	r.pieces = append(r.pieces, cur)
	return r, true
}

// mappingAfter finds the block mapping that starts at the first line
// from at (line number line) that is not blank or a comment, indented,
// and cuts it into pieces of whole entries: the lines at that indentation
// start entries, the lines indented more continue them.
func mappingAfter(src []byte, at, line int) (region, bool) {
	for at < len(src) {
		end := lineEnd(src, at)
		if _, blank := indentOf(src[at:end]); !blank {
			break
		}
		at, line = end, line+1
	}
	if at >= len(src) {
		return region{}, false
	}
	n, _ := indentOf(src[at:lineEnd(src, at)])
	if n == 0 || itemStart(src[at:], n) {
		return region{}, false
	}
	r := region{mapping: true, col: n + 1, start: at, line: line}
	cur := piece{start: at, line: line, mapping: true}
	for at < len(src) {
		end := lineEnd(src, at)
		ind, blank := indentOf(src[at:end])
		switch {
		case blank:
		case ind == n:
			if cur.items > 0 && at-cur.start >= pieceLimit {
				cur.end = at
				r.pieces = append(r.pieces, cur)
				cur = piece{start: at, line: line, mapping: true}
			}
			cur.items++
			r.items++
			r.end = end
		case ind > n:
			r.end = end
		default:
			at = len(src) // the mapping ends here
			continue
		}
		at, line = end, line+1
	}
	cur.end = r.end
	r.pieces = append(r.pieces, cur)
	return r, true
}

// indentOf returns the number of spaces that start line, and whether the
// line is blank or only a comment.
func indentOf(line []byte) (int, bool) {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	rest := bytes.TrimLeft(line[n:], " \t")
	blank := len(rest) == 0 || rest[0] == '\n' || rest[0] == '#' || rest[0] == '\r' && (len(rest) == 1 || rest[1] == '\n')
	return n, blank
}

// itemStart reports whether s starts with n spaces and a block list's
// "-" (followed by a space, a tab or the end of the line).
func itemStart(s []byte, n int) bool {
	if len(s) <= n || s[n] != '-' {
		return false
	}
	if len(s) == n+1 {
		return true
	}
	switch s[n+1] {
	case ' ', '\t', '\n', '\r':
		return true
	}
	return false
}
