package yamlx

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/textenc"
)

// Parse parses src, which came from file, into a node tree that the
// document readers decode from (a loader parses a file once, and reads
// its kind and its fields from the same tree). The file must be UTF-8 and
// hold exactly one YAML document, a mapping: a second document (after
// ---) is an error, never silently dropped. A syntax error is reported at
// the offending token, with the start of the YAML block it is in as
// related information.
func Parse(file string, src []byte) (*Doc, error) {
	parses.Add(1)
	if err := precheck(file, src); err != nil {
		return nil, err
	}
	return parseTree(file, src)
}

// precheck refuses, before parsing, text that is not UTF-8 and flow
// collections nested too deep.
func precheck(file string, src []byte) error {
	if err := textenc.CheckUTF8(file, src); err != nil {
		return err
	}
	return checkFlowDepth(file, src)
}

// parseTree parses src into the document's tree.
func parseTree(file string, src []byte) (*Doc, error) { return parseTreeAs(file, src, true) }

// errSkeleton is the error of a skeleton that does not parse: the file
// is parsed whole then, and its error placed.
var errSkeleton = errors.New("the skeleton does not parse")

// parseTreeAs is parseTree; without locate, a syntax error is not placed
// (errSkeleton).
func parseTreeAs(file string, src []byte, locate bool) (*Doc, error) {
	d := &Doc{File: file, Src: src, Map: srcpos.New(src)}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var top yaml.Node
	err := dec.Decode(&top)
	if err == nil {
		err = secondDocument(file, dec)
	}
	switch {
	case errors.Is(err, io.EOF) || (err == nil && len(top.Content) == 0):
		return nil, &diag.Diagnostic{File: file, Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeStructure, Message: "the document is empty"}
	case err != nil:
		var dd *diag.Diagnostic
		if errors.As(err, &dd) {
			return nil, dd
		}
		if !locate {
			return nil, errSkeleton
		}
		return nil, syntaxError(file, src, err)
	}
	if err := checkAliases(file, &top); err != nil {
		return nil, err
	}
	d.aliased = firstAlias(&top).Kind == yaml.AliasNode
	d.Root = d.node(top.Content[0], "", "")
	if d.Root.N.Kind != yaml.MappingNode {
		d.Root.Errorf(diag.CodeStructure, "the document must be a mapping of fields (key: value)")
		return nil, d.Err()
	}
	return d, nil
}

// parses counts the calls of Parse.
var parses atomic.Int64

// Parses returns how many times Parse was called, for tests that check
// that a loader parses each file once.
func Parses() int64 { return parses.Load() }

// secondDocument fails when the stream holds another document after the
// first, or text after it that does not parse.
func secondDocument(file string, dec *yaml.Decoder) error {
	var next yaml.Node
	err := dec.Decode(&next)
	switch {
	case errors.Is(err, io.EOF):
		return nil
	case err != nil:
		return err
	}
	at := &next
	if len(next.Content) > 0 {
		at = next.Content[0]
	}
	return &diag.Diagnostic{File: file, Line: at.Line, Col: at.Column, Severity: diag.Error, Code: diag.CodeYAMLSyntax,
		Message: "a second YAML document starts here; a file holds exactly one document (remove the --- line, or split the file)"}
}

// Field returns the value of key in the document's top-level mapping, or
// nil, without reading the mapping (no problem is recorded): a loader
// uses it to learn a document's kind before reading it.
func (d *Doc) Field(key string) *yaml.Node {
	c := d.Root.N.Content
	for i := 0; i+1 < len(c); i += 2 {
		if c[i].Kind == yaml.ScalarNode && c[i].Value == key {
			v := c[i+1]
			if v.Kind == yaml.AliasNode && v.Alias != nil {
				v = v.Alias
			}
			return v
		}
	}
	return nil
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parserProblems are the problems the YAML parser (as opposed to its
// scanner) reports; it names their line counting from 0.
var parserProblems = map[string]bool{
	"did not find expected <stream-start>": true, "did not find expected <document start>": true,
	"found undefined tag handle": true, "did not find expected node content": true,
	"did not find expected '-' indicator": true, "did not find expected key": true,
	"did not find expected ',' or ']'": true, "did not find expected ',' or '}'": true,
	"found duplicate %YAML directive": true, "found incompatible YAML document": true,
	"found duplicate %TAG directive": true,
}

// syntaxError turns an error of the YAML parser into a diagnostic at the
// offending token. The parser names the line of the block the error is in
// (its "context"), which can be far above the mistake; the token is found
// by parsing growing prefixes of the file from that line on until one
// fails with the same problem.
func syntaxError(file string, src []byte, err error) error {
	ctxLine, msg := 0, strings.TrimPrefix(err.Error(), "yaml: ")
	if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
		ctxLine, _ = strconv.Atoi(m[1])
		msg = m[2]
		if parserProblems[msg] {
			ctxLine++ // the parser (not the scanner) counts lines from 0
		}
	}
	at := locateProblem(src, ctxLine, msg)
	d := &diag.Diagnostic{File: file, Line: at.Line, Col: at.Col, Severity: diag.Error, Code: diag.CodeYAMLSyntax,
		Message: "invalid YAML: " + msg}
	if tab := indentTab([]byte(lineText(src, at.Line))); tab >= 0 && tab == at.Col-1 {
		d.Message += " (this line is indented with a tab; YAML indents with spaces only)"
	}
	if ctxLine > 0 && ctxLine < at.Line {
		d.Related = []diag.Related{{Line: ctxLine, Col: firstNonSpace(lineText(src, ctxLine)), Message: "in the YAML block that starts here"}}
	}
	return d
}

// parseBudget bounds the bytes parsed while locating a syntax error, as a
// multiple of the file's size: a mistake far below its context is then
// placed at the context line rather than searched for at length.
const parseBudget = 64

// locateProblem returns the position of the token (the word, between
// spaces and flow indicators) at which src first fails to parse with the
// message msg, searching from the line before
// ctxLine (the parser counts some lines from 0). It falls back to
// ctxLine (or 1:1) when no prefix fails alike.
func locateProblem(src []byte, ctxLine int, msg string) diag.Pos {
	ends := lineEnds(src)
	budget := parseBudget*len(src) + 1<<20
	fails := func(n int) bool {
		budget -= n
		return failsWith(src[:n], msg)
	}
	fallback := diag.Pos{Line: max(ctxLine, 1), Col: max(firstNonSpace(lineText(src, ctxLine)), 1)}
	line := 0
	for k := max(ctxLine-1, 1); k <= len(ends) && budget > 0; k++ {
		if fails(ends[k-1]) {
			line = k
			break
		}
	}
	if line == 0 {
		return fallback
	}
	start := 0
	if line > 1 {
		start = ends[line-2]
	}
	if tab := indentTab(src[start:ends[line-1]]); tab >= 0 {
		return diag.Pos{Line: line, Col: tab + 1}
	}
	if open, ok := map[string]byte{"did not find expected ',' or ']'": '[', "did not find expected ',' or '}'": '{'}[msg]; ok {
		if col := unclosed(src[start:ends[line-1]], open); col > 0 {
			return diag.Pos{Line: line, Col: col}
		}
	}
	col, word := 0, 0
	for i := start; i < ends[line-1] && budget > 0; {
		r, size := utf8.DecodeRune(src[i:])
		col++
		i += size
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			word = 0
			continue
		case strings.ContainsRune("[]{},", r):
			word = col
		case word == 0:
			word = col
		}
		if fails(i) {
			return diag.Pos{Line: line, Col: word}
		}
		if strings.ContainsRune("[]{},", r) {
			word = 0
		}
	}
	return diag.Pos{Line: line, Col: firstNonSpace(lineText(src, line))}
}

// failsWith reports whether prefix fails to parse with the problem msg.
func failsWith(prefix []byte, msg string) bool {
	dec := yaml.NewDecoder(bytes.NewReader(prefix))
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if err == nil {
			continue
		}
		if errors.Is(err, io.EOF) {
			return false
		}
		got := strings.TrimPrefix(err.Error(), "yaml: ")
		if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
			got = m[2]
		}
		return got == msg
	}
}

// unclosed returns the column (from 1) of the last bracket open (a [ or
// a {) in line that the line does not close, skipping quoted text; 0 when
// there is none. A flow collection left open is the usual cause of the
// parser not finding its , or closing bracket.
func unclosed(line []byte, open byte) int {
	close := map[byte]byte{'[': ']', '{': '}'}[open]
	var stack []int
	var quote rune
	col := 0
	for _, r := range string(line) {
		col++
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == rune(open):
			stack = append(stack, col)
		case r == rune(close) && len(stack) > 0:
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) == 0 {
		return 0
	}
	return stack[len(stack)-1]
}

// indentTab returns the column (from 0) of a tab in the indentation of
// line, or -1: YAML does not allow tabs there, and the parser's messages
// about it rarely say so.
func indentTab(line []byte) int {
	for i, c := range line {
		switch c {
		case ' ':
		case '\t':
			return i
		default:
			return -1
		}
	}
	return -1
}

// lineEnds returns the offset just past each line of src (after its
// newline); a last line without a newline ends at len(src).
func lineEnds(src []byte) []int {
	var ends []int
	for i, c := range src {
		if c == '\n' {
			ends = append(ends, i+1)
		}
	}
	if len(src) > 0 && src[len(src)-1] != '\n' {
		ends = append(ends, len(src))
	}
	return ends
}

// lineText returns the 1-based line of src without its newline ("" when
// there is no such line).
func lineText(src []byte, line int) string {
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			return ""
		}
		src = src[i+1:]
	}
	if line < 1 {
		return ""
	}
	if i := bytes.IndexByte(src, '\n'); i >= 0 {
		src = src[:i]
	}
	return string(src)
}

// firstNonSpace returns the 1-based column of the first character of s
// that is not a space or a tab (1 for a blank line).
func firstNonSpace(s string) int {
	col := 1
	for _, r := range s {
		if r != ' ' && r != '\t' {
			return col
		}
		col++
	}
	return 1
}

// maxFlowItems bounds the items of one outermost flow collection (its
// commas and the collections in it): such a collection is parsed whole,
// not a slice at a time as a block list's items are (a block list of
// one-line {…} items is read a slice at a time, each item counted on its
// own), and a one-line planets map of 31,000
// planets (2.1 MB, some 280,000 items) peaked at 219 MB when checked; the
// bound keeps what any document written so holds to about 240 MB, where a
// 256 MiB one took some 25 GB.
const maxFlowItems = 300_000

// maxFlowDepth is the deepest nesting of [ ] and { } the YAML parser
// takes (it refuses more, but only after parsing, and locating its error
// re-parsed the file many times: 512k nested [ took half a minute).
const maxFlowDepth = 10000

// checkFlowDepth refuses, in one pass over src, a document with a flow
// collection of more than maxFlowItems items, or whose [ ] and
// { } nest deeper than maxFlowDepth, at the bracket that goes past it.
// Quoted text and comments are skipped.
func checkFlowDepth(file string, src []byte) error {
	depth, line, col, items := 0, 1, 0, 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c&0xC0 != 0x80 { // columns count characters
			col++
		}
		switch {
		case c == '\n':
			line, col = line+1, 0
		case c == '#' && (i == 0 || src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n'):
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			for i+1 < len(src) && src[i+1] != c {
				if c == '"' && src[i+1] == '\\' {
					i++
				}
				if i+1 < len(src) && src[i+1] == '\n' {
					line, col = line+1, 0
				}
				i++
			}
			i++
		case c == '[' || c == '{':
			if depth++; depth > maxFlowDepth {
				return &diag.Diagnostic{File: file, Line: line, Col: col, Severity: diag.Error, Code: diag.CodeYAMLSyntax,
					Message: fmt.Sprintf("[ ] and { } nest deeper than %d levels here; the YAML reader stops", maxFlowDepth)}
			}
			if depth == 1 {
				items = 0 // an outermost collection: parsed as one piece
			}
			items++
		case c == ',' && depth > 0:
			if items++; items > maxFlowItems {
				return &diag.Diagnostic{File: file, Line: line, Col: col, Severity: diag.Error, Code: diag.CodeBadSize,
					Message: fmt.Sprintf("more than %d items in one [ ] or { } collection up to here: a collection written in flow style ({…}, […], JSON) is parsed whole, its values taking some 100 times their text in memory; write its long lists in block style, an entry a line", maxFlowItems)}
			}
		case c == ']' || c == '}':
			depth = max(depth-1, 0)
		}
	}
	return nil
}
