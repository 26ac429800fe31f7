package formats

import (
	"bytes"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/yamlx"
)

// LostComments warns when a conversion drops comments a person wrote: it
// compares the comments of src, the YAML a document was read from, with
// those of the files rendered from it (files, as Render returns them) and
// of the document's canonical YAML (the comments Shapan writes itself are
// not a person's). It returns nil when nothing is lost or src is not YAML.
func LostComments(src []byte, doc *Document, files map[string][]byte) *diag.Diagnostic {
	if !IsYAMLForm(doc.Format) || !mayLoseComments(src, doc, files) {
		return nil
	}
	kept := map[string]bool{}
	for _, data := range files {
		for _, c := range yamlComments(data) {
			kept[c] = true
		}
	}
	if canonical, err := Encode(doc, YAML); err == nil {
		for _, c := range yamlComments(canonical) {
			kept[c] = true
		}
	}
	var lost []string
	for _, c := range yamlComments(src) {
		if !kept[c] && !yamlx.IsModeline(c) {
			lost = append(lost, c)
		}
	}
	if len(lost) == 0 {
		return nil
	}
	line := commentLine(src, lost[0])
	return &diag.Diagnostic{File: doc.Path, Line: line, Col: 1, Severity: diag.Warning, Code: diag.CodeLostNotes,
		Message: fmt.Sprintf("%d comment line(s) are not kept by the conversion (the first is here: %s); copy them by hand if they matter", len(lost), lost[0])}
}

// mayLoseComments tells from the text alone, without parsing it, that a
// conversion keeps every comment of src (false): each text from a "#"
// that starts a line's content or follows a space to the line's end, a
// superset of src's comments, is found so in a file written or in the
// canonical YAML. Parsing the whole document again would take the YAML
// parser's tree of it, some 30–80× its size (the reader of a long
// document parses it in slices); a comment found only inside a text
// value of the output would count as kept.
func mayLoseComments(src []byte, doc *Document, files map[string][]byte) bool {
	want := textComments(src)
	if len(want) == 0 {
		return false
	}
	drop := func(data []byte) {
		for c := range textComments(data) {
			delete(want, c)
		}
	}
	for _, data := range files {
		drop(data)
	}
	if len(want) > 0 {
		if canonical, err := Encode(doc, YAML); err == nil {
			drop(canonical)
		}
	}
	for c := range want {
		if yamlx.IsModeline(c) {
			delete(want, c)
		}
	}
	return len(want) > 0
}

// textComments returns every text of src from a "#" at the start of a
// line's content or after a space or tab, to the end of its line,
// trimmed (see mayLoseComments).
func textComments(src []byte) map[string]bool {
	out := map[string]bool{}
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		for i := bytes.IndexByte(line, '#'); i >= 0; {
			if i == 0 || line[i-1] == ' ' || line[i-1] == '\t' || len(bytes.TrimLeft(line[:i], " \t")) == 0 {
				if c := strings.TrimSpace(string(line[i:])); !out[c] {
					out[c] = true
				}
			}
			j := bytes.IndexByte(line[i+1:], '#')
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return out
}

// yamlComments returns the comment lines of a YAML text, trimmed, in
// order (nil when it does not parse: then there is nothing to compare).
func yamlComments(src []byte) []string {
	var root yaml.Node
	if yaml.Unmarshal(src, &root) != nil {
		return nil
	}
	var out []string
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		for _, c := range []string{n.HeadComment, n.LineComment, n.FootComment} {
			for _, l := range strings.Split(c, "\n") {
				if l = strings.TrimSpace(l); l != "" {
					out = append(out, l)
				}
			}
		}
		for _, k := range n.Content {
			walk(k)
		}
	}
	walk(&root)
	return out
}

// commentLine returns the first line of src holding the comment c.
func commentLine(src []byte, c string) int {
	for i, l := range bytes.Split(src, []byte("\n")) {
		if bytes.Contains(l, []byte(c)) {
			return i + 1
		}
	}
	return 0
}
