package ftbt

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/yamlx"
)

// textField writes "key: value" as a top-level field of a document, with
// comment above it. Multi-line text is written as a literal block (|) even
// when lines end in spaces: yaml.v3's encoder would fall back to one long
// double-quoted line there, which nobody can edit, although a literal
// block holds such lines exactly. The block is read back before it is
// used; text a literal block cannot hold (control characters, CR line
// ends, lines of only a tab) is written double-quoted.
func textField(key, comment, s string) ([]byte, error) {
	if block, ok := literalField(key, comment, s); ok {
		return block, nil
	}
	m := yamlx.Map()
	section(m, key, comment, str(s))
	return yamlx.Encode("", m)
}

// literalField writes key: |… by hand, or reports false.
func literalField(key, comment, s string) ([]byte, bool) {
	if !strings.Contains(s, "\n") {
		return nil, false
	}
	for _, r := range s {
		if !literalRune(r) {
			return nil, false
		}
	}
	var b bytes.Buffer
	if comment != "" {
		for line := range strings.SplitSeq(comment, "\n") {
			b.WriteString("# " + line + "\n")
		}
	}
	b.WriteString(key + ": |")
	if s[0] == ' ' || s[0] == '\n' {
		b.WriteByte('2') // the indentation cannot be guessed from the first line
	}
	switch {
	case s[len(s)-1] != '\n':
		b.WriteByte('-')
	case len(s) == 1 || s[len(s)-2] == '\n':
		b.WriteByte('+')
	}
	b.WriteByte('\n')
	body := strings.TrimSuffix(s, "\n")
	for line := range strings.SplitSeq(body, "\n") {
		if line != "" {
			b.WriteString("  ")
			b.WriteString(line)
		}
		b.WriteByte('\n')
	}
	out := b.Bytes()
	// Read it back as a field followed by others, as in a document.
	probe := append(append([]byte(nil), out...), "# next\nnext: 0\n"...)
	var doc yaml.Node
	if yaml.Unmarshal(probe, &doc) != nil || len(doc.Content) != 1 || len(doc.Content[0].Content) != 4 {
		return nil, false
	}
	if v := doc.Content[0].Content[1]; v.Kind != yaml.ScalarNode || v.Value != s || v.ShortTag() != "!!str" {
		return nil, false
	}
	return out, true
}

// literalRune reports whether r can appear as itself in a literal block.
func literalRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return true
	case r == utf8.RuneError, r == 0xFEFF:
		return false
	case r >= 0x20 && r <= 0x7E:
		return true
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000 && r <= 0x10FFFF:
		return r != 0x2028 && r != 0x2029
	}
	return false
}
