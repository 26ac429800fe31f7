package planets

import (
	"bytes"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Relayout returns fresh, a map as WriteLegacy writes it, laid out as
// base, the game's file it was read from: base's text is kept and only
// the values that differ are rewritten in place — a changed scalar is
// replaced by fresh's spelling, a planet, route or start added is written
// in the style of its neighbours at their indentation, one removed is cut
// with its lines. So an unedited map is written back byte for byte, and
// an edit changes only what it touches. Whatever the patching does, the
// result must read as fresh reads (the same values and types); when it
// would not, or base is no YAML, fresh is returned as it is.
func Relayout(base, fresh []byte) []byte {
	var bdoc, fdoc yaml.Node
	if yaml.Unmarshal(base, &bdoc) != nil || yaml.Unmarshal(fresh, &fdoc) != nil || len(bdoc.Content) == 0 || len(fdoc.Content) == 0 {
		return fresh
	}
	if sameNode(&bdoc, &fdoc) {
		return base
	}
	p := &patcher{b: newText(base), f: newText(fresh)}
	if !p.node(bdoc.Content[0], fdoc.Content[0]) {
		return fresh
	}
	out, ok := p.apply()
	if !ok {
		return fresh
	}
	var odoc yaml.Node
	if yaml.Unmarshal(out, &odoc) != nil || !sameNode(&odoc, &fdoc) {
		return fresh
	}
	return out
}

// text is a YAML file with its line starts, to turn node positions into
// byte offsets.
type text struct {
	src    []byte
	starts []int
	cols   columns
}

func newText(src []byte) *text {
	t := &text{src: src, starts: []int{0}, cols: columns{src: src}}
	for i, c := range src {
		if c == '\n' {
			t.starts = append(t.starts, i+1)
		}
	}
	return t
}

// offset is the byte offset of a node's line and column (columns count
// characters).
func (t *text) offset(line, col int) int {
	if line < 1 || line > len(t.starts) {
		return len(t.src)
	}
	end := len(t.src)
	if line < len(t.starts) {
		end = t.starts[line] - 1 // the line's '\n'
	}
	return t.cols.offset(t.starts[line-1], end, col)
}

// lineStart and lineEnd are the offsets of the start of off's line and
// of the start of the next one.
func (t *text) lineStart(off int) int {
	return bytes.LastIndexByte(t.src[:off], '\n') + 1
}

func (t *text) lineEnd(off int) int {
	if i := bytes.IndexByte(t.src[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(t.src)
}

// span returns the byte range of a node's text; ok is false for a node
// whose end cannot be told (a multi-line scalar that is no block scalar).
func (t *text) span(n *yaml.Node) (start, end int, ok bool) {
	start = t.offset(n.Line, n.Column)
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return 0, 0, false
	}
	switch n.Kind {
	case yaml.ScalarNode:
		end, ok = t.scalarEnd(n, start)
		return start, end, ok
	case yaml.MappingNode, yaml.SequenceNode:
		if n.Style&yaml.FlowStyle != 0 {
			end, ok = t.flowEnd(start)
			return start, end, ok
		}
		if len(n.Content) == 0 {
			return 0, 0, false
		}
		_, end, ok = t.span(n.Content[len(n.Content)-1])
		return start, end, ok
	}
	return 0, 0, false
}

// scalarEnd finds where a scalar's text ends.
func (t *text) scalarEnd(n *yaml.Node, start int) (int, bool) {
	src := t.src
	switch {
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		// The block runs while its lines are more indented than the line
		// that holds the indicator (or blank).
		indent := t.indentOf(t.lineStart(start))
		end := t.lineEnd(start)
		for next := end; next < len(src); {
			le := t.lineEnd(next)
			line := src[next:le]
			if len(bytes.TrimSpace(line)) > 0 && t.indentOf(next) <= indent {
				break
			}
			next = le
			if len(bytes.TrimSpace(line)) > 0 {
				end = le
			}
		}
		return end, true
	case n.Style&yaml.SingleQuotedStyle != 0:
		for i := start + 1; i < len(src); i++ {
			switch src[i] {
			case '\'':
				if i+1 < len(src) && src[i+1] == '\'' {
					i++
					continue
				}
				return i + 1, true
			case '\n':
				return 0, false
			}
		}
	case n.Style&yaml.DoubleQuotedStyle != 0:
		for i := start + 1; i < len(src); i++ {
			switch src[i] {
			case '\\':
				i++
			case '"':
				return i + 1, true
			case '\n':
				return 0, false
			}
		}
	default:
		end := start
		for i := start; i < len(src) && src[i] != '\n'; i++ {
			c := src[i]
			if c == '#' && i > start && (src[i-1] == ' ' || src[i-1] == '\t') {
				break
			}
			if c == ',' || c == ']' || c == '}' {
				if t.inFlow(start) {
					break
				}
			}
			if c == ':' && (i+1 == len(src) || src[i+1] == ' ' || src[i+1] == '\n') {
				break
			}
			if c != ' ' && c != '\t' && c != '\r' {
				end = i + 1
			}
		}
		if string(src[start:end]) != n.Value && !strings.Contains(n.Value, "\n") && strings.TrimSpace(string(src[start:end])) == "" {
			return 0, false
		}
		// A plain scalar continued on the next lines cannot be patched.
		if strings.Contains(n.Value, "\n") {
			return 0, false
		}
		return end, true
	}
	return 0, false
}

// inFlow reports whether off is inside a flow collection on its line.
func (t *text) inFlow(off int) bool {
	depth := 0
	for i := t.lineStart(off); i < off; i++ {
		switch t.src[i] {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		}
	}
	return depth > 0
}

// flowEnd returns the offset after the bracket that closes the flow
// collection starting at start.
func (t *text) flowEnd(start int) (int, bool) {
	depth := 0
	src := t.src
	for i := start; i < len(src); i++ {
		switch src[i] {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		case '\'', '"':
			q := src[i]
			for i++; i < len(src) && src[i] != q; i++ {
				if q == '"' && src[i] == '\\' {
					i++
				}
			}
		case '#':
			if i > 0 && src[i-1] == ' ' {
				i = t.lineEnd(i) - 1
			}
		}
	}
	return 0, false
}

// indentOf is the number of spaces that start the line at off.
func (t *text) indentOf(off int) int {
	n := 0
	for off+n < len(t.src) && t.src[off+n] == ' ' {
		n++
	}
	return n
}

// edit replaces base's bytes [start, end) with text.
type edit struct {
	start, end int
	text       []byte
}

// patcher collects the edits that turn base into fresh.
type patcher struct {
	b, f  *text
	edits []edit
}

func (p *patcher) apply() ([]byte, bool) {
	slices.SortStableFunc(p.edits, func(a, b edit) int { return a.start - b.start })
	var out []byte
	at := 0
	for _, e := range p.edits {
		if e.start < at || e.end < e.start {
			return nil, false // overlapping edits
		}
		out = append(out, p.b.src[at:e.start]...)
		out = append(out, e.text...)
		at = e.end
	}
	return append(out, p.b.src[at:]...), true
}

// node patches base's node b to read as fresh's f; false when it cannot
// (the caller replaces b whole).
func (p *patcher) node(b, f *yaml.Node) bool {
	if sameNode(b, f) {
		return true
	}
	if b.Kind != f.Kind {
		return false
	}
	switch b.Kind {
	case yaml.ScalarNode:
		return p.scalar(b, f)
	case yaml.MappingNode:
		if b.Style&yaml.FlowStyle != 0 {
			return p.replaceFlow(b, f)
		}
		return p.mapping(b, f)
	case yaml.SequenceNode:
		if b.Style&yaml.FlowStyle != 0 {
			return p.replaceFlow(b, f)
		}
		return p.sequence(b, f)
	}
	return false
}

// scalar replaces a scalar's text by fresh's.
func (p *patcher) scalar(b, f *yaml.Node) bool {
	bs, be, ok := p.b.span(b)
	if !ok {
		return false
	}
	fs, fe, ok := p.f.span(f)
	if !ok {
		return false
	}
	isBlock := func(n *yaml.Node) bool { return n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 }
	if isBlock(b) != isBlock(f) {
		return false
	}
	txt := p.f.src[fs:fe]
	if isBlock(f) {
		// The indicator stays on its line; the content lines take base's
		// indentation.
		txt = reindent(txt, p.f.indentOf(p.f.lineEnd(fs)), p.b.indentOf(p.b.lineEnd(bs)))
	}
	p.edits = append(p.edits, edit{bs, be, txt})
	return true
}

// replaceFlow writes fresh's node over a flow collection of base, in
// flow style, on base's line.
func (p *patcher) replaceFlow(b, f *yaml.Node) bool {
	bs, be, ok := p.b.span(b)
	if !ok {
		return false
	}
	txt, ok := render(flowCopy(f))
	if !ok || bytes.Contains(txt, []byte("\n")) {
		return false
	}
	p.edits = append(p.edits, edit{bs, be, txt})
	return true
}

// mapping patches a block mapping key by key: the values of the keys in
// both are patched, the keys only base has are cut, the keys only fresh
// has are written after the key before them (in fresh's order).
func (p *patcher) mapping(b, f *yaml.Node) bool {
	bkeys := map[string]int{}
	for i := 0; i+1 < len(b.Content); i += 2 {
		bkeys[b.Content[i].Value] = i
	}
	fkeys := map[string]bool{}
	after := -1 // the base pair the next new key goes after
	for i := 0; i+1 < len(f.Content); i += 2 {
		fk, fv := f.Content[i], f.Content[i+1]
		fkeys[fk.Value] = true
		if j, ok := bkeys[fk.Value]; ok {
			if !p.node(b.Content[j+1], fv) && !p.replacePair(b, j, fk, fv) {
				return false
			}
			after = j
			continue
		}
		if !p.insertPair(b, after, fk, fv) {
			return false
		}
	}
	for i := 0; i+1 < len(b.Content); i += 2 {
		if !fkeys[b.Content[i].Value] && !p.cut(b.Content[i], b.Content[i+1]) {
			return false
		}
	}
	return true
}

// sequence patches a block sequence item by item; items base has beyond
// fresh's are cut, fresh's beyond base's written after base's last.
func (p *patcher) sequence(b, f *yaml.Node) bool {
	n := min(len(b.Content), len(f.Content))
	for i := range n {
		if !p.node(b.Content[i], f.Content[i]) && !p.replaceItem(b.Content[i], f.Content[i]) {
			return false
		}
	}
	for _, it := range b.Content[n:] {
		if !p.cut(it, it) {
			return false
		}
	}
	if len(f.Content) > n {
		if n == 0 {
			return false
		}
		last := b.Content[n-1]
		_, end, ok := p.b.span(last)
		if !ok {
			return false
		}
		at := p.b.lineEnd(end)
		indent := p.b.offset(last.Line, last.Column) - p.b.lineStart(p.b.offset(last.Line, last.Column)) - 2
		if indent < 0 {
			return false
		}
		seq := &yaml.Node{Kind: yaml.SequenceNode, Content: f.Content[n:]}
		txt, ok := renderBlock(seq, indent, styleOf(last))
		if !ok {
			return false
		}
		p.edits = append(p.edits, edit{at, at, ensureNewline(p.b.src, at, txt)})
	}
	return true
}

// replacePair writes fresh's pair over base's pair j of block mapping b.
func (p *patcher) replacePair(b *yaml.Node, j int, fk, fv *yaml.Node) bool {
	bk, bv := b.Content[j], b.Content[j+1]
	ks := p.b.offset(bk.Line, bk.Column)
	_, end, ok := p.b.span(bv)
	if !ok {
		return false
	}
	start := p.b.lineStart(ks)
	txt, ok := renderBlock(pair(fk, fv), ks-start, styleOf(bv))
	if !ok {
		return false
	}
	p.edits = append(p.edits, edit{start, p.b.lineEnd(end), txt})
	return true
}

// replaceItem writes fresh's item over base's item of a block sequence.
func (p *patcher) replaceItem(b, f *yaml.Node) bool {
	bs, be, ok := p.b.span(b)
	if !ok {
		return false
	}
	start := p.b.lineStart(bs)
	if strings.TrimSpace(string(p.b.src[start:bs])) != "-" {
		return false
	}
	txt, ok := renderBlock(&yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{f}}, bs-start-2, styleOf(b))
	if !ok {
		return false
	}
	p.edits = append(p.edits, edit{start, p.b.lineEnd(be), txt})
	return true
}

// insertPair writes fresh's pair into block mapping b after its pair
// after (-1: before its first).
func (p *patcher) insertPair(b *yaml.Node, after int, fk, fv *yaml.Node) bool {
	if len(b.Content) < 2 {
		return false
	}
	first := b.Content[0]
	fo := p.b.offset(first.Line, first.Column)
	indent := fo - p.b.lineStart(fo)
	var at int
	if after < 0 {
		at = p.b.lineStart(fo)
	} else {
		_, end, ok := p.b.span(b.Content[after+1])
		if !ok {
			return false
		}
		at = p.b.lineEnd(end)
	}
	txt, ok := renderBlock(pair(fk, fv), indent, styleOf(b.Content[1]))
	if !ok {
		return false
	}
	p.edits = append(p.edits, edit{at, at, ensureNewline(p.b.src, at, txt)})
	return true
}

// cut removes the lines of a pair (key k, value v) or of an item (k and v
// the item) of a block collection.
func (p *patcher) cut(k, v *yaml.Node) bool {
	ks := p.b.offset(k.Line, k.Column)
	_, end, ok := p.b.span(v)
	if !ok {
		return false
	}
	start := p.b.lineStart(ks)
	if prefix := strings.TrimSpace(string(p.b.src[start:ks])); prefix != "" && prefix != "-" {
		return false // it shares its line with something else
	}
	p.edits = append(p.edits, edit{start, p.b.lineEnd(end), nil})
	return true
}

// ensureNewline makes sure text inserted at offset at of src starts on a
// line of its own.
func ensureNewline(src []byte, at int, txt []byte) []byte {
	if at > 0 && src[at-1] != '\n' {
		return append([]byte("\n"), txt...)
	}
	return txt
}

func pair(k, v *yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{k, v}}
}

// styleOf tells whether new collections should be written in flow style,
// as base's neighbour n is.
func styleOf(n *yaml.Node) bool {
	return n != nil && (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && n.Style&yaml.FlowStyle != 0
}

// renderBlock writes n (a one-pair mapping or a sequence) in block style
// with every line indented by indent spaces; collections inside take flow
// style when flow is set.
func renderBlock(n *yaml.Node, indent int, flow bool) ([]byte, bool) {
	c := copyNode(n)
	c.Style = 0
	for _, child := range c.Content {
		setStyle(child, flow)
	}
	txt, ok := render(c)
	if !ok {
		return nil, false
	}
	pad := strings.Repeat(" ", indent)
	var out []byte
	for _, line := range strings.SplitAfter(string(txt), "\n") {
		if line != "" {
			out = append(out, pad+line...)
		}
	}
	return out, true
}

// render encodes n as YAML (without a trailing newline for a flow node).
func render(n *yaml.Node) ([]byte, bool) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return nil, false
	}
	enc.Close()
	out := buf.Bytes()
	if n.Style&yaml.FlowStyle != 0 || n.Kind == yaml.ScalarNode {
		out = bytes.TrimRight(out, "\n")
	}
	return out, true
}

func setStyle(n *yaml.Node, flow bool) {
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		if flow {
			n.Style |= yaml.FlowStyle
		} else {
			n.Style &^= yaml.FlowStyle
		}
	}
	for _, c := range n.Content {
		setStyle(c, flow)
	}
}

func flowCopy(n *yaml.Node) *yaml.Node {
	c := copyNode(n)
	setStyle(c, true)
	return c
}

func copyNode(n *yaml.Node) *yaml.Node {
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, child := range n.Content {
		c.Content[i] = copyNode(child)
	}
	c.HeadComment, c.LineComment, c.FootComment = "", "", ""
	return &c
}

// reindent moves the content lines of a block scalar (after its
// indicator's line) from indentation from to indentation to.
func reindent(txt []byte, from, to int) []byte {
	nl := bytes.IndexByte(txt, '\n')
	if nl < 0 || from == to {
		return txt
	}
	out := append([]byte(nil), txt[:nl+1]...)
	pad := strings.Repeat(" ", to)
	for _, line := range strings.SplitAfter(string(txt[nl+1:]), "\n") {
		if strings.TrimSpace(line) == "" {
			out = append(out, line...)
			continue
		}
		out = append(out, pad+line[min(from, len(line)-len(strings.TrimLeft(line, " "))):]...)
	}
	return out
}

// sameNode reports whether two YAML trees hold the same values with the
// same types, as the game's loader reads them.
func sameNode(a, b *yaml.Node) bool {
	if a.Kind == yaml.DocumentNode && b.Kind == yaml.DocumentNode {
		return len(a.Content) == len(b.Content) && (len(a.Content) == 0 || sameNode(a.Content[0], b.Content[0]))
	}
	if a.Kind != b.Kind || len(a.Content) != len(b.Content) {
		return false
	}
	if a.Kind == yaml.ScalarNode {
		return sameScalar(a, b)
	}
	for i := range a.Content {
		if !sameNode(a.Content[i], b.Content[i]) {
			return false
		}
	}
	return true
}

// sameScalar compares two scalars by their resolved type and value.
func sameScalar(a, b *yaml.Node) bool {
	ta, tb := a.ShortTag(), b.ShortTag()
	if ta != tb {
		return false
	}
	switch ta {
	case "!!int":
		x, ok1 := new(big.Int).SetString(strings.ReplaceAll(a.Value, "_", ""), 0)
		y, ok2 := new(big.Int).SetString(strings.ReplaceAll(b.Value, "_", ""), 0)
		return ok1 && ok2 && x.Cmp(y) == 0
	case "!!float":
		x, err1 := strconv.ParseFloat(strings.ReplaceAll(a.Value, "_", ""), 64)
		y, err2 := strconv.ParseFloat(strings.ReplaceAll(b.Value, "_", ""), 64)
		return err1 == nil && err2 == nil && x == y
	case "!!bool":
		var x, y bool
		return a.Decode(&x) == nil && b.Decode(&y) == nil && x == y
	case "!!null":
		return true
	}
	return a.Value == b.Value
}
