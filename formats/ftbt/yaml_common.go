package ftbt

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/yamlx"
)

// Document kinds and the format versions this package writes.
const (
	KindRules    = "ftbt/rules"
	KindLevel    = "ftbt/level"
	RulesVersion = 1
	LevelVersion = 1
)

// Schema file names of the two document kinds.
const (
	rulesSchema = "ftbt-rules.schema.json"
	levelSchema = "ftbt-level.schema.json"
)

// str returns a string scalar. Text with line breaks is double-quoted:
// yaml.v3 would write a literal block, which does not always read back as
// written (a line of only a tab, say).
func str(s string) *yaml.Node {
	n := yamlx.Str(s)
	if strings.ContainsAny(s, "\n\r") {
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}

// section appends key: value to m with a comment above the key.
func section(m *yaml.Node, key, comment string, value *yaml.Node) {
	k := yamlx.Str(key)
	k.HeadComment = comment
	m.Content = append(m.Content, k, value)
}

// labeled returns item i of a list as a mapping labelled "noun k (name)",
// k counting from 1 as people do.
func labeled(it yamlx.Node, noun string, i int) *yamlx.Mapping {
	label := fmt.Sprintf("%s %d", noun, i+1)
	if it.N.Kind == yaml.MappingNode {
		for k := 0; k+1 < len(it.N.Content); k += 2 {
			if it.N.Content[k].Value == "name" && it.N.Content[k+1].Kind == yaml.ScalarNode && it.N.Content[k+1].Value != "" {
				label = fmt.Sprintf("%s %d (%s)", noun, i+1, it.N.Content[k+1].Value)
				break
			}
		}
	}
	return it.Labeled(label).Mapping()
}

// needText reads the required text field key.
func needText(m *yamlx.Mapping, key, expect string) string {
	if n, ok := m.Need(key, "", expect); ok {
		s, _ := n.Text()
		return s
	}
	return ""
}

// items returns the items of the list field key (nil when absent).
func items(m *yamlx.Mapping, key string) []yamlx.Node {
	if n, ok := m.Get(key, ""); ok {
		return n.Items()
	}
	return nil
}

// needList returns the required list field key, to range over with Each
// (a long list of a document parsed by yamlx.ParseLazy is parsed a slice
// at a time).
func needList(m *yamlx.Mapping, key, expect string) yamlx.List {
	if n, ok := m.Need(key, "", "a list of "+expect); ok {
		return n.List()
	}
	return yamlx.List{}
}

// needItems returns the items of the required list field key.
func needItems(m *yamlx.Mapping, key, expect string) []yamlx.Node {
	if n, ok := m.Need(key, "", "a list of "+expect); ok {
		return n.Items()
	}
	return nil
}

func addTrailing(root *yaml.Node, tokens []string) {
	if len(tokens) == 0 {
		return
	}
	s := yamlx.Flow(yamlx.Seq())
	for _, t := range tokens {
		s.Content = append(s.Content, str(t))
	}
	section(root, "trailing_tokens", "values after the end of the legacy file; the game ignores them", s)
}

func decodeTrailing(m *yamlx.Mapping) []string {
	var out []string
	for _, it := range items(m, "trailing_tokens") {
		if t, ok := it.Text(); ok {
			out = append(out, t)
		}
	}
	return out
}
