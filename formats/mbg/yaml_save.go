package mbg

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field/fieldyaml"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

// publicEnemy is how the alliance state -2 (公愤, public enemy) is written.
const publicEnemy = "public_enemy"

var cardNames = yamlx.NewNames("card", CardNames)

type saveNames struct {
	officers, cities, roles, institutes, rooms *yamlx.Names
	// all resolves the references of the tables' fields (refs).
	all fieldyaml.Refs
	// at resolves a saved officer's location, by the job set before each
	// officer is read or written.
	at *officerPlace
}

func newSaveNames(s *Save) saveNames {
	names := func(n int, f func(int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = f(i)
		}
		return out
	}
	ns := saveNames{
		officers:   yamlx.NewNames("officer", names(len(s.Officers), func(i int) string { return s.Officers[i].Name })),
		cities:     yamlx.NewNames("city", names(len(s.Cities), func(i int) string { return s.Cities[i].Name })),
		roles:      yamlx.NewNames("role", names(len(s.Roles), func(i int) string { return s.Roles[i].Name })),
		institutes: yamlx.NewNames("institute", names(len(s.Institutes), func(i int) string { return s.Institutes[i].Name })),
		rooms:      yamlx.NewNames("training room", names(len(s.TrainingRooms), func(i int) string { return s.TrainingRooms[i].Name })),
	}
	ns.at = &officerPlace{names: ns}
	ns.all = ns.refs()
	return ns
}

// refs returns the resolvers of the references of a save's cities,
// officers and roles, by their fields' keys.
func (ns saveNames) refs() fieldyaml.Refs {
	return fieldyaml.Refs{
		SaveCityFields.Field("owner").Key:           ns.roles,
		SaveCityFields.Field("mayor").Key:           ns.officers,
		SaveCityFields.Field("treasurer").Key:       ns.officers,
		SaveCityFields.Field("garrison").Key:        ns.officers,
		SaveFields.Field("acting_role").Key:         ns.roles,
		SaveOfficerFields.Field("role").Key:         ns.roles,
		SaveRoleFields.Field("techs").Key:           techNames,
		SaveRoleFields.Field("retinue").Key:         ns.officers,
		SaveRoleFields.Field("cities").Key:          ns.cities,
		SaveRoleFields.Field("researchers").Key:     ns.officers,
		SaveSquareFields.Field("city").Key:          ns.cities,
		SaveSquareFields.Field("institute").Key:     ns.institutes,
		SaveSquareFields.Field("training_room").Key: ns.rooms,
		SaveRoleFields.Field("trainees").Key:        ns.officers,
		SaveOfficerFields.Field("at").Key:           ns.at,
	}
}

// place returns the resolver of an officer's location for his job.
func (ns saveNames) place(job int) *yamlx.Names {
	switch job {
	case JobMayor, JobTreasurer, JobGarrison:
		return ns.cities
	case JobResearcher:
		return ns.institutes
	case JobTrainee:
		return ns.rooms
	}
	return nil
}

// officerPlace resolves a saved officer's location against the list his
// job chooses (place): a city, an institute or a training room; without
// one it is a number, and -1 (none) is left out. job is set before each
// officer.
type officerPlace struct {
	names saveNames
	job   int
}

// Ref writes location i.
func (p *officerPlace) Ref(i int) *yaml.Node {
	if names := p.names.place(p.job); names != nil {
		return names.Ref(i)
	}
	if i == -1 {
		return nil
	}
	return yamlx.Int(i)
}

// Resolve reads a location.
func (p *officerPlace) Resolve(n yamlx.Node) (int, bool) {
	if names := p.names.place(p.job); names != nil {
		return names.Resolve(n)
	}
	return n.Int()
}

// Noun names a location in messages.
func (p *officerPlace) Noun() string { return "location" }

// roleRef is a role reference that can never be mistaken for public_enemy.
func (ns saveNames) roleRef(i int) *yaml.Node {
	n := ns.roles.Ref(i)
	if n.Value == publicEnemy || n.Value == "none" {
		return yamlx.Int(i)
	}
	return n
}

// EncodeSave writes s as an mbg/save YAML document.
func EncodeSave(s *Save) ([]byte, error) {
	ns := newSaveNames(s)
	root := yamlx.KindHeader(KindSave, SaveVersion)
	fieldyaml.EncodeFields(root, &SaveFields, saveTurn, s)
	fieldyaml.EncodeRefs(root, &SaveFields, actingRole, s, ns.all)
	root.Content[len(root.Content)-2].HeadComment = "the role whose action was in progress when the game was saved"
	fieldyaml.EncodeFields(root, &SaveFields, saveWinMoney, s)
	yamlx.Add(root, "grid_size", yamlx.Flow(fieldyaml.Encode(&SaveGridSizeFields, s)))
	// The long lists are built a slice at a time as they are written.
	lists := yamlx.Deferred{}
	yamlx.Add(root, "board", encodeSaveBoard(s, ns, lists))
	yamlx.Add(root, "cities", encodeSaveCities(s, ns, lists))
	yamlx.Add(root, "institutes", encodeSaveInstitutes(s, ns))
	yamlx.Add(root, "training_rooms", encodeSaveRooms(s, ns))
	yamlx.Add(root, "officers", encodeSaveOfficers(s, ns, lists))
	yamlx.Add(root, "roles", encodeSaveRoles(s, ns))

	free := yamlx.Map()
	for lv, pool := range s.Free {
		yamlx.Add(free, LevelNames[lv], ns.officers.Refs(sortedSet(pool)))
	}
	section(root, "free", "officers nobody has hired, by level", free)
	addTrailing(root, s.Trailing)
	return yamlx.EncodeDeferred("mbg-save.schema.json", root, lists)
}

// encodeSaveBoard encodes the board squares, with the roles present on each.
func encodeSaveBoard(s *Save, ns saveNames, lists yamlx.Deferred) *yaml.Node {
	return lists.Seq(len(s.Board), func(i int) *yaml.Node {
		sq := s.Board[i]
		m := yamlx.Flow(yamlx.Map())
		fieldyaml.EncodeRefs(m, &SaveSquareFields, saveSquareHead, &sq, ns.all)
		var present []int
		for r, p := range sq.Present {
			if p {
				present = append(present, r)
			}
		}
		if len(present) > 0 {
			yamlx.Add(m, "present", ns.roles.Refs(present))
		}
		return m
	})
}

// encodeSaveCities encodes the cities.
func encodeSaveCities(s *Save, ns saveNames, lists yamlx.Deferred) *yaml.Node {
	return lists.Seq(len(s.Cities), func(i int) *yaml.Node {
		c := s.Cities[i]
		m := yamlx.Map("name", yamlx.Str(c.Name))
		fieldyaml.EncodeRefs(m, &SaveCityFields, saveCityValues, &c, ns.all)
		return m
	})
}

// encodeSaveInstitutes encodes the institutes with every role's research in progress.
func encodeSaveInstitutes(s *Save, ns saveNames) *yaml.Node {
	insts := yamlx.Seq()
	for _, in := range s.Institutes {
		research := yamlx.Map()
		for r := range in.Researcher {
			if in.Researcher[r] == -1 && in.OnStudy[r] == -1 && in.Points[r] == 0 {
				continue
			}
			research.Content = append(research.Content, ns.roles.Ref(r), yamlx.Flow(yamlx.Map(
				"researcher", optionalRef(ns.officers, in.Researcher[r]),
				"tech", optionalRef(techNames, in.OnStudy[r]),
				pointsKey, yamlx.Float32(in.Points[r]))))
		}
		m := yamlx.Map("name", yamlx.Str(in.Name), "techs", techNames.Refs(in.Techs))
		if len(research.Content) > 0 {
			yamlx.Add(m, "research", research)
		}
		insts.Content = append(insts.Content, m)
	}
	return insts
}

// encodeSaveRooms encodes the training rooms with every role's training in progress.
func encodeSaveRooms(s *Save, ns saveNames) *yaml.Node {
	rooms := yamlx.Seq()
	for _, t := range s.TrainingRooms {
		training := yamlx.Map()
		for r := range t.Trainee {
			if t.Trainee[r] == -1 && t.Rounds[r] == 0 {
				continue
			}
			training.Content = append(training.Content, ns.roles.Ref(r), yamlx.Flow(yamlx.Map(
				"trainee", optionalRef(ns.officers, t.Trainee[r]),
				roundsKey, yamlx.Int(t.Rounds[r]))))
		}
		m := yamlx.Map("name", yamlx.Str(t.Name))
		fieldyaml.EncodeFields(m, &SaveTrainingRoomFields, saveRoomItem, &t)
		if len(training.Content) > 0 {
			yamlx.Add(m, "training", training)
		}
		rooms.Content = append(rooms.Content, m)
	}
	return rooms
}

// encodeSaveOfficers encodes the officers.
func encodeSaveOfficers(s *Save, ns saveNames, lists yamlx.Deferred) *yaml.Node {
	return lists.Seq(len(s.Officers), func(i int) *yaml.Node {
		o := s.Officers[i]
		m := yamlx.Flow(yamlx.Map("name", yamlx.Str(o.Name)))
		fieldyaml.EncodeRefs(m, &SaveOfficerFields, officerRole, &o, ns.all)
		if o.Job != JobNone {
			yamlx.Add(m, "job", yamlx.Enum(o.Job, JobNames))
		}
		ns.at.job = o.Job
		fieldyaml.EncodeRefs(m, &SaveOfficerFields, officerAt, &o, ns.all)
		fieldyaml.EncodeFields(m, &SaveOfficerFields, saveOfficerStats, &o)
		yamlx.Add(m, "level", yamlx.Enum(o.Level, LevelNames))
		return m
	})
}

// encodeSaveRoles encodes the roles.
func encodeSaveRoles(s *Save, ns saveNames) *yaml.Node {
	roles := yamlx.Seq()
	for _, ro := range s.Roles {
		m := yamlx.Map("name", yamlx.Str(ro.Name))
		fieldyaml.EncodeFields(m, &SaveRoleFields, saveRoleHead, &ro)
		yamlx.Comment(m.Content[3], startComment(ro.Loc)) // the square's value
		if ro.MoveState != 0 || ro.MoveTurns != 0 {
			yamlx.Add(m, "move_state", yamlx.Enum(ro.MoveState, MoveStateNames))
			fieldyaml.EncodeFields(m, &SaveRoleFields, moveTurns, &ro)
		}
		fieldyaml.EncodeFields(m, &SaveRoleFields, extraAction, &ro)
		if ro.Alliance != -1 || ro.AllianceTurns != 0 {
			switch {
			case ro.Alliance == -2:
				yamlx.Add(m, "alliance", yamlx.Str(publicEnemy))
			case ro.Alliance == -1:
				yamlx.Add(m, "alliance", yamlx.Str("none"))
			default:
				yamlx.Add(m, "alliance", ns.roleRef(ro.Alliance))
			}
			fieldyaml.EncodeFields(m, &SaveRoleFields, allianceTurns, &ro)
		}
		fieldyaml.EncodeRefs(m, &SaveRoleFields, saveRoleSets, &ro, ns.all)
		cards := yamlx.Flow(yamlx.Map())
		for c, count := range ro.Cards {
			if count != 0 {
				cards.Content = append(cards.Content, yamlx.Str(CardNames[c]), yamlx.Int(count))
			}
		}
		if len(cards.Content) > 0 {
			yamlx.Add(m, "cards", cards)
		}
		roles.Content = append(roles.Content, m)
	}
	return roles
}

// DecodeSave reads an mbg/save YAML document.
func DecodeSave(file string, src []byte) (*Save, *srcpos.Map, error) {
	d, err := yamlx.ParseLazy(file, src)
	if err != nil {
		return nil, nil, err
	}
	return yamlx.Read(d, DecodeSaveDoc)
}

// DecodeSaveDoc reads an mbg/save document that is already parsed (a
// loader parses a file once, to learn its kind and to read it).
func DecodeSaveDoc(d *yamlx.Doc) (*Save, *srcpos.Map, error) {
	m := d.Root.Mapping()
	if _, ok := yamlx.CheckKind(m, KindSave, SaveVersion); !ok {
		return nil, nil, d.Err()
	}
	s := &Save{}
	fieldyaml.DecodeFields(m, &SaveFields, saveTurn, s)
	fieldyaml.DecodeFields(m, &SaveFields, saveWinMoney, s)
	if n, ok := m.Get("grid_size", ""); ok {
		g := n.Mapping()
		fieldyaml.Decode(&SaveGridSizeFields, g, s)
		g.Done()
	}
	// Names first: every list may refer to every other.
	officerList := listField(m, "officers")
	cityList := listField(m, "cities")
	roleList := listField(m, "roles")
	instList := listField(m, "institutes")
	roomList := listField(m, "training_rooms")
	s.Officers = namedItems(officerList, "officer", func(o *SaveOfficer) *string { return &o.Name })
	s.Cities = namedItems(cityList, "city", func(c *SaveCity) *string { return &c.Name })
	s.Roles = namedItems(roleList, "role", func(r *SaveRole) *string { return &r.Name })
	s.Institutes = namedItems(instList, "institute", func(in *SaveInstitute) *string { return &in.Name })
	s.TrainingRooms = namedItems(roomList, "training room", func(t *SaveTrainingRoom) *string { return &t.Name })
	ns := newSaveNames(s)
	nrole := len(s.Roles)
	fieldyaml.DecodeRefs(m, &SaveFields, actingRole, s, ns.all)
	needList(m, "board", "board squares").Each(func(i int, it yamlx.Node) {
		s.Board = append(s.Board, decodeSaveSquare(it, i, ns, nrole))
	})
	cityList.Each(func(i int, it yamlx.Node) {
		decodeSaveCity(it, &s.Cities[i], i, ns)
	})
	m.Release("cities")
	instList.Each(func(i int, it yamlx.Node) {
		decodeSaveInstitute(it, &s.Institutes[i], i, ns, nrole)
	})
	roomList.Each(func(i int, it yamlx.Node) {
		decodeSaveRoom(it, &s.TrainingRooms[i], i, ns, nrole)
	})
	officerList.Each(func(i int, it yamlx.Node) {
		decodeSaveOfficer(it, &s.Officers[i], i, ns)
	})
	m.Release("officers")
	roleList.Each(func(i int, it yamlx.Node) {
		decodeSaveRole(it, &s.Roles[i], i, ns)
	})
	if n, ok := m.Get("free", "free officers"); ok {
		fm := n.Mapping()
		for lv, key := range LevelNames {
			if n, ok := fm.Get(key, ""); ok {
				s.Free[lv] = sortedSet(ns.officers.ResolveList(n))
			}
		}
		fm.Done()
	}
	s.Trailing = decodeTrailing(m)
	m.Done()
	if err := d.Err(); err != nil {
		return nil, nil, err
	}
	return s, d.Map, nil
}

// namedItems makes one T per item of a list, with the name the item
// gives (its fields are decoded later, once every list's names are known).
func namedItems[T any](list yamlx.List, noun string, name func(*T) *string) []T {
	out := make([]T, list.Len())
	list.Each(func(i int, it yamlx.Node) {
		*name(&out[i]) = itemName(it, noun, i)
	})
	return out
}

func optFloat(m *yamlx.Mapping, key string) float32 {
	if n, ok := m.Get(key, ""); ok {
		v, _ := n.Float32()
		return v
	}
	return 0
}

func decodeSaveSquare(it yamlx.Node, i int, ns saveNames, nrole int) SaveSquare {
	sq := SaveSquare{Present: make([]bool, nrole)}
	sm := it.Labeled(fmt.Sprintf("board square %d", i)).Mapping()
	if sm == nil {
		return sq
	}
	fieldyaml.DecodeRefs(sm, &SaveSquareFields, saveSquareHead, &sq, ns.all)
	if n, ok := sm.Get("present", "roles present"); ok {
		for _, it := range n.Items() {
			if r, ok := ns.roles.Resolve(it); ok {
				if r < 0 || r >= nrole {
					it.Errorf(diag.CodeBadRef, "there is no role %d", r)
					continue
				}
				sq.Present[r] = true
			}
		}
	}
	sm.Done()
	return sq
}

func decodeSaveCity(it yamlx.Node, c *SaveCity, i int, ns saveNames) {
	cm := labeled(it, "city", i)
	nameField(cm)
	fieldyaml.DecodeRefs(cm, &SaveCityFields, saveCityValues, c, ns.all)
	cm.Done()
}

// perRoleEntries reads a mapping keyed by role, calling f for each entry.
func perRoleEntries(n yamlx.Node, ns saveNames, nrole int, f func(role int, m *yamlx.Mapping)) {
	seen := map[int]bool{}
	for _, p := range n.Mapping().Pairs() {
		r, ok := ns.roles.Resolve(p.Key)
		if !ok {
			continue
		}
		if r < 0 || r >= nrole {
			p.Key.Errorf(diag.CodeBadRef, "there is no role %d", r)
			continue
		}
		if seen[r] {
			p.Key.Errorf(diag.CodeStructure, "role %s appears twice", p.Key.N.Value)
			continue
		}
		seen[r] = true
		em := p.Value.Mapping()
		if em != nil {
			f(r, em)
			em.Done()
		}
	}
}

func decodeSaveInstitute(it yamlx.Node, in *SaveInstitute, i int, ns saveNames, nrole int) {
	im := labeled(it, "institute", i)
	nameField(im)
	if n, ok := im.Get("techs", ""); ok {
		in.Techs = techNames.ResolveList(n)
	}
	in.Researcher = filled(nrole, -1)
	in.OnStudy = filled(nrole, -1)
	in.Points = make([]float32, nrole)
	if n, ok := im.Get("research", ""); ok {
		perRoleEntries(n, ns, nrole, func(r int, em *yamlx.Mapping) {
			in.Researcher[r] = optRef(em, "researcher", ns.officers)
			in.OnStudy[r] = optRef(em, "tech", techNames)
			in.Points[r] = optFloat(em, pointsKey)
		})
	}
	im.Done()
}

func decodeSaveRoom(it yamlx.Node, t *SaveTrainingRoom, i int, ns saveNames, nrole int) {
	tm := labeled(it, "training room", i)
	nameField(tm)
	fieldyaml.DecodeFields(tm, &SaveTrainingRoomFields, saveRoomItem, t)
	t.Trainee = filled(nrole, -1)
	t.Rounds = make([]int, nrole)
	if n, ok := tm.Get("training", ""); ok {
		perRoleEntries(n, ns, nrole, func(r int, em *yamlx.Mapping) {
			t.Trainee[r] = optRef(em, "trainee", ns.officers)
			t.Rounds[r] = optInt(em, roundsKey)
		})
	}
	tm.Done()
}

func decodeSaveOfficer(it yamlx.Node, o *SaveOfficer, i int, ns saveNames) {
	om := labeled(it, "officer", i)
	nameField(om)
	fieldyaml.DecodeRefs(om, &SaveOfficerFields, officerRole, o, ns.all)
	o.Job = JobNone
	if n, ok := om.Get("job", ""); ok {
		o.Job, _ = n.Enum(JobNames)
	}
	o.Loc = -1
	ns.at.job = o.Job
	fieldyaml.DecodeRefs(om, &SaveOfficerFields, officerAt, o, ns.all)
	fieldyaml.DecodeFields(om, &SaveOfficerFields, saveOfficerStats, o)
	if n, ok := om.Need("level", "", "low, medium or high"); ok {
		o.Level, _ = n.Enum(LevelNames)
	}
	om.Done()
}

func decodeSaveRole(it yamlx.Node, ro *SaveRole, i int, ns saveNames) {
	rm := labeled(it, "role", i)
	nameField(rm)
	fieldyaml.DecodeFields(rm, &SaveRoleFields, saveRoleHead, ro)
	if n, ok := rm.Get("move_state", "movement state"); ok {
		ro.MoveState, _ = n.Enum(MoveStateNames)
	}
	fieldyaml.DecodeFields(rm, &SaveRoleFields, moveTurns, ro)
	fieldyaml.DecodeFields(rm, &SaveRoleFields, extraAction, ro)
	ro.Alliance = -1
	if n, ok := rm.Get("alliance", ""); ok {
		switch n.N.Value {
		case publicEnemy:
			ro.Alliance = -2
		case "none":
			ro.Alliance = -1
		default:
			ro.Alliance, _ = ns.roles.Resolve(n)
		}
	}
	fieldyaml.DecodeFields(rm, &SaveRoleFields, allianceTurns, ro)
	fieldyaml.DecodeRefs(rm, &SaveRoleFields, saveRoleSets, ro, ns.all)
	if n, ok := rm.Get("cards", ""); ok {
		for _, p := range n.Mapping().Pairs() {
			c, ok := cardNames.Resolve(p.Key)
			if !ok {
				continue
			}
			if c < 0 || c >= NumCards {
				p.Key.Errorf(diag.CodeBadRef, "there is no card %d (cards are 0 to %d)", c, NumCards-1)
				continue
			}
			ro.Cards[c], _ = p.Value.Int()
		}
	}
	rm.Done()
}

func filled(n, v int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}
