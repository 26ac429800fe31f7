package schematest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/validate"
)

// instances says where a sample holds an item of each record of the field
// tables: the sample, the path of the item (keys and indices, dot
// separated) and, when the sample has none, text added before a line to
// make one. A size shapes the grid: changed alone, the grid no longer
// fits it, which only check sees, so a size is tried only beyond its
// range (both must refuse it).
var instances = map[string]struct {
	sample, path, before, add string
	shapesGrid                bool
	// renameKey says that the field is the key of the first entry of the
	// mapping at path: a change renames it.
	renameKey bool
	// skip are the changes not tried, each for the reason told where it
	// is set.
	skip []string
}{
	"ftbt level":             {sample: level},
	"ftbt person ai":         {sample: level, path: "people.0.ai"},
	"ftbt rules":             {sample: rules},
	"ftbt tech":              {sample: rules, path: "techs.0"},
	"ftbt tech area":         {sample: rules, path: "techs.0.aoe"},
	"ftbt rules ai":          {sample: rules, path: "ai"},
	"battle map":             {sample: battle},
	"mbg scenario":           {sample: scenario},
	"mbg grid size":          {sample: scenario, path: "grid_size"},
	"mbg save":               {sample: save},
	"mbg save grid size":     {sample: save, path: "grid_size"},
	"mbg save free officers": {sample: save, path: "free"},
	"mbg save research":      {sample: save, path: "institutes.0.research.蜀"},
	// The sample's save has no training under way: one is added.
	"mbg save training":   {sample: save, path: "training_rooms.0.training.蜀", before: "  - name: 书院", add: "    training:\n      蜀: {trainee: 诸葛亮, rounds: 2}\n"},
	"ftbt person":         {sample: level, path: "people.0"},
	"ftbt person cell":    {sample: level, path: "people.0.at"},
	"ftbt level size":     {sample: level, path: "size", shapesGrid: true},
	"ftbt terrain":        {sample: rules, path: "terrains.0"},
	"battle map size":     {sample: battle, path: "size", shapesGrid: true},
	"battle roster entry": {sample: battle, path: "roster.0", before: "legend:", add: "roster:\n  - {name: 吕布}\n"},
	"planets map":         {sample: planets},
	"planets planet":      {sample: planets, path: "planets.A"},
	// A token is a key of planets: the change renames planet A.
	"planets token":     {sample: planets, path: "planets", renameKey: true},
	"planets route":     {sample: planets, path: "routes.0"},
	"mbg officer":       {sample: scenario, path: "officers.0"},
	"mbg city":          {sample: scenario, path: "cities.0"},
	"mbg role":          {sample: scenario, path: "roles.0"},
	"mbg institute":     {sample: scenario, path: "institutes.0"},
	"mbg training room": {sample: scenario, path: "training_rooms.0"},
	// An empty square: its type changed to a building's, the square
	// lacks the key naming the building, which check refuses (P011) and
	// the schema does not state (which key a type needs), so those types
	// are not tried.
	"mbg square":             {sample: scenario, path: "board.10", skip: buildingTypes},
	"mbg tech id":            {sample: scenario, path: "institutes.0.techs.0"},
	"mbg save officer":       {sample: save, path: "officers.0"},
	"mbg save city":          {sample: save, path: "cities.0"},
	"mbg save institute":     {sample: save, path: "institutes.0"},
	"mbg save training room": {sample: save, path: "training_rooms.0"},
	"mbg save square":        {sample: save, path: "board.10", skip: buildingTypes},
	"mbg save role":          {sample: save, path: "roles.0"},
	"mbg save card count":    {sample: save, path: "roles.0.cards.联盟"},
	// The same field as the scenario's, in the save's schema.
	"mbg save tech id": {sample: save},
}

// buildingTypes are the changes of a square's type to a building's.
var buildingTypes = []string{"is-city", "is-institute", "is-training_room", "is-1", "is-3", "is-4"}

// fieldMiss is a sample with one field of a table changed: to a value at
// or beyond an end of its range or set, to a value of another type, or
// removed; want is what check must report of the field's rule ("" when
// nothing: the value is allowed).
type fieldMiss struct {
	name, path string
	f          *field.Field
	want       string // CODE:severity, "?" for a value of another type or none, "" when allowed
	shapesGrid bool
}

// fieldMisses writes, beside the samples in dir, every change the field
// tables call for, and returns them.
func fieldMisses(t *testing.T, dir string) []fieldMiss {
	t.Helper()
	var out []fieldMiss
	parsed := map[string]*yaml.Node{} // each sample (with its addition) parsed once
	for _, r := range records() {
		in, ok := instances[r.Name]
		if !ok {
			t.Errorf("record %s: no sample holds one (add it to instances)", r.Name)
			continue
		}
		if in.path == "" && r.Pointer != "" {
			continue // no item of its own: its fields are tried through another record
		}
		for i := range r.Fields {
			f := &r.Fields[i]
			for _, c := range changes(f) {
				if in.shapesGrid && c.want != f.Code+":"+f.Severity.String() || slices.Contains(in.skip, c.label) {
					continue
				}
				name := fmt.Sprintf("field-%s-%s-%s", strings.ReplaceAll(r.Name, " ", "-"), orIndex(f.Key), c.label)
				base := filepath.Join(dir, "samples", filepath.FromSlash(in.sample))
				key := in.sample + "\x00" + in.add
				if parsed[key] == nil {
					src, err := os.ReadFile(base)
					if err != nil {
						t.Fatal(err)
					}
					if in.add != "" {
						src = bytes.Replace(src, []byte("\n"+in.before), []byte("\n"+in.add+in.before), 1)
					}
					var doc yaml.Node
					if err := yaml.Unmarshal(src, &doc); err != nil {
						t.Fatal(err)
					}
					parsed[key] = &doc
				}
				changed, err := change(deepCopy(parsed[key]), in.path, f.Key, c.value, in.renameKey)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				path := filepath.Join(filepath.Dir(base), name+filepath.Ext(base))
				if err := os.WriteFile(path, changed, 0o644); err != nil {
					t.Fatal(err)
				}
				out = append(out, fieldMiss{name: name, path: path, f: f, want: c.want, shapesGrid: in.shapesGrid})
			}
		}
	}
	return out
}

func orIndex(key string) string {
	if key == "" {
		return "id"
	}
	return key
}

// fieldChange is one value a field is set to (nil removes the key).
type fieldChange struct {
	label string
	value *yaml.Node
	want  string
}

func intNode(v int) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.Itoa(v)} }

func numNode(v float64) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: field.Bound(v)} }

func strNode(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }

// changes returns the values each field is tried with: both ends of its
// range and one step beyond each, every value of its set and its
// neighbours, text and a fraction for a number, and no value at all for a
// required key.
func changes(f *field.Field) []fieldChange {
	var out []fieldChange
	rule := f.Code + ":" + f.Severity.String()
	for _, n := range f.Names {
		out = append(out, fieldChange{"is-" + n, strNode(n), ""})
	}
	if f.Names != nil {
		// A name of none of them: the field's rule when the names are the
		// set, a value the reader refuses when it takes their indices too.
		want := rule
		if f.Enum != nil {
			want = "?"
		}
		out = append(out, fieldChange{"unknown-name", strNode("no-such-name"), want})
	}
	if f.Pattern != "" {
		out = append(out, fieldChange{"letter", strNode("Q"), ""}, fieldChange{"two-letters", strNode("QQ"), rule}, fieldChange{"digit", strNode("1"), rule})
	}
	if f.AnyType && f.Type == field.Boolean {
		out = append(out, fieldChange{"is-true", &yaml.Node{Kind: yaml.ScalarNode, Value: "true"}, ""},
			fieldChange{"is-false", &yaml.Node{Kind: yaml.ScalarNode, Value: "false"}, ""},
			fieldChange{"text", strNode("False"), rule}, fieldChange{"number", intNode(1), rule})
	}
	if f.Type == field.Boolean && !f.AnyType {
		out = append(out, fieldChange{"text", strNode("many"), "?"})
	}
	if f.Enum != nil {
		lo, hi := f.Enum[0], f.Enum[0]
		for _, e := range f.Enum {
			lo, hi = min(lo, e), max(hi, e)
			out = append(out, fieldChange{"is-" + strconv.Itoa(e), intNode(e), ""})
		}
		out = append(out, fieldChange{"below", intNode(lo - 1), rule}, fieldChange{"above", intNode(hi + 1), rule})
	}
	if f.HasMin {
		out = append(out, fieldChange{"min", numNode(f.Min), ""}, fieldChange{"below-min", numNode(f.Min - 1), rule})
	}
	if f.HasMax {
		out = append(out, fieldChange{"max", numNode(f.Max), ""}, fieldChange{"above-max", numNode(f.Max + 1), rule})
	}
	if f.Type == field.Integer || f.Type == field.Number {
		out = append(out, fieldChange{"text", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "many"}, "?"})
	}
	if f.Type == field.Integer {
		out = append(out, fieldChange{"fraction", &yaml.Node{Kind: yaml.ScalarNode, Value: "1.5"}, "?"})
	}
	if f.Required {
		out = append(out, fieldChange{"missing", nil, "?"})
	}
	return out
}

// deepCopy copies a YAML node tree, so that a change leaves the parsed
// sample as it was.
func deepCopy(n *yaml.Node) *yaml.Node {
	c := *n
	if n.Content != nil {
		c.Content = make([]*yaml.Node, len(n.Content))
		for i, k := range n.Content {
			c.Content[i] = deepCopy(k)
		}
	}
	return &c
}

// change sets the key of the item at path of a parsed YAML document to v
// (or removes it when v is nil), changing doc; key "" is the item itself.
func change(doc *yaml.Node, path, key string, v *yaml.Node, renameKey bool) ([]byte, error) {
	n := doc.Content[0]
	var parent *yaml.Node
	last := ""
	if path != "" {
		for _, part := range strings.Split(path, ".") {
			parent, last = n, part
			n = child(n, part)
			if n == nil {
				return nil, fmt.Errorf("no %s in the sample", path)
			}
		}
	}
	switch {
	case renameKey:
		if n.Kind != yaml.MappingNode || len(n.Content) == 0 || v == nil {
			return nil, fmt.Errorf("%s has no key to rename", path)
		}
		n.Content[0] = v
	case key == "":
		if v == nil {
			return nil, fmt.Errorf("an item cannot be removed")
		}
		setChild(parent, last, v)
	case v == nil:
		if n.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("%s is not a mapping", path)
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == key {
				n.Content = append(n.Content[:i], n.Content[i+2:]...)
				break
			}
		}
	case child(n, key) == nil:
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, v)
	default:
		setChild(n, key, v)
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return b.Bytes(), enc.Close()
}

func child(n *yaml.Node, part string) *yaml.Node {
	switch n.Kind {
	case yaml.SequenceNode:
		if k, err := strconv.Atoi(part); err == nil && k >= 0 && k < len(n.Content) {
			return n.Content[k]
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == part {
				return n.Content[i+1]
			}
		}
	}
	return nil
}

func setChild(n *yaml.Node, part string, v *yaml.Node) {
	switch n.Kind {
	case yaml.SequenceNode:
		k, _ := strconv.Atoi(part)
		n.Content[k] = v
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == part {
				n.Content[i+1] = v
			}
		}
	}
}

// TestFieldTablesAgree changes every field of the field tables in a sample
// — each end of its range and one step beyond, each value of its set and
// its neighbours, a value of another type, the key removed — and holds
// the schema and shapan check to the table: a value beyond the range is
// reported by check with the field's rule and severity, and refused by
// the schema exactly when that is an error; a value in range is reported
// by neither. Every other finding must agree as in
// TestSchemasAgreeWithCheck. In a binary built with the race detector it
// runs in one built without it (longtest.WithoutRace): its 440 documents
// are judged one after the other, 18.7 s of CPU under -race, 4.7 s
// without; TestSchemasAgreeWithCheck judges under -race the same way.
func TestFieldTablesAgree(t *testing.T) {
	if longtest.WithoutRace(t) {
		return
	}
	s := anySchema(t)
	dir, _ := corpus(t)
	misses := fieldMisses(t, dir)
	if len(misses) < 60 {
		t.Fatalf("only %d changes", len(misses))
	}
	rules := map[string]bool{}
	for _, m := range misses {
		v := judge(t, s, dir, m.path)
		rule := m.f.Code + ":" + m.f.Severity.String()
		reported := containsCode(v.codes, rule)
		errors := containsSeverity(v.codes, "error")
		refused := v.schemaErr != nil
		switch {
		case m.want == "":
			// Allowed by the table: check does not report the rule, and the
			// schema agrees with check on everything else.
			if m.f.Code != "" && reported {
				t.Errorf("%s: a value the table allows, but check reports %v", m.name, v.codes)
			}
			if refused != v.checkRejects() {
				t.Errorf("%s: check reports %v, the schema says %v", m.name, v.codes, v.schemaErr)
			}
		case m.want == "?":
			// Another type, or no value: both refuse.
			if !errors || !refused {
				t.Errorf("%s: check reports %v, the schema says %v; both must refuse it", m.name, v.codes, v.schemaErr)
			}
		case m.f.Severity == diag.Error:
			rules[m.f.Code] = true
			// Beyond the range: check reports the field's rule (a size, which
			// shapes the grid, may be refused by the reader first), and the
			// schema refuses it.
			if !reported && !(m.shapesGrid && errors) {
				t.Errorf("%s: check reports %v, not the field's rule %s", m.name, v.codes, rule)
			}
			if !refused {
				t.Errorf("%s: check reports %v, but the schema accepts it", m.name, v.codes)
			}
		default:
			rules[m.f.Code] = true
			// Beyond a range check only warns of: the game plays it, so the
			// schema accepts it.
			if !reported {
				t.Errorf("%s: check reports %v, not the field's rule %s", m.name, v.codes, rule)
			}
			if refused != v.checkRejects() {
				t.Errorf("%s: check reports %v, the schema says %v", m.name, v.codes, v.schemaErr)
			}
		}
	}
	for _, r := range records() {
		for _, f := range r.Fields {
			if f.Bounded() && !rules[f.Code] {
				t.Errorf("record %s, field %q: rule %s is not tried", r.Name, f.Key, f.Code)
			}
		}
	}
	t.Logf("%d changes of %d records tried", len(misses), len(records()))
}

func containsSeverity(codes []string, sev string) bool {
	for _, c := range codes {
		if strings.HasSuffix(c, ":"+sev) {
			return true
		}
	}
	return false
}

func containsCode(codes []string, want string) bool {
	for _, c := range codes {
		if c == want {
			return true
		}
	}
	return false
}

// TestTableRulesAreCheckRules: the rule a field names is one of check's,
// declared once in its catalogue with the field's severity, so a table
// cannot name a code check does not report or call an error what check
// warns of.
func TestTableRulesAreCheckRules(t *testing.T) {
	n := 0
	for _, r := range records() {
		for _, f := range r.Fields {
			if f.Code == "" {
				continue
			}
			n++
			rule, ok := validate.Lookup(f.Code)
			switch {
			case !ok:
				t.Errorf("record %s, field %q: rule %s is not in check's catalogue", r.Name, f.Key, f.Code)
			case rule.Severity != f.Severity:
				t.Errorf("record %s, field %q: rule %s is %s in check's catalogue, %s in the table", r.Name, f.Key, f.Code, rule.Severity, f.Severity)
			}
		}
	}
	if n == 0 {
		t.Fatal("no field names a rule")
	}
}
