package yamlx

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
)

// maxErrors caps the errors collected from one document; beyond it the
// reader stops recording (the first ones are what a person fixes first).
const maxErrors = 200

// Doc is a YAML document being read. Problems are collected (not only the
// first) so that a person editing by hand sees all of them at once.
type Doc struct {
	File string
	Src  []byte
	// Map records the position of every node that was read.
	Map  *srcpos.Map
	Root Node
	errs diag.List
	// aliased is set when the document has an alias (*name): its nodes
	// may be reached from elsewhere, so none is let go (Release).
	aliased bool
	// lazy holds the top-level lists of a document parsed by ParseLazy,
	// by their (empty) nodes: their items are parsed when read.
	lazy map[*yaml.Node]*lazyList
	// broken is set when a piece of a lazy list did not parse alone: what
	// was read must be read again from the whole document (Read).
	broken bool
	// item records the positions under the item of a lazy list being read.
	item *itemRecorder
	// blocks holds the top-level block scalars of a document parsed by
	// ParseLazyAs read from the lines, by their (empty) nodes; how is
	// what it was asked to read so.
	blocks map[*yaml.Node]block
	how    Lazy
}

func (d *Doc) node(n *yaml.Node, path, what string) Node {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	d.SetPos(path, diag.Pos{Line: n.Line, Col: n.Column})
	return Node{d: d, N: n, Path: path, What: what}
}

// under reports whether path is prefix or a path inside it.
func under(path, prefix string) bool {
	return strings.HasPrefix(path, prefix) && (len(path) == len(prefix) || path[len(prefix)] == '.' || path[len(prefix)] == '[')
}

// Err returns the collected problems as an error, or nil.
func (d *Doc) Err() error {
	if len(d.errs) == 0 {
		return nil
	}
	return d.errs
}

// Failed reports whether any problem was recorded.
func (d *Doc) Failed() bool { return len(d.errs) > 0 }

// Node is one YAML node with its document path and a human label (What)
// used to start error messages, such as "officer 3 (司马懿)".
type Node struct {
	d    *Doc
	N    *yaml.Node
	Path string
	What string
}

// Doc returns the document n belongs to.
func (n Node) Doc() *Doc { return n.d }

// Pos returns the node's position.
func (n Node) Pos() diag.Pos { return diag.Pos{Line: n.N.Line, Col: n.N.Column} }

// Errorf records a problem at n. The message is prefixed with n's label.
func (n Node) Errorf(code, format string, args ...any) {
	if len(n.d.errs) >= maxErrors {
		return
	}
	msg := fmt.Sprintf(format, args...)
	switch {
	case n.What == "":
	case strings.HasPrefix(msg, "must "):
		msg = n.What + " " + msg // "ability mou must be a number"
	default:
		msg = n.What + ": " + msg
	}
	n.d.errs = append(n.d.errs, diag.Diagnostic{File: n.d.File, Line: n.N.Line, Col: n.N.Column, Severity: diag.Error, Code: code, Message: msg, Path: n.Path})
}

// Labeled returns n with another label.
func (n Node) Labeled(what string) Node {
	n.What = what
	return n
}

// IsNull reports whether n is null (~, null or empty).
func (n Node) IsNull() bool {
	return n.N.Kind == yaml.ScalarNode && n.N.ShortTag() == "!!null"
}

func (n Node) found() string {
	switch n.N.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	v := n.N.Value
	if utf8.RuneCountInString(v) > 40 {
		v = string([]rune(v)[:40]) + "…"
	}
	if n.IsNull() {
		return "nothing"
	}
	return "'" + v + "'"
}

// Int reads an integer.
func (n Node) Int() (int, bool) {
	if n.N.Kind == yaml.ScalarNode && n.N.ShortTag() == "!!int" {
		var v int64
		if err := n.N.Decode(&v); err == nil && v == int64(int(v)) {
			return int(v), true
		}
	}
	n.Errorf(diag.CodeNotInt, "must be an integer, found %s", n.found())
	return 0, false
}

// Float32 reads a real number (an integer is fine).
func (n Node) Float32() (float32, bool) {
	if n.N.Kind == yaml.ScalarNode {
		if tag := n.N.ShortTag(); tag == "!!int" || tag == "!!float" {
			if f, err := strconv.ParseFloat(n.N.Value, 32); err == nil {
				return float32(f), true
			}
			var f float64
			if err := n.N.Decode(&f); err == nil {
				if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) <= math.MaxFloat32 {
					return float32(f), true
				}
			}
		}
	}
	n.Errorf(diag.CodeNotReal, "must be a number, found %s", n.found())
	return 0, false
}

// Bool reads true or false.
func (n Node) Bool() (bool, bool) {
	if n.N.Kind == yaml.ScalarNode && n.N.ShortTag() == "!!bool" {
		var v bool
		if err := n.N.Decode(&v); err == nil {
			return v, true
		}
	}
	n.Errorf(diag.CodeNotBool, "must be true or false, found %s", n.found())
	return false, false
}

// Text reads any non-null scalar as text (a name written as 123 is "123").
func (n Node) Text() (string, bool) {
	if n.N.Kind == yaml.ScalarNode && !n.IsNull() {
		return n.N.Value, true
	}
	n.Errorf(diag.CodeStructure, "must be text, found %s", n.found())
	return "", false
}

// Items returns the items of a list; null counts as an empty list. The
// items of a list of a lazily parsed document are all parsed and kept:
// List.Each reads them a slice at a time.
func (n Node) Items() []Node {
	if n.IsNull() {
		return nil
	}
	if n.N.Kind != yaml.SequenceNode {
		n.Errorf(diag.CodeStructure, "must be a list, found %s", n.found())
		return nil
	}
	if l := n.d.lazy[n.N]; l != nil {
		for k := range l.pieces {
			n.N.Content = append(n.N.Content, n.d.parsePiece(&l.pieces[k])...)
		}
		delete(n.d.lazy, n.N)
	}
	items := make([]Node, len(n.N.Content))
	for i, c := range n.N.Content {
		items[i] = n.d.node(c, srcpos.Index(n.Path, i), fmt.Sprintf("%s[%d]", n.What, i))
	}
	return items
}

// Mapping returns n as a mapping (nil and an error when it is not one).
func (n Node) Mapping() *Mapping {
	if l := n.d.lazy[n.N]; l != nil {
		for k := range l.pieces {
			n.N.Content = append(n.N.Content, n.d.parsePiece(&l.pieces[k])...)
		}
		delete(n.d.lazy, n.N)
	}
	if n.N.Kind != yaml.MappingNode {
		n.Errorf(diag.CodeStructure, "must be a mapping of fields, found %s", n.found())
		return nil
	}
	m := &Mapping{Node: n}
	for i := 0; i+1 < len(n.N.Content); i += 2 {
		k := n.N.Content[i]
		if m.find(k.Value) >= 0 {
			n.d.node(k, srcpos.Field(n.Path, k.Value), n.What).Errorf(diag.CodeStructure, "field '%s' appears twice", k.Value)
			continue
		}
		m.add(k.Value, i)
	}
	return m
}

// smallMapping is the number of keys up to which a mapping's keys are
// looked up one by one: the items of a long list are small mappings, and
// two hash maps for each of them took more memory than the document.
const smallMapping = 16

// Mapping is a YAML mapping being read field by field. Call Done at the end
// to report fields nobody asked for.
type Mapping struct {
	Node
	order  []string       // the keys, in document order
	at     []int          // the index in N.Content of each key of order
	used   []bool         // whether each key of order was asked for
	absent []string       // keys asked for that the mapping does not have
	index  map[string]int // key → place in order, for large mappings only
}

// find returns the place of key in m.order, or -1.
func (m *Mapping) find(key string) int {
	if m.index != nil {
		if k, ok := m.index[key]; ok {
			return k
		}
		return -1
	}
	for k, o := range m.order {
		if o == key {
			return k
		}
	}
	return -1
}

// add appends key, whose node is N.Content[i].
func (m *Mapping) add(key string, i int) {
	m.order = append(m.order, key)
	m.at = append(m.at, i)
	m.used = append(m.used, false)
	switch {
	case m.index != nil:
		m.index[key] = len(m.order) - 1
	case len(m.order) > smallMapping:
		m.index = make(map[string]int, 2*len(m.order))
		for k, o := range m.order {
			m.index[o] = k
		}
	}
}

// ask records that key was asked for; it returns its place in m.order, or
// -1 when the mapping does not have it.
func (m *Mapping) ask(key string) int {
	k := m.find(key)
	if k >= 0 {
		m.used[k] = true
		return k
	}
	for _, a := range m.absent {
		if a == key {
			return -1
		}
	}
	m.absent = append(m.absent, key)
	return -1
}

// Keys returns the keys in document order.
func (m *Mapping) Keys() []string { return m.order }

// Has reports whether key is present.
func (m *Mapping) Has(key string) bool { return m.find(key) >= 0 }

// child returns the value of the key at place k of m.order.
func (m *Mapping) child(k int, what string) Node {
	key, i := m.order[k], m.at[k]
	label := what
	if label == "" {
		label = key
	}
	if m.What != "" {
		label = m.What + ": " + label
	}
	return m.d.node(m.N.Content[i+1], srcpos.Field(m.Path, key), label)
}

// Get returns the field key if it is present. what names the field in
// messages (the key itself when empty).
func (m *Mapping) Get(key, what string) (Node, bool) {
	if m == nil {
		return Node{}, false
	}
	k := m.ask(key)
	if k < 0 {
		return Node{}, false
	}
	return m.child(k, what), true
}

// Need returns the field key, reporting it when missing; expect says what
// value is expected ("a number", "small, medium or large").
func (m *Mapping) Need(key, what, expect string) (Node, bool) {
	if m == nil {
		return Node{}, false
	}
	if n, ok := m.Get(key, what); ok {
		return n, true
	}
	m.Errorf(diag.CodeStructure, "missing field '%s' (%s)", key, expect)
	return Node{}, false
}

// Done reports every field that was not read, suggesting the closest known
// field name.
func (m *Mapping) Done() {
	if m == nil {
		return
	}
	known := append([]string(nil), m.absent...)
	for k, key := range m.order {
		if m.used[k] {
			known = append(known, key)
		}
	}
	sort.Strings(known)
	for j, k := range m.order {
		if m.used[j] {
			continue
		}
		if len(m.d.errs) >= maxErrors {
			return // no one reads further; a suggestion costs a comparison with every known field
		}
		key := m.d.node(m.N.Content[m.at[j]], srcpos.Field(m.Path, k), m.What)
		if s := Suggest(k, known); s != "" {
			key.Errorf(diag.CodeStructure, "unknown field '%s' (did you mean '%s'?)", k, s)
		} else {
			key.Errorf(diag.CodeStructure, "unknown field '%s' (known fields: %s)", k, strings.Join(known, ", "))
		}
	}
}

// Grid reads a grid written as a block of text rows and records where each
// cell is, so that path[row][col] can be located later. It returns the rows:
// those of a block ParseLazyAs left out of the parse (Lazy.Blocks) are
// read from the file's lines, as the parser would have read them.
func (n Node) Grid() ([]string, bool) {
	if n.N.Kind != yaml.ScalarNode || n.IsNull() {
		n.Errorf(diag.CodeStructure, "must be rows of symbols written as a block (grid: |), found %s", n.found())
		return nil, false
	}
	var rows []string
	if b, ok := n.d.blocks[n.N]; ok {
		rows = b.rows(n.d.Src)
	} else if text := strings.TrimSuffix(n.N.Value, "\n"); text != "" {
		rows = strings.Split(text, "\n")
	}
	if n.N.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		first := n.N.Line + 1
		indent := n.d.indentOf(first)
		n.d.Map.SetGrid(n.Path, func(row, col int) diag.Pos {
			if row < 0 || col < 0 || row >= len(rows) {
				return diag.Pos{}
			}
			return diag.Pos{Line: first + row, Col: indent + col + 1}
		})
	}
	return rows, true
}

// indentOf returns the number of leading spaces of the 1-based line.
func (d *Doc) indentOf(line int) int {
	src := d.Src
	for l := 1; l < line && len(src) > 0; l++ {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			return 0
		}
		src = src[i+1:]
	}
	n := 0
	for n < len(src) && src[n] == ' ' {
		n++
	}
	return n
}

// Suggest returns the candidate closest to s, or "" when none is close.
func Suggest(s string, candidates []string) string {
	best, bestD := "", -1
	limit := max(1, utf8.RuneCountInString(s)/2)
	for _, c := range candidates {
		if d := distance(s, c); d <= limit && (bestD < 0 || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b, in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// Pair is one key and value of a mapping whose keys are data (names of
// roles, cards, ...) rather than field names.
type Pair struct {
	Key, Value Node
}

// Release tells the reader that the value of key has been read: its
// nodes are let go, so that a document of long lists is not held whole
// while the rest of it is read (100 000 officers take some 200 MB as
// nodes). Positions already recorded stay; the value must not be read
// again. A document with aliases keeps its nodes, since an alias may
// point into the value.
func (m *Mapping) Release(key string) {
	if m == nil || m.d.aliased {
		return
	}
	if k := m.find(key); k >= 0 {
		m.N.Content[m.at[k]+1].Content = nil
	}
}

// Pairs returns all entries in document order and marks them as read. what
// labels the values in messages ("research of role %s").
func (m *Mapping) Pairs() []Pair {
	if m == nil {
		return nil
	}
	var out []Pair
	for j, k := range m.order {
		i := m.at[j]
		m.used[j] = true
		key := m.d.node(m.N.Content[i], srcpos.Field(m.Path, k), m.What)
		label := k
		if m.What != "" {
			label = m.What + ": " + k
		}
		out = append(out, Pair{Key: key, Value: m.d.node(m.N.Content[i+1], srcpos.Field(m.Path, k), label)})
	}
	return out
}

// checkAliases refuses documents whose aliases (*name) would expand them
// far beyond their written size ("billion laughs"): reading follows
// aliases, so such a document would take minutes and gigabytes. Ordinary
// reuse (a list of techs shared by several people) is well within bounds.
func checkAliases(file string, top *yaml.Node) error {
	raw := countNodes(top, false, -1)
	budget := 2*raw + 10000
	if countNodes(top, true, budget) <= budget {
		return nil
	}
	at := firstAlias(top)
	return &diag.Diagnostic{File: file, Line: at.Line, Col: at.Column, Severity: diag.Error, Code: diag.CodeStructure,
		Message: fmt.Sprintf("aliases (*name) expand the document to more than %d values; write the values out instead", budget)}
}

// countNodes counts the nodes under n, following aliases when follow is
// set (but not into a node that contains the alias: such a cycle is left
// for the readers to report), and stops once the count exceeds limit
// (when limit >= 0).
func countNodes(n *yaml.Node, follow bool, limit int) int {
	count := 0
	open := map[*yaml.Node]bool{}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n == nil || (limit >= 0 && count > limit) {
			return
		}
		count++
		if n.Kind == yaml.AliasNode {
			if follow && !open[n.Alias] {
				walk(n.Alias)
			}
			return
		}
		open[n] = true
		for _, c := range n.Content {
			walk(c)
		}
		delete(open, n)
	}
	walk(n)
	return count
}

// firstAlias returns the first alias node under n (n itself when none).
func firstAlias(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.AliasNode {
		return n
	}
	for _, c := range n.Content {
		if a := firstAlias(c); a.Kind == yaml.AliasNode {
			return a
		}
	}
	return n
}
