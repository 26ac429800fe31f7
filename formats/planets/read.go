package planets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

// ReadLegacy reads a map file of the game (src came from file). A kind and
// format header, as Shapan writes it, is accepted too. Values are read as
// the game's PyYAML reads them; problems the game only meets later (an
// unknown planet in a route, a missing max, ...) are kept for validation.
// The returned srcpos.Map locates document paths such as "planets.A.def",
// "routes[3][2]", "starts[1]" and grid cells "map[row][col]".
func ReadLegacy(file string, src []byte) (*Map, *srcpos.Map, error) {
	d, err := ParseLazy(file, src)
	if err != nil {
		return nil, nil, err
	}
	return yamlx.Read(d, ReadLegacyDoc)
}

// ParseLazy parses a map file or document for its readers: a long one
// has its planets and routes parsed a slice at a time as they are read
// (yamlx.ParseLazyMappings); such a document must be read through
// yamlx.Read.
func ParseLazy(file string, src []byte) (*yamlx.Doc, error) {
	return yamlx.ParseLazyMappings(file, src, "planets")
}

// ReadLegacyDoc reads a map file of the game that is already parsed (by
// ParseLazy: through yamlx.Read).
func ReadLegacyDoc(d *yamlx.Doc) (*Map, *srcpos.Map, error) { return read(d, false) }

// Decode reads a planets/map YAML document: the game's map with the header
// kind: planets/map and format: 1.
func Decode(file string, src []byte) (*Map, *srcpos.Map, error) {
	d, err := ParseLazy(file, src)
	if err != nil {
		return nil, nil, err
	}
	return yamlx.Read(d, DecodeDoc)
}

// DecodeDoc reads a planets/map YAML document that is already parsed (by
// ParseLazy: through yamlx.Read).
func DecodeDoc(d *yamlx.Doc) (*Map, *srcpos.Map, error) { return read(d, true) }

func read(d *yamlx.Doc, ours bool) (*Map, *srcpos.Map, error) {
	if d.Lazy() {
		if m, sm, err, ok := readSlices(d, ours); ok {
			return m, sm, err
		}
		whole, err := d.Whole()
		if err != nil {
			return nil, nil, err
		}
		d = whole
	}
	root, err := loadDocument(d)
	if err != nil {
		return nil, nil, err
	}
	b := &builder{file: d.File, sm: d.Map}
	return b.finish(d, b.build(root, ours))
}

// finish returns the map m built from d, or the problems found.
func (b *builder) finish(d *yamlx.Doc, m *Map) (*Map, *srcpos.Map, error) {
	if len(b.errs) > 0 {
		for i, at := range b.at {
			p := b.sm.Locate(at)
			b.errs[i].Line, b.errs[i].Col = p.Line, p.Col
		}
		b.errs.Sort()
		return nil, nil, b.errs
	}
	if c := gridCells(d, m); c != nil {
		d.Map.SetGrid(PathGrid, c)
	}
	return m, d.Map, nil
}

// builder turns the document's value into a Map, collecting shape errors.
type builder struct {
	file string
	sm   *srcpos.Map
	errs diag.List
	// at is the path each error is placed at, located when the whole
	// document is read (a document read in slices knows the positions of
	// a slice once it is read).
	at []string
}

func (b *builder) errorf(path, code, format string, args ...any) {
	b.errorfAt(path, path, code, format, args...)
}

// errorfAt is errorf at the place of another path (srcpos.Key(path): the
// key rather than the value).
func (b *builder) errorfAt(path, at, code, format string, args ...any) {
	b.errs = append(b.errs, diag.Diagnostic{File: b.file, Severity: diag.Error,
		Code: code, Message: fmt.Sprintf(format, args...), Path: path})
	b.at = append(b.at, at)
}

func (b *builder) build(root Value, ours bool) *Map {
	m := &Map{}
	var kind, format Value
	for _, p := range root.Pairs() {
		if p.Key.Type() != Str {
			m.Extra = append(m.Extra, p)
			continue
		}
		key, v := p.Key.Text(), p.Value
		switch key {
		case "kind":
			kind = v
		case "format":
			format = v
		case "starts":
			if v.Type() != List {
				b.errorf(key, diag.CodeStructure, "starts must be a list of start planets ([A, B, ...]), found %s", v.Describe())
				continue
			}
			m.Starts, m.HasStarts = v.Items(), true
		case PathGrid:
			if v.Type() != Str {
				b.errorf(key, diag.CodeStructure, "map must be the grid of planet letters written as text (map: |), found %s", v.Describe())
				continue
			}
			m.Grid, m.HasGrid = v.Text(), true
		case "planets":
			if v.Type() != Mapping {
				b.errorf(key, diag.CodeStructure, "planets must be a mapping from planet letters to their attributes (A: {def: 1, res: 1, cos: 5, max: 100}), found %s", v.Describe())
				continue
			}
			m.Planets, m.HasPlanets = b.planets(v), true
		case "routes":
			if v.Type() != List {
				b.errorf(key, diag.CodeStructure, "routes must be a list of [from, to, steps] entries, found %s", v.Describe())
				continue
			}
			m.Routes, m.HasRoutes = b.routes(v, m.Planets), true
		default:
			if f := m.scalarField(key); f != nil {
				*f = v
			} else {
				m.Extra = append(m.Extra, p)
			}
		}
	}
	b.checkKind(kind, format, ours)
	return m
}

// checkKind checks the kind and format header: required in a planets/map
// document, optional in a game file (but then both, and right). The game
// itself would keep the two keys as unknown settings.
func (b *builder) checkKind(kind, format Value, ours bool) {
	switch {
	case kind.Type() == Absent && ours:
		b.errorf("", diag.CodeKind, "missing field 'kind' (%s)", Kind)
	case kind.Type() == Absent && format.Type() != Absent:
		b.errorfAt("format", srcpos.Key("format"), diag.CodeKind, "the key 'format' belongs to Shapan's header (kind: %s, format: %d); add the kind or rename the key", Kind, FormatVersion)
		return
	case kind.Type() != Absent && (kind.Type() != Str || kind.Text() != Kind):
		b.errorf("kind", diag.CodeKind, "this is a %s document, but kind says %s", Kind, kind.Describe())
	}
	switch {
	case format.Type() == Absent && (ours || kind.Type() != Absent):
		b.errorf("", diag.CodeKind, "missing field 'format' (the format version, %d)", FormatVersion)
	case format.Type() != Absent && (format.Type() != Int || format.Text() != fmt.Sprint(FormatVersion)):
		b.errorf("format", diag.CodeKind, "format version %s is not supported (this Shapan reads format %d)", format.Describe(), FormatVersion)
	}
}

func (b *builder) planets(v Value) []Planet {
	out := make([]Planet, 0, v.count())
	v.each(func(pp Pair) {
		path := srcpos.Field("planets", pp.Key.Key())
		if pp.Value.Type() != Mapping {
			b.errorf(path, diag.CodeStructure, "planet %s must be a mapping of its attributes (def, res, cos, max), found %s", pp.Key.Key(), pp.Value.Describe())
			return
		}
		p := Planet{Token: pp.Key}
		for _, a := range pp.Value.Pairs() {
			if a.Key.Type() == Str {
				if f := p.attr(a.Key.Text()); f != nil {
					*f = a.Value
					continue
				}
			}
			p.Extra = append(p.Extra, a)
		}
		out = append(out, p)
	})
	return out
}

// routes builds the routes of v. A route's ends that name a planet of
// planets (read before them) share the planet's token: a map names each
// planet in some three routes, and a text Value of its own is 16 bytes
// and the text's.
func (b *builder) routes(v Value, planets []Planet) []Route {
	out := make([]Route, 0, v.count())
	tokens := newTokenIndex(planets)
	i := -1
	v.each(func(p Pair) {
		i++
		e := p.Value
		path := srcpos.Index("routes", i)
		switch {
		case e.Type() != List:
			b.errorf(path, diag.CodeStructure, "%s must be a route [from, to, steps], found %s", path, e.Describe())
		case len(e.Items()) != 3:
			b.errorf(path, diag.CodeStructure, "%s must be a route [from, to, steps] of 3 items, found %d items (the game cannot load it)", path, len(e.Items()))
		default:
			it := e.Items()
			out = append(out, Route{From: tokens.share(it[0]), To: tokens.share(it[1]), Steps: it[2]})
		}
	})
	return out
}

// tokenIndex finds the planets by their text tokens.
type tokenIndex struct {
	planets []Planet
	sorted  []int32 // the planets with a text token, by token
}

func newTokenIndex(planets []Planet) tokenIndex {
	x := tokenIndex{planets: planets}
	for i, p := range planets {
		if p.Token.Type() == Str {
			x.sorted = append(x.sorted, int32(i))
		}
	}
	slices.SortFunc(x.sorted, func(i, j int32) int { return strings.Compare(planets[i].Token.Text(), planets[j].Token.Text()) })
	return x
}

// share returns the token of the planet v names when v is its text, else
// v.
func (x tokenIndex) share(v Value) Value {
	if v.Type() != Str {
		return v
	}
	k, found := slices.BinarySearchFunc(x.sorted, v.Text(), func(i int32, t string) int { return strings.Compare(x.planets[i].Token.Text(), t) })
	if !found {
		return v
	}
	return x.planets[x.sorted[k]].Token
}
