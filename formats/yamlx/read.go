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
}

func (d *Doc) node(n *yaml.Node, path, what string) Node {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	d.Map.SetPos(path, diag.Pos{Line: n.Line, Col: n.Column})
	return Node{d: d, N: n, Path: path, What: what}
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

// Items returns the items of a list; null counts as an empty list.
func (n Node) Items() []Node {
	if n.IsNull() {
		return nil
	}
	if n.N.Kind != yaml.SequenceNode {
		n.Errorf(diag.CodeStructure, "must be a list, found %s", n.found())
		return nil
	}
	items := make([]Node, len(n.N.Content))
	for i, c := range n.N.Content {
		items[i] = n.d.node(c, srcpos.Index(n.Path, i), fmt.Sprintf("%s[%d]", n.What, i))
	}
	return items
}

// Mapping returns n as a mapping (nil and an error when it is not one).
func (n Node) Mapping() *Mapping {
	if n.N.Kind != yaml.MappingNode {
		n.Errorf(diag.CodeStructure, "must be a mapping of fields, found %s", n.found())
		return nil
	}
	m := &Mapping{Node: n, index: map[string]int{}, used: map[string]bool{}}
	for i := 0; i+1 < len(n.N.Content); i += 2 {
		k := n.N.Content[i]
		if _, dup := m.index[k.Value]; dup {
			n.d.node(k, srcpos.Field(n.Path, k.Value), n.What).Errorf(diag.CodeStructure, "field '%s' appears twice", k.Value)
			continue
		}
		m.index[k.Value] = i
		m.order = append(m.order, k.Value)
	}
	return m
}

// Mapping is a YAML mapping being read field by field. Call Done at the end
// to report fields nobody asked for.
type Mapping struct {
	Node
	index map[string]int
	order []string
	used  map[string]bool
}

// Keys returns the keys in document order.
func (m *Mapping) Keys() []string { return m.order }

// Has reports whether key is present.
func (m *Mapping) Has(key string) bool {
	_, ok := m.index[key]
	return ok
}

func (m *Mapping) child(key, what string) Node {
	i := m.index[key]
	m.used[key] = true
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
	if _, ok := m.index[key]; !ok {
		m.used[key] = true
		return Node{}, false
	}
	return m.child(key, what), true
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
	var known []string
	for k := range m.used {
		known = append(known, k)
	}
	sort.Strings(known)
	for _, k := range m.order {
		if m.used[k] {
			continue
		}
		if len(m.d.errs) >= maxErrors {
			return // no one reads further; a suggestion costs a comparison with every known field
		}
		key := m.d.node(m.N.Content[m.index[k]], srcpos.Field(m.Path, k), m.What)
		if s := Suggest(k, known); s != "" {
			key.Errorf(diag.CodeStructure, "unknown field '%s' (did you mean '%s'?)", k, s)
		} else {
			key.Errorf(diag.CodeStructure, "unknown field '%s' (known fields: %s)", k, strings.Join(known, ", "))
		}
	}
}

// Grid reads a grid written as a block of text rows and records where each
// cell is, so that path[row][col] can be located later. It returns the rows.
func (n Node) Grid() ([]string, bool) {
	if n.N.Kind != yaml.ScalarNode || n.IsNull() {
		n.Errorf(diag.CodeStructure, "must be rows of symbols written as a block (grid: |), found %s", n.found())
		return nil, false
	}
	text := strings.TrimSuffix(n.N.Value, "\n")
	var rows []string
	if text != "" {
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

// Pairs returns all entries in document order and marks them as read. what
// labels the values in messages ("research of role %s").
func (m *Mapping) Pairs() []Pair {
	if m == nil {
		return nil
	}
	var out []Pair
	for _, k := range m.order {
		i := m.index[k]
		m.used[k] = true
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
