package tiled

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
)

// Limits on what a map may declare, checked before anything is allocated
// for its cells.
const (
	MaxSide  = 4096    // cells on a side
	MaxCells = 1 << 22 // cells in all
)

// source is a Tiled map being read: the decoded JSON, where its values
// are in the file, and the problems found so far.
type source struct {
	file  string
	lines *srcpos.Lines
	ix    *index
	m     Map
	errs  diag.List
	// warns are the changes made in reading that the person must hear of.
	warns diag.List
	// sets are the embedded tilesets by firstgid, with each one's tile
	// definitions by local id.
	sets []gidRange
	// used records the layers a family read, by index.
	used map[int]bool
	// load reads the external tilesets (nil: they are refused).
	load Loader
	// tmx says the map is in its XML form.
	tmx bool
}

// tileRef is one tile of one of the map's tilesets.
type tileRef struct {
	set, tile int // indices in m.Tilesets and in its Tiles (tile -1: no definition)
	local     uint32
}

// gidRange is the global tile ids of one tileset.
type gidRange struct {
	first, count uint32
	set          int
	defs         map[uint32]int // local id → index in Tiles
}

// tile returns the tile of gid (without flip flags).
func (s *source) tile(gid uint32) (tileRef, bool) {
	i := sort.Search(len(s.sets), func(i int) bool { return s.sets[i].first > gid }) - 1
	if i < 0 || gid-s.sets[i].first >= s.sets[i].count {
		return tileRef{}, false
	}
	r := &s.sets[i]
	local := gid - r.first
	k, ok := r.defs[local]
	if !ok {
		k = -1
	}
	return tileRef{set: r.set, tile: k, local: local}, true
}

// parse decodes src and checks what every family needs: an orthogonal,
// finite map of a bounded size whose tilesets are embedded or read with
// the options' loader.
func parse(file string, src []byte, opts ...Option) (*source, error) {
	s := &source{file: file, lines: srcpos.NewLines(src), used: map[int]bool{}}
	for _, o := range opts {
		o(s)
	}
	if IsTMX(src) {
		m, ix, err := parseTMX(src)
		if err != nil {
			return nil, tmxError(file, src, err)
		}
		s.m, s.ix, s.tmx = m, ix, true
	} else {
		var in mapIn
		if err := json.Unmarshal(src, &in); err != nil {
			return nil, s.jsonError(err)
		}
		s.m = in.Map
		s.m.Layers = make([]Layer, len(in.Layers))
		for i := range in.Layers {
			s.m.Layers[i] = in.Layers[i].Layer
		}
		s.ix = buildIndex(src)
		if !s.objectsDecode() {
			// The map decoded whole gives the error it always gave.
			if err := json.Unmarshal(src, &Map{}); err != nil {
				return nil, s.jsonError(err)
			}
		}
	}
	m := &s.m
	if m.Type != "" && m.Type != "map" {
		s.errorf("type", "", diag.CodeKind, "this is a Tiled %s, not a map", m.Type)
	}
	if m.Orientation != "orthogonal" {
		s.errorf("orientation", "", diag.CodeStructure, "the map is %q; Shapan's grids are orthogonal maps", m.Orientation)
	}
	if m.Infinite {
		s.errorf("infinite", "", diag.CodeStructure, "the map is infinite; Shapan's grids have a fixed size (Tiled: Map ▸ Map Properties ▸ Infinite off)")
	}
	switch {
	case m.Width < 1 || m.Height < 1 || m.Width > MaxSide || m.Height > MaxSide || m.Width*m.Height > MaxCells:
		s.errorf("width", "", diag.CodeBadSize, "the map is %d×%d cells; sides run from 1 to %d cells and %d cells in all", m.Width, m.Height, MaxSide, MaxCells)
	case m.TileWidth < 1 || m.TileHeight < 1:
		s.errorf("tilewidth", "", diag.CodeBadSize, "tiles are %d×%d pixels; both must be at least 1", m.TileWidth, m.TileHeight)
	}
	if len(s.errs) == 0 {
		s.indexTiles()
	}
	return s, s.err()
}

// mapIn is a map as parse decodes its JSON: the objects of its object
// groups are left in the source and decoded one at a time when a family
// reader asks for them (source.object), so that a map of 20 000 people
// never holds them all decoded (some 1.5 KB a person).
type mapIn struct {
	Map
	Layers []layerIn `json:"layers"`
}

// layerIn is a layer as parse decodes it: without its objects.
type layerIn struct {
	Layer
	Objects undecoded `json:"objects,omitempty"`
}

// undecoded is a JSON value passed over (where it is, is in the index).
type undecoded struct{}

// UnmarshalJSON passes the value over.
func (*undecoded) UnmarshalJSON([]byte) error { return nil }

// objectsDecode reports whether every objects field of a layer is an
// array (or null) whose objects decode, one at a time.
func (s *source) objectsDecode() bool {
	src := s.lines.Src()
	for i := range s.m.Layers {
		path := layerPath(i) + ".objects"
		off, there := s.ix.offsets[path]
		if _, ok := s.ix.items[path]; there && !ok && !bytes.HasPrefix(src[off:], []byte("null")) {
			return false
		}
		for k := range s.objectCount(i) {
			if _, err := s.decodeObject(i, k); err != nil {
				return false
			}
		}
	}
	return true
}

// objectCount returns how many objects layer i holds.
func (s *source) objectCount(i int) int { return len(s.ix.items[layerPath(i)+".objects"]) }

// object returns object k of layer i, decoded from the source (parse has
// decoded every object once: they decode).
func (s *source) object(i, k int) Object {
	o, _ := s.decodeObject(i, k)
	return o
}

// decodeObject decodes object k of layer i from the source.
func (s *source) decodeObject(i, k int) (o Object, err error) {
	start := s.ix.items[layerPath(i)+".objects"][k]
	src := s.lines.Src()
	if s.tmx {
		return tmxObject(src, start), nil
	}
	sc := jsonScan{src: src, i: start}
	sc.value("")
	err = json.Unmarshal(src[start:sc.i], &o)
	return o, err
}

// objects decodes every object of layer i into the layer (for the readers
// that keep them: a battle map's structures, a planets map's planets and
// routes).
func (s *source) objects(i int, l *Layer) {
	l.Objects = make([]Object, s.objectCount(i))
	for k := range l.Objects {
		l.Objects[k] = s.object(i, k)
	}
}

// jsonError places a decoding error of encoding/json.
func (s *source) jsonError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	d := diag.Diagnostic{File: s.file, Severity: diag.Error, Code: diag.CodeJSONSyntax, Message: "not a Tiled JSON map: " + err.Error()}
	switch {
	case errors.As(err, &syn):
		// Offset is just past the byte that broke the syntax.
		d = d.At(s.lines.Pos(int(syn.Offset) - 1))
		d.Message = "not JSON: " + syn.Error()
	case errors.As(err, &typ):
		d = d.At(s.lines.Pos(scalarStart(s.lines.Src(), int(typ.Offset))))
		d.Code = diag.CodeStructure
		field := jsonField(typ.Field)
		d.Message = fmt.Sprintf("%s must be %s, not a JSON %s", field, jsonTypeName(typ.Type.String()), typ.Value)
		d.Path = field
	}
	return &d
}

// scalarStart returns where the JSON text or number that ends at end
// starts (encoding/json reports the offset just past a value of the wrong
// type); end itself for a value of another kind.
func scalarStart(src []byte, end int) int {
	if end <= 0 || end > len(src) {
		return end
	}
	i := end - 1
	if src[i] == '"' {
		for i--; i >= 0; i-- {
			if src[i] == '"' && (i == 0 || src[i-1] != '\\') {
				return i
			}
		}
		return end
	}
	for i >= 0 && bytes.IndexByte([]byte("-+.0123456789eEtrufalsn"), src[i]) >= 0 {
		i--
	}
	if i == end-1 {
		return end
	}
	return i + 1
}

// jsonField is the JSON keys of encoding/json's path to a value, without
// the names of the Go types it went through ("layers.Layer.x" → "layers.x",
// a layer being decoded as a value of its own): every key of a Tiled map
// starts with a small letter.
func jsonField(path string) string {
	var keys []string
	for _, k := range strings.Split(path, ".") {
		if r, _ := utf8.DecodeRuneInString(k); !unicode.IsUpper(r) {
			keys = append(keys, k)
		}
	}
	return strings.Join(keys, ".")
}

func jsonTypeName(goType string) string {
	switch goType {
	case "int", "uint32", "float64":
		return "a number"
	case "bool":
		return "true or false"
	case "string":
		return "text"
	}
	return "a JSON " + goType
}

// errorf records a problem with the value at the JSON path; where names
// it for the designer ("layer terrain, cell (3, 4)"), or "" for a map
// field.
func (s *source) errorf(path, where, code, format string, args ...any) {
	s.errorAt(s.ix.at(path), path, where, code, format, args...)
}

func (s *source) errorAt(off int, path, where, code, format string, args ...any) {
	s.errs = append(s.errs, s.diagnostic(diag.Error, off, path, where, code, fmt.Sprintf(format, args...)))
}

// warnf records a change made in reading the value at the JSON path.
func (s *source) warnf(path, where, code, format string, args ...any) {
	s.warns = append(s.warns, s.diagnostic(diag.Warning, s.ix.at(path), path, where, code, fmt.Sprintf(format, args...)))
}

func (s *source) diagnostic(sev diag.Severity, off int, path, where, code, msg string) diag.Diagnostic {
	if where != "" {
		msg = where + ": " + msg
	}
	d := diag.Diagnostic{File: s.file, Severity: sev, Code: code, Message: msg, Path: path}
	if s.ix == nil {
		off = -1
	}
	if off >= 0 {
		d = d.At(s.lines.Pos(off))
	}
	return d
}

func (s *source) err() error { return s.errs.Err() }

// pos returns the position of the value at the JSON path.
func (s *source) pos(path string) diag.Pos {
	if off := s.ix.at(path); off >= 0 {
		return s.lines.Pos(off)
	}
	return diag.Pos{}
}

// indexTiles orders the tilesets by firstgid (reading those kept in files
// of their own), refusing overlapping ranges.
func (s *source) indexTiles() {
	order := make([]int, len(s.m.Tilesets))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return s.m.Tilesets[order[a]].FirstGID < s.m.Tilesets[order[b]].FirstGID })
	var next uint32 = 1
	for _, i := range order {
		ts := &s.m.Tilesets[i]
		path := "tilesets[" + strconv.Itoa(i) + "]"
		where := fmt.Sprintf("tileset %q", ts.Name)
		if ts.Source != "" {
			if !s.loadTileset(i) {
				continue
			}
			where = fmt.Sprintf("tileset %q", ts.Name)
		}
		switch {
		case ts.FirstGID < next:
			s.errorf(path+".firstgid", where, diag.CodeStructure, "firstgid %d overlaps the tiles of the tileset before it (the next free gid is %d)", ts.FirstGID, next)
			continue
		case ts.TileCount < 0 || uint64(ts.FirstGID)+uint64(ts.TileCount) > flagMask:
			s.errorf(path+".tilecount", where, diag.CodeBadSize, "tilecount %d is out of range", ts.TileCount)
			continue
		}
		r := gidRange{first: ts.FirstGID, count: uint32(ts.TileCount), set: i, defs: map[uint32]int{}}
		for k, t := range ts.Tiles {
			if int64(t.ID) >= int64(ts.TileCount) {
				s.errorf(fmt.Sprintf("%s.tiles[%d].id", path, k), where, diag.CodeStructure, "tile %d is beyond the tileset's %d tiles", t.ID, ts.TileCount)
				continue
			}
			if _, dup := r.defs[t.ID]; !dup {
				r.defs[t.ID] = k
			}
		}
		s.sets = append(s.sets, r)
		next = ts.FirstGID + uint32(ts.TileCount)
	}
}

// tileProps returns the properties of the tile of gid (flip flags are
// ignored: a flipped tile is the same terrain), and the JSON path of the
// tile; ok is false when no tileset holds gid.
func (s *source) tileProps(gid uint32) (props []Property, path string, ref tileRef, ok bool) {
	ref, ok = s.tile(gid &^ flagMask)
	if !ok {
		return nil, "", ref, false
	}
	ts := &s.m.Tilesets[ref.set]
	path = "tilesets[" + strconv.Itoa(ref.set) + "]"
	if ref.tile < 0 {
		return nil, path, ref, true
	}
	return ts.Tiles[ref.tile].Properties, fmt.Sprintf("%s.tiles[%d]", path, ref.tile), ref, true
}

// layer finds the layer named name of the given type; it reports a
// missing layer when need is set. An object group's objects are decoded
// into it (see layerOnly).
func (s *source) layer(name, typ string, need bool) (int, *Layer) {
	i, l := s.layerOnly(name, typ, need)
	if l != nil && typ == "objectgroup" {
		s.objects(i, l)
	}
	return i, l
}

// layerOnly is layer without an object group's objects: its reader
// decodes them one at a time (source.object).
func (s *source) layerOnly(name, typ string, need bool) (int, *Layer) {
	for i := range s.m.Layers {
		l := &s.m.Layers[i]
		if l.Name == name && l.Type == typ {
			s.used[i] = true
			return i, l
		}
	}
	if need {
		s.errorf("layers", "", diag.CodeStructure, "missing the %s named %q", layerNoun(typ), name)
	}
	return -1, nil
}

func layerNoun(typ string) string {
	if typ == "objectgroup" {
		return "object layer"
	}
	return "tile layer"
}

// unusedLayers reports the layers no family reader took: their content
// would be lost.
func (s *source) unusedLayers(known string) {
	for i, l := range s.m.Layers {
		if !s.used[i] {
			s.errorf(layerPath(i), fmt.Sprintf("layer %q", l.Name), diag.CodeStructure,
				"this map has no such layer (its layers: %s); the %s's content would be lost", known, l.Type)
		}
	}
}

func layerPath(i int) string { return "layers[" + strconv.Itoa(i) + "]" }

// gids returns the global tile ids of a tile layer, row by row, with
// their flip flags: from a JSON array, or from base64 text compressed
// with zlib or gzip or not at all.
func (s *source) gids(i int, l *Layer) ([]uint32, bool) {
	path := layerPath(i)
	where := fmt.Sprintf("layer %q", l.Name)
	w, h := s.m.Width, s.m.Height
	if len(l.Chunks) > 0 {
		s.errorf(path+".chunks", where, diag.CodeStructure, "the layer is stored in chunks (an infinite map); Shapan's grids have a fixed size")
		return nil, false
	}
	if l.Width != w || l.Height != h || l.X != 0 || l.Y != 0 {
		s.errorf(path+".width", where, diag.CodeBadSize, "the layer is %d×%d cells at (%d, %d); it must cover the %d×%d map", l.Width, l.Height, l.X, l.Y, w, h)
		return nil, false
	}
	raw := bytes.TrimSpace(l.Data)
	var out []uint32
	switch {
	case l.hasCells:
		out = l.cells
	case len(raw) > 0 && raw[0] == '[':
		out = s.arrayGIDs(path, where, raw)
	case len(raw) > 0 && raw[0] == '"':
		out = s.binaryGIDs(path, where, l, raw)
	default:
		s.errorf(path+".data", where, diag.CodeStructure, "data must be an array of tile ids or base64 text")
	}
	if out == nil {
		return nil, false
	}
	if len(out) != w*h {
		s.errorf(path+".data", where, diag.CodeBadSize, "data holds %d tiles; the %d×%d map has %d cells", len(out), w, h, w*h)
		return nil, false
	}
	return out, true
}

func (s *source) arrayGIDs(path, where string, raw []byte) []uint32 {
	if out, ok := plainArray(raw); ok {
		return out
	}
	var nums []json.Number
	if err := json.Unmarshal(raw, &nums); err != nil {
		s.errorf(path+".data", where, diag.CodeStructure, "data must be an array of tile ids (whole numbers from 0 to 4294967295)")
		return nil
	}
	out := make([]uint32, len(nums))
	for k, n := range nums {
		v, err := strconv.ParseUint(n.String(), 10, 32)
		if err != nil {
			x, y := k%max(s.m.Width, 1), k/max(s.m.Width, 1)
			s.errorAt(s.ix.cell(path+".data", k), fmt.Sprintf("%s.data[%d]", path, k), fmt.Sprintf("%s, cell (%d, %d)", where, x, y),
				diag.CodeBadValue, "%s is no tile id (a whole number from 0 to 4294967295)", n)
			continue
		}
		out[k] = uint32(v)
	}
	return out
}

// plainArray reads a JSON array of tile ids straight into a slice when
// every item is a whole number that fits a gid, written plainly (no sign,
// fraction or exponent), as Tiled writes them; ok is false otherwise, and
// the array is then decoded item by item to say what is wrong where.
func plainArray(raw []byte) (out []uint32, ok bool) {
	if len(raw) < 2 || raw[0] != '[' || raw[len(raw)-1] != ']' {
		return nil, false
	}
	body := raw[1 : len(raw)-1]
	out = make([]uint32, 0, bytes.Count(body, []byte(","))+1)
	i := 0
	skip := func() {
		for i < len(body) && (body[i] == ' ' || body[i] == '\t' || body[i] == '\r' || body[i] == '\n') {
			i++
		}
	}
	skip()
	if i == len(body) {
		return out, true
	}
	for {
		j := i
		for j < len(body) && body[j] >= '0' && body[j] <= '9' {
			j++
		}
		g, ok := plainGID(body[i:j])
		if !ok {
			return nil, false
		}
		out = append(out, g)
		i = j
		skip()
		if i == len(body) {
			return out, true
		}
		if body[i] != ',' {
			return nil, false
		}
		i++
		skip()
	}
}

func (s *source) binaryGIDs(path, where string, l *Layer, raw []byte) []uint32 {
	if l.Encoding != "base64" {
		s.errorf(path+".encoding", where, diag.CodeStructure, "data is text but the encoding is %q, not base64", l.Encoding)
		return nil
	}
	var text string
	if err := json.Unmarshal(raw, &text); err != nil {
		s.errorf(path+".data", where, diag.CodeStructure, "data is not text")
		return nil
	}
	packed, err := base64.StdEncoding.DecodeString(text)
	if err != nil {
		s.errorf(path+".data", where, diag.CodeBadValue, "data is not base64: %v", err)
		return nil
	}
	want := 4 * s.m.Width * s.m.Height
	var r io.Reader = bytes.NewReader(packed)
	switch l.Compression {
	case "":
	case "zlib":
		r, err = zlib.NewReader(r)
	case "gzip":
		r, err = gzip.NewReader(r)
	default:
		s.errorf(path+".compression", where, diag.CodeStructure, "compression %q is not supported; choose CSV, base64, zlib or gzip as the tile layer format (Tiled: Map ▸ Map Properties)", l.Compression)
		return nil
	}
	var bin []byte
	if err == nil {
		// One byte more than the cells need tells a layer that is too long
		// without inflating all of it.
		bin, err = io.ReadAll(io.LimitReader(r, int64(want)+1))
	}
	if err != nil {
		s.errorf(path+".data", where, diag.CodeBadValue, "cannot unpack the %s data: %v", l.Compression, err)
		return nil
	}
	if len(bin)%4 != 0 || len(bin) > want {
		s.errorf(path+".data", where, diag.CodeBadSize, "data unpacks to %d bytes; the %d×%d map needs %d (4 per cell)", len(bin), s.m.Width, s.m.Height, want)
		return nil
	}
	out := make([]uint32, len(bin)/4)
	for k := range out {
		out[k] = binary.LittleEndian.Uint32(bin[4*k:])
	}
	return out
}

// cellPos returns the position of cell k of a tile layer: its item in a
// data array, or the data field itself.
func (s *source) cellPos(layer, k int) diag.Pos { return cellPos(s.ix, s.lines, layer, k) }

// cellPos is source.cellPos without the source: a document's positions
// keep the index and the lines, not the decoded map.
func cellPos(ix *index, lines *srcpos.Lines, layer, k int) diag.Pos {
	path := layerPath(layer) + ".data"
	if off := ix.cell(path, k); off >= 0 {
		return lines.Pos(off)
	}
	if off := ix.at(path); off >= 0 {
		return lines.Pos(off)
	}
	return diag.Pos{}
}

// objectCell returns the cell under the centre of an object (a tile
// object is anchored at its bottom-left corner), and whether it is on the
// map.
func (s *source) objectCell(o *Object) (x, y int, on bool) {
	cx, cy := o.X+o.Width/2, o.Y+o.Height/2
	if o.GID != 0 {
		cy = o.Y - o.Height/2
	}
	fx, fy := math.Floor(cx/float64(s.m.TileWidth)), math.Floor(cy/float64(s.m.TileHeight))
	if fx < 0 || fy < 0 || fx >= float64(s.m.Width) || fy >= float64(s.m.Height) {
		return clampInt(fx), clampInt(fy), false
	}
	return int(fx), int(fy), true
}

func clampInt(f float64) int {
	return int(math.Max(-1e9, math.Min(1e9, f)))
}

// objectPath returns the JSON path of object k of layer i.
func objectPath(i, k int) string { return fmt.Sprintf("%s.objects[%d]", layerPath(i), k) }

// objectWhere names an object for messages.
func objectWhere(l *Layer, o *Object) string {
	if o.Name != "" {
		return fmt.Sprintf("layer %q, object %d (%s)", l.Name, o.ID, o.Name)
	}
	return fmt.Sprintf("layer %q, object %d", l.Name, o.ID)
}
