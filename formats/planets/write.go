package planets

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

// SchemaFile is the JSON schema of the planets/map document.
const SchemaFile = "planets-map.schema.json"

// WriteLegacy writes m as the game's own YAML (no Shapan header): every
// value is written so that the game's PyYAML reads it back with the same
// value and type.
func WriteLegacy(m *Map) ([]byte, error) {
	lists := yamlx.Deferred{}
	root, err := mapNode(m, false, lists)
	if err != nil {
		return nil, err
	}
	if len(root.Content) == 0 {
		// A map with no value at all: an empty file would be no map for
		// PyYAML (None), and reads back as "the document is empty".
		return []byte("{}\n"), nil
	}
	return yamlx.EncodeDeferred("", root, lists)
}

// Encode writes m as a planets/map YAML document: the schema modeline, kind
// and format, then the game's own YAML (which the game still loads).
func Encode(m *Map) ([]byte, error) {
	lists := yamlx.Deferred{}
	root, err := mapNode(m, true, lists)
	if err != nil {
		return nil, err
	}
	return yamlx.EncodeDeferred(SchemaFile, root, lists)
}

// Comments written above sections of a planets/map document.
const (
	planetsComment = "def: defence multiplier (an integer def such as 2 fights differently from 2.0),\n" +
		"res: growth factor, cos: growth per step, max: production cap"
	routesComment = "[from, to, steps]; a route runs both ways"
)

// mapNode returns the document's tree; the planets and the routes are
// built as they are written (lists), a map of 60 000 of each would
// otherwise be a tree of some 200 bytes a value.
func mapNode(m *Map, ours bool, lists yamlx.Deferred) (*yaml.Node, error) {
	root := &yaml.Node{Kind: yaml.MappingNode}
	keys := newKeySet("the map")
	add := func(key string, v *yaml.Node, comment string) {
		k := yamlx.Str(key)
		if ours {
			k.HeadComment = comment
		}
		root.Content = append(root.Content, k, v)
		keys.add(StrValue(key))
	}
	if ours {
		add("kind", yamlx.Str(Kind), "")
		add("format", yamlx.Int(FormatVersion), "")
	}
	for _, key := range topKeys {
		var v *yaml.Node
		var err error
		comment := ""
		switch key {
		case "starts":
			if !m.HasStarts {
				continue
			}
			v, err = listNode(m.Starts, "starts", true)
			if v != nil {
				v.Style = yaml.FlowStyle
			}
		case PathGrid:
			if !m.HasGrid {
				continue
			}
			if !utf8.ValidString(m.Grid) {
				return nil, fmt.Errorf("map: the grid is not valid UTF-8 text")
			}
			v = gridNode(m.Grid)
		case "planets":
			if !m.HasPlanets {
				continue
			}
			v, err = planetsNode(m.Planets, lists)
			comment = planetsComment
		case "routes":
			if !m.HasRoutes {
				continue
			}
			v, err = routesNode(m.Routes, lists)
			comment = routesComment
		default:
			f := m.scalarField(key)
			if f.Type() == Absent {
				continue
			}
			v, err = valueNode(*f, key, false)
		}
		if err != nil {
			return nil, err
		}
		add(key, v, comment)
	}
	for _, p := range m.Extra {
		if p.Key.Type() == Str && (p.Key.Text() == "kind" || p.Key.Text() == "format") {
			return nil, fmt.Errorf("the extra key '%s' is reserved for Shapan's header", p.Key.Text())
		}
		if p.Key.Type() == Str && slices.Contains(topKeys, p.Key.Text()) {
			return nil, fmt.Errorf("the extra key '%s' is a known setting; set the Map field instead", p.Key.Text())
		}
		k, v, err := pairNodes(p, "", false)
		if err != nil {
			return nil, err
		}
		if err := keys.add(p.Key); err != nil {
			return nil, err
		}
		root.Content = append(root.Content, k, v)
	}
	return root, nil
}

// planetsNode returns the planets' mapping, each planet's nodes built as
// it is written (lists); what cannot be written is found first.
func planetsNode(planets []Planet, lists yamlx.Deferred) (*yaml.Node, error) {
	tokens := newKeySet("planets")
	for i, p := range planets {
		if err := tokens.add(p.Token); err != nil {
			return nil, err
		}
		if _, _, err := planetNodes(&planets[i]); err != nil {
			return nil, err
		}
	}
	return lists.Map(len(planets), func(i int) (*yaml.Node, *yaml.Node) {
		k, v, _ := planetNodes(&planets[i])
		return k, v
	}), nil
}

// planetNodes returns the key and value nodes of planet p.
func planetNodes(p *Planet) (*yaml.Node, *yaml.Node, error) {
	path := srcpos.Field("planets", p.Token.Key())
	k, err := valueNode(p.Token, path, false)
	if err != nil {
		return nil, nil, err
	}
	attrs := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	names := newKeySet(path)
	for _, key := range planetKeys {
		f := p.attr(key)
		if f.Type() == Absent {
			continue
		}
		v, err := valueNode(*f, srcpos.Field(path, key), true)
		if err != nil {
			return nil, nil, err
		}
		names.add(StrValue(key))
		attrs.Content = append(attrs.Content, yamlx.Str(key), v)
	}
	for _, a := range p.Extra {
		if a.Key.Type() == Str && slices.Contains(planetKeys, a.Key.Text()) {
			return nil, nil, fmt.Errorf("%s: the extra attribute '%s' is a known attribute; set the Planet field instead", path, a.Key.Text())
		}
		if err := names.add(a.Key); err != nil {
			return nil, nil, err
		}
		ak, av, err := pairNodes(a, path, true)
		if err != nil {
			return nil, nil, err
		}
		attrs.Content = append(attrs.Content, ak, av)
	}
	return k, attrs, nil
}

// routesNode returns the routes' list, each route's node built as it is
// written (lists); what cannot be written is found first.
func routesNode(routes []Route, lists yamlx.Deferred) (*yaml.Node, error) {
	for i := range routes {
		if _, err := routeNode(routes, i); err != nil {
			return nil, err
		}
	}
	return lists.Seq(len(routes), func(i int) *yaml.Node {
		e, _ := routeNode(routes, i)
		return e
	}), nil
}

// routeNode returns the node of route i.
func routeNode(routes []Route, i int) (*yaml.Node, error) {
	r := routes[i]
	e, err := listNode([]Value{r.From, r.To, r.Steps}, srcpos.Index("routes", i), true)
	if err != nil {
		return nil, err
	}
	e.Style = yaml.FlowStyle
	return e, nil
}

func listNode(items []Value, path string, flow bool) (*yaml.Node, error) {
	n := &yaml.Node{Kind: yaml.SequenceNode}
	for i, it := range items {
		c, err := valueNode(it, srcpos.Index(path, i), flow)
		if err != nil {
			return nil, err
		}
		n.Content = append(n.Content, c)
	}
	return n, nil
}

// pairNodes returns the key and value nodes of a mapping entry under path.
func pairNodes(p Pair, path string, flow bool) (*yaml.Node, *yaml.Node, error) {
	if !p.Key.IsScalar() {
		return nil, nil, fmt.Errorf("%s: a key must be a single value, found %s", orDoc(path), p.Key.Describe())
	}
	p2 := srcpos.Field(path, p.Key.Key())
	k, err := valueNode(p.Key, p2, flow)
	if err != nil {
		return nil, nil, err
	}
	v, err := valueNode(p.Value, p2, flow)
	if err != nil {
		return nil, nil, err
	}
	return k, v, nil
}

// valueNode returns the node of v, written so that PyYAML reads v back.
func valueNode(v Value, path string, flow bool) (*yaml.Node, error) {
	switch v.Type() {
	case Null, Bool, Float:
		return plainNode(canonical(v)), nil
	case Int:
		if i, ok := new(big.Int).SetString(v.Text(), 10); !ok || i.String() != v.Text() {
			return nil, fmt.Errorf("%s: '%s' is not an integer in decimal", orDoc(path), v.Text())
		}
		return plainNode(v.Text()), nil
	case Time:
		if checkTimestamp(v.Text()) != nil {
			return nil, fmt.Errorf("%s: '%s' is not a YAML 1.1 timestamp", orDoc(path), v.Text())
		}
		if resolvePlain(v.Text()) != tagTimestamp || strings.ContainsAny(v.Text(), ":\t") {
			// Plain, the text would not read as a timestamp, or could not
			// stay plain inside [ ] or { } (the colons of a time): tag the
			// quoted text.
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: tagTimestamp, Style: yaml.TaggedStyle | yaml.DoubleQuotedStyle, Value: v.Text()}, nil
		}
		return plainNode(v.Text()), nil
	case Str:
		if !utf8.ValidString(v.Text()) {
			return nil, fmt.Errorf("%s: the text is not valid UTF-8", orDoc(path))
		}
		n := strNode(v.Text())
		if flow && strings.ContainsAny(v.Text(), ":?") {
			// PyYAML 3 cannot read a:b or a?b unquoted inside [ ] or { }.
			n.Style = yaml.DoubleQuotedStyle
		}
		return n, nil
	case List:
		return listNode(v.Items(), path, flow)
	case Mapping:
		n := &yaml.Node{Kind: yaml.MappingNode}
		keys := newKeySet(orDoc(path))
		for _, p := range v.Pairs() {
			if err := keys.add(p.Key); err != nil {
				return nil, err
			}
			k, c, err := pairNodes(p, path, flow)
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, k, c)
		}
		return n, nil
	}
	return nil, fmt.Errorf("%s: a value is missing (absent)", orDoc(path))
}

// gridNode returns the grid as a literal block (map: |), whose lines are
// the rows; the emitter writes a double-quoted string instead when a
// literal block cannot hold the exact text (trailing spaces, say).
func gridNode(grid string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: tagStr, Value: grid, Style: yaml.DoubleQuotedStyle}
	if textSafe(grid) {
		n.Style = yaml.LiteralStyle
	}
	return n
}

// plainNode returns an untagged plain scalar, written as it is.
func plainNode(text string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Value: text}
}

// strNode returns a string scalar that PyYAML and yaml.v3 both read as the
// string s: double-quoted when a plain s would be read as something else
// (yes, 1:20, 0x1F, 1.5, ~, 2012-01-01) or holds characters that are safe
// only escaped; a literal block for multi-line text; otherwise plain when
// the emitter finds that possible, else quoted.
func strNode(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: tagStr, Value: s}
	switch {
	case !plainIsString(s) || !textSafe(s):
		n.Style = yaml.DoubleQuotedStyle
	case strings.Contains(s, "\n"):
		n.Style = yaml.LiteralStyle
	}
	return n
}

// textSafe reports whether s can be written unescaped for every YAML
// reader involved: printable characters of the Basic Multilingual Plane
// and line feeds, but no tabs, carriage returns, Unicode line separators
// or byte-order marks (the original's PyYAML also refuses characters
// beyond the BMP unless they are escaped).
func textSafe(s string) bool {
	for _, r := range s {
		switch {
		case r == '\n', r >= 0x20 && r < 0x7f:
		case r >= 0xa0 && r <= 0xd7ff && r != 0x2028 && r != 0x2029:
		case r >= 0xe000 && r <= 0xfffd && r != 0xfeff:
		default:
			return false
		}
	}
	return true
}

func orDoc(path string) string {
	if path == "" {
		return "the map"
	}
	return path
}

// keySet checks that the keys written into one mapping are distinct in the
// Python sense (1, 1.0 and true are one key).
type keySet struct {
	where string
	seen  map[string]bool
}

func newKeySet(where string) *keySet { return &keySet{where: where, seen: map[string]bool{}} }

func (s *keySet) add(k Value) error {
	if !k.IsScalar() {
		return fmt.Errorf("%s: a key must be a single value, found %s", s.where, k.Describe())
	}
	h, ok := hashKey(k)
	if !ok {
		return nil // NaN keys are all different
	}
	if s.seen[h] {
		return fmt.Errorf("%s: the key '%s' is written twice", s.where, k.Key())
	}
	s.seen[h] = true
	return nil
}
