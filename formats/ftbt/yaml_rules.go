package ftbt

import (
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field/fieldyaml"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

// EncodeRules writes rs as an ftbt/rules YAML document.
func EncodeRules(rs *Rules) ([]byte, error) {
	terrainNames := terrainRefs(rs)
	root := yamlx.KindHeader(KindRules, RulesVersion)

	terrains := yamlx.Seq()
	for _, t := range rs.Terrains {
		m := yamlx.Flow(yamlx.Map("name", str(t.Name)))
		fieldyaml.EncodeFields(m, &TerrainFields, terrainCost, &t)
		if t.Color != "" {
			yamlx.Add(m, "color", yamlx.Str(t.Color))
		}
		terrains.Content = append(terrains.Content, m)
	}
	section(root, "terrains", "terrain types, id = position from 0; cost: the move points a step onto the terrain uses", terrains)
	limits := len(root.Content)
	fieldyaml.EncodeFields(root, &RulesFields, rulesLimits, rs)
	root.Content[limits].HeadComment = "fly techs set cell costs between 1 and max_fly_weight; at abi max_abi fly and disable_long techs reach their full area"

	// The techs are built a slice at a time as they are written.
	lists := yamlx.Deferred{}
	techs := lists.Seq(len(rs.Techs), func(i int) *yaml.Node { return techNode(rs.Techs[i], terrainNames) })
	section(root, "techs", "class: people (damage), abi_buf, def_buf, fly or disable_long; range: target cells [dx, dy] relative to the user;\n"+
		"aoe: area radius (Manhattan), percent for the cells around the centre, whether it also hits the user's side;\n"+
		"terrains: where the tech may be used; value: damage (people) or percent of the user's abi (other classes)", techs)

	if rs.AI != nil {
		ai := fieldyaml.Encode(&AIFields, rs.AI)
		section(root, "ai", "constants of the computer player (absent: the rules have no AI block)", ai)
	}
	addTrailing(root, rs.Trailing)
	return yamlx.EncodeDeferred(rulesSchema, root, lists)
}

func techNode(t Tech, terrains fieldyaml.Refs) *yaml.Node {
	m := yamlx.Map("name", str(t.Name), "class", yamlx.Enum(t.Class, ClassNames))
	fieldyaml.EncodeRefs(m, &TechFields, techHead, &t, nil)
	yamlx.Add(m, "aoe", yamlx.Flow(fieldyaml.Encode(&AoeFields, &t)))
	fieldyaml.EncodeRefs(m, &TechFields, techTail, &t, terrains)
	return m
}

// terrainRefs resolves a tech's terrains against the rules' terrains.
func terrainRefs(rs *Rules) fieldyaml.Refs {
	names := yamlx.NewNames("terrain", rs.TerrainNames())
	return fieldyaml.Refs{TechFields.Field("terrains").Key: fieldyaml.Within{Resolver: names, Have: "the rules have"}}
}

// DecodeRules reads an ftbt/rules YAML document.
func DecodeRules(file string, src []byte) (*Rules, *srcpos.Map, error) {
	d, err := yamlx.ParseLazy(file, src)
	if err != nil {
		return nil, nil, err
	}
	return yamlx.Read(d, DecodeRulesDoc)
}

// DecodeRulesDoc reads an ftbt/rules document that is already parsed (a
// loader parses a file once, to learn its kind and to read it). A
// document parsed by yamlx.ParseLazy is read through yamlx.Read.
func DecodeRulesDoc(d *yamlx.Doc) (*Rules, *srcpos.Map, error) {
	m := d.Root.Mapping()
	if _, ok := yamlx.CheckKind(m, KindRules, RulesVersion); !ok {
		return nil, nil, d.Err()
	}
	rs := &Rules{}
	for i, it := range needItems(m, "terrains", "terrains ({name, cost})") {
		tm := labeled(it, "terrain", i)
		if tm == nil {
			continue
		}
		t := Terrain{Name: needText(tm, "name", "a name")}
		fieldyaml.DecodeFields(tm, &TerrainFields, terrainCost, &t)
		if n, ok := tm.Get("color", "colour"); ok {
			if c, ok := n.Text(); ok {
				if _, valid := ParseColor(c); valid {
					t.Color = c
				} else {
					n.Errorf(diag.CodeBadValue, "must be a colour written #rrggbb, found '%s'", c)
				}
			}
		}
		rs.Terrains = append(rs.Terrains, t)
		tm.Done()
	}
	fieldyaml.DecodeFields(m, &RulesFields, rulesLimits, rs)
	terrainNames := terrainRefs(rs)
	techs := needList(m, "techs", "techs")
	if techs.Len() > 0 {
		rs.Techs = make([]Tech, 0, techs.Len())
	}
	techs.Each(func(i int, it yamlx.Node) {
		rs.Techs = append(rs.Techs, decodeTech(it, i, len(rs.Terrains), terrainNames))
	})
	if n, ok := m.Get("ai", "AI constants"); ok {
		am := n.Mapping()
		if am != nil {
			rs.AI = &AIConstants{}
			fieldyaml.Decode(&AIFields, am, rs.AI)
			am.Done()
		}
	}
	rs.Trailing = decodeTrailing(m)
	m.Done()
	if err := d.Err(); err != nil {
		return nil, nil, err
	}
	return rs, d.Map, nil
}

func decodeTech(it yamlx.Node, i, ndx int, terrains fieldyaml.Refs) Tech {
	t := Tech{Allowed: make([]bool, ndx)}
	tm := labeled(it, "tech", i)
	if tm == nil {
		return t
	}
	t.Name = needText(tm, "name", "a name")
	if n, ok := tm.Need("class", "", "one of "+strings.Join(ClassNames, ", ")); ok {
		t.Class, _ = n.Enum(ClassNames)
	}
	fieldyaml.DecodeRefs(tm, &TechFields, techHead, &t, nil)
	if n, ok := tm.Get("aoe", "area effect"); ok {
		if am := n.Mapping(); am != nil {
			fieldyaml.Decode(&AoeFields, am, &t)
			am.Done()
		}
	}
	fieldyaml.DecodeRefs(tm, &TechFields, techTail, &t, terrains)
	tm.Done()
	return t
}
