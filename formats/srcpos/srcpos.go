// Package srcpos records where the items of a document are in the file it was
// read from, so that diagnostics produced later (by validation, say) can name
// a line and column in whatever file the user gave: a legacy token file or a
// YAML document.
//
// Items are named by document paths in the style "cities[2].garrison[0]":
// the same paths for a legacy file and for its YAML form.
package srcpos

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/diag"
)

// Lines turns byte offsets into line/column positions. Columns count
// characters (runes), as editors do.
type Lines struct {
	src    []byte
	starts []int // byte offset of each line start; built on first use
}

// NewLines indexes src.
func NewLines(src []byte) *Lines { return &Lines{src: src} }

// Src returns the indexed source.
func (l *Lines) Src() []byte { return l.src }

// Pos returns the position of byte offset off (clamped to the source).
func (l *Lines) Pos(off int) diag.Pos {
	if l.starts == nil {
		l.starts = []int{0}
		for i := 0; ; {
			n := bytes.IndexByte(l.src[i:], '\n')
			if n < 0 {
				break
			}
			i += n + 1
			l.starts = append(l.starts, i)
		}
	}
	off = max(0, min(off, len(l.src)))
	line := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	col := utf8.RuneCount(l.src[l.starts[line]:off]) + 1
	return diag.Pos{Line: line + 1, Col: col}
}

// CellFunc locates cell (row, col) of a grid.
type CellFunc func(row, col int) diag.Pos

// Note is a value the game reads differently from how it looks, or written
// in a form Shapan never produces (say the integer 010, which the game reads
// as octal 8); validation reports notes as warnings.
type Note struct {
	Offset    int    // byte offset of the token
	Token     string // as written
	Canonical string // how Shapan writes the same value
	What      string // the field, as in error messages
}

// ItemFunc locates the path rest (".speed", ".techs[2]", "" for the item
// itself) inside item i of a list; it returns the zero Pos for a path it
// does not know.
type ItemFunc func(i int, rest string) diag.Pos

// Map records positions of document paths. The zero value is not usable;
// create one with New.
type Map struct {
	// Notes lists the non-canonical values found while reading.
	Notes []Note
	// Warnings lists what the reader changed on the way in that the person
	// must hear of (an object of a Tiled map dropped because the grid
	// painted under it no longer makes it); shapan check and convert
	// report them.
	Warnings diag.List
	lines    *Lines
	// offsets and pos are keyed by the hash of the path (pathKey), not
	// the path: a reader records one for every value of a document, and a
	// path string with its map entry took some 80 bytes a value (a 4 MB
	// map of 60 000 planets recorded a million of them).
	offsets map[uint64]int
	pos     map[uint64]packedPos
	grids   map[string]CellFunc
	items   map[string]ItemFunc
	entries map[string]EntryFunc
}

// EntryFunc locates the path rest ("A.def", "A" for an entry itself)
// inside the entries of a mapping, the entry named by the start of rest;
// it returns the zero Pos for a path it does not know.
type EntryFunc func(rest string) diag.Pos

// New returns an empty map for the file whose content is src.
func New(src []byte) *Map { return NewOver(NewLines(src)) }

// NewOver returns an empty map for the source lines indexes, sharing the
// index (a reader locating a few values again needs no index of its own).
func NewOver(lines *Lines) *Map {
	return &Map{lines: lines, offsets: map[uint64]int{}, pos: map[uint64]packedPos{},
		grids: map[string]CellFunc{}, items: map[string]ItemFunc{}, entries: map[string]EntryFunc{}}
}

// Lines returns the line index of the source.
func (m *Map) Lines() *Lines { return m.lines }

// SetOffset records that path starts at byte offset off.
func (m *Map) SetOffset(path string, off int) {
	k := pathKey(path)
	if _, ok := m.offsets[k]; !ok {
		m.offsets[k] = off
	}
}

// SetPos records the position of path.
func (m *Map) SetPos(path string, p diag.Pos) {
	k := pathKey(path)
	if _, ok := m.pos[k]; !ok {
		m.pos[k] = pack(p)
	}
}

// packedPos is a line and a column in one word.
type packedPos uint64

func pack(p diag.Pos) packedPos {
	return packedPos(uint64(uint32(p.Line))<<32 | uint64(uint32(p.Col)))
}

func (p packedPos) unpack() diag.Pos {
	return diag.Pos{Line: int(int32(p >> 32)), Col: int(int32(uint32(p)))}
}

// pathKey is the 64-bit FNV-1a hash of path. Two paths of one document
// share a hash with a chance of about n²/2⁶⁵ for n paths (under one in
// 10⁵ for ten million): a position, never a value, would then be the
// other path's.
func pathKey(path string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(path); i++ {
		h ^= uint64(path[i])
		h *= 1099511628211
	}
	return h
}

// SetGrid records how to find the cells of the grid at path: the paths
// path[row][col] are resolved with cell.
func (m *Map) SetGrid(path string, cell CellFunc) { m.grids[path] = cell }

// SetItems records how to find what lies inside the items of the list at
// path: the paths path[i]… are resolved with item when it knows them, so
// that a reader of thousands of items need not record each field.
func (m *Map) SetItems(path string, item ItemFunc) { m.items[path] = item }

// SetEntries records how to find what lies inside the entries of the
// mapping at path: the paths path.key… are resolved with entry when it
// knows them, so that a reader of thousands of entries need not record
// each field.
func (m *Map) SetEntries(path string, entry EntryFunc) { m.entries[path] = entry }

// Locate returns the position of path or, failing that, of the nearest
// enclosing path that was recorded. A nil Map locates nothing.
func (m *Map) Locate(path string) diag.Pos {
	if m == nil {
		return diag.Pos{}
	}
	for p := path; ; {
		k := pathKey(p)
		if pos, ok := m.pos[k]; ok {
			return pos.unpack()
		}
		if off, ok := m.offsets[k]; ok {
			return m.lines.Pos(off)
		}
		if pos, ok := m.locateCell(p); ok {
			return pos
		}
		if pos := m.locateItem(p); pos.Known() {
			return pos
		}
		if pos := m.locateEntry(p); pos.Known() {
			return pos
		}
		if p == "" {
			return diag.Pos{}
		}
		p = Parent(p)
	}
}

func (m *Map) locateCell(p string) (diag.Pos, bool) {
	if len(m.grids) == 0 || !strings.HasSuffix(p, "]") {
		return diag.Pos{}, false
	}
	// p must be grid[row][col]
	i := strings.LastIndexByte(p, '[')
	if i < 0 {
		return diag.Pos{}, false
	}
	col, err := strconv.Atoi(p[i+1 : len(p)-1])
	if err != nil {
		return diag.Pos{}, false
	}
	head := p[:i]
	j := strings.LastIndexByte(head, '[')
	if j < 0 || !strings.HasSuffix(head, "]") {
		return diag.Pos{}, false
	}
	row, err := strconv.Atoi(head[j+1 : len(head)-1])
	if err != nil {
		return diag.Pos{}, false
	}
	cell, ok := m.grids[head[:j]]
	if !ok {
		return diag.Pos{}, false
	}
	pos := cell(row, col)
	return pos, pos.Known()
}

// locateItem resolves p = list[i]rest with the ItemFunc of list. When
// lists nest (cities[2].garrison inside cities), the innermost list that
// knows the place answers, whatever the order of the map.
func (m *Map) locateItem(p string) diag.Pos {
	best, bestLen := diag.Pos{}, -1
	for list, item := range m.items {
		if len(list) <= bestLen {
			continue
		}
		head, ok := strings.CutPrefix(p, list+"[")
		if !ok {
			continue
		}
		end := strings.IndexByte(head, ']')
		if end < 0 {
			continue
		}
		if i, err := strconv.Atoi(head[:end]); err == nil && i >= 0 {
			if pos := item(i, head[end+1:]); pos.Known() {
				best, bestLen = pos, len(list)
			}
		}
	}
	return best
}

// locateEntry resolves p = mapping.rest with the EntryFunc of mapping
// (the longest such mapping that knows the place).
func (m *Map) locateEntry(p string) diag.Pos {
	best, bestLen := diag.Pos{}, -1
	for mapping, entry := range m.entries {
		if len(mapping) <= bestLen {
			continue
		}
		rest, ok := strings.CutPrefix(p, mapping+".")
		if !ok {
			continue
		}
		if pos := entry(rest); pos.Known() {
			best, bestLen = pos, len(mapping)
		}
	}
	return best
}

// Parent returns path without its last segment ("a.b[3]" → "a.b",
// "a.b" → "a", "a" → "").
func Parent(path string) string {
	i := strings.LastIndexAny(path, ".[")
	if i < 0 {
		return ""
	}
	return path[:i]
}

// Key returns the path that locates the key of the mapping entry at path
// (path itself locates its value): a problem with the key, such as a key
// the game does not know, is reported there. Its parent is path, so a
// reader that records no key positions locates the value.
func Key(path string) string { return path + ".(key)" }

// Index returns path + "[i]".
func Index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// Field returns path + "." + name (or name alone when path is empty).
func Field(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
