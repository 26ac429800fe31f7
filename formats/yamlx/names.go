package yamlx

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
)

// Names turns indices into the references written in YAML and back.
//
// An item is referred to by its name when the name is unique, by "name#k"
// (the k-th item of that name, from 1) when several items share it, and by
// its integer index when neither works: when "name#k" is itself the name of
// another item, or when the index points at no item at all (a dangling
// reference kept from a legacy file so that validation can report it and
// nothing is lost).
type Names struct {
	noun   string // "officer", used in messages
	names  []string
	byName map[string][]int
}

// NewNames indexes names; noun names one item in messages ("officer").
func NewNames(noun string, names []string) *Names {
	ns := &Names{noun: noun, names: names, byName: make(map[string][]int, len(names))}
	for i, n := range names {
		ns.byName[n] = append(ns.byName[n], i)
	}
	return ns
}

// Len returns the number of items.
func (ns *Names) Len() int { return len(ns.names) }

// Duplicates returns the names used by more than one item.
func (ns *Names) Duplicates() map[string][]int {
	dups := map[string][]int{}
	for n, is := range ns.byName {
		if len(is) > 1 {
			dups[n] = is
		}
	}
	return dups
}

// Ref returns the reference to item i as written in YAML.
func (ns *Names) Ref(i int) *yaml.Node {
	if i < 0 || i >= len(ns.names) {
		return Int(i)
	}
	name := ns.names[i]
	same := ns.byName[name]
	if len(same) == 1 {
		return Str(name)
	}
	k := 1
	for same[k-1] != i {
		k++
	}
	alias := name + "#" + strconv.Itoa(k)
	if len(ns.byName[alias]) == 1 {
		return Int(i)
	}
	return Str(alias)
}

// Refs returns a flow list of references.
func (ns *Names) Refs(is []int) *yaml.Node {
	s := Flow(Seq())
	for _, i := range is {
		s.Content = append(s.Content, ns.Ref(i))
	}
	return s
}

var hashSuffix = regexp.MustCompile(`^(.*)#([1-9][0-9]{0,8})$`)

// Resolve reads a reference; integers are taken as indices as they are.
func (ns *Names) Resolve(n Node) (int, bool) {
	if n.N.Kind == yaml.ScalarNode && n.N.ShortTag() == "!!int" {
		return n.Int()
	}
	s, ok := n.Text()
	if !ok {
		return 0, false
	}
	if same := ns.byName[s]; len(same) == 1 {
		return same[0], true
	}
	if m := hashSuffix.FindStringSubmatch(s); m != nil {
		k, _ := strconv.Atoi(m[2])
		if same := ns.byName[m[1]]; k <= len(same) {
			return same[k-1], true
		}
	}
	if same := ns.byName[s]; len(same) > 1 {
		forms := make([]string, len(same))
		for k := range same {
			forms[k] = fmt.Sprintf("%s#%d", s, k+1)
		}
		n.Errorf(diag.CodeBadRef, "%d %ss are named '%s'; write %s to say which", len(same), ns.noun, s, strings.Join(forms, " or "))
		return 0, false
	}
	if sug := Suggest(s, ns.names); sug != "" {
		n.Errorf(diag.CodeBadRef, "unknown %s '%s' (did you mean '%s'?)", ns.noun, s, sug)
	} else {
		n.Errorf(diag.CodeBadRef, "unknown %s '%s'", ns.noun, s)
	}
	return 0, false
}

// ResolveList reads a list of references.
func (ns *Names) ResolveList(n Node) []int {
	items := n.Items()
	out := make([]int, 0, len(items))
	for _, it := range items {
		if i, ok := ns.Resolve(it); ok {
			out = append(out, i)
		}
	}
	return out
}

// CheckKind checks the kind and version fields of a document and returns the
// version. Versions newer than supported are refused with a clear message.
func CheckKind(m *Mapping, kind string, supported int) (int, bool) {
	kn, ok := m.Need("kind", "", "the document kind, "+kind)
	if !ok {
		return 0, false
	}
	if k, _ := kn.Text(); k != kind {
		kn.Errorf(diag.CodeKind, "this is a %s document, but kind says '%s'", kind, k)
		return 0, false
	}
	vn, ok := m.Need("version", "", "the format version, "+strconv.Itoa(supported))
	if !ok {
		return 0, false
	}
	v, ok := vn.Int()
	if !ok {
		return 0, false
	}
	if v < 1 || v > supported {
		vn.Errorf(diag.CodeKind, "format version %d is not supported (this Shapan reads version 1 to %d)", v, supported)
		return 0, false
	}
	return v, true
}

// Noun returns what the messages call one item ("officer").
func (ns *Names) Noun() string { return ns.noun }
