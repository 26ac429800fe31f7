package tiled

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
)

// Layer names of a battle map.
const (
	layerGrid       = "grid"
	layerStructures = "structures"
)

// WriteBattle exports a battle map: the cells as the grid layer, and the
// structures the grid makes (cities, bases, the flag zone) as an object
// layer to see them by name in Tiled.
func WriteBattle(m *battle.Map, imageName string) (*Files, error) {
	if m.W < 1 || m.H < 1 || m.Cells.Len() != m.W*m.H {
		return nil, fmt.Errorf("tiled: the battle map has %d cells, which does not match its size %d×%d", m.Cells.Len(), m.W, m.H)
	}
	props := []Property{strProp("kind", battle.Kind), intProp("version", battle.Version)}
	if len(m.Trailing) > 0 {
		props = append(props, strProp("trailing", strings.Join(m.Trailing, " ")))
	}
	if len(m.Roster) > 0 {
		text, err := rosterText(m.Roster)
		if err != nil {
			return nil, err
		}
		props = append(props, strProp("roster", text))
	}
	specs, gidOf := battleTiles(m)
	b := newBuilder(m.W, m.H, props)
	b.tileset("elements", imageName, specs)
	gids := make([]uint32, m.Cells.Len())
	for i, c := range m.Cells.All() {
		gids[i] = gidOf[c]
	}
	b.tileLayer(layerGrid, gids)
	b.objectLayer(layerStructures, structures(m))
	return b.files(specs, imageName)
}

// battleTiles returns one tile per entry of the legend the YAML form uses
// (or, for a map with too many codes for symbols, per element and code),
// and the gid of each code.
func battleTiles(m *battle.Map) ([]tileSpec, map[int]uint32) {
	legend, ok := m.FullLegend()
	if !ok {
		legend = nil
		for _, e := range battle.Elements {
			legend = append(legend, battle.LegendEntry{Code: e.Code})
		}
		codes := m.Cells.Values()
		slices.Sort(codes)
		for _, c := range slices.Compact(codes) {
			legend = append(legend, battle.LegendEntry{Code: c})
		}
	}
	gidOf := map[int]uint32{}
	var specs []tileSpec
	for _, e := range legend {
		if _, done := gidOf[e.Code]; done {
			continue
		}
		props := []Property{intProp("code", e.Code)}
		if el, ok := battle.ElementByCode(e.Code); ok {
			props = append(props, strProp("name", el.Name), strProp("chinese", el.Chinese))
		}
		label := ""
		if e.Symbol != 0 {
			label = string(e.Symbol)
			props = append(props, strProp("symbol", label))
		}
		c := battle.CellColor(e.Code)
		props = append(props, colorProp("color", "#ff"+hexColor(c)[1:]))
		specs = append(specs, tileSpec{color: c, label: label, class: "element", props: props})
		gidOf[e.Code] = uint32(len(specs))
	}
	return specs, gidOf
}

// structures returns the objects that show a map's structures: each city,
// each base (named by its player when the map has two) and the flag zone.
func structures(m *battle.Map) []Object {
	var out []Object
	for _, c := range m.Cities() {
		e, _ := battle.ElementByCode(c.Code)
		out = append(out, cellObject(e.Chinese, classCity, c.X, c.Y, cityProps(c.Level)))
	}
	p1, _, sided := m.Sides()
	for _, b := range m.Bases() {
		name, player := "主基地", 0
		if sided {
			player = 2
			if slices.Equal(b.Cells, p1.Cells) {
				player = 1
			}
			name = fmt.Sprintf("player %d base", player)
		}
		out = append(out, boxObject(name, classBase, b.Cells, baseProps(player, len(b.Cells))))
	}
	if z := m.FlagZone(); len(z.Cells) > 0 {
		out = append(out, boxObject("龙旗据点", classFlag, z.Cells, flagProps(len(z.Cells), z.Centred)))
	}
	return out
}

// Classes of the structure objects.
const (
	classCity = "city"
	classBase = "base"
	classFlag = "flag"
)

// cityProps, baseProps and flagProps are the properties of a structure's
// object.
func cityProps(level int) []Property {
	st := battle.CityLevels[level]
	return []Property{intProp("level", level), intProp("range", st.Range), intProp("damage", st.Damage),
		intProp("defence", st.Defence), intProp("reward", st.Reward)}
}

func baseProps(player, cells int) []Property {
	return []Property{intProp("player", player), intProp("cells", cells)}
}

func flagProps(cells int, centred bool) []Property {
	return []Property{intProp("cells", cells), boolProp("centred", centred)}
}

// madeByGrid reports whether props are the properties that some painting
// of the grid gives a structure of class: an object holding them shows the
// grid as it was before it was repainted, not a change made by hand.
func madeByGrid(class string, props []Property) bool {
	var cands [][]Property
	switch class {
	case classCity:
		for lv := 1; lv < len(battle.CityLevels); lv++ {
			cands = append(cands, cityProps(lv))
		}
	case classBase:
		cells := max(intProperty(props, "cells"), 1)
		for p := 0; p <= 2; p++ {
			cands = append(cands, baseProps(p, cells))
		}
	case classFlag:
		cells := max(intProperty(props, "cells"), 1)
		cands = append(cands, flagProps(cells, false), flagProps(cells, true))
	}
	return slices.ContainsFunc(cands, func(c []Property) bool { return propsDiffer(c, props) == "" })
}

// intProperty returns the integer value of the property named name, or 0.
func intProperty(list []Property, name string) int {
	for _, p := range list {
		var n int
		if p.Name == name && json.Unmarshal(p.Value, &n) == nil {
			return n
		}
	}
	return 0
}

// boxObject returns a rectangle object covering the bounding box of cells.
func boxObject(name, class string, cells []battle.Point, props []Property) Object {
	x0, y0, x1, y1 := cells[0].X, cells[0].Y, cells[0].X, cells[0].Y
	for _, p := range cells {
		x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
	}
	o := cellObject(name, class, x0, y0, props)
	o.Width, o.Height = float64((x1-x0+1)*TileSize), float64((y1-y0+1)*TileSize)
	return o
}

// ReadBattle reads a battle map from a Tiled map. The structures layer is
// optional and must agree with the grid: structures are made by painting
// their cells, so a moved, added or edited structure object is reported.
func ReadBattle(file string, src []byte, opts ...Option) (*battle.Map, *srcpos.Map, error) {
	s, err := parse(file, src, opts...)
	if err != nil {
		return nil, nil, err
	}
	m := &battle.Map{W: s.m.Width, H: s.m.Height}
	sm := srcpos.New(src)
	mp := s.props("", "map properties", s.m.Properties)
	s.checkKind(mp, battle.Kind, "version", battle.Version)
	if t, ok := mp.str("trailing", false); ok {
		m.Trailing = strings.Fields(t)
	}
	if t, ok := mp.str("roster", false); ok {
		_, path, _ := mp.find("roster")
		sm.SetPos(battle.PathRoster, s.pos(path))
		m.Roster = s.readRoster(t, path)
	}
	mp.done()
	sm.SetPos("size", s.pos("width"))
	if i, layer := s.layer(layerGrid, "tilelayer", true); layer != nil {
		if codes, ok := s.readCodes(i, layer, "map element"); ok {
			m.Cells = codes
			m.SetLegend(s.battleLegend())
		}
		ix, lines, w := s.ix, s.lines, m.W
		sm.SetGrid(battle.PathGrid, func(row, col int) diag.Pos { return cellPos(ix, lines, i, row*w+col) })
	}
	if i, layer := s.layer(layerStructures, "objectgroup", false); layer != nil {
		s.checkStructures(i, layer, m)
	}
	s.unusedLayers(layerGrid + ", " + layerStructures)
	if err := s.err(); err != nil {
		return nil, nil, err
	}
	sm.Warnings = s.warns
	return m, sm, nil
}

// battleLegend returns the symbols the tiles carry, in tileset order.
func (s *source) battleLegend() []battle.LegendEntry {
	var out []battle.LegendEntry
	for _, e := range s.tileSymbols(battle.ValidSymbol) {
		out = append(out, battle.LegendEntry{Symbol: e.symbol, Code: e.code})
	}
	return out
}

// checkStructures holds the objects of the structures layer against the
// grid, which makes the structures: an object the grid no longer makes
// (painted over) is dropped and one it makes otherwise (repainted) takes
// the grid's properties, each with a warning naming it; an object no grid
// makes (of another class, or with properties changed by hand) is an
// error, as it would be lost. Only objects off the map are reported when
// the grid could not be read.
func (s *source) checkStructures(i int, layer *Layer, m *battle.Map) {
	var want []Object
	if !m.Cells.Nil() {
		want = structures(m)
	}
	for k := range layer.Objects {
		o := &layer.Objects[k]
		path, where := objectPath(i, k), objectWhere(layer, o)
		x, y, on := s.objectCell(o)
		if !on {
			s.errorf(path+".x", where, diag.CodeOffGrid, "lies at pixel (%g, %g), on cell (%d, %d), outside the %d×%d map", o.X, o.Y, x, y, m.W, m.H)
			continue
		}
		if m.Cells.Nil() {
			continue
		}
		class := o.class()
		match := slices.IndexFunc(want, func(w Object) bool { return w.Type == class && covers(w, x, y) })
		switch {
		case match < 0 && class != classCity && class != classBase && class != classFlag:
			s.errorf(path, where, diag.CodeStructure,
				"an object of class %q is no structure (city, base or flag) and the layer holds nothing else: structures are made by painting the %q layer (this object would be lost)",
				class, layerGrid)
		case match < 0:
			s.warnf(path, where, diag.CodeRepainted,
				"no %s is painted at cell (%d, %d) (it holds %s): the object is dropped, as structures follow the %q layer (paint a structure there to add or move one)",
				class, x, y, elementName(m.At(x, y)), layerGrid)
		default:
			diff := propsDiffer(want[match].Properties, o.Properties)
			switch {
			case diff == "":
			case madeByGrid(class, o.Properties):
				s.warnf(path+".properties", where, diag.CodeRepainted, "%s, as the %s was repainted: the object follows the %q layer", diff, class, layerGrid)
			default:
				s.errorf(path+".properties", where, diag.CodeStructure, "%s; structures follow the grid and the game's rules (this change would be lost)", diff)
			}
		}
	}
}

func covers(o Object, x, y int) bool {
	px, py := float64(x*TileSize), float64(y*TileSize)
	return px >= o.X && py >= o.Y && px < o.X+o.Width && py < o.Y+o.Height
}

func elementName(code int) string {
	if e, ok := battle.ElementByCode(code); ok {
		return e.Name
	}
	return fmt.Sprintf("code %d", code)
}

// propsDiffer describes the first difference between two property lists
// (compared by name and value), or returns "".
func propsDiffer(want, got []Property) string {
	for _, w := range want {
		found := false
		for _, g := range got {
			if g.Name == w.Name {
				found = true
				if !bytes.Equal(bytes.TrimSpace(g.Value), w.Value) {
					return fmt.Sprintf("property %q is %s; the grid makes it %s", w.Name, g.Value, w.Value)
				}
			}
		}
		if !found {
			return fmt.Sprintf("property %q is missing (the grid makes it %s)", w.Name, w.Value)
		}
	}
	for _, g := range got {
		if !slices.ContainsFunc(want, func(w Property) bool { return w.Name == g.Name }) {
			return fmt.Sprintf("property %q is not one of the structure's", g.Name)
		}
	}
	return ""
}
