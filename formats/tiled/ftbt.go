package tiled

import (
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/srcpos"
)

// Layer and class names of an ftbt level.
const (
	layerTerrain = "terrain"
	layerPeople  = "people"
	classPerson  = "person"
	classTerrain = "terrain"
)

// personInts are the int properties of a person, in the order written.
var personInts = []string{"side", "abi", "def", "hp", "speed"}

// aiInts are the int properties of a person's AI settings.
var aiInts = []string{"ai_attack", "ai_defence", "ai_move"}

// WriteLevel exports an ftbt level; rules (nil when unknown) name the
// terrains and techs and colour the tiles.
func WriteLevel(l *ftbt.Level, rules *ftbt.Rules, imageName string) (*Files, error) {
	if l.W < 1 || l.H < 1 || l.Terrain.Len() != l.W*l.H {
		return nil, fmt.Errorf("tiled: the level's terrain has %d cells, which does not match its size %d×%d", l.Terrain.Len(), l.W, l.H)
	}
	props := []Property{strProp("kind", ftbt.KindLevel), intProp("version", ftbt.LevelVersion)}
	if l.RulesPath != "" {
		props = append(props, strProp("rules", l.RulesPath))
	}
	if l.Intro != nil {
		props = append(props, strProp("intro", *l.Intro))
	}
	if len(l.Trailing) > 0 {
		props = append(props, strProp("trailing", strings.Join(l.Trailing, " ")))
	}
	specs, gidOf := levelTiles(l, rules)
	b := newBuilder(l.W, l.H, props)
	b.tileset("terrains", imageName, specs)
	gids := make([]uint32, l.Terrain.Len())
	for i, t := range l.Terrain.All() {
		gids[i] = gidOf[t]
	}
	b.tileLayer(layerTerrain, gids)
	objs := make([]Object, len(l.People))
	for i, p := range l.People {
		objs[i] = cellObject(p.Name, classPerson, p.X, p.Y, personProps(p, rules))
	}
	b.objectLayer(layerPeople, objs)
	return b.files(specs, imageName)
}

// levelTiles returns the tiles of a level's tileset: one per entry of the
// legend the YAML form would use (with its symbol), then one per terrain
// of the rules or id of the grid the legend lacks; and the gid of each id.
func levelTiles(l *ftbt.Level, rules *ftbt.Rules) ([]tileSpec, map[int]uint32) {
	gidOf := map[int]uint32{}
	var specs []tileSpec
	add := func(id int, symbol string) {
		if _, done := gidOf[id]; done {
			return
		}
		props := []Property{intProp("code", id)}
		if rules != nil && id >= 0 && id < len(rules.Terrains) {
			props = append(props, strProp("name", rules.Terrains[id].Name))
		}
		if symbol != "" {
			props = append(props, strProp("symbol", symbol))
		}
		c := rules.TerrainColor(id)
		props = append(props, colorProp("color", "#ff"+hexColor(c)[1:]))
		specs = append(specs, tileSpec{color: c, label: symbol, class: classTerrain, props: props})
		gidOf[id] = uint32(len(specs))
	}
	legend, _ := ftbt.LegendFor(l, rules)
	for _, e := range legend {
		add(e.Terrain, string(e.Symbol))
	}
	if rules != nil {
		for id := range rules.Terrains {
			add(id, "")
		}
	}
	ids := l.Terrain.Values()
	slices.Sort(ids)
	for _, id := range slices.Compact(ids) {
		add(id, "")
	}
	return specs, gidOf
}

func personProps(p ftbt.Person, rules *ftbt.Rules) []Property {
	vals := []int{p.Side, p.Abi, p.Def, p.HP, p.Speed}
	var props []Property
	for k, name := range personInts {
		props = append(props, intProp(name, vals[k]))
	}
	if len(p.Techs) > 0 {
		props = append(props, strProp("techs", techRefs(p.Techs, rules)))
	}
	if a := p.AI; a != nil {
		props = append(props, intProp("ai_attack", a.Attack), intProp("ai_defence", a.Defence), intProp("ai_move", a.Move))
		if a.GoalX != -1 || a.GoalY != -1 {
			props = append(props, intProp("ai_goal_x", a.GoalX), intProp("ai_goal_y", a.GoalY))
		}
	}
	return props
}

// techRefs writes a person's techs as a comma-separated list: by name
// ("name#k" for the k-th of several techs of one name) when the rules are
// known and the name reads back as itself, else by id.
func techRefs(ids []int, rules *ftbt.Rules) string {
	refs := make([]string, len(ids))
	for k, id := range ids {
		refs[k] = strconv.Itoa(id)
		if rules == nil || id < 0 || id >= len(rules.Techs) {
			continue
		}
		names := rules.TechNames()
		ref := names[id]
		if n := countOf(names, ref); n > 1 {
			ref = fmt.Sprintf("%s#%d", ref, countOf(names[:id+1], ref))
		}
		if got, ok := resolveTech(ref, names); ok && got == id {
			refs[k] = ref
		}
	}
	return strings.Join(refs, ", ")
}

func countOf(names []string, name string) int {
	n := 0
	for _, s := range names {
		if s == name {
			n++
		}
	}
	return n
}

// resolveTech reads one tech reference: an id, a unique name, or
// "name#k".
func resolveTech(ref string, names []string) (int, bool) {
	if id, err := strconv.Atoi(ref); err == nil {
		return id, true
	}
	if ref == "" || strings.ContainsAny(ref, ",") || strings.TrimSpace(ref) != ref {
		return 0, false
	}
	if countOf(names, ref) == 1 {
		return slices.Index(names, ref), true
	}
	i := strings.LastIndexByte(ref, '#')
	if i < 0 {
		return 0, false
	}
	k, err := strconv.Atoi(ref[i+1:])
	if err != nil || k < 1 {
		return 0, false
	}
	for id, name := range names {
		if name == ref[:i] {
			if k--; k == 0 {
				return id, true
			}
		}
	}
	return 0, false
}

// ReadLevel reads an ftbt level from a Tiled map; rules (nil when
// unknown) resolve tech names. The srcpos.Map locates the level's
// document paths (terrain[y][x], people[i].hp, ...) in the map's JSON.
func ReadLevel(file string, src []byte, rules *ftbt.Rules, opts ...Option) (*ftbt.Level, *srcpos.Map, error) {
	s, err := parse(file, src, opts...)
	if err != nil {
		return nil, nil, err
	}
	l := &ftbt.Level{W: s.m.Width, H: s.m.Height}
	sm := srcpos.New(src)
	mp := s.props("", "map properties", s.m.Properties)
	s.checkKind(mp, ftbt.KindLevel, "version", ftbt.LevelVersion)
	l.RulesPath, _ = mp.str("rules", false)
	if intro, ok := mp.str("intro", false); ok {
		l.Intro = &intro
	}
	if t, ok := mp.str("trailing", false); ok {
		l.Trailing = strings.Fields(t)
	}
	mp.done()
	sm.SetPos("rules", s.pos("properties"))
	sm.SetPos("size", s.pos("width"))
	if i, layer := s.layer(layerTerrain, "tilelayer", true); layer != nil {
		if codes, ok := s.readCodes(i, layer, "terrain"); ok {
			l.Terrain = codes
			// Complete the legend as the YAML form will write it, so that
			// a level read back is the level written.
			l.SetLegend(s.legend(), rules)
			if full, ok := ftbt.LegendFor(l, rules); ok {
				l.SetLegend(full, rules)
			}
		}
		ix, lines, w := s.ix, s.lines, l.W
		sm.SetGrid("terrain", func(row, col int) diag.Pos { return cellPos(ix, lines, i, row*w+col) })
	}
	if i, layer := s.layerOnly(layerPeople, "objectgroup", false); layer != nil {
		s.readPeople(i, layer, l, rules, sm)
	}
	s.unusedLayers(layerTerrain + ", " + layerPeople)
	if err := s.err(); err != nil {
		return nil, nil, err
	}
	return l, sm, nil
}

// checkKind checks the kind and version map properties.
func (s *source) checkKind(mp *props, kind, versionKey string, version int) {
	k, ok := mp.str("kind", false)
	if !ok {
		s.errorf("properties", "map properties", diag.CodeKind, "missing the string property \"kind\" (%s); is this a map Shapan exported?", kind)
		return
	}
	if k != kind {
		_, path, _ := mp.find("kind")
		s.errorf(path, "map properties", diag.CodeKind, "kind is %q, not %s", k, kind)
	}
	if v, ok := mp.int(versionKey, true); ok && v != version {
		_, path, _ := mp.find(versionKey)
		s.errorf(path, "map properties", diag.CodeKind, "%s %d is not supported (this Shapan reads %s %d)", versionKey, v, versionKey, version)
	}
}

// readCodes returns the code of every cell of a tile layer: the int
// property "code" of its tile. noun names the code ("terrain"). A tile
// without a code is reported on its first few cells, then counted; ok is
// false then.
func (s *source) readCodes(i int, layer *Layer, noun string) (codes cells.Grid, ok bool) {
	gids, ok := s.gids(i, layer)
	if !ok {
		return cells.Grid{}, false
	}
	type known struct {
		code, bad int
		ok        bool
	}
	seen := map[uint32]*known{}
	codes = cells.Make(len(gids))
	for k, g := range gids {
		kn := seen[g&^flagMask]
		if kn == nil {
			kn = &known{}
			kn.code, kn.ok = s.tileCode(g)
			seen[g&^flagMask] = kn
		}
		if kn.ok {
			codes.Set(k, kn.code)
			continue
		}
		if kn.bad++; kn.bad <= maxCellReports {
			where := fmt.Sprintf("layer %q, cell (%d, %d)", layer.Name, k%s.m.Width, k/s.m.Width)
			s.errorAt(s.ix.cell(layerPath(i)+".data", k), fmt.Sprintf("%s.data[%d]", layerPath(i), k), where, diag.CodeNoCode, "%s", s.whyNoCode(g, noun))
		}
	}
	failed := false
	for g, kn := range seen {
		if kn.bad > maxCellReports {
			s.errorf(layerPath(i)+".data", fmt.Sprintf("layer %q", layer.Name), diag.CodeNoCode, "%d more cells hold tile id %d", kn.bad-maxCellReports, g)
		}
		failed = failed || kn.bad > 0
	}
	if failed {
		return cells.Grid{}, false
	}
	return codes, true
}

// maxCellReports is how many cells painted with one faulty tile are
// reported one by one.
const maxCellReports = 5

// tileCode returns the code property of the tile of gid.
func (s *source) tileCode(gid uint32) (int, bool) {
	if gid&^flagMask == 0 {
		return 0, false
	}
	list, path, _, ok := s.tileProps(gid)
	if !ok || !propNamed(list, "code") {
		return 0, false
	}
	return s.props(path, "tile "+path, list).int("code", true)
}

// whyNoCode explains why the tile of gid gives no code.
func (s *source) whyNoCode(gid uint32, noun string) string {
	g := gid &^ flagMask
	if g == 0 {
		return "no tile is painted here; every cell needs a " + noun
	}
	ref, ok := s.tile(g)
	if !ok {
		return fmt.Sprintf("tile id %d belongs to no tileset of the map", g)
	}
	ts := &s.m.Tilesets[ref.set]
	return fmt.Sprintf("tile %d of tileset %q has no int property \"code\": it stands for no %s (paint a tile of the %q tileset)",
		ref.local, ts.Name, noun, s.m.Tilesets[0].Name)
}

// legend returns the symbols the tiles carry, in tileset order.
func (s *source) legend() []ftbt.LegendEntry {
	var out []ftbt.LegendEntry
	for _, e := range s.tileSymbols(ftbt.ValidSymbol) {
		out = append(out, ftbt.LegendEntry{Symbol: e.symbol, Terrain: e.code})
	}
	return out
}

// symbolEntry is a grid symbol a tile carries, and the tile's code.
type symbolEntry struct {
	symbol rune
	code   int
}

// tileSymbols returns the symbols the tiles carry (their string property
// "symbol"), in tileset order, the first of each symbol only; valid tells
// the symbols the family's grids can hold.
func (s *source) tileSymbols(valid func(rune) bool) []symbolEntry {
	var out []symbolEntry
	seen := map[rune]bool{}
	for i, ts := range s.m.Tilesets {
		for k, t := range ts.Tiles {
			path := fmt.Sprintf("tilesets[%d].tiles[%d]", i, k)
			p := s.props(path, fmt.Sprintf("tileset %q, tile %d", ts.Name, t.ID), t.Properties)
			sym, ok := p.str("symbol", false)
			if !ok {
				continue
			}
			code, ok := p.int("code", true)
			r, size := utf8.DecodeRuneInString(sym)
			switch {
			case !ok:
			case size == 0 || size != len(sym) || !valid(r):
				s.errorf(path, p.where, diag.CodeBadValue, "symbol %q must be one printable character that is not a space", sym)
			case !seen[r]:
				seen[r] = true
				out = append(out, symbolEntry{r, code})
			}
		}
	}
	return out
}

// readPeople reads the people layer: one person per object, in layer
// order, on the cell under the object's centre. The objects are decoded
// one at a time from the source: a level of 20 000 people never holds
// them all decoded.
func (s *source) readPeople(i int, layer *Layer, l *ftbt.Level, rules *ftbt.Rules, sm *srcpos.Map) {
	n, withAI := s.objectCount(i), 0
	for k := range n {
		if o := s.object(i, k); propNamed(o.Properties, "ai_attack") {
			withAI++
		}
	}
	var names []string
	if rules != nil {
		names = rules.TechNames()
	}
	if n > 0 {
		l.People = make([]ftbt.Person, 0, n)
	}
	for k := range n {
		o := s.object(i, k)
		l.People = append(l.People, s.person(i, k, layer, &o, names, withAI, n, sm))
	}
}

// person reads object k of the people layer i.
func (s *source) person(i, k int, layer *Layer, o *Object, names []string, withAI, n int, sm *srcpos.Map) ftbt.Person {
	path, where := objectPath(i, k), objectWhere(layer, o)
	doc := srcpos.Index("people", k)
	sm.SetPos(doc, s.pos(path))
	sm.SetPos(doc+".at", s.pos(path+".x"))
	p := ftbt.Person{Name: o.Name}
	x, y, on := s.objectCell(o)
	if !on {
		s.errorf(path+".x", where, diag.CodeOffGrid, "stands at pixel (%g, %g), on cell (%d, %d), outside the %d×%d map", o.X, o.Y, x, y, s.m.Width, s.m.Height)
	}
	p.X, p.Y = x, y
	pp := s.props(path, where, o.Properties)
	vals := []*int{&p.Side, &p.Abi, &p.Def, &p.HP, &p.Speed}
	for m, name := range personInts {
		*vals[m], _ = pp.int(name, true)
		if _, at, ok := pp.find(name); ok {
			sm.SetPos(doc+"."+name, s.pos(at))
		}
	}
	if refs, ok := pp.str("techs", false); ok {
		p.Techs = s.techs(refs, names, path, where)
	}
	if withAI > 0 {
		p.AI = s.personAI(pp, withAI < n)
	}
	pp.done()
	return p
}

func propNamed(list []Property, name string) bool {
	for _, p := range list {
		if p.Name == name {
			return true
		}
	}
	return false
}

// techs reads a comma-separated list of tech references.
func (s *source) techs(refs string, names []string, path, where string) []int {
	out := []int{}
	for _, ref := range strings.Split(refs, ",") {
		ref = strings.TrimSpace(ref)
		if ref == "" {
			continue
		}
		id, ok := resolveTech(ref, names)
		if !ok {
			s.errorf(path+".properties", where, diag.CodeBadRef, "unknown tech %q in property \"techs\" (write tech names or ids separated by commas)", ref)
			continue
		}
		out = append(out, id)
	}
	return out
}

// personAI reads the AI settings; some says that only some people of the
// level have them (every person needs them then).
func (s *source) personAI(pp *props, some bool) *ftbt.PersonAI {
	a := &ftbt.PersonAI{GoalX: -1, GoalY: -1}
	if !pp.has("ai_attack") && some {
		s.errorf(pp.path, pp.where, diag.CodeStructure, "has no AI settings (%s) while other people have them: give every person AI settings or none", strings.Join(aiInts, ", "))
		return a
	}
	a.Attack, _ = pp.int("ai_attack", true)
	a.Defence, _ = pp.int("ai_defence", true)
	a.Move, _ = pp.int("ai_move", true)
	gx, okX := pp.int("ai_goal_x", false)
	gy, okY := pp.int("ai_goal_y", false)
	switch {
	case okX && okY:
		a.GoalX, a.GoalY = gx, gy
	case okX || okY:
		s.errorf(pp.path, pp.where, diag.CodeStructure, "has only one of ai_goal_x and ai_goal_y; give both (the goal cell) or neither (chase the nearest enemy)")
	}
	return a
}
