package yamlx

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// A long text written as a top-level literal block scalar (an ftbt level's
// terrain: 36 MB for 6000×6000 cells) is held by the YAML parser twice
// while it reads it, in its buffer and as the string made of it, besides
// the file. ParseLazyAs reads the block scalars of the fields Lazy.Blocks
// names from the file's lines instead: the document is parsed with the
// lines of each block blank (its skeleton, as for lazy lists: the lines
// and columns of everything else are the file's), and Node.Grid reads the
// rows from the file when asked.
//
// A block is found by lines: "key: |" at column 0, the indicator after
// spaces, with an optional chomping (- or +) and indentation (1–9)
// indicator and a comment, then the lines the YAML parser's scanner takes
// for it (yaml.v3's rules: the indentation is the indicator's or that of
// the first line that is not blank, or of a longer blank line before it;
// a line indented less that is not blank ends the block). Whatever the
// scanner would refuse or read otherwise (a tab in the indentation, a
// character it does not allow, a line break other than \n and \r\n, no
// line of text at all, a folded block >) leaves the block to the parser,
// as does a skeleton whose key at that line is not the block's key of the
// top-level mapping with a literal block as its value: the line was then
// inside another value.

// block is a top-level literal block scalar found by lines.
type block struct {
	key     string
	keyLine int // the line of "key: |"
	col     int // the column of the "|", from 1
	// start and end are the offsets of the lines the block takes in the
	// file (after its key's line); end is that of the line that ends it.
	start, end int
	indent     int  // the indentation of its text
	keep       bool // chomping +: its trailing blank lines are rows
}

// blocksFromLines is set when ParseLazyAs reads blocks from the lines (a
// variable for the tests, which compare with the parser's reading).
var blocksFromLines = true

// BlocksThroughParser makes ParseLazyAs leave every block scalar to the
// YAML parser, as before it read them from the lines, until the returned
// function is called: the tests of a reader built on it compare both
// readings. Not for concurrent use.
func BlocksThroughParser() (restore func()) {
	old := blocksFromLines
	blocksFromLines = false
	return func() { blocksFromLines = old }
}

// findBlocks returns the blocks of src of the given keys that the lines
// can be read for (see the comment at block); none when src has a line
// break yaml.v3 counts that \n does not.
func findBlocks(src []byte, keys []string) []block {
	if len(keys) == 0 || !blocksFromLines || otherBreaks(src) {
		return nil
	}
	var out []block
	line := 1
	for at := 0; at < len(src); {
		end := lineEnd(src, at)
		b, ok := blockAt(src, at, end, keys)
		if !ok {
			at, line = end, line+1
			continue
		}
		b.keyLine = line
		out = append(out, b)
		line += 1 + bytes.Count(src[end:b.end], []byte{'\n'})
		at = b.end
	}
	return out
}

// blockAt reads the block whose key's line is src[at:end], when it is
// one of keys and the block can be read from the lines.
func blockAt(src []byte, at, end int, keys []string) (block, bool) {
	line := src[at:end]
	var b block
	for _, k := range keys {
		if len(line) > len(k) && string(line[:len(k)]) == k && line[len(k)] == ':' {
			b.key = k
			break
		}
	}
	if b.key == "" {
		return block{}, false
	}
	increment, ok := blockHeader(line[len(b.key)+1:], &b)
	if !ok || end == len(src) {
		return block{}, false
	}
	b.start = end
	if !scanBlock(src, &b, increment) {
		return block{}, false
	}
	return b, true
}

// blockHeader reads " |" and the indicators after a key's colon, setting
// b's column and chomping; it returns the indentation indicator (0 when
// there is none).
func blockHeader(rest []byte, b *block) (int, bool) {
	i := 0
	for i < len(rest) && rest[i] == ' ' {
		i++
	}
	if i == 0 || i >= len(rest) || rest[i] != '|' {
		return 0, false
	}
	b.col = len(b.key) + 1 + i + 1
	i++
	increment := 0
	for k := 0; k < 2 && i < len(rest); k++ {
		switch c := rest[i]; {
		case (c == '+' || c == '-') && k == 0 || (c == '+' || c == '-') && increment > 0:
			b.keep = c == '+'
		case c >= '1' && c <= '9' && increment == 0:
			increment = int(c - '0')
		default:
			k = 2
			continue
		}
		i++
	}
	switch tail := strings.TrimRight(string(rest[i:]), "\r\n"); {
	case tail == "":
	case tail[0] == ' ' || tail[0] == '\t':
		if t := strings.TrimLeft(tail, " \t"); t != "" && t[0] != '#' {
			return 0, false
		}
	default:
		return 0, false
	}
	return increment, true
}

// scanBlock finds the lines of b from b.start as yaml.v3's scanner takes
// them for a block scalar of a top-level key (indentation increment
// given, or 0): b's end and indentation; false when the scanner would
// refuse them or read them otherwise than Grid does, or when the block
// has no line of text.
func scanBlock(src []byte, b *block, increment int) bool {
	at, indent, most := b.start, increment, 0
	// The blank lines before the first line of text.
	for {
		sp := spacesAt(src, at, indent)
		most = max(most, sp)
		if (indent == 0 || sp < indent) && at+sp < len(src) && src[at+sp] == '\t' {
			return false // a tab where the indentation is
		}
		n := breakAt(src, at+sp)
		if n == 0 {
			break
		}
		at += sp + n
	}
	if indent == 0 {
		indent = max(most, 1)
	}
	b.indent = indent
	text := false
	for at+indent < len(src) && spacesAt(src, at, indent) == indent {
		end, ok := textLine(src, at+indent)
		if !ok {
			return false
		}
		text, at = true, end
		for at < len(src) {
			sp := spacesAt(src, at, indent)
			if sp < indent && at+sp < len(src) && src[at+sp] == '\t' {
				return false
			}
			n := breakAt(src, at+sp)
			if n == 0 {
				break
			}
			at += sp + n
		}
	}
	b.end = at
	return text
}

// spacesAt counts the spaces at src[at:], at most limit (0: no limit).
func spacesAt(src []byte, at, limit int) int {
	n := 0
	for at+n < len(src) && src[at+n] == ' ' && (limit == 0 || n < limit) {
		n++
	}
	return n
}

// breakAt returns the length of the line break at src[at:] (\n or
// \r\n), 0 when there is none.
func breakAt(src []byte, at int) int {
	switch {
	case at < len(src) && src[at] == '\n':
		return 1
	case at+1 < len(src) && src[at] == '\r' && src[at+1] == '\n':
		return 2
	}
	return 0
}

// textLine checks the text of a line of a block from at, up to its line
// break, and returns the offset just past the break; false when the text
// has a character yaml.v3 does not allow (it refuses the file) or a line
// break of its own.
func textLine(src []byte, at int) (int, bool) {
	for at < len(src) {
		c := src[at]
		switch {
		case c == '\t' || c >= 0x20 && c <= 0x7E:
			at++
			continue
		case c == '\n':
			return at + 1, true
		case c == '\r':
			return at + 2, breakAt(src, at) == 2
		case c < 0x80:
			return 0, false
		}
		r, size := utf8.DecodeRune(src[at:])
		if r == utf8.RuneError && size == 1 || !(r >= 0xA0 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF) || r == 0x2028 || r == 0x2029 {
			return 0, false
		}
		at += size
	}
	return at, true
}

// blankLines writes the skeleton of b's lines: each line's indentation
// (at most b's) and its line break, so that the block parses empty at the
// same lines.
func (b block) blankLines(dst *bytes.Buffer, src []byte) {
	for at := b.start; at < b.end; {
		end := lineEnd(src, at)
		sp := spacesAt(src, at, b.indent)
		dst.Write(src[at : at+sp])
		if end > at && src[end-1] == '\n' {
			if end-2 >= at+sp && src[end-2] == '\r' {
				dst.WriteByte('\r')
			}
			dst.WriteByte('\n')
		}
		at = end
	}
}

// rows returns the block's rows as Grid returns those of the parsed
// scalar: its value without one final line break, split at the line
// breaks. The text is copied once, into one string.
func (b block) rows(src []byte) []string {
	size, count := 0, 0
	b.eachRow(src, func(row []byte) { size, count = size+len(row), count+1 })
	var text strings.Builder
	text.Grow(size)
	b.eachRow(src, func(row []byte) { text.Write(row) })
	all, rows := text.String(), make([]string, 0, count)
	b.eachRow(src, func(row []byte) {
		rows = append(rows, all[:len(row)])
		all = all[len(row):]
	})
	return rows
}

// eachRow calls f with the text of each row of b: the blank lines before
// its first line of text and between its lines as empty rows, those after
// its last only when it keeps them (+).
func (b block) eachRow(src []byte, f func(row []byte)) {
	blanks := 0
	for at := b.start; at < b.end; {
		end := lineEnd(src, at)
		sp := spacesAt(src, at, b.indent)
		text := bytes.TrimSuffix(bytes.TrimSuffix(src[at+sp:end], []byte{'\n'}), []byte{'\r'})
		at = end
		if sp < b.indent || len(text) == 0 {
			blanks++
			continue
		}
		for ; blanks > 0; blanks-- {
			f(nil)
		}
		f(text)
	}
	for ; b.keep && blanks > 0; blanks-- {
		f(nil)
	}
}

// blockValue returns the value of b's key in the skeleton's top-level
// mapping at the key's line: a literal block, empty but for line breaks,
// at the column of b's "|" (nil otherwise: the line was not that key).
func blockValue(root *yaml.Node, b block) *yaml.Node {
	c := root.Content
	for i := 0; i+1 < len(c); i += 2 {
		k, v := c[i], c[i+1]
		if k.Line != b.keyLine || k.Column != 1 {
			continue
		}
		if k.Kind != yaml.ScalarNode || k.Value != b.key || k.Style != 0 || k.Tag != "!!str" {
			return nil
		}
		if v.Kind != yaml.ScalarNode || v.Style != yaml.LiteralStyle || v.Tag != "!!str" || v.Anchor != "" ||
			v.Line != b.keyLine || v.Column != b.col || strings.Trim(v.Value, "\n") != "" {
			return nil
		}
		return v
	}
	return nil
}
