package tiled

import (
	"bytes"
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
	if m.W < 1 || m.H < 1 || len(m.Cells) != m.W*m.H {
		return nil, fmt.Errorf("tiled: the battle map has %d cells, which does not match its size %d×%d", len(m.Cells), m.W, m.H)
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
	gids := make([]uint32, len(m.Cells))
	for i, c := range m.Cells {
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
		codes := slices.Clone(m.Cells)
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
		st := battle.CityLevels[c.Level]
		e, _ := battle.ElementByCode(c.Code)
		out = append(out, cellObject(e.Chinese, "city", c.X, c.Y, []Property{
			intProp("level", c.Level), intProp("range", st.Range), intProp("damage", st.Damage),
			intProp("defence", st.Defence), intProp("reward", st.Reward)}))
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
		out = append(out, boxObject(name, "base", b.Cells, []Property{intProp("player", player), intProp("cells", len(b.Cells))}))
	}
	if z := m.FlagZone(); len(z.Cells) > 0 {
		out = append(out, boxObject("龙旗据点", "flag", z.Cells, []Property{intProp("cells", len(z.Cells)), boolProp("centred", z.Centred)}))
	}
	return out
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
func ReadBattle(file string, src []byte) (*battle.Map, *srcpos.Map, error) {
	s, err := parse(file, src)
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
		if codes := s.readCodes(i, layer, "map element"); codes != nil {
			m.Cells = codes
			m.SetLegend(s.battleLegend())
		}
		sm.SetGrid(battle.PathGrid, func(row, col int) diag.Pos { return s.cellPos(i, row*m.W+col) })
	}
	if i, layer := s.layer(layerStructures, "objectgroup", false); layer != nil {
		s.checkStructures(i, layer, m)
	}
	s.unusedLayers(layerGrid + ", " + layerStructures)
	if err := s.err(); err != nil {
		return nil, nil, err
	}
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

// checkStructures reports the objects of the structures layer that the
// grid does not make as they are (only those off the map when the grid
// could not be read).
func (s *source) checkStructures(i int, layer *Layer, m *battle.Map) {
	var want []Object
	if m.Cells != nil {
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
		if m.Cells == nil {
			continue
		}
		match := -1
		for j, w := range want {
			if w.Type == o.class() && covers(w, x, y) {
				match = j
				break
			}
		}
		if match < 0 {
			s.errorf(path, where, diag.CodeStructure,
				"no %s of the grid is at cell (%d, %d), which holds %s: structures are made by painting the %q layer (this object would be lost)",
				orDefault(o.class(), "structure"), x, y, elementName(m.At(x, y)), layerGrid)
			continue
		}
		if diff := propsDiffer(want[match].Properties, o.Properties); diff != "" {
			s.errorf(path+".properties", where, diag.CodeStructure, "%s; structures follow the grid and the game's rules (this change would be lost)", diff)
		}
	}
}

func covers(o Object, x, y int) bool {
	px, py := float64(x*TileSize), float64(y*TileSize)
	return px >= o.X && py >= o.Y && px < o.X+o.Width && py < o.Y+o.Height
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
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
