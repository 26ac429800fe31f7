package yamlx

import (
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
)

// Enum writes v by its name when names has one for it, else as a number
// (an out-of-range value kept from a legacy file).
func Enum(v int, names []string) *yaml.Node {
	if v >= 0 && v < len(names) {
		return Str(names[v])
	}
	return Int(v)
}

// Enum reads a value written by name (one of names) or as a number.
func (n Node) Enum(names []string) (int, bool) {
	if n.N.Kind == yaml.ScalarNode && n.N.ShortTag() == "!!int" {
		return n.Int()
	}
	if n.N.Kind == yaml.ScalarNode && !n.IsNull() {
		for i, name := range names {
			if n.N.Value == name {
				return i, true
			}
		}
		if s := Suggest(n.N.Value, names); s != "" {
			n.Errorf(diag.CodeBadValue, "must be one of %s, found %s (did you mean '%s'?)", strings.Join(names, ", "), n.found(), s)
			return 0, false
		}
	}
	n.Errorf(diag.CodeBadValue, "must be one of %s, found %s", strings.Join(names, ", "), n.found())
	return 0, false
}
