package battle

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
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/field/fieldyaml"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/formats/yamlx"
)

// Schema is the file name of the JSON schema of the YAML form.
const Schema = "battle-map.schema.json"

// PathCodes is the field that holds the cells as integers when a map has
// more distinct codes than there are symbols (the cells are still located
// as "grid[y][x]").
var PathCodes = MapFields.Field("codes").Key

const headComment = `Battle map (spec/battle.md): one symbol per cell, x to the right and y
downward, both from 0. The legend maps every symbol to an element; a value
that is no element is written as its integer code.`

// maxCellErrors caps the errors about single rows and cells, so that a
// systematic mistake in a big grid stays readable.
const maxCellErrors = 20

// Encode writes m as a battle/map YAML document: size, legend (the
// standard symbols, or the ones m.Legend keeps, plus a symbol for every
// code that has none) and the grid as a literal block of rows. A map with
// more distinct codes than symbols is written with its cells as rows of
// integers (field codes) instead.
func Encode(m *Map) ([]byte, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	root := yamlx.KindHeader(Kind, Version)
	root.Content[0].HeadComment = headComment
	yamlx.Add(root, PathSize, yamlx.Flow(fieldyaml.Encode(&SizeFields, m)))
	if legend, ok := m.FullLegend(); ok {
		section(root, "legend", "grid symbol: element (the comment gives its code and the seed's name)", legendNode(legend))
		yamlx.Add(root, PathGrid, yamlx.Literal(gridText(m, legend)))
	} else {
		section(root, PathCodes, "more distinct codes than grid symbols: the cells as rows of integer codes", yamlx.Literal(codesText(m)))
	}
	if len(m.Trailing) > 0 {
		s := yamlx.Flow(yamlx.Seq())
		for _, t := range m.Trailing {
			s.Content = append(s.Content, yamlx.Str(t))
		}
		section(root, PathTrailing, "values after the grid of the interchange file; the game ignores them", s)
	}
	if len(m.Roster) > 0 {
		section(root, PathRoster, "hero stat overrides (spec Part 2 §2.3): force 1–10000, command 0–100, hp 1–100000, range 1–20", rosterNode(m.Roster))
	}
	return yamlx.Encode(Schema, root)
}

// rosterNode writes the roster: one flow mapping per entry, its name and
// the stats it changes.
func rosterNode(r []RosterEntry) *yaml.Node {
	s := yamlx.Seq()
	for i := range r {
		s.Content = append(s.Content, yamlx.Flow(fieldyaml.Encode(&RosterFields, &r[i])))
	}
	return s
}

// section appends key: value to root with a comment above the key.
func section(root *yaml.Node, key, comment string, value *yaml.Node) {
	k := yamlx.Str(key)
	k.HeadComment = comment
	root.Content = append(root.Content, k, value)
}

func legendNode(legend []LegendEntry) *yaml.Node {
	n := yamlx.Map()
	for _, e := range legend {
		var v *yaml.Node
		if el, ok := ElementByCode(e.Code); ok {
			v = yamlx.Comment(yamlx.Str(el.Name), elementComment(el))
		} else {
			v = yamlx.Comment(yamlx.Int(e.Code), codeComment(e.Code))
		}
		n.Content = append(n.Content, yamlx.Str(string(e.Symbol)), v)
	}
	return n
}

func elementComment(e Element) string {
	var what string
	switch e.Code {
	case CodeFlag:
		what = "the 3×3 dragon-flag zone"
	case CodeBase:
		what = "a player's base"
	case CodeSpace:
		what = "passable"
	default:
		if lv := CityLevel(e.Code); lv > 0 {
			s := CityLevels[lv]
			what = fmt.Sprintf("obstacle; range %d, defence %d, reward %d", s.Range, s.Defence, s.Reward)
		} else {
			what = "obstacle"
		}
	}
	return fmt.Sprintf("%d %s, %s", e.Code, e.Chinese, what)
}

func codeComment(code int) string {
	switch code {
	case UnitArchers:
		return "no map element (7 is the archers unit type 弓兵)"
	case UnitShields:
		return "no map element (8 is the shields unit type 盾兵)"
	}
	return "no map element"
}

func gridText(m *Map, legend []LegendEntry) string { return table(legend).EncodeGrid(m.Cells, m.W) }

func codesText(m *Map) string {
	buf := make([]byte, 0, m.Cells.Len()*4)
	for i, c := range m.Cells.All() {
		buf = strconv.AppendInt(buf, int64(c), 10)
		if (i+1)%m.W == 0 {
			buf = append(buf, '\n')
		} else {
			buf = append(buf, ' ')
		}
	}
	return string(buf)
}

// Decode reads a battle/map YAML document. Cells are located as
// "grid[y][x]" at their symbol (or integer), so later diagnostics point at
// the cell itself.
func Decode(file string, src []byte) (*Map, *srcpos.Map, error) {
	d, err := yamlx.Parse(file, src)
	if err != nil {
		return nil, nil, err
	}
	return DecodeDoc(d)
}

// DecodeDoc reads a battle/map document that is already parsed (a
// loader parses a file once, to learn its kind and to read it).
func DecodeDoc(d *yamlx.Doc) (*Map, *srcpos.Map, error) {
	root := d.Root.Mapping()
	if _, ok := yamlx.CheckKind(root, Kind, Version); !ok {
		return nil, nil, d.Err()
	}
	m := &Map{}
	sizeOK := decodeSize(root, m)
	legendNode, hasLegend := root.Get(PathLegend, "")
	gridNode, hasGrid := root.Get(PathGrid, "")
	codesNode, hasCodes := root.Get(PathCodes, "")
	switch {
	case hasGrid && hasCodes:
		codesNode.Errorf(diag.CodeStructure, "write the cells either as grid (symbols) or as codes (integers), not both")
	case hasCodes:
		if hasLegend {
			legendNode.Errorf(diag.CodeStructure, "a legend is only used with grid; codes are integers")
		}
		if sizeOK {
			decodeCodes(codesNode, m)
		}
	case hasGrid:
		legend, bad := StandardLegend(), map[rune]bool(nil)
		if hasLegend {
			legend, bad = decodeLegend(legendNode)
		}
		if sizeOK {
			decodeGrid(gridNode, m, legend, bad)
		}
		m.SetLegend(legend)
	default:
		root.Errorf(diag.CodeStructure, "missing field 'grid' (the rows of symbols, written as a block: grid: |)")
	}
	m.Trailing = decodeTrailing(root)
	m.Roster = decodeRoster(root)
	root.Done()
	if err := d.Err(); err != nil {
		return nil, nil, err
	}
	return m, d.Map, nil
}

// decodeSize reads size: {width, height}, both at least 1.
func decodeSize(root *yamlx.Mapping, m *Map) bool {
	n, ok := root.Need(PathSize, "", "the map size, {width: W, height: H}")
	if !ok {
		return false
	}
	sm := n.Mapping()
	if sm == nil {
		return false
	}
	all := true
	for i := range SizeFields.Fields {
		f := &SizeFields.Fields[i]
		v, ok := decodeSide(sm, f)
		SizeFields.Value(f, m).SetInt(int64(v))
		all = all && ok
	}
	sm.Done()
	return all
}

// decodeSide reads one side of the map's size, refusing a side below
// the least the reader takes (f.ReadMin).
func decodeSide(sm *yamlx.Mapping, f *field.Field) (int, bool) {
	n, ok := sm.Need(f.Key, f.What, f.Expect)
	if !ok {
		return 0, false
	}
	v, ok := n.Int()
	if ok && v < f.ReadMin {
		n.Errorf(diag.CodeBadSize, "must be at least %d, found %d", f.ReadMin, v)
		return 0, false
	}
	return v, ok
}

// decodeLegend reads the legend. Entries that are wrong are reported and
// returned in bad, so that their symbols in the grid are not reported
// again. A legend that is not a mapping returns nil, nil.
func decodeLegend(n yamlx.Node) ([]LegendEntry, map[rune]bool) {
	lm := n.Labeled("legend").Mapping()
	if lm == nil {
		return nil, nil
	}
	var legend []LegendEntry
	bad := map[rune]bool{}
	names := ElementNames()
	for _, p := range lm.Pairs() {
		key := p.Key.N.Value
		sym, _ := utf8.DecodeRuneInString(key)
		if msg := symgrid.SymbolProblem(key); p.Key.N.Kind != yaml.ScalarNode || msg != "" {
			if msg == "" {
				msg = "symbol " + quoted(key) + " must be one printable character that is not white space"
			}
			p.Key.Errorf(diag.CodeBadValue, "%s", msg)
			continue
		}
		v := p.Value.Labeled(fmt.Sprintf("legend symbol %s", quoted(key)))
		code, ok := 0, false
		if v.N.Kind == yaml.ScalarNode && v.N.ShortTag() == "!!int" {
			code, ok = v.Int()
		} else if s := v.N.Value; v.N.Kind == yaml.ScalarNode && !v.IsNull() {
			var e Element
			if e, ok = ElementByName(s); ok {
				code = e.Code
			} else if sug := yamlx.Suggest(s, names); sug != "" {
				v.Errorf(diag.CodeBadValue, "must be one of %s, or an integer code, found %s (did you mean '%s'?)", strings.Join(names, ", "), quoted(s), sug)
			} else {
				v.Errorf(diag.CodeBadValue, "must be one of %s, or an integer code, found %s", strings.Join(names, ", "), quoted(s))
			}
		} else {
			v.Errorf(diag.CodeBadValue, "must be one of %s, or an integer code", strings.Join(names, ", "))
		}
		if !ok {
			bad[sym] = true
			continue
		}
		legend = append(legend, LegendEntry{sym, code})
	}
	return legend, bad
}

func quoted(s string) string { return symgrid.Quote(s) }

// cellErrors reports problems at rows and cells, up to maxCellErrors.
type cellErrors struct {
	n     yamlx.Node
	count int
}

// cell records a problem at cell (x, y).
func (e *cellErrors) cell(x, y int, code, format string, args ...any) {
	e.add(CellPath(x, y), CellPath(x, y), code, format, args...)
}

// row records a problem at row y; it is shown at the row's first cell.
func (e *cellErrors) row(y int, code, format string, args ...any) {
	e.add(srcpos.Index(PathGrid, y), CellPath(0, y), code, format, args...)
}

func (e *cellErrors) add(path, where, code, format string, args ...any) {
	e.count++
	if e.count > maxCellErrors {
		return
	}
	if e.count == maxCellErrors {
		format += " (further problems in the grid are not listed)"
	}
	errorAt(e.n, path, where, code, format, args...)
}

// errorAt records a problem about the document path at the position of
// the path where, as far as the document map knows it, falling back to
// n's position.
func errorAt(n yamlx.Node, path, where, code, format string, args ...any) {
	at := n.Labeled("")
	if pos := n.Doc().Map.Locate(where); pos.Known() {
		yn := *n.N
		yn.Line, yn.Column = pos.Line, pos.Col
		at.N = &yn
	}
	at.Path = path
	at.Errorf(code, format, args...)
}

// checkRowCount reports a grid whose number of rows is not the height; it
// points at the first extra row when there are too many.
func checkRowCount(errs *cellErrors, rows, h int) bool {
	switch {
	case rows < h:
		errs.n.Labeled("").Errorf(diag.CodeStructure, "%s has %d rows, but size.height is %d", errs.n.What, rows, h)
	case rows > h:
		errs.row(h, diag.CodeStructure, "grid has %d rows, but size.height is %d (row y %d is the first one too many)", rows, h, h)
	}
	return rows == h
}

// decodeGrid reads the rows of symbols into m.Cells when their shape is
// right. Symbols that legend lacks are reported unless bad lists them; a
// nil legend and bad (the legend itself was unreadable) report none.
func decodeGrid(n yamlx.Node, m *Map, legend []LegendEntry, bad map[rune]bool) {
	rows, ok := n.Grid()
	if !ok {
		return
	}
	errs := &cellErrors{n: n}
	shapeOK := checkRowCount(errs, len(rows), m.H)
	for y, row := range rows {
		if k := utf8.RuneCountInString(row); k != m.W {
			errs.row(y, diag.CodeStructure, "row y %d has %d symbols, but size.width is %d", y, k, m.W)
			shapeOK = false
		}
	}
	var line *cells.Grid
	if shapeOK {
		m.Cells = cells.Make(m.W * m.H)
		line = &m.Cells
	}
	codes := table(legend)
	for y, row := range rows {
		codes.DecodeRow(row, line, y*m.W, m.W, func(x int, r rune) {
			if !bad[r] && (legend != nil || bad != nil) {
				errs.cell(x, y, diag.CodeBadValue, "%s: unknown symbol %s%s", cellName(x, y), quoted(string(r)), legendHint(legend))
			}
		})
	}
}

// legendHint lists the symbols of a short legend for a message.
func legendHint(legend []LegendEntry) string {
	if len(legend) == 0 {
		return " (the legend is empty)"
	}
	if len(legend) > 16 {
		return " (not in the legend)"
	}
	var b strings.Builder
	b.WriteString(" (the legend has")
	for _, e := range legend {
		b.WriteByte(' ')
		b.WriteRune(e.Symbol)
	}
	b.WriteByte(')')
	return b.String()
}

// decodeCodes reads the cells written as rows of integers.
func decodeCodes(n yamlx.Node, m *Map) {
	if n.N.Kind != yaml.ScalarNode || n.IsNull() {
		n.Errorf(diag.CodeStructure, "must be rows of integer codes written as a block (codes: |), found %s", yamlKind(n))
		return
	}
	rows := textRows(n.N.Value)
	d := n.Doc()
	d.Map.SetPos(PathGrid, n.Pos())
	if n.N.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		first := n.N.Line + 1
		indent := indentOf(d.Src, first)
		d.Map.SetGrid(PathGrid, func(row, col int) diag.Pos {
			if row < 0 || row >= len(rows) || col < 0 {
				return diag.Pos{}
			}
			s := rows[row]
			off := skipTokens([]byte(s), scan([]byte(s), 0, true), col)
			return diag.Pos{Line: first + row, Col: indent + utf8.RuneCountInString(s[:off]) + 1}
		})
	}
	errs := &cellErrors{n: n}
	shapeOK := checkRowCount(errs, len(rows), m.H)
	// The rows are split twice, to count and to read, rather than kept
	// split: a string for each cell took twice the cells' memory.
	for y, row := range rows {
		if k := countTokens(row); k != m.W {
			errs.row(y, diag.CodeStructure, "row y %d has %d codes, but size.width is %d", y, k, m.W)
			shapeOK = false
		}
	}
	if shapeOK {
		m.Cells = cells.Make(m.W * m.H)
	}
	for y, row := range rows {
		for x, tok := range strings.FieldsFunc(row, token.IsSpace) {
			v, ok := token.ParseInt([]byte(tok))
			if !ok || int64(int(v)) != v {
				errs.cell(x, y, diag.CodeNotInt, "%s must be an integer, found %s", cellName(x, y), quoted(tok))
				continue
			}
			if shapeOK {
				m.Cells.Set(y*m.W+x, int(v))
			}
		}
	}
}

// countTokens returns the number of tokens of s, as strings.FieldsFunc
// with token.IsSpace splits it.
func countTokens(s string) int {
	n, in := 0, false
	for _, r := range s {
		space := token.IsSpace(r)
		if !space && !in {
			n++
		}
		in = !space
	}
	return n
}

func yamlKind(n yamlx.Node) string {
	switch n.N.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return "nothing"
}

// textRows splits the text of a block scalar into rows, as yamlx's
// Node.Grid does.
func textRows(text string) []string {
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// indentOf returns the number of leading spaces of the 1-based line of src.
func indentOf(src []byte, line int) int {
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			return 0
		}
		src = src[i+1:]
	}
	n := 0
	for n < len(src) && src[n] == ' ' {
		n++
	}
	return n
}

func decodeTrailing(root *yamlx.Mapping) []string {
	n, ok := root.Get(PathTrailing, "")
	if !ok {
		return nil
	}
	var out []string
	for i, it := range n.Items() {
		t, ok := it.Text()
		if !ok {
			continue
		}
		if msg := TokenProblem(t); msg != "" {
			it.Errorf(diag.CodeBadValue, "trailing token %d: %s", i+1, msg)
			continue
		}
		out = append(out, t)
	}
	return out
}

// decodeRoster reads the optional roster: a list of {name, force,
// command, hp, range}, name required. Values are kept as read; their
// ranges are validation's (spec §2.3's limits, CheckRoster).
func decodeRoster(root *yamlx.Mapping) []RosterEntry {
	n, ok := root.Get(PathRoster, "")
	if !ok {
		return nil
	}
	var out []RosterEntry
	for i, it := range n.Items() {
		m := it.Labeled(fmt.Sprintf("roster entry %d", i+1)).Mapping()
		if m == nil {
			continue
		}
		var e RosterEntry
		fieldyaml.Decode(&RosterFields, m, &e)
		m.Done()
		out = append(out, e)
	}
	return out
}
