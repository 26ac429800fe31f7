package tiled

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/diag"
)

// rosterText writes a battle map's roster as the map property "roster":
// one line per entry, a YAML flow mapping as in the map's YAML document
// ({name: 吕布, force: 110, hp: 1400}).
func rosterText(r []battle.RosterEntry) (string, error) {
	lines := make([]string, len(r))
	for i, e := range r {
		n := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		add := func(key string, v *yaml.Node) {
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, v)
		}
		add("name", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: e.Name})
		for k, st := range battle.RosterStats {
			if v := *e.Field(k); v != nil {
				add(st.Key, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: fmt.Sprint(*v)})
			}
		}
		out, err := yaml.Marshal(n)
		if err != nil {
			return "", fmt.Errorf("tiled: roster entry %d: %w", i+1, err)
		}
		lines[i] = strings.TrimSuffix(string(out), "\n")
	}
	return strings.Join(lines, "\n"), nil
}

// rosterLine is one line of the roster property.
type rosterLine struct {
	Name    *string `yaml:"name"`
	Force   *int    `yaml:"force"`
	Command *int    `yaml:"command"`
	HP      *int    `yaml:"hp"`
	Range   *int    `yaml:"range"`
}

// readRoster reads the roster property; path is its value's JSON path.
func (s *source) readRoster(text, path string) []battle.RosterEntry {
	var out []battle.RosterEntry
	for i, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var rl rosterLine
		dec := yaml.NewDecoder(strings.NewReader(line))
		dec.KnownFields(true)
		err := dec.Decode(&rl)
		if err == nil && rl.Name == nil {
			err = fmt.Errorf("no name")
		}
		if err != nil {
			s.errorf(path, "map properties", diag.CodeBadValue,
				"property \"roster\", line %d: %v; write one hero a line as {name: 吕布, force: 110, command: 80, hp: 1400, range: 3}", i+1, err)
			continue
		}
		e := battle.RosterEntry{Name: *rl.Name}
		for k, v := range []*int{rl.Force, rl.Command, rl.HP, rl.Range} {
			*e.Field(k) = v
		}
		out = append(out, e)
	}
	return out
}
