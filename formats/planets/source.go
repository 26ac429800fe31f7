package planets

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
)

// checkSource reports the first place where the original's PyYAML refuses
// text that yaml.v3 accepts: yaml.v3 accepts tabs as separating white space
// and inside unquoted values, PyYAML only inside quoted values, block text
// (| and >) and comments; yaml.v3 accepts a comment right after a block
// indicator (|#), PyYAML wants a space first; yaml.v3 reads a:b and a?b
// inside [ ] and { } as one value, PyYAML 3 refuses them.
func (l *loader) checkSource() {
	nodes, flowColon := sourceNodes(l.doc.Root.N)
	if n := flowColon; n != nil {
		l.doc.Root.Errorf(diag.CodeYAMLSyntax, "'%s' at line %d, column %d: the game's YAML loader (PyYAML 3) cannot read ':' or '?' in an unquoted value inside [ ] or { }; quote the value", n.Value, n.Line, n.Column)
		return
	}
	starts := make([]int, len(nodes))
	for i, n := range nodes {
		starts[i] = l.offset(diag.Pos{Line: n.Line, Col: n.Column})
	}
	if !l.checkAnchorsAndKeys(nodes) {
		return
	}
	text, ok := l.textSpans(nodes, starts)
	if !ok || bytes.IndexByte(l.doc.Src, '\t') < 0 {
		return
	}
	l.checkTabs(text)
}

// sourceNodes lists the nodes below root in document order, and the
// first unquoted scalar inside a flow collection that holds ':' or '?'.
func sourceNodes(root *yaml.Node) (nodes []*yaml.Node, flowColon *yaml.Node) {
	var walk func(n *yaml.Node, flow bool)
	walk = func(n *yaml.Node, flow bool) {
		nodes = append(nodes, n)
		if flow && flowColon == nil && n.Kind == yaml.ScalarNode && n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0 && strings.ContainsAny(n.Value, ":?") {
			flowColon = n
		}
		if n.Kind != yaml.AliasNode {
			for _, c := range n.Content {
				walk(c, flow || n.Style&yaml.FlowStyle != 0)
			}
		}
	}
	walk(root, false)
	return nodes, flowColon
}

// checkAnchorsAndKeys reports an anchor defined twice or a block mapping
// whose keys are not indented alike, and whether there was none.
func (l *loader) checkAnchorsAndKeys(nodes []*yaml.Node) bool {
	anchors := map[string]bool{}
	for _, n := range nodes {
		if n.Kind != yaml.AliasNode && n.Anchor != "" {
			if anchors[n.Anchor] {
				l.doc.Root.Errorf(diag.CodeYAMLSyntax, "the anchor &%s at line %d, column %d is defined twice; the game's YAML loader (PyYAML) refuses that", n.Anchor, n.Line, n.Column)
				return false
			}
			anchors[n.Anchor] = true
		}
		if n.Kind == yaml.MappingNode && n.Style&yaml.FlowStyle == 0 && !l.keysAligned(n) {
			l.doc.Root.Errorf(diag.CodeYAMLSyntax, "the keys of the mapping at line %d are not indented alike; the game's YAML loader (PyYAML) cannot read it", n.Line)
			return false
		}
	}
	return true
}

// span is a byte range of the source.
type span struct{ from, to int }

// textSpans returns the byte ranges PyYAML reads as text, sorted: quoted
// scalars and the content lines of block scalars (nodes start at
// starts). It reports a comment glued to a block indicator, which PyYAML
// refuses, and returns false then.
func (l *loader) textSpans(nodes []*yaml.Node, starts []int) ([]span, bool) {
	src := l.doc.Src
	sorted := append([]int(nil), starts...)
	sort.Ints(sorted)
	next := func(off int) int {
		i := sort.SearchInts(sorted, off+1)
		if i < len(sorted) {
			return sorted[i]
		}
		return len(src)
	}
	var text []span
	for i, n := range nodes {
		if n.Kind != yaml.ScalarNode {
			continue
		}
		off := starts[i]
		switch {
		case n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) != 0:
			q := bytes.IndexAny(src[off:], `"'`)
			if q < 0 {
				continue
			}
			from := off + q
			text = append(text, span{from, quotedEnd(src, from)})
		case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
			if h := bytes.IndexAny(src[off:], "|>"); h >= 0 {
				j := off + h + 1
				for j < len(src) && bytes.IndexByte([]byte("+-0123456789"), src[j]) >= 0 {
					j++
				}
				if j < len(src) && src[j] == '#' {
					p := l.pos(j)
					l.doc.Root.Errorf(diag.CodeYAMLSyntax, "a comment right after a block indicator at line %d, column %d: the game's YAML loader (PyYAML) needs a space before the #", p.Line, p.Col)
					return nil, false
				}
			}
			eol := bytes.IndexByte(src[off:], '\n')
			if eol < 0 {
				continue
			}
			text = append(text, span{off + eol + 1, next(off)})
		}
	}
	sort.Slice(text, func(i, j int) bool { return text[i].from < text[j].from })
	return text, true
}

// checkTabs reports the first tab outside text (sorted spans) and
// comments, which PyYAML refuses.
func (l *loader) checkTabs(text []span) {
	src := l.doc.Src
	k := 0
	for i := 0; i < len(src); i++ {
		for k < len(text) && text[k].to <= i {
			k++
		}
		if k < len(text) && text[k].from <= i {
			i = text[k].to - 1
			continue
		}
		switch src[i] {
		case '#':
			if i == 0 || src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == '\r' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
			}
		case '\t':
			p := l.pos(i)
			l.doc.Root.Errorf(diag.CodeYAMLSyntax, "a tab at line %d, column %d: the game's YAML loader (PyYAML) accepts tabs only inside quotes, block text and comments; use spaces", p.Line, p.Col)
			return
		}
	}
}

// quotedEnd returns the offset just after the quoted scalar that starts
// with the quote at from.
func quotedEnd(src []byte, from int) int {
	q := src[from]
	for i := from + 1; i < len(src); i++ {
		switch {
		case q == '"' && src[i] == '\\':
			i++
		case src[i] == q:
			if q == '\'' && i+1 < len(src) && src[i+1] == '\'' {
				i++
				continue
			}
			return i + 1
		}
	}
	return len(src)
}

// keysAligned reports whether the simple keys of a block mapping all start
// in the same column (yaml.v3 tolerates a first key indented more than the
// others at the top of a document; PyYAML does not). Keys written after ?
// are not checked.
func (l *loader) keysAligned(m *yaml.Node) bool {
	col := 0
	for i := 0; i < len(m.Content); i += 2 {
		k := m.Content[i]
		off := l.offset(diag.Pos{Line: k.Line, Col: k.Column})
		if l.afterQuestionMark(off) {
			continue
		}
		if col == 0 {
			col = k.Column
		} else if k.Column != col {
			return false
		}
	}
	return true
}

// afterQuestionMark reports whether only white space and line breaks stand
// between a ? and offset off (a complex key, ? key).
func (l *loader) afterQuestionMark(off int) bool {
	src := l.doc.Src[:min(off, len(l.doc.Src))]
	for len(src) > 0 {
		r, size := utf8.DecodeLastRune(src)
		switch r {
		case ' ', '\t', '\r', '\n', 0x85, 0x2028, 0x2029:
			src = src[:len(src)-size]
		case '?':
			return true
		default:
			return false
		}
	}
	return false
}
