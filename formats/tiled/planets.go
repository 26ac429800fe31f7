package tiled

import (
	"encoding/json"
	"fmt"
	"image/color"
	"strings"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/srcpos"
)

// Layer and class names of a planets map.
const (
	layerMap     = "map"
	layerPlanets = "planets"
	layerRoutes  = "routes"
	classPlanet  = "planet"
	emptyChar    = "."
)

// planetAttrs are the attributes of a planet, each a property holding
// YAML text (so that 2 and 2.0, which fight differently, stay apart).
var planetAttrs = []string{"type", "def", "res", "cos", "max"}

// settingKeys are the top-level settings kept as map properties, each
// holding YAML text.
var settingKeys = []string{"name", "desc", "author", "version", "max_round", "max_player", "min_player", "start_unit", "maintain_fee"}

// Colours of the grid tiles, as the preview draws the map's background.
var (
	spaceColor = color.RGBA{0x16, 0x1b, 0x2e, 0xff}
	letterTint = color.RGBA{0x7f, 0x8c, 0xb0, 0xff}
)

// WritePlanets exports a Planet-Conquer map: the grid's characters as the
// map layer, the planets as ellipse objects on their letters (planets the
// grid does not place lie below the map, with placed false), and the other
// settings, starts and routes as map properties of YAML text.
func WritePlanets(m *planets.Map, imageName string) (*Files, error) {
	if !m.HasGrid || !m.HasPlanets {
		return nil, fmt.Errorf("tiled: the map has no map grid or no planets; the game cannot load it, and a Tiled map cannot hold it")
	}
	props, err := planetsProps(m)
	if err != nil {
		return nil, err
	}
	rows := strings.Split(strings.TrimSuffix(m.Grid, "\n"), "\n")
	w := 1
	for _, r := range rows {
		w = max(w, utf8.RuneCountInString(r))
	}
	at := rawPositions(rows)
	objs, onCell, err := planetObjects(m, rows, at)
	if err != nil {
		return nil, err
	}
	specs := []tileSpec{charTile(emptyChar)}
	gidOf := map[rune]uint32{'.': 1}
	gids := make([]uint32, w*len(rows))
	for y, row := range rows {
		x := 0
		for _, r := range row {
			if onCell[[2]int{x, y}] {
				r = '.'
			}
			if _, ok := gidOf[r]; !ok {
				specs = append(specs, charTile(string(r)))
				gidOf[r] = uint32(len(specs))
			}
			gids[y*w+x] = gidOf[r]
			x++
		}
	}
	b := newBuilder(w, len(rows), props)
	b.tileset("grid", imageName, specs)
	b.tileLayer(layerMap, gids)
	b.objectLayer(layerPlanets, objs)
	if m.HasRoutes {
		routes, err := routeObjects(m.Routes, objs)
		if err != nil {
			return nil, err
		}
		b.objectLayer(layerRoutes, routes)
	}
	return b.files(specs, imageName)
}

// routeObjects returns a polyline object per route, from the centre of
// one planet's ellipse to the other's, so that Tiled and tmxrasterizer
// draw the routes; its properties from, to and steps hold the route's
// values as YAML text (so that 2 and 2.0 stay apart). A route naming a
// planet that has no object is a line of no length at the origin.
func routeObjects(routes []planets.Route, planetObjs []Object) ([]Object, error) {
	centre := map[string][2]float64{}
	for _, o := range planetObjs {
		centre[o.Name] = [2]float64{o.X + o.Width/2, o.Y + o.Height/2}
	}
	out := make([]Object, 0, len(routes))
	for i, r := range routes {
		var texts [3]string
		for k, v := range []planets.Value{r.From, r.To, r.Steps} {
			t, err := planets.ValueText(v)
			if err != nil {
				return nil, fmt.Errorf("tiled: routes[%d]: %w", i, err)
			}
			texts[k] = t
		}
		a, b := centre[texts[0]], centre[texts[1]]
		line, _ := json.Marshal([]map[string]float64{{"x": 0, "y": 0}, {"x": b[0] - a[0], "y": b[1] - a[1]}})
		out = append(out, Object{Name: texts[0] + "–" + texts[1], Type: "route", X: a[0], Y: a[1],
			Polyline: line, Properties: []Property{strProp("from", texts[0]), strProp("to", texts[1]), strProp("steps", texts[2])}})
	}
	return out, nil
}

// planetsProps returns the map properties: kind and format, the settings
// the map writes, starts, routes and the other top-level keys.
func planetsProps(m *planets.Map) ([]Property, error) {
	props := []Property{strProp("kind", planets.Kind), intProp("format", planets.FormatVersion)}
	if !strings.HasSuffix(m.Grid, "\n") {
		props = append(props, boolProp("map_final_newline", false))
	}
	add := func(name string, v planets.Value) error {
		if v.Type() == planets.Absent {
			return nil
		}
		text, err := planets.ValueText(v)
		if err != nil {
			return fmt.Errorf("tiled: %s: %w", name, err)
		}
		props = append(props, strProp(name, text))
		return nil
	}
	for _, key := range settingKeys {
		if err := add(key, *settingField(m, key)); err != nil {
			return nil, err
		}
	}
	if m.HasStarts {
		if err := add("starts", planets.ListValue(m.Starts...)); err != nil {
			return nil, err
		}
	}
	if len(m.Extra) > 0 {
		if err := add("extra", planets.MappingValue(m.Extra...)); err != nil {
			return nil, err
		}
	}
	return props, nil
}

// settingField returns the field of m that holds a top-level setting as
// written (Absent when the map does not write it).
func settingField(m *planets.Map, key string) *planets.Value {
	return map[string]*planets.Value{"name": &m.Name, "desc": &m.Desc, "author": &m.Author, "version": &m.Version,
		"max_round": &m.MaxRound, "max_player": &m.MaxPlayer, "min_player": &m.MinPlayer,
		"start_unit": &m.StartUnit, "maintain_fee": &m.MaintainFee}[key]
}

// rawPositions returns the last cell of each ASCII letter in the rows
// (the game's choice when a letter appears twice), in the rows' own
// coordinates.
func rawPositions(rows []string) map[string][2]int {
	at := map[string][2]int{}
	for y, row := range rows {
		x := 0
		for _, r := range row {
			if r < utf8.RuneSelf && (r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
				at[string(r)] = [2]int{x, y}
			}
			x++
		}
	}
	return at
}

// planetObjects returns one ellipse object per planet, in the map's
// order, and the cells the placed ones stand on.
func planetObjects(m *planets.Map, rows []string, at map[string][2]int) ([]Object, map[[2]int]bool, error) {
	onCell := map[[2]int]bool{}
	var objs []Object
	unplaced := 0
	for _, p := range m.Planets {
		var props []Property
		if p.Token.Type() != planets.Str {
			t, err := planets.ValueText(p.Token)
			if err != nil {
				return nil, nil, fmt.Errorf("tiled: planet %s: %w", p.Name(), err)
			}
			props = append(props, strProp("token", t))
		}
		for _, key := range planetAttrs {
			v := *planetField(&p, key)
			if v.Type() == planets.Absent {
				continue
			}
			t, err := planets.ValueText(v)
			if err != nil {
				return nil, nil, fmt.Errorf("tiled: planet %s, %s: %w", p.Name(), key, err)
			}
			props = append(props, strProp(key, t))
		}
		if len(p.Extra) > 0 {
			t, err := planets.ValueText(planets.MappingValue(p.Extra...))
			if err != nil {
				return nil, nil, fmt.Errorf("tiled: planet %s: %w", p.Name(), err)
			}
			props = append(props, strProp("extra", t))
		}
		cell, placed := at[p.Token.Text()]
		if p.Token.Type() != planets.Str || !placed || onCell[cell] {
			props = append(props, boolProp("placed", false))
			cell = [2]int{unplaced, len(rows) + 1}
			unplaced++
		} else {
			onCell[cell] = true
		}
		o := cellObject(p.Name(), classPlanet, cell[0], cell[1], props)
		o.Ellipse = true
		objs = append(objs, o)
	}
	return objs, onCell, nil
}

func planetField(p *planets.Planet, key string) *planets.Value {
	return map[string]*planets.Value{"type": &p.Type, "def": &p.Def, "res": &p.Res, "cos": &p.Cos, "max": &p.Max}[key]
}

// charTile is the tile of one grid character.
func charTile(ch string) tileSpec {
	name, c := "letter "+ch+" (no planet of its own)", letterTint
	if ch == emptyChar {
		name, c = "empty space", spaceColor
	} else if r, _ := utf8.DecodeRuneInString(ch); !(r < utf8.RuneSelf && (r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z')) {
		name = "empty space (" + ch + ")"
		c = spaceColor
	}
	return tileSpec{color: c, label: ch, class: "grid", props: []Property{strProp("char", ch), strProp("name", name)}}
}

// ReadPlanets reads a Planet-Conquer map from a Tiled map. A planet object
// on the map writes its letter into the grid at its cell; one off the map
// must have placed false (the grid does not place it).
func ReadPlanets(file string, src []byte, opts ...Option) (*planets.Map, *srcpos.Map, error) {
	s, err := parse(file, src, opts...)
	if err != nil {
		return nil, nil, err
	}
	m := &planets.Map{HasGrid: true, HasPlanets: true}
	sm := srcpos.New(src)
	finalNewline := s.planetsSettings(m, sm)
	var rows [][]rune
	if i, layer := s.layer(layerMap, "tilelayer", true); layer != nil {
		rows = s.gridRows(i, layer)
		sm.SetGrid("map", func(row, col int) diag.Pos { return s.cellPos(i, row*s.m.Width+col) })
	}
	if i, layer := s.layerOnly(layerPlanets, "objectgroup", false); layer != nil && rows != nil {
		s.readPlanets(i, layer, m, rows, sm)
	}
	if i, layer := s.layerOnly(layerRoutes, "objectgroup", false); layer != nil {
		s.readRoutes(i, layer, m, sm)
	}
	s.unusedLayers(layerMap + ", " + layerPlanets + ", " + layerRoutes)
	if err := s.err(); err != nil {
		return nil, nil, err
	}
	lines := make([]string, len(rows))
	for y, r := range rows {
		lines[y] = string(r)
	}
	m.Grid = strings.Join(lines, "\n")
	if finalNewline {
		m.Grid += "\n"
	}
	return m, sm, nil
}

// planetsSettings reads the map properties; it returns whether the grid
// text ends with a line feed.
func (s *source) planetsSettings(m *planets.Map, sm *srcpos.Map) bool {
	mp := s.props("", "map properties", s.m.Properties)
	s.checkKind(mp, planets.Kind, "format", planets.FormatVersion)
	finalNewline := true
	if v, ok := mp.bool("map_final_newline", false); ok {
		finalNewline = v
	}
	value := func(name string) (planets.Value, bool) {
		text, ok := mp.str(name, false)
		if !ok {
			return planets.Value{}, false
		}
		_, path, _ := mp.find(name)
		sm.SetPos(name, s.pos(path))
		return s.yamlValue(text, path, mp.where, name)
	}
	for _, key := range settingKeys {
		if v, ok := value(key); ok {
			*settingField(m, key) = v
		}
	}
	if v, ok := value("starts"); ok {
		m.Starts, m.HasStarts = s.listOf(v, "starts", mp), true
	}
	if v, ok := value("routes"); ok {
		m.HasRoutes = true
		for _, r := range s.listOf(v, "routes", mp) {
			if r.Type() != planets.List || len(r.Items()) != 3 {
				_, at, _ := mp.find("routes")
				s.errorf(at, mp.where, diag.CodeStructure, "property \"routes\": each route is [from, to, steps], found %s", r.Describe())
				continue
			}
			m.Routes = append(m.Routes, planets.Route{From: r.Items()[0], To: r.Items()[1], Steps: r.Items()[2]})
		}
	}
	if v, ok := value("extra"); ok {
		if v.Type() != planets.Mapping {
			_, at, _ := mp.find("extra")
			s.errorf(at, mp.where, diag.CodeStructure, "property \"extra\" must be a YAML mapping, found %s", v.Describe())
		}
		m.Extra = v.Pairs()
	}
	mp.done()
	return finalNewline
}

// readRoutes reads the routes layer: a route per object, in the layer's
// order, from its properties from, to and steps (YAML text); the line
// drawn is only a picture of it.
func (s *source) readRoutes(i int, layer *Layer, m *planets.Map, sm *srcpos.Map) {
	if m.HasRoutes {
		s.errorf(layerPath(i), fmt.Sprintf("layer %q", layer.Name), diag.CodeStructure, "the routes are both the map property \"routes\" and this layer; keep one")
		return
	}
	m.HasRoutes = true
	n := s.objectCount(i)
	if n > 0 {
		m.Routes = make([]planets.Route, 0, n)
	}
	for k := range n {
		obj := s.object(i, k)
		o := &obj
		path := objectPath(i, k)
		where := objectWhere(layer, o)
		pp := s.props(path, where, o.Properties)
		var r [3]planets.Value
		ok := true
		for n, name := range []string{"from", "to", "steps"} {
			text, has := pp.str(name, true)
			if !has {
				ok = false
				continue
			}
			_, at, _ := pp.find(name)
			v, good := s.yamlValue(text, at, where, name)
			ok = ok && good
			r[n] = v
		}
		pp.done()
		if ok {
			sm.SetPos(fmt.Sprintf("routes[%d]", len(m.Routes)), s.pos(path))
			m.Routes = append(m.Routes, planets.Route{From: r[0], To: r[1], Steps: r[2]})
		}
	}
}

// yamlValue reads the YAML text of a property as the game would.
func (s *source) yamlValue(text, path, where, name string) (planets.Value, bool) {
	v, err := planets.ParseValue(name, text)
	if err != nil {
		msg := err.Error()
		if l := diag.AsList(err, name); len(l) > 0 {
			msg = l[0].Message
		}
		s.errorf(path, where, diag.CodeBadValue, "property %q is not a YAML value the game reads: %s", name, msg)
		return planets.Value{}, false
	}
	return v, true
}

func (s *source) listOf(v planets.Value, name string, mp *props) []planets.Value {
	if v.Type() != planets.List {
		_, at, _ := mp.find(name)
		s.errorf(at, mp.where, diag.CodeStructure, "property %q must be a YAML list, found %s", name, v.Describe())
		return nil
	}
	return v.Items()
}

// gridRows returns the grid's characters row by row: each cell's tile has
// a string property "char"; cells without a tile end their row.
func (s *source) gridRows(i int, layer *Layer) [][]rune {
	gids, ok := s.gids(i, layer)
	if !ok {
		return nil
	}
	chars := map[uint32]rune{}
	w := s.m.Width
	rows := make([][]rune, s.m.Height)
	holed := map[int]bool{} // rows with a hole reported
	for k, g := range gids {
		x, y := k%w, k/w
		where := fmt.Sprintf("layer %q, cell (%d, %d)", layer.Name, x, y)
		cellPath := fmt.Sprintf("%s.data[%d]", layerPath(i), k)
		if g&^flagMask == 0 {
			continue
		}
		if len(rows[y]) < x {
			// One error per row, at the hole: an erased cell (Tiled's
			// eraser) inside a row, which would end the row there.
			if !holed[y] {
				holed[y] = true
				hole := y*w + len(rows[y])
				s.errorAt(s.ix.cell(layerPath(i)+".data", hole), fmt.Sprintf("%s.data[%d]", layerPath(i), hole),
					fmt.Sprintf("layer %q, cell (%d, %d)", layer.Name, len(rows[y]), y), diag.CodeNoCode,
					"no tile is painted here, but the row goes on at (%d, %d): paint the cell with the empty space tile %q (a row ends at its first cell without a tile)", x, y, emptyChar)
			}
			continue
		}
		r, known := chars[g&^flagMask]
		if !known {
			r = s.tileChar(g)
			chars[g&^flagMask] = r
		}
		if r == 0 {
			s.errorAt(s.ix.cell(layerPath(i)+".data", k), cellPath, where, diag.CodeNoCode, "%s", s.whyNoCode(g, "grid character (its string property \"char\")"))
			continue
		}
		rows[y] = append(rows[y], r)
	}
	return rows
}

// tileChar returns the one-character "char" property of gid's tile, or 0.
func (s *source) tileChar(gid uint32) rune {
	list, path, _, ok := s.tileProps(gid)
	if !ok || !propNamed(list, "char") {
		return 0
	}
	p := s.props(path, "tile "+path, list)
	ch, _ := p.str("char", true)
	r, size := utf8.DecodeRuneInString(ch)
	if size == 0 || size != len(ch) || r == '\n' {
		s.errorf(path, p.where, diag.CodeBadValue, "char %q must be one character other than a line feed", ch)
		return 0
	}
	return r
}

// readPlanets reads the planet objects, in layer order, and writes the
// letters of those on the map into rows. The objects are decoded one at
// a time from the source: a map of many planets never holds them all
// decoded (some 1 KB a planet).
func (s *source) readPlanets(i int, layer *Layer, m *planets.Map, rows [][]rune, sm *srcpos.Map) {
	taken := map[[2]int]string{}
	n := s.objectCount(i)
	if n > 0 {
		m.Planets = make([]planets.Planet, 0, n)
	}
	for k := range n {
		obj := s.object(i, k)
		o := &obj
		path, where := objectPath(i, k), objectWhere(layer, o)
		pp := s.props(path, where, o.Properties)
		p := planets.Planet{Token: planets.StrValue(o.Name)}
		if text, ok := pp.str("token", false); ok {
			_, at, _ := pp.find("token")
			if v, ok := s.yamlValue(text, at, where, "token"); ok {
				p.Token = v
			}
		}
		doc := srcpos.Field("planets", p.Token.Key())
		sm.SetPos(doc, s.pos(path))
		for _, key := range planetAttrs {
			if text, ok := pp.str(key, false); ok {
				_, at, _ := pp.find(key)
				sm.SetPos(doc+"."+key, s.pos(at))
				if v, ok := s.yamlValue(text, at, where, key); ok {
					*planetField(&p, key) = v
				}
			}
		}
		if text, ok := pp.str("extra", false); ok {
			_, at, _ := pp.find("extra")
			if v, ok := s.yamlValue(text, at, where, "extra"); ok && v.Type() == planets.Mapping {
				p.Extra = v.Pairs()
			} else if ok {
				s.errorf(at, where, diag.CodeStructure, "property \"extra\" must be a YAML mapping, found %s", v.Describe())
			}
		}
		placed, hasPlaced := pp.bool("placed", false)
		pp.done()
		m.Planets = append(m.Planets, p)
		x, y, on := s.objectCell(o)
		switch {
		case !on && hasPlaced && !placed:
		case !on:
			s.errorf(path+".x", where, diag.CodeOffGrid, "lies at pixel (%g, %g), on cell (%d, %d), outside the %d×%d map (a planet the grid does not place has the property placed = false)",
				o.X, o.Y, x, y, s.m.Width, s.m.Height)
		case p.Token.Type() != planets.Str || !isLetter(p.Token.Text()):
			s.errorf(path+".x", where, diag.CodeStructure, "planet %s stands on the map, but only planets named by one ASCII letter are placed on the grid", p.Token.Describe())
		case taken[[2]int{x, y}] != "":
			s.errorf(path+".x", where, diag.CodeStructure, "stands on cell (%d, %d) with planet %s", x, y, taken[[2]int{x, y}])
		default:
			taken[[2]int{x, y}] = p.Token.Text()
			for len(rows[y]) <= x {
				rows[y] = append(rows[y], '.')
			}
			rows[y][x] = rune(p.Token.Text()[0])
		}
	}
}

func isLetter(s string) bool {
	return len(s) == 1 && (s[0] >= 'A' && s[0] <= 'Z' || s[0] >= 'a' && s[0] <= 'z')
}
