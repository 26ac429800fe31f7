package planets

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// ValueText writes v as one line of YAML (flow style) that the game's
// PyYAML, and ParseValue, read back as v with the same type: 2 and 2.0
// stay apart, "yes" stays a string.
func ValueText(v Value) (string, error) {
	n, err := valueNode(v, "", true)
	if err != nil {
		return "", err
	}
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		n.Style = yaml.FlowStyle
	}
	if n.Kind == yaml.ScalarNode && n.Style == yaml.LiteralStyle {
		n.Style = yaml.DoubleQuotedStyle
	}
	out, err := yaml.Marshal(n)
	if err != nil {
		return "", fmt.Errorf("planets: writing %s: %w", v.Describe(), err)
	}
	return strings.TrimSuffix(string(out), "\n"), nil
}

// ParseValue reads YAML text as the game does (YAML 1.1 types); file
// names the text in errors.
func ParseValue(file, text string) (Value, error) {
	// The game's files are mappings: read the text as the value of one key.
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	root, _, err := parseAndLoad(file, []byte("v:\n"+strings.Join(lines, "\n")+"\n"))
	if err != nil {
		return Value{}, err
	}
	if root.Type() != Mapping || len(root.Pairs()) != 1 {
		return Value{}, fmt.Errorf("%s: more than one value", file)
	}
	return root.Pairs()[0].Value, nil
}
