package ftbt

import (
	"bytes"
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	"github.com/shapan/shapan/formats/symgrid"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field/fieldyaml"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

// EncodeLevel writes l as an ftbt/level YAML document. With rules, techs
// are written by name and the legend names the terrains; rules may be nil,
// and then techs are written as ids.
func EncodeLevel(l *Level, rules *Rules) ([]byte, error) {
	if l.W < 0 || l.H < 0 || l.Terrain.Len() != l.W*l.H {
		return nil, fmt.Errorf("encoding level: the terrain has %d cells, which does not match the size %d×%d", l.Terrain.Len(), l.W, l.H)
	}
	head := yamlx.KindHeader(KindLevel, LevelVersion)
	if l.RulesPath != "" {
		section(head, rulesKey, "the rules the level is played with, relative to this file", str(l.RulesPath))
	}
	out, err := yamlx.Encode(levelSchema, head)
	if err != nil {
		return nil, err
	}
	if l.Intro != nil {
		intro, err := textField(introKey, "the text shown before play (the level's intro file)", *l.Intro)
		if err != nil {
			return nil, err
		}
		out = append(out, intro...)
	}

	root := yamlx.Map()
	section(root, "size", "the map has width × height cells; x grows to the right, y downward, both from 0",
		yamlx.Flow(fieldyaml.Encode(&SizeFields, l)))
	if legend, ok := legendFor(l, rules); ok {
		section(root, "legend", "grid symbol: terrain id", legendNode(legend, rules))
		yamlx.Add(root, terrainKey, symbolGrid(l, legend))
	} else {
		section(root, terrainKey, "one row per y: the terrain ids of the cells x = 0, 1, …", intGrid(l))
	}

	techs := techRefs(rules)
	// The people are built a slice at a time as they are written.
	lists := yamlx.Deferred{}
	people := lists.Seq(len(l.People), func(i int) *yaml.Node { return personNode(l.People[i], techs) })
	section(root, "people", "side 0 moves first (the human side in the original game), side 1 is the computer's; at: [x, y];\n"+
		"ai: weights of the attack, defence and move scores (attack -1: not AI-controlled) and the goal cell [x, y]\n"+
		"(no goal: chase the nearest enemy)", people)
	addTrailing(root, l.Trailing)
	rest, err := yamlx.EncodeDeferred("", root, lists)
	if err != nil {
		return nil, err
	}
	return append(out, rest...), nil
}

func legendNode(legend []LegendEntry, rules *Rules) *yaml.Node {
	m := yamlx.Map()
	for _, e := range legend {
		v := yamlx.Int(e.Terrain)
		switch {
		case rules == nil:
		case e.Terrain >= 0 && e.Terrain < len(rules.Terrains):
			yamlx.Comment(v, rules.Terrains[e.Terrain].Name)
		default:
			yamlx.Comment(v, "not a terrain of the rules")
		}
		yamlx.Add(m, string(e.Symbol), v)
	}
	if len(legend) == 0 {
		yamlx.Flow(m)
	}
	return m
}

// symbolGrid writes the grid as rows of symbols.
func symbolGrid(l *Level, legend []LegendEntry) *yaml.Node {
	if l.Terrain.Len() == 0 {
		return yamlx.Str("")
	}
	return yamlx.Literal(table(legend).EncodeGrid(l.Terrain, l.W))
}

// intGrid writes the grid as rows of integers (when there are too many
// different values for a legend).
func intGrid(l *Level) *yaml.Node {
	if l.Terrain.Len() == 0 {
		return yamlx.Str("")
	}
	var b []byte
	for i, v := range l.Terrain.All() {
		if i%l.W > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(v), 10)
		if (i+1)%l.W == 0 {
			b = append(b, '\n')
		}
	}
	return yamlx.Literal(string(b))
}

func personNode(p Person, techs fieldyaml.Refs) *yaml.Node {
	m := yamlx.Flow(yamlx.Map("name", str(p.Name)))
	fieldyaml.EncodeRefs(m, &PersonFields, personValues, &p, techs)
	if a := p.AI; a != nil {
		ai := yamlx.Flow(yamlx.Map())
		fieldyaml.EncodeFields(ai, &PersonAIFields, aiValues, a)
		yamlx.Add(m, "ai", ai)
	}
	return m
}

// techRefs resolves a person's techs against the rules: by name (name#k
// when several share it), or, without rules, by id.
func techRefs(rules *Rules) fieldyaml.Refs {
	key := PersonFields.Field("techs").Key
	if rules == nil {
		return fieldyaml.Refs{key: techIDs{}}
	}
	return fieldyaml.Refs{key: yamlx.NewNames("tech", rules.TechNames())}
}

// techIDs are the techs of a level read without rules: ids, which it
// writes as they are.
type techIDs struct{}

func (techIDs) Ref(i int) *yaml.Node { return yamlx.Int(i) }

func (techIDs) Noun() string { return "tech" }

func (techIDs) Resolve(n yamlx.Node) (int, bool) {
	if n.N.Kind == yaml.ScalarNode && n.N.ShortTag() == "!!str" {
		n.Errorf(diag.CodeBadRef, "tech names need the rules: add 'rules: FILE' to the level or pass --rules")
		return 0, false
	}
	return n.Int()
}

// DecodeLevel reads an ftbt/level YAML document. rules are the rules the
// level is played with (nil when unknown: techs must then be written as
// ids).
func DecodeLevel(file string, src []byte, rules *Rules) (*Level, *srcpos.Map, error) {
	d, err := yamlx.ParseLazyAs(file, src, yamlx.Lazy{Blocks: []string{terrainKey}})
	if err != nil {
		return nil, nil, err
	}
	return yamlx.Read(d, func(d *yamlx.Doc) (*Level, *srcpos.Map, error) { return DecodeLevelDoc(d, rules) })
}

// DecodeLevelDoc reads an ftbt/level document that is already parsed (a
// loader parses a file once, to learn its kind and to read it).
func DecodeLevelDoc(d *yamlx.Doc, rules *Rules) (*Level, *srcpos.Map, error) {
	m := d.Root.Mapping()
	if _, ok := yamlx.CheckKind(m, KindLevel, LevelVersion); !ok {
		return nil, nil, d.Err()
	}
	l := &Level{}
	if n, ok := m.Get(rulesKey, "rules file"); ok {
		l.RulesPath, _ = n.Text()
	}
	if n, ok := m.Get(introKey, ""); ok {
		if s, ok := n.Text(); ok {
			l.Intro = &s
		}
	}
	sizeOK := false
	if n, ok := m.Need("size", "", "{width, height}"); ok {
		if sm := n.Mapping(); sm != nil {
			var wOK, hOK bool
			l.W, wOK = decodeSize(sm, widthKey)
			l.H, hOK = decodeSize(sm, heightKey)
			sm.Done()
			sizeOK = wOK && hOK
		}
	}
	legend, hasLegend, legendOK := decodeLegend(m)
	// A grid read with a wrong size or a broken legend would only repeat
	// those problems cell by cell.
	if n, ok := m.Need(terrainKey, "", "the rows of the map"); ok && sizeOK && legendOK {
		if hasLegend {
			l.Terrain = decodeSymbolGrid(n, l.W, l.H, legend)
		} else {
			l.Terrain = decodeIntGrid(n, l.W, l.H)
		}
	}
	decodePeople(m, l, rules)
	l.Trailing = decodeTrailing(m)
	m.Done()
	if err := d.Err(); err != nil {
		return nil, nil, err
	}
	if hasLegend {
		l.SetLegend(legend, rules)
	}
	return l, d.Map, nil
}

func decodeSize(sm *yamlx.Mapping, key string) (int, bool) {
	n, ok := sm.Need(key, "", "a number of cells")
	if !ok {
		return 0, false
	}
	v, ok := n.Int()
	if ok && v < 0 {
		n.Errorf(diag.CodeBadSize, "must not be negative, found %d", v)
		return 0, false
	}
	return v, ok
}

// decodeLegend reads the legend: its entries, whether there is one, and
// whether it was read without problems.
func decodeLegend(m *yamlx.Mapping) (legend []LegendEntry, has, ok bool) {
	n, has := m.Get("legend", "")
	if !has {
		return nil, false, true
	}
	lm := n.Mapping()
	if lm == nil {
		return nil, true, false
	}
	legend, ok = []LegendEntry{}, len(lm.Keys())*2 == len(lm.N.Content)
	for _, p := range lm.Pairs() {
		sym, _ := utf8.DecodeRuneInString(p.Key.N.Value)
		if msg := symgrid.SymbolProblem(p.Key.N.Value); msg != "" {
			p.Key.Errorf(diag.CodeBadValue, "%s", msg)
			ok = false
			continue
		}
		v, good := p.Value.Int()
		if !good {
			ok = false
			continue
		}
		legend = append(legend, LegendEntry{Symbol: sym, Terrain: v})
	}
	return legend, true, ok
}

// decodeSymbolGrid reads rows of symbols. The cells are allocated only
// when every row has the right length, so a size the grid does not have
// costs nothing; unknown symbols are reported in every row of the right
// length.
func decodeSymbolGrid(n yamlx.Node, w, h int, legend []LegendEntry) cells.Grid {
	rows, ok := n.Grid()
	if !ok {
		return cells.Grid{}
	}
	errs := &gridErrors{n: n}
	rowLen := func(row string) int { return utf8.RuneCountInString(row) }
	var grid cells.Grid
	var line *cells.Grid
	if checkRows(errs, rows, w, h, rowLen, "symbols") {
		grid = cells.Make(w * h)
		line = &grid
	}
	symbols := table(legend)
	for y, row := range rows {
		if rowLen(row) != w {
			continue
		}
		symbols.DecodeRow(row, line, y*w, w, func(x int, r rune) {
			cellError(errs, x, y, "unknown symbol '%c' (the legend does not have it)", r)
		})
	}
	return grid
}

// decodeIntGrid reads rows of integers (a grid without a legend).
func decodeIntGrid(n yamlx.Node, w, h int) cells.Grid {
	rows, ok := n.Grid()
	if !ok {
		return cells.Grid{}
	}
	// Grid located the cells as one character each; here they are words.
	if n.N.Style&yaml.LiteralStyle != 0 {
		src, first := n.Doc().Src, n.N.Line+1
		n.Doc().Map.SetGrid(n.Path, func(row, col int) diag.Pos {
			return wordPos(src, first+row, col)
		})
	}
	errs := &gridErrors{n: n}
	if !checkRows(errs, rows, w, h, func(row string) int { return len(strings.Fields(row)) }, "values") {
		return cells.Grid{}
	}
	grid := cells.Make(w * h)
	for y, row := range rows {
		for x, word := range strings.Fields(row) {
			v, err := strconv.Atoi(word)
			if err != nil {
				cellError(errs, x, y, "must be an integer, found '%s'", word)
			}
			grid.Set(y*w+x, v)
		}
	}
	return grid
}

// checkRows checks that there are h rows of w cells, reporting every row
// of another length; count counts a row's cells.
func checkRows(errs *gridErrors, rows []string, w, h int, count func(string) int, unit string) bool {
	n := errs.n
	if w == 0 || h == 0 {
		if len(rows) > 0 {
			n.Errorf(diag.CodeBadSize, "must be empty (\"\") for a map of %d×%d cells", w, h)
			return false
		}
		return true
	}
	ok := len(rows) == h
	if !ok {
		n.Errorf(diag.CodeBadSize, "has %d rows, but the height is %d", len(rows), h)
	}
	for y, row := range rows {
		if c := count(row); c != w {
			if errs.more() {
				rowNode(n, y).Errorf(diag.CodeBadSize, "has %d %s, but the width is %d", c, unit, w)
			}
			ok = false
		}
	}
	return ok
}

// rowNode returns a node placed at the start of grid row y, for messages.
func rowNode(n yamlx.Node, y int) yamlx.Node {
	c := n
	p := n.Doc().Map.Locate(srcpos.Index(srcpos.Index(n.Path, y), 0))
	if !p.Known() {
		p = n.Pos()
	}
	c.N = &yaml.Node{Kind: yaml.ScalarNode, Line: p.Line, Column: p.Col}
	c.Path = srcpos.Index(n.Path, y)
	c.What = fmt.Sprintf("terrain row y %d", y)
	return c
}

// maxGridErrors caps the problems reported for the cells or rows of one
// grid: the first ones show what is wrong, and finding each cell's
// position has a cost.
const maxGridErrors = 20

// gridErrors counts the problems reported for one grid.
type gridErrors struct {
	n     yamlx.Node
	count int
}

// more reports whether another problem may be reported, noting once that
// the rest are left out.
func (g *gridErrors) more() bool {
	g.count++
	if g.count == maxGridErrors+1 {
		g.n.Errorf(diag.CodeBadValue, "has more problems; only the first %d are reported", maxGridErrors)
	}
	return g.count <= maxGridErrors
}

// cellError reports a problem at cell (x, y) of the grid n.
func cellError(g *gridErrors, x, y int, format string, args ...any) {
	if !g.more() {
		return
	}
	n := g.n
	c := n
	c.Path = srcpos.Index(srcpos.Index(n.Path, y), x)
	p := n.Doc().Map.Locate(c.Path)
	if !p.Known() {
		p = n.Pos()
	}
	c.N = &yaml.Node{Kind: yaml.ScalarNode, Line: p.Line, Column: p.Col}
	c.What = fmt.Sprintf("terrain cell (x %d, y %d)", x, y)
	c.Errorf(diag.CodeBadValue, format, args...)
}

// wordPos returns the position of word col of the 1-based line.
func wordPos(src []byte, line, col int) diag.Pos {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return diag.Pos{}
		}
		off += i + 1
	}
	end := bytes.IndexByte(src[off:], '\n')
	if end < 0 {
		end = len(src) - off
	}
	text := string(src[off : off+end])
	runes := 0
	inWord := false
	for _, r := range text {
		space := r == ' ' || r == '\t'
		if !space && !inWord {
			if col == 0 {
				return diag.Pos{Line: line, Col: runes + 1}
			}
			col--
		}
		inWord = !space
		runes++
	}
	return diag.Pos{}
}

func decodePeople(m *yamlx.Mapping, l *Level, rules *Rules) {
	techs := techRefs(rules)
	list := needList(m, "people", "people")
	l.People = make([]Person, 0, list.Len())
	list.Each(func(i int, it yamlx.Node) {
		pm := labeled(it, "person", i)
		if pm == nil {
			return
		}
		p := Person{Name: needText(pm, "name", "a name")}
		fieldyaml.DecodeRefs(pm, &PersonFields, personValues, &p, techs)
		if n, ok := pm.Get("ai", "AI"); ok {
			p.AI = decodePersonAI(n)
			if i > 0 && len(l.People) > 0 && l.People[0].AI == nil {
				n.Errorf(diag.CodeStructure, "person 1 has no AI settings: either every person has them or none")
			}
		} else if i > 0 && len(l.People) > 0 && l.People[0].AI != nil {
			pm.Errorf(diag.CodeStructure, "missing field 'ai': person 1 has AI settings, so every person needs them")
		}
		pm.Done()
		l.People = append(l.People, p)
	})
}

func decodePersonAI(n yamlx.Node) *PersonAI {
	am := n.Mapping()
	if am == nil {
		return nil
	}
	a := &PersonAI{GoalX: noGoal[0], GoalY: noGoal[1]}
	fieldyaml.DecodeFields(am, &PersonAIFields, aiValues, a)
	am.Done()
	return a
}

// RulesPathOf returns the rules file an ftbt/level YAML document names
// (its rules field), so that a caller can read the rules before the level;
// "" when it names none or is not a level document.
func RulesPathOf(src []byte) string {
	var head struct {
		Kind  string `yaml:"kind"`
		Rules string `yaml:"rules"`
	}
	if yaml.Unmarshal(src, &head) != nil || head.Kind != KindLevel {
		return ""
	}
	return head.Rules
}
