package mbg

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/yamlx"
)

// items returns the items of the optional list field key.
func items(m *yamlx.Mapping, key string) []yamlx.Node {
	n, ok := m.Get(key, "")
	if !ok {
		return nil
	}
	return n.Items()
}

// listField returns the optional list field key, to range over.
func listField(m *yamlx.Mapping, key string) yamlx.List {
	n, ok := m.Get(key, "")
	if !ok {
		return yamlx.List{}
	}
	return n.List()
}

// needList returns the required list field key, to range over.
func needList(m *yamlx.Mapping, key, expect string) yamlx.List {
	n, ok := m.Need(key, "", "a list of "+expect)
	if !ok {
		return yamlx.List{}
	}
	return n.List()
}

// needItems returns the items of the required list field key.
func needItems(m *yamlx.Mapping, key, expect string) []yamlx.Node {
	n, ok := m.Need(key, "", "a list of "+expect)
	if !ok {
		return nil
	}
	return n.Items()
}

// labeled returns item i of a list as a mapping labelled "noun k (name)",
// k counting from 1 as people do.
func labeled(it yamlx.Node, noun string, i int) *yamlx.Mapping {
	label := fmt.Sprintf("%s %d", noun, i+1)
	if m := it.Mapping(); m != nil {
		if n, ok := m.Get("name", ""); ok && n.N.Value != "" {
			label = fmt.Sprintf("%s %d (%s)", noun, i+1, n.N.Value)
		}
	}
	return it.Labeled(label).Mapping()
}

// itemName reads the name of list item i without consuming the mapping.
func itemName(it yamlx.Node, noun string, i int) string {
	m := it.Labeled(fmt.Sprintf("%s %d", noun, i+1)).Mapping()
	if m == nil {
		return ""
	}
	if n, ok := m.Get("name", ""); ok {
		if s, ok := n.Text(); ok {
			return s
		}
	} else {
		m.Errorf(diag.CodeStructure, "missing field 'name'")
	}
	return ""
}

// nameField marks the name field as read and returns it.
func nameField(m *yamlx.Mapping) string {
	if m == nil {
		return ""
	}
	if n, ok := m.Need("name", "", "a name"); ok {
		s, _ := n.Text()
		return s
	}
	return ""
}

func optInt(m *yamlx.Mapping, key string) int {
	if n, ok := m.Get(key, ""); ok {
		v, _ := n.Int()
		return v
	}
	return 0
}

// optRef reads an optional reference; absent or null means -1 (none).
func optRef(m *yamlx.Mapping, key string, names *yamlx.Names) int {
	n, ok := m.Get(key, "")
	if !ok || n.IsNull() {
		return -1
	}
	i, ok := names.Resolve(n)
	if !ok {
		return -1
	}
	return i
}

// intList reads a list of exactly n integers.
func intList(n yamlx.Node, count int, form string) []int {
	out := make([]int, count)
	if n.N.Kind != yaml.SequenceNode || len(n.N.Content) != count {
		n.Errorf(diag.CodeStructure, "must be %s (a list of %d integers)", form, count)
		return out
	}
	for i, it := range n.Items() {
		out[i], _ = it.Int()
	}
	return out
}

func decodeRect(m *yamlx.Mapping) Rect {
	n, ok := m.Get("rect", "rectangle")
	if !ok {
		return Rect{}
	}
	v := intList(n, 4, "[x0, y0, x1, y1]")
	return Rect{v[0], v[1], v[2], v[3]}
}

func joinNames(names []string) string { return strings.Join(names, ", ") }
