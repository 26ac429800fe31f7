package tiled

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/shapan/shapan/formats/diag"
)

// Property constructors for the writers.

func intProp(name string, v int) Property {
	return Property{Name: name, Type: "int", Value: json.RawMessage(strconv.Itoa(v))}
}

func strProp(name, v string) Property {
	return Property{Name: name, Type: "string", Value: jsonText(v)}
}

func boolProp(name string, v bool) Property {
	return Property{Name: name, Type: "bool", Value: json.RawMessage(strconv.FormatBool(v))}
}

func colorProp(name, v string) Property {
	return Property{Name: name, Type: "color", Value: jsonText(v)}
}

// jsonText returns s as a JSON string, without escaping <, > and &.
func jsonText(s string) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return json.RawMessage(bytes.TrimSpace(b.Bytes()))
}

// props reads the custom properties of one map item and reports, at the
// end, those no reader asked for (they would be lost).
type props struct {
	s     *source
	path  string // JSON path of the item
	where string // the item for messages
	list  []Property
	asked map[string]bool
}

func (s *source) props(path, where string, list []Property) *props {
	return &props{s: s, path: path, where: where, list: list, asked: map[string]bool{}}
}

// find returns the property named name and its JSON path.
func (p *props) find(name string) (*Property, string, bool) {
	p.asked[name] = true
	for i := range p.list {
		if p.list[i].Name == name {
			return &p.list[i], fmt.Sprintf("%sproperties[%d].value", p.prefix(), i), true
		}
	}
	return nil, "", false
}

// prefix is the item's path as the start of a child's path.
func (p *props) prefix() string {
	if p.path == "" {
		return ""
	}
	return p.path + "."
}

// has reports whether the property is there.
func (p *props) has(name string) bool {
	_, _, ok := p.find(name)
	return ok
}

func (p *props) missing(name, what string) {
	p.s.errorf(p.path, p.where, diag.CodeStructure, "missing the %s property %q", what, name)
}

// int reads an int property; need says that its absence is an error.
func (p *props) int(name string, need bool) (int, bool) {
	pr, path, ok := p.find(name)
	if !ok {
		if need {
			p.missing(name, "int")
		}
		return 0, false
	}
	v, err := strconv.ParseInt(string(bytes.TrimSpace(pr.Value)), 10, 0)
	if err != nil || v < -1<<31 || v > 1<<31-1 {
		p.s.errorf(path, p.where, diag.CodeNotInt, "property %q must be a whole number, found %s", name, pr.Value)
		return 0, false
	}
	return int(v), true
}

// str reads a string property; need says that its absence is an error.
func (p *props) str(name string, need bool) (string, bool) {
	pr, path, ok := p.find(name)
	if !ok {
		if need {
			p.missing(name, "string")
		}
		return "", false
	}
	var v string
	if err := json.Unmarshal(pr.Value, &v); err != nil {
		p.s.errorf(path, p.where, diag.CodeStructure, "property %q must be text, found %s", name, pr.Value)
		return "", false
	}
	return v, true
}

// bool reads a bool property.
func (p *props) bool(name string, need bool) (bool, bool) {
	pr, path, ok := p.find(name)
	if !ok {
		if need {
			p.missing(name, "bool")
		}
		return false, false
	}
	var v bool
	if err := json.Unmarshal(pr.Value, &v); err != nil {
		p.s.errorf(path, p.where, diag.CodeNotBool, "property %q must be true or false, found %s", name, pr.Value)
		return false, false
	}
	return v, true
}

// done reports the properties nobody asked for, except those in ignore.
func (p *props) done(ignore ...string) {
	var known []string
	for k := range p.asked {
		known = append(known, k)
	}
	slices.Sort(known)
	for i, pr := range p.list {
		if p.asked[pr.Name] || slices.Contains(ignore, pr.Name) {
			continue
		}
		p.s.errorf(fmt.Sprintf("%sproperties[%d]", p.prefix(), i), p.where, diag.CodeStructure,
			"unknown property %q (known: %s); its value would be lost", pr.Name, strings.Join(known, ", "))
	}
}
