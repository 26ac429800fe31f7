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
	if !IsYAMLForm(doc.Format) {
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
