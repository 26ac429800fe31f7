package mbg

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/field/fieldyaml"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

// Document kinds and the format versions this package writes.
const (
	KindScenario    = "mbg/scenario"
	KindSave        = "mbg/save"
	ScenarioVersion = 1
	SaveVersion     = 1
)

// techNames resolves tech references; techs are named by the fixed table.
// techRefs resolve an institute's techs, institute the field of them.
var (
	techNames = yamlx.NewNames("tech", TechNames)
	techRefs  = fieldyaml.Refs{instituteTechs.Key: techNames}
	institute = []field.Field{instituteTechs}
)

// scenarioNames holds the resolvers of one scenario's references.
type scenarioNames struct {
	officers, cities, roles, institutes, rooms *yamlx.Names
	// all resolves the references of the tables' fields (refs).
	all fieldyaml.Refs
}

func newScenarioNames(s *Scenario) scenarioNames {
	ns := scenarioNames{
		officers:   yamlx.NewNames("officer", s.OfficerNames()),
		cities:     yamlx.NewNames("city", s.CityNames()),
		roles:      yamlx.NewNames("role", s.RoleNames()),
		institutes: yamlx.NewNames("institute", s.InstituteNames()),
		rooms:      yamlx.NewNames("training room", s.TrainingRoomNames()),
	}
	ns.all = ns.refs()
	return ns
}

// refs returns the resolvers of the references of cities and roles, by
// their fields' keys.
func (ns scenarioNames) refs() fieldyaml.Refs {
	refs := officerRefs(ns.officers)
	refs[RoleFields.Field("techs").Key] = techNames
	refs[RoleFields.Field("retinue").Key] = ns.officers
	refs[RoleFields.Field("cities").Key] = ns.cities
	ns.addBases(refs)
	return refs
}

// addBases adds to refs the resolvers of a square's base, by the keys of
// the base's fields that its type chooses (squareBase).
func (ns scenarioNames) addBases(refs fieldyaml.Refs) {
	refs[SquareFields.Field("city").Key] = ns.cities
	refs[SquareFields.Field("institute").Key] = ns.institutes
	refs[SquareFields.Field("training_room").Key] = ns.rooms
}

// officerRefs returns the resolvers of a city's officers.
func officerRefs(officers *yamlx.Names) fieldyaml.Refs {
	return fieldyaml.Refs{
		CityFields.Field("garrison").Key:  officers,
		CityFields.Field("mayor").Key:     officers,
		CityFields.Field("treasurer").Key: officers,
	}
}

// optionalRef writes an officer reference, leaving out -1 (none).
func optionalRef(names *yamlx.Names, i int) *yaml.Node {
	if i == -1 {
		return nil
	}
	return names.Ref(i)
}

func withComment(n *yaml.Node, comment string) *yaml.Node {
	n.HeadComment = comment
	return n
}

// section appends key: value to root with a comment above the key.
func section(root *yaml.Node, key, comment string, value *yaml.Node) {
	root.Content = append(root.Content, withComment(yamlx.Str(key), comment), value)
}

func rectNode(r Rect) *yaml.Node {
	if r == (Rect{}) {
		return nil
	}
	return yamlx.FlowInts(r.X0, r.Y0, r.X1, r.Y1)
}

func squareNode(sq Square, ns scenarioNames) *yaml.Node {
	m := yamlx.Flow(yamlx.Map())
	fieldyaml.EncodeRefs(m, &SquareFields, squareValues, &sq, ns.all)
	return m
}

func officerNode(o Officer) *yaml.Node {
	m := yamlx.Flow(yamlx.Map("name", yamlx.Str(o.Name)))
	fieldyaml.EncodeFields(m, &OfficerFields, OfficerFields.Fields[1:], &o)
	return m
}

// EncodeScenario writes s as an mbg/scenario YAML document.
func EncodeScenario(s *Scenario) ([]byte, error) {
	ns := newScenarioNames(s)
	refs := ns.all
	root := yamlx.KindHeader(KindScenario, ScenarioVersion)
	fieldyaml.EncodeFields(root, &ScenarioFields, scenarioHead, s)
	section(root, "grid_size", "size of the original game's board window (display only)",
		yamlx.Flow(fieldyaml.Encode(&GridSizeFields, s)))

	// The long lists are built a slice at a time as they are written.
	lists := yamlx.Deferred{}
	board := lists.Seq(len(s.Board), func(i int) *yaml.Node { return squareNode(s.Board[i], ns) })
	section(root, "board", "the looping path, square 0 first; a role moves from square i to i+dir", board)

	officers := lists.Seq(len(s.Officers), func(i int) *yaml.Node { return officerNode(s.Officers[i]) })
	section(root, "officers", "wu 武术 martial, zhan 战术 tactics, mou 谋略 strategy, zheng 政治 politics, jing 经济 economy", officers)

	cities := lists.Seq(len(s.Cities), func(i int) *yaml.Node {
		c := s.Cities[i]
		m := yamlx.Map("name", yamlx.Str(c.Name))
		fieldyaml.EncodeRefs(m, &CityFields, cityValues, &c, refs)
		yamlx.Add(m, "rect", rectNode(c.Rect))
		return m
	})
	yamlx.Add(root, "cities", cities)

	roles := yamlx.Seq()
	for _, ro := range s.Roles {
		m := yamlx.Map("name", yamlx.Str(ro.Name))
		fieldyaml.EncodeRefs(m, &RoleFields, roleRun, &ro, refs)
		yamlx.Comment(m.Content[3], startComment(ro.Start)) // the start's value
		roles.Content = append(roles.Content, m)
	}
	section(root, "roles", "the players; start -1 means the role does not take part", roles)

	insts := yamlx.Seq()
	for _, in := range s.Institutes {
		m := yamlx.Flow(yamlx.Map("name", yamlx.Str(in.Name)))
		fieldyaml.EncodeRefs(m, &InstituteFields, institute, &in, techRefs)
		yamlx.Add(m, "rect", rectNode(in.Rect))
		insts.Content = append(insts.Content, m)
	}
	yamlx.Add(root, "institutes", insts)

	rooms := yamlx.Seq()
	for _, t := range s.TrainingRooms {
		m := yamlx.Flow(yamlx.Map("name", yamlx.Str(t.Name)))
		fieldyaml.EncodeFields(m, &TrainingRoomFields, roomItem, &t)
		yamlx.Add(m, "rect", rectNode(t.Rect))
		rooms.Content = append(rooms.Content, m)
	}
	yamlx.Add(root, "training_rooms", rooms)
	addTrailing(root, s.Trailing)
	return yamlx.EncodeDeferred("mbg-scenario.schema.json", root, lists)
}

func startComment(start int) string {
	if start == -1 {
		return "not taking part"
	}
	return ""
}

func addTrailing(root *yaml.Node, tokens []string) {
	if len(tokens) == 0 {
		return
	}
	s := yamlx.Flow(yamlx.Seq())
	for _, t := range tokens {
		s.Content = append(s.Content, yamlx.Str(t))
	}
	section(root, "trailing_tokens", "values after the end of the legacy file; the game ignores them", s)
}

// DecodeScenario reads an mbg/scenario YAML document.
func DecodeScenario(file string, src []byte) (*Scenario, *srcpos.Map, error) {
	d, err := yamlx.ParseLazy(file, src)
	if err != nil {
		return nil, nil, err
	}
	return yamlx.Read(d, DecodeScenarioDoc)
}

// DecodeScenarioDoc reads an mbg/scenario document that is already parsed (a
// loader parses a file once, to learn its kind and to read it). A
// document parsed by yamlx.ParseLazy is read through yamlx.Read.
func DecodeScenarioDoc(d *yamlx.Doc) (*Scenario, *srcpos.Map, error) {
	m := d.Root.Mapping()
	if _, ok := yamlx.CheckKind(m, KindScenario, ScenarioVersion); !ok {
		return nil, nil, d.Err()
	}
	s := &Scenario{}
	fieldyaml.DecodeFields(m, &ScenarioFields, scenarioHead, s)
	if n, ok := m.Get("grid_size", ""); ok {
		g := n.Mapping()
		fieldyaml.Decode(&GridSizeFields, g, s)
		g.Done()
	}

	// Officers reference nothing; cities, institutes and training rooms
	// reference officers and techs; the board and the roles reference all.
	listField(m, "officers").Each(func(i int, it yamlx.Node) {
		s.Officers = append(s.Officers, decodeOfficer(it, i))
	})
	m.Release("officers")
	refs := officerRefs(yamlx.NewNames("officer", s.OfficerNames()))
	cities := listField(m, "cities")
	s.Cities = make([]City, cities.Len())
	cities.Each(func(i int, it yamlx.Node) {
		s.Cities[i].Name = itemName(it, "city", i)
	})
	cities.Each(func(i int, it yamlx.Node) {
		decodeCity(it, &s.Cities[i], i, refs)
	})
	m.Release("cities")
	for i, it := range items(m, "institutes") {
		in := Institute{}
		cm := labeled(it, "institute", i)
		in.Name = nameField(cm)
		fieldyaml.DecodeRefs(cm, &InstituteFields, institute, &in, techRefs)
		in.Rect = decodeRect(cm)
		cm.Done()
		s.Institutes = append(s.Institutes, in)
	}
	for i, it := range items(m, "training_rooms") {
		t := TrainingRoom{}
		cm := labeled(it, "training room", i)
		t.Name = nameField(cm)
		fieldyaml.DecodeFields(cm, &TrainingRoomFields, roomItem, &t)
		t.Rect = decodeRect(cm)
		cm.Done()
		s.TrainingRooms = append(s.TrainingRooms, t)
	}
	roleItems := needItems(m, "roles", "the players")
	s.Roles = make([]Role, len(roleItems))
	for i, it := range roleItems {
		s.Roles[i].Name = itemName(it, "role", i)
	}
	ns := newScenarioNames(s)
	for i, it := range roleItems {
		decodeRole(it, &s.Roles[i], i, ns)
	}
	needList(m, "board", "the board squares").Each(func(i int, it yamlx.Node) {
		s.Board = append(s.Board, decodeSquare(it, i, ns))
	})
	s.Trailing = decodeTrailing(m)
	m.Done()
	if err := d.Err(); err != nil {
		return nil, nil, err
	}
	return s, d.Map, nil
}

func decodeOfficer(it yamlx.Node, i int) Officer {
	var o Officer
	om := labeled(it, "officer", i)
	o.Name = nameField(om)
	fieldyaml.DecodeFields(om, &OfficerFields, OfficerFields.Fields[1:], &o)
	om.Done()
	return o
}

func decodeCity(it yamlx.Node, c *City, i int, officers fieldyaml.Refs) {
	cm := labeled(it, "city", i)
	nameField(cm)
	fieldyaml.DecodeRefs(cm, &CityFields, cityValues, c, officers)
	c.Rect = decodeRect(cm)
	cm.Done()
}

func decodeRole(it yamlx.Node, ro *Role, i int, ns scenarioNames) {
	rm := labeled(it, "role", i)
	nameField(rm)
	fieldyaml.DecodeRefs(rm, &RoleFields, roleRun, ro, ns.all)
	rm.Done()
}

func decodeSquare(it yamlx.Node, i int, ns scenarioNames) Square {
	var sq Square
	sm := it.Labeled(fmt.Sprintf("board square %d", i)).Mapping()
	if sm == nil {
		return sq
	}
	fieldyaml.DecodeRefs(sm, &SquareFields, squareValues, &sq, ns.all)
	sm.Done()
	return sq
}

func decodeTrailing(m *yamlx.Mapping) []string {
	n, ok := m.Get("trailing_tokens", "")
	if !ok {
		return nil
	}
	var out []string
	for _, it := range n.Items() {
		if t, ok := it.Text(); ok {
			out = append(out, t)
		}
	}
	return out
}
